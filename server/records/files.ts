// Photos and documents of any record: uploaded first (into the configured file store, server/db/fileStores.ts),
// attached to a record when it is saved, and served only to users who may read that record.
import { Readable, Transform, pipeline } from 'node:stream';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newStorageKey, type FileStores, type StoredFile } from '../db/fileStores';
import { files, uploadReservations } from '../db/schema';
import type { AuthenticatedUser } from '../accounts/users';
import { isSection, type Section } from '../../domain/sections';
import {
  FILE_RULES,
  MIME_BY_EXTENSION,
  UNATTACHED_KEEP_HOURS,
  UPLOAD_MSG,
  UPLOAD_QUOTA_BYTES,
  contentProblem,
  extensionOf,
  fileProblem,
  type FileKind,
} from '../../domain/files';
import { badRequest } from '../errors';
import { columnsOf, returningRows, select, selectFirst } from '../db/rows';
import type { SectionSpec } from '../contract/section';
import { recordVisible } from './access';

export type FileRow = typeof files.$inferSelect;

/** Attaches the caller's unattached uploads to a record. */
export async function attachFiles(
  db: Database,
  auth: AuthenticatedUser,
  section: Section,
  entityId: number,
  ids: number[],
) {
  if (!ids.length) return;
  await db
    .update(files)
    .set({ entity_type: section, entity_id: entityId })
    .where(and(inArray(files.id, ids), eq(files.created_by, auth.user.id), isNull(files.entity_id)));
}

/** File ids as a create or update payload sends them: [3, 4] or [{id: 3}, …]. */
export const fileIdsOf = (v: unknown): number[] =>
  Array.isArray(v)
    ? v
        .map((x) => Number(typeof x === 'object' && x !== null ? (x as { id: unknown }).id : x))
        .filter((n) => Number.isInteger(n) && n > 0)
    : [];

/** How long a reservation counts: one left by a crash mid-upload must not hold the quota for good. */
const RESERVATION_MINUTES = 60;

/**
 * Holds `bytes` of the user's quota of unsaved uploads for an upload about to stream in, or null when they would
 * pass it: the user's row is locked while its uploads and reservations are summed and the reservation written, so
 * parallel uploads are counted one after another, each with the others' room taken.
 */
