// Photos and documents of any record: uploaded first (stored under DATA_DIR/files), attached to a record when
// it is saved, and served only to users who may read that record.
import { createReadStream } from 'node:fs';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
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
export async function removeStaleUploads(db: Database, dir: string, batch = 200): Promise<number> {
  const stale = rowsOf<{ id: number; storage_path: string }>(await db.execute(sql`
    DELETE FROM files WHERE id IN (
      SELECT id FROM files WHERE entity_id IS NULL AND created_at < now() - make_interval(hours => ${UNATTACHED_KEEP_HOURS})
      ORDER BY id LIMIT ${batch})
    RETURNING id, storage_path`));
  for (const row of stale) await unlink(path.join(dir, row.storage_path)).catch(() => undefined);
  return stale.length;
}

export async function storeUpload(
  db: Database, dir: string, auth: AuthenticatedUser,
  upload: { kind: FileKind; name: string; mime: string; content: Buffer },
): Promise<FileRow> {
  await mkdir(dir, { recursive: true });
  const storage = randomBytes(16).toString('hex');
  await writeFile(path.join(dir, storage), upload.content);
  const [row] = await db
    .insert(files)
    .values({ kind: upload.kind, original_name: upload.name, mime: upload.mime, size: upload.content.length, storage_path: storage, created_by: auth.user.id })
    .returning();
  return row;
}

/** The file if the caller may see it: its own unattached upload, or a file of a record it may read. */
export async function visibleFile(db: Database, specs: Record<Section, SectionSpec>, auth: AuthenticatedUser, id: number): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  if (!row) return null;
  if (row.entity_id === null) return row.created_by === auth.user.id ? row : null;
  if (!isSection(row.entity_type)) return null;
  return (await recordVisible(db, specs[row.entity_type], auth, row.entity_id)) ? row : null;
}

export const openFile = (dir: string, row: FileRow) => createReadStream(path.join(dir, row.storage_path));

/** Removes an upload of the caller that no record holds yet; false when there is none. */
export async function removeUpload(db: Database, dir: string, auth: AuthenticatedUser, id: number): Promise<boolean> {
  const [row] = await db.select().from(files).where(and(eq(files.id, id), eq(files.created_by, auth.user.id), isNull(files.entity_id)));
  if (!row) return false;
  await db.delete(files).where(eq(files.id, id));
  await unlink(path.join(dir, row.storage_path)).catch(() => undefined);
  return true;
}
