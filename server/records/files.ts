// Photos and documents of any record: uploaded first (into the configured file store, server/db/fileStores.ts),
// attached to a record when it is saved, and served only to users who may read that record.
import { Readable } from 'node:stream';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newStorageKey, type FileStores, type StoredFile } from '../db/fileStores';
import { files } from '../db/schema';
import type { AuthenticatedUser } from '../accounts/users';
import { isSection, type Section } from '../../domain/sections';
import { UNATTACHED_KEEP_HOURS, type FileKind } from '../../domain/files';
import { rowsOf } from '../http/rows';
import type { SectionSpec } from '../spec/section';
import { recordVisible } from './access';

export type FileRow = typeof files.$inferSelect;

/** Attaches the caller's unattached uploads to a record. */
export async function attachFiles(db: Database, auth: AuthenticatedUser, section: Section, entityId: number, ids: number[]) {
  if (!ids.length) return;
  await db
    .update(files)
    .set({ entity_type: section, entity_id: entityId })
    .where(and(inArray(files.id, ids), eq(files.created_by, auth.user.id), isNull(files.entity_id)));
}

/** File ids as a create or update payload sends them: [3, 4] or [{id: 3}, …]. */
export const fileIdsOf = (v: unknown): number[] =>
  Array.isArray(v) ? v.map((x) => Number(typeof x === 'object' && x !== null ? (x as { id: unknown }).id : x)).filter((n) => Number.isInteger(n) && n > 0) : [];

/** Bytes the user holds uploaded and not yet attached to a record. */
export async function unattachedBytes(db: Database, auth: AuthenticatedUser): Promise<number> {
  const [row] = await db.select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)::text` }).from(files)
    .where(and(eq(files.created_by, auth.user.id), isNull(files.entity_id)));
  return Number(row.bytes);
}

/** Uploads no record took within UNATTACHED_KEEP_HOURS (a card left without saving) are removed, a batch at a
 * time, rows first so nothing serves a file being removed. Answers how many went. */
export async function removeStaleUploads(db: Database, stores: FileStores, batch = 200): Promise<number> {
  const stale = rowsOf<{ id: number; storage_path: string; store: string }>(await db.execute(sql`
    DELETE FROM files WHERE id IN (
      SELECT id FROM files WHERE entity_id IS NULL AND created_at < now() - make_interval(hours => ${UNATTACHED_KEEP_HOURS})
      ORDER BY id LIMIT ${batch})
    RETURNING id, storage_path, store`));
  for (const row of stale) await stores.of(row.store).delete(row.storage_path).catch(() => undefined);
  return stale.length;
}

export async function storeUpload(
  db: Database, stores: FileStores, auth: AuthenticatedUser,
  upload: { kind: FileKind; name: string; mime: string; content: Buffer },
): Promise<FileRow> {
  const store = stores.current;
  const key = newStorageKey();
  // contents first, then the row: a row never names contents that are not there
  const size = await store.put(key, Readable.from([upload.content]), upload.mime);
  try {
    const [row] = await db
      .insert(files)
      .values({ kind: upload.kind, original_name: upload.name, mime: upload.mime, size, storage_path: key, store: store.kind, created_by: auth.user.id })
      .returning();
    return row;
  } catch (error) {
    await store.delete(key).catch(() => undefined);
    throw error;
  }
}

/** The file if the caller may see it: its own unattached upload, or a file of a record it may read. */
export async function visibleFile(db: Database, specs: Record<Section, SectionSpec>, auth: AuthenticatedUser, id: number): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  if (!row) return null;
  if (row.entity_id === null) return row.created_by === auth.user.id ? row : null;
  if (!isSection(row.entity_type)) return null;
  return (await recordVisible(db, specs[row.entity_type], auth, row.entity_id)) ? row : null;
}

/** The contents of a file's row from the store the row names; null when they are missing. */
export const openFile = (stores: FileStores, row: FileRow): Promise<StoredFile | null> => stores.of(row.store).get(row.storage_path);

/** Removes an upload of the caller that no record holds yet; false when there is none. */
export async function removeUpload(db: Database, stores: FileStores, auth: AuthenticatedUser, id: number): Promise<boolean> {
  const [row] = await db.select().from(files).where(and(eq(files.id, id), eq(files.created_by, auth.user.id), isNull(files.entity_id)));
  if (!row) return false;
  await db.delete(files).where(eq(files.id, id));
  await stores.of(row.store).delete(row.storage_path).catch(() => undefined);
  return true;
}
