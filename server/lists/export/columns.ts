// Which columns an export may hold: the caller's visible columns of the section, in order, those asked for alone.
import type { AuthenticatedUser } from '../../accounts/users';
import { isColumnVisible } from '../../../domain/permissions';
import type { ColumnDef } from '../../../domain/lists';
import { badRequest } from '../../errors';
import { columnOf } from '../../contract/visible';
import type { SectionSpec } from '../../contract/section';

export const EXPORT_MSG = {
  forbidden: 'Недостаточно прав для экспорта этого списка',
  column: (key: string) => `Нельзя выгрузить столбец «${key}»`,
  noColumns: 'Выберите хотя бы один столбец для выгрузки',
} as const;

/** Cells a spreadsheet cannot hold (photos) stay out of the export. */
const NOT_EXPORTED = new Set(['image', 'gallery']);

/** The columns to export, in order: the keys asked for (read by the codec), each a visible column of the section; else every
 * visible column in the section's order. Unknown and hidden keys get the same answer, so a hidden field's name
 * is not confirmed; photos, which a cell cannot hold, are left out. */
export function exportColumns(spec: SectionSpec, auth: AuthenticatedUser, keys: string[] | undefined): ColumnDef[] {
  const visible = spec.columnDefs.filter(
    (c) => Object.hasOwn(spec.columns, c.key) && isColumnVisible(auth.permissions, spec.section, columnOf(spec, c.key)),
  );
  let chosen = visible;
  if (keys !== undefined) {
    chosen = [...new Set(keys)].map((key) => {
      const column = visible.find((c) => c.key === key);
      if (!column) throw badRequest(EXPORT_MSG.column(key));
      return column;
    });
  }
  const exported = chosen.filter((c) => !NOT_EXPORTED.has(c.type));
  if (!exported.length) throw badRequest(EXPORT_MSG.noColumns);
  return exported;
}
