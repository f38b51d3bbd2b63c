// Comments of any record: read in order, added one by one from a card or several with a new record.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { comments, users } from '../db/schema';
import type { AuthenticatedUser } from '../accounts/users';
import type { Section } from '../../domain/sections';
import { badRequest } from '../errors';

export const COMMENT_MAX = 2000;

/** What comments are written on: a section's record, or a saved quote (not a section of the registry). */
export type CommentEntity = Section | 'quotes';
export const COMMENT_MSG = {
  empty: 'Введите текст комментария',
  tooLong: `Комментарий длиннее ${COMMENT_MAX} символов`,
} as const;

/** A record's comments, oldest first, with their authors' names. */
export function listComments(db: Database, section: CommentEntity, id: number) {
  return db
    .select({
      id: comments.id,
      text: comments.text,
      author_id: comments.author_id,
      author_name: sql<string>`coalesce(${users.name}, ${users.email})`,
      created_at: comments.created_at,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.author_id))
    .where(and(eq(comments.entity_type, section), eq(comments.entity_id, id)))
    .orderBy(asc(comments.created_at), asc(comments.id));
}

/** One comment typed on a card. */
export async function addComment(
  db: Database,
  auth: AuthenticatedUser,
  section: CommentEntity,
  id: number,
  input: unknown,
) {
  const text = String(input ?? '').trim();
  if (!text) throw badRequest(COMMENT_MSG.empty);
  if (text.length > COMMENT_MAX) throw badRequest(COMMENT_MSG.tooLong);
  const [row] = await db
    .insert(comments)
    .values({ entity_type: section, entity_id: id, text, author_id: auth.user.id })
    .returning();
  return {
    id: row.id,
    text: row.text,
    author_id: row.author_id,
    author_name: auth.user.name ?? auth.user.email,
    created_at: row.created_at,
  };
}

/** Saves the comments typed on a create card; blank ones are ignored. */
export const addComments = (
  db: Database,
  auth: AuthenticatedUser,
  section: Section,
  entityId: number,
  input: unknown,
) => addRecordsComments(db, auth, section, [{ id: entityId, input }]);

/** The comments typed on new records (a card's, or an import's rows), in the records' order, in one
 * INSERT; blank ones are ignored, and one too long refuses them all before any is written. */
export async function addRecordsComments(
  db: Database,
  auth: AuthenticatedUser,
  section: Section,
  records: { id: number; input: unknown }[],
) {
  const rows = records.flatMap(({ id, input }) =>
    (Array.isArray(input) ? input : [])
      .map((c) => String(typeof c === 'object' && c !== null ? ((c as { text?: unknown }).text ?? '') : c).trim())
      .filter(Boolean)
      .map((text) => ({ entity_type: section, entity_id: id, text, author_id: auth.user.id })),
  );
  if (rows.some((r) => r.text.length > COMMENT_MAX)) throw badRequest(COMMENT_MSG.tooLong);
  if (!rows.length) return;
  // one INSERT, its values as one JSON parameter, written in the order given
  await db.execute(sql`INSERT INTO comments (entity_type, entity_id, text, author_id)
      SELECT ${section}, c.entity_id, c.text, ${auth.user.id}::int
      FROM jsonb_to_recordset(${JSON.stringify(rows.map(({ entity_id, text }, i) => ({ i, entity_id, text })))}::jsonb) AS c(i int, entity_id int, text text)
      ORDER BY c.i`);
}