export async function reserveUpload(db: Database, auth: AuthenticatedUser, bytes: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${auth.user.id} FOR UPDATE`);
    const r = uploadReservations;
    const held = (await selectFirst(
      tx,
      select({
        bytes: sql<string>`((SELECT coalesce(sum(${files.size}), 0) FROM ${files} WHERE ${files.created_by} = ${auth.user.id} AND ${files.entity_id} IS NULL)
        + (SELECT coalesce(sum(${r.bytes}), 0) FROM ${r} WHERE ${r.user_id} = ${auth.user.id}
             AND ${r.created_at} > now() - make_interval(mins => ${RESERVATION_MINUTES})))::text`,
      }),
    ))!;
    if (Number(held.bytes) + bytes > UPLOAD_QUOTA_BYTES) return null;
    const [row] = await tx
      .insert(uploadReservations)
      .values({ user_id: auth.user.id, bytes })
      .returning({ id: uploadReservations.id });
    return row.id;
  });
}

/** Gives a reservation's room back (the upload is stored, counted by its row now, or it failed). */
export async function releaseUpload(db: Database, id: number): Promise<void> {
  await db.delete(uploadReservations).where(eq(uploadReservations.id, id));
}

/** Uploads no record took within UNATTACHED_KEEP_HOURS (a card left without saving) are removed, a batch at a
 * time, rows first so nothing serves a file being removed. Answers how many went. */
export async function removeStaleUploads(db: Database, stores: FileStores, batch = 200): Promise<number> {
  const stale = await returningRows(
    db,
    sql`
    DELETE FROM ${files} WHERE ${files.id} IN (
      SELECT ${files.id} FROM ${files} WHERE ${files.entity_id} IS NULL AND ${files.created_at} < now() - make_interval(hours => ${UNATTACHED_KEEP_HOURS})
      ORDER BY ${files.id} LIMIT ${batch})`,
    select(columnsOf(files, 'id', 'storage_path', 'store')),
  );
  for (const row of stale)
    await stores
      .of(row.store)
      .delete(row.storage_path)
      .catch(() => undefined);
  await db.execute(
    sql`DELETE FROM upload_reservations WHERE created_at < now() - make_interval(mins => ${RESERVATION_MINUTES})`,
  );
  return stale.length;
}

/** Why an upload's body was refused as it streamed: its Russian message. */
export class UploadRefused extends Error {}

/** How many first bytes tell what a file is (domain/files.ts reads a text file's first 8 KB). */
const HEAD_BYTES = 8192;

/**
 * An upload's body on its way to the store, checked as it passes: nothing goes on before its first bytes show it is
 * what its name says, and it stops with the kind's size message past the kind's limit, so a body is never held
 * whole in memory.
 */
export function checkedUpload(kind: FileKind, name: string): Transform {
  const limit = FILE_RULES[kind].maxBytes;
  let head: Buffer[] | null = [];
  let bytes = 0;
  const release = (stream: Transform): Error | null => {
    const content = Buffer.concat(head!);
    head = null;
    const problem = content.length ? contentProblem(name, content) : fileProblem(kind, { name, type: '', size: 0 });
    if (problem) return new UploadRefused(problem);
    stream.push(content);
    return null;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > limit) return done(new UploadRefused(fileProblem(kind, { name, type: '', size: bytes })!));
      if (!head) return done(null, chunk);
      head.push(chunk);
      if (bytes < HEAD_BYTES) return done();
      done(release(this));
    },
    flush(done) {
      done(head ? release(this) : null);
    },
  });
}

export async function storeUpload(
  db: Database,
  stores: FileStores,
  auth: AuthenticatedUser,
  upload: { kind: FileKind; name: string; mime: string; content: Buffer | Readable },
): Promise<FileRow> {
  const store = stores.current;
  const key = newStorageKey();
  // contents first, then the row: a row never names contents that are not there
  const body = Buffer.isBuffer(upload.content) ? Readable.from([upload.content]) : upload.content;
  let size: number;
  try {
    size = await store.put(key, body, upload.mime);
  } catch (error) {
    await store.delete(key).catch(() => undefined); // what a broken stream left of a partial write
    throw error;
  }
  try {
    const [row] = await db
      .insert(files)
      .values({
        kind: upload.kind,
        original_name: upload.name,
        mime: upload.mime,
        size,
        storage_path: key,
        store: store.kind,
        created_by: auth.user.id,
      })
      .returning();
    return row;
  } catch (error) {
    await store.delete(key).catch(() => undefined);
    throw error;
  }
}

/** A multipart file part as it arrives: its name, declared type, and body (cut at the parser's size limit). */
export interface UploadPart {
  filename: string;
  mimetype: string;
  file: Readable & { truncated?: boolean };
}

/**
 * A file part streamed into the store as an unattached upload of the caller (POST /api/files, an offer's
 * documents): its name and declared type checked before a byte is read, room for it taken in the caller's quota of
 * unsaved uploads before its body is read (`declared`: the request's length, which holds it), its first bytes and
 * size checked as it streams, never held whole. A refusal is a 400 in Russian and stores nothing.
 */
export async function streamUpload(
  db: Database,
  stores: FileStores,
  auth: AuthenticatedUser,
  kind: FileKind,
  part: UploadPart,
  declared: number,
): Promise<FileRow> {
  const tooBig = () =>
    badRequest(fileProblem(kind, { name: part.filename, type: '', size: FILE_RULES[kind].maxBytes + 1 })!);
  const named = fileProblem(kind, { name: part.filename, type: part.mimetype, size: 1 });
  if (named) throw badRequest(named);
  await removeStaleUploads(db, stores);
  const room =
    Number.isSafeInteger(declared) && declared > 0
      ? Math.min(declared, FILE_RULES[kind].maxBytes)
      : FILE_RULES[kind].maxBytes;
  const reservation = await reserveUpload(db, auth, room);
  if (reservation === null) throw badRequest(UPLOAD_MSG.quota);
  try {
    // served as the type its checked content is, whatever the browser declared
    const mime = MIME_BY_EXTENSION[extensionOf(part.filename)];
    const row = await storeUpload(db, stores, auth, {
      kind,
      name: part.filename,
      mime,
      content: pipeline(part.file, checkedUpload(kind, part.filename), () => undefined),
    }).catch((error: unknown) => {
      if (error instanceof UploadRefused) throw badRequest(error.message);
      if (part.file.truncated) throw tooBig();
      throw error;
    });
    if (part.file.truncated) {
      await removeUpload(db, stores, auth, row.id);
      throw tooBig();
    }
    return row;
  } finally {
    await releaseUpload(db, reservation);
  }
}

/** The file if the caller may see it: its own unattached upload, or a file of a record it may read. */
export async function visibleFile(
  db: Database,
  specs: Record<Section, SectionSpec>,
  auth: AuthenticatedUser,
  id: number,
): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  if (!row) return null;
  if (row.entity_id === null) return row.created_by === auth.user.id ? row : null;
  if (!isSection(row.entity_type)) return null;
  return (await recordVisible(db, specs[row.entity_type], auth, row.entity_id)) ? row : null;
}

/** The contents of a file's row from the store the row names; null when they are missing. */
export const openFile = (stores: FileStores, row: FileRow): Promise<StoredFile | null> =>
  stores.of(row.store).get(row.storage_path);

/** Removes an upload of the caller that no record holds yet; false when there is none. */
export async function removeUpload(
  db: Database,
  stores: FileStores,
  auth: AuthenticatedUser,
  id: number,
): Promise<boolean> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.created_by, auth.user.id), isNull(files.entity_id)));
  if (!row) return false;
  await db.delete(files).where(eq(files.id, id));
  await stores
    .of(row.store)
    .delete(row.storage_path)
    .catch(() => undefined);
  return true;
}
