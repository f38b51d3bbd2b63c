// Work on many records at once: which fields of each section's card 'Изменить выбранные' changes for
// every selected record, which of them a percentage moves, the texts of the dialog and of the answers, and the
// ±% arithmetic, written once for the dialog's preview and the server's write (they must agree to the kopeck).
import type { FieldKind } from './fields';
import { MSG } from './messages';
import { visibleAsOf, type Resource } from './resource';
import { bySection } from './resources';
import { product, roundHalfUp, toNumber, type Num } from './numbers';
import type { Section } from './sectionKeys';
import { countText } from './sections';
import { isFieldVisible, type Permissions } from './permissions';

export type { BulkEditResponse, BulkRestoreResponse, RefusedRow } from './answers/lists';

/** A field the bulk dialog offers: the card's own key and label; `kind` picks its input; `adjustable` money may be
 * moved by a percentage instead of set; `options` are a choice's values (a status the card lets a user set). */
export interface BulkField {
  key: string;
  label: string;
  kind: FieldKind | 'status';
  adjustable?: boolean;
  options?: readonly { value: string; title: string }[];
  /** The reference list (/api/lists/{list}/items) a reference's select offers. */
  list?: 'cities' | 'employees' | 'positions' | 'packing';
  /** The list row's column that shows the field (a reference's name), where it is not the key. */
  column?: string;
  /** The rule the field is hidden by, where it is not its key (the card's field table says). */
  visibleAs?: string;
}

/** A section's bulk fields from its resource: its status choices, then the fields it names (domain/resource.ts). */
export function bulkFieldsFor(resource: Resource): BulkField[] {
  const { status, order } = resource.spec.bulk ?? { order: [] };
  return [
    ...(status ? [{ key: 'status', label: 'Статус', kind: 'status' as const, options: status }] : []),
    ...order.map((key) => {
      const field = resource.field(key);
      const ref = field.reference;
      const hiddenBy = visibleAsOf(field, key);
      return {
        key,
        label: field.label,
        ...(hiddenBy !== key && { visibleAs: hiddenBy }),
        kind: field.kind,
        ...(field.bulk === 'adjust' && { adjustable: true }),
        ...(ref && { list: ref.list as BulkField['list'], column: ref.as }),
      };
    }),
  ];
}

/** Only what makes sense for many records at once: no names, phones, e-mails or INNs (each is one record's, and
 * unique), no quantities (stock is per offer), nothing a city's delivery matrix holds. */
export const BULK_FIELDS: Readonly<Record<Section, readonly BulkField[]>> = bySection(bulkFieldsFor);

export const bulkFieldsOf = (section: Section): readonly BulkField[] => BULK_FIELDS[section];

/** The bulk fields the caller's role sees (a hidden one is neither offered nor accepted). */
export const visibleBulkFields = (perms: Permissions | null | undefined, section: Section): BulkField[] =>
  BULK_FIELDS[section].filter((f) => isFieldVisible(perms, section, f.visibleAs ?? f.key));

/** The largest selection one request changes or restores (as a bulk delete). */
export const BULK_MAX = 1000;
/** A percentage: −99.99 … +1000, to 2 decimals. */
export const PERCENT_MIN = -99.99;
export const PERCENT_MAX = 1000;

export const BULK_MSG = {
  button: 'Изменить выбранные',
  title: (count: number) => `Изменение выбранных записей: ${count}`,
  chooseFields: 'Выберите поля и новые значения',
  asValue: 'Значение',
  asPercent: 'На ±%',
  percentLabel: 'Изменение, %',
  preview: 'Предпросмотр',
  apply: 'Применить',
  cancel: 'Отмена',
  previewRecord: 'Запись',
  previewField: 'Поле',
  previewBefore: 'Было',
  previewAfter: 'Станет',
  noIds: 'Не выбраны записи для изменения',
  tooMany: `За один раз можно изменить не больше ${BULK_MAX} записей`,
  noFields: 'Не выбраны поля для изменения',
  notBulk: (field: string) => `Поле «${field}» нельзя изменить сразу у нескольких записей`,
  notAdjustable: (field: string) => `Поле «${field}» нельзя изменить на процент`,
  both: (field: string) => `Поле «${field}» задано и значением, и процентом`,
  badPercent: `Процент — число от ${String(PERCENT_MIN).replace('.', ',')} до ${PERCENT_MAX}, не больше 2 знаков после запятой`,
  // counts in the section's own noun and plural (countText): 'Изменено: 2 предложения'
  changed: (section: Section, changed: number) => `Изменено: ${countText(section, changed)}`,
  partial: (section: Section, changed: number, total: number, refused: number) =>
    `Успешно изменено: ${countText(section, changed)} из ${total}. Не удалось изменить: ${countText(section, refused)}.`,
  noneChanged: 'Ни одна запись не изменена',
  refusedHead: 'Не изменены:',
  refusedRow: (id: number, reason: string) => `№ ${id}: ${reason}`,
  // the card's words: a record that is not there and one the caller may not read are answered alike
  missing: MSG.notFound,
} as const;

export const RESTORE_MSG = {
  button: 'Восстановить',
  bulkButton: 'Восстановить выбранные',
  done: 'Запись восстановлена',
  notDeleted: 'Запись не удалена',
  noIds: 'Не выбраны записи для восстановления',
  tooMany: `За один раз можно восстановить не больше ${BULK_MAX} записей`,
  restored: (section: Section, restored: number) => `Восстановлено: ${countText(section, restored)}`,
  partial: (section: Section, restored: number, total: number, refused: number) =>
    `Успешно восстановлено: ${countText(section, restored)} из ${total}. Не удалось восстановить: ${countText(section, refused)}.`,
  noneRestored: 'Ни одна запись не восстановлена',
} as const;

/** The body of a bulk edit: new values by field key, and percentages for adjustable money fields. */
export interface BulkEditBody {
  ids: number[];
  set: Record<string, string | number | null>;
  adjust?: Record<string, number>;
}

/** `value` moved by `percent` % (−5 lowers by 5 %), exact and rounded half-up to the kopeck as the card rounds
 * money: 100.10 + 5 % = 105.105 → '105.11'. A value that is not there stays not there. */
export function adjustedMoney(value: Num, percent: number): string | null {
  if (toNumber(value) === null) return null;
  const factor = roundHalfUp(String(100 + percent), 2); // 100 + p, exact for p with 2 decimals
  // one exact product, rounded once: value × (100 + p) × 0.01
  return roundHalfUp(product(2, value, factor, '0.01'), 2);
}

/** A percentage the dialog and the server accept. */
export function validPercent(percent: unknown): percent is number {
  if (typeof percent !== 'number' || !Number.isFinite(percent)) return false;
  if (percent < PERCENT_MIN || percent > PERCENT_MAX) return false;
  return Number.isInteger(Math.round(percent * 100)) && Math.abs(Math.round(percent * 100) - percent * 100) < 1e-6;
}
