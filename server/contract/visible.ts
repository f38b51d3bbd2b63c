// What a role sees of a section's rows: the column a key belongs to and the fields it reads, rows stripped of
// what the role may not see, comments' authors where the role does not see who created records. Read by the
// lists (lists/) and the records (records/) alike, so neither imports the other for it.
import { isColumnVisible, isRefVisible, type Permissions, type ReadsFields } from '../../domain/permissions';
import { RESPONSE_KEYS } from '../../domain/hiddenFields';
import type { Section } from '../../domain/sections';
import type { SectionSpec } from './section';

/** The column a row key (or a sort key) belongs to, with the fields it reads; else a response key declared in
 * domain/hiddenFields.ts; else the bare key. */
export const columnOf = (spec: Pick<SectionSpec, 'section' | 'columnDefs'>, key: string): ReadsFields =>
  spec.columnDefs.find((c) => c.key === key) ?? RESPONSE_KEYS[spec.section]?.find((k) => k.key === key) ?? { key };

/** A comment's author is shown where the record's creator is (created_by): the same person-field rule. */
export function hideCommentAuthors<T extends { author_id?: unknown; author_name?: unknown }>(
  comments: T[],
  perms: Permissions,
  section: Section,
): T[] {
  if (isRefVisible(perms, `${section}.created_by`)) return comments;
  return comments.map((c) => ({ ...c, author_id: null, author_name: null }));
}

/** Removes the fields the caller's role may not see from each row, and the authors of its comments where the role
 * does not see who created records. */
export function stripHidden(
  rows: Record<string, unknown>[],
  perms: Permissions,
  spec: Pick<SectionSpec, 'section' | 'columnDefs'>,
) {
  const keys = rows.length ? Object.keys(rows[0]) : [];
  const hidden = keys.filter((key) => !isColumnVisible(perms, spec.section, columnOf(spec, key)));
  if (keys.includes('comments') && !hidden.includes('comments') && !isRefVisible(perms, `${spec.section}.created_by`)) {
    for (const row of rows) {
      if (Array.isArray(row.comments))
        row.comments = hideCommentAuthors(row.comments as { author_id?: unknown }[], perms, spec.section);
    }
  }
  if (!hidden.length) return rows;
  for (const row of rows) for (const key of hidden) delete row[key];
  return rows;
}
