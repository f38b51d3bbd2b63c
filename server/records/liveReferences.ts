// "References that stay true": a write does not put a record on a record of another section that is gone
// (an offer on a deleted supplier, city or product), and a record stays while active records use it (the list's
// delete hook `inUse`, lists/delete.ts). Written once for every section whose records name others: the section
// names its references (domain/<section>/references.ts) and calls this from its create, change, bulk edit and restore.
// The referenced records are locked FOR SHARE till the write commits: a delete waiting on them then counts the
// new user, and a write waiting on a delete sees the record gone.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Section } from '../../domain/sections';
import { select, selectRows } from '../db/rows';
import { tableColumnsOf } from '../contract/tables';
import type { Row } from './pipeline';

/** A field of a write that names a record of another section, and the refusal when that record is gone. */
export interface LiveReference {
  field: string;
  section: Section;
  message: string;
}

/** One write: the values it stores, and the record as stored before a change (absent for a new record). `back`: the
 * record comes back (a restore) and every reference it keeps must not be deleted; otherwise only the references
 * it moves (or a new record's) are checked, and those must be active (a product deactivated since is kept, not
 * chosen). */
export interface ReferencingWrite {
  values: Row;
  stored?: Row;
  back?: boolean;
}

const idOf = (value: unknown): number | null =>
  value === null || value === undefined || value === '' ? null : Number(value);

/** For each write, the refusal of the first reference it puts on a record that is gone, or null. One statement
 * per referenced section for all the writes (an import or a bulk edit of thousands). */
export async function goneReferences(
  tx: Database,
  references: readonly LiveReference[],
  writes: readonly ReferencingWrite[],
): Promise<(string | null)[]> {
  const refused: (string | null)[] = writes.map(() => null);
  for (const ref of references) {
    const checked = writes.map((w) => {
      const id = idOf(w.values[ref.field]);
      if (id === null) return null;
      if (!w.back && w.stored && idOf(w.stored[ref.field]) === id) return null;
      return id;
    });
    const ids = [...new Set(checked.filter((id): id is number => id !== null))].sort((x, y) => x - y);
    if (!ids.length) continue;
    const referenced = tableColumnsOf(ref.section);
    const status = new Map(
      (
        await selectRows(
          tx,
          select({ id: referenced.id, status: referenced.status }),
          sql`FROM ${sql.identifier(ref.section)}
      WHERE ${referenced.id} IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) ORDER BY ${referenced.id} FOR SHARE`,
        )
      ).map((r) => [Number(r.id), r.status]),
    );
    checked.forEach((id, i) => {
      if (id === null || refused[i] !== null) return;
      const now = status.get(id);
      const live = writes[i].back ? now !== undefined && now !== 'deleted' : now === 'active';
      if (!live) refused[i] = ref.message;
    });
  }
  return refused;
}
