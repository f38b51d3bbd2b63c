// Moves uploads from whatever store holds them into one store (`npm run files:move -- --to=...`). A file at a time:
// its contents are streamed into the target, then its row is switched to the target (only if it still names the
// source), then the source copy is removed. Idempotent and resumable: a file already in the target is not touched,
// and a run cut off anywhere leaves every row naming a store that holds its file (at worst one stray copy in the
// source of the file being moved, which nothing reads). The app may keep running meanwhile: it reads each file from
// the store its row names.
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { FileStoreKind } from '../config';
import type { Database } from './client';
import type { FileStores } from './fileStores';
import { files } from './schema';

export interface MoveOutcome {
  moved: number;
  /** Rows whose contents no store had (ids): left as they were. */
  missing: number[];
  /** Files still outside the target after this run (a limit was given). */
  left: number;
}

export async function moveFiles(
  db: Database,
  stores: FileStores,
  to: FileStoreKind,
  options: { limit?: number; onFile?: (id: number, from: string) => void } = {},
): Promise<MoveOutcome> {
  const target = stores.of(to);
  const outcome: MoveOutcome = { moved: 0, missing: [], left: 0 };
  let after = 0;
  const limit = options.limit ?? Infinity;
  while (outcome.moved < limit) {
    const batch = await db
      .select()
      .from(files)
      .where(and(ne(files.store, to), gt(files.id, after)))
      .orderBy(asc(files.id))
      .limit(100);
    if (!batch.length) break;
    for (const row of batch) {
      after = row.id;
      if (outcome.moved >= limit) break;
      const source = stores.of(row.store);
      const stored = await source.get(row.storage_path);
      if (!stored) {
        outcome.missing.push(row.id);
        continue;
      }
      const bytes = await target.put(row.storage_path, stored.body, row.mime);
      if (bytes !== row.size) {
        await target.delete(row.storage_path);
        throw new Error(
          `file ${row.id}: ${bytes} bytes read from ${row.store}, its row says ${row.size}; nothing changed`,
        );
      }
      const switched = await db
        .update(files)
        .set({ store: to })
        .where(and(eq(files.id, row.id), eq(files.store, row.store)))
        .returning({ id: files.id });
      if (!switched.length) {
        // removed (or moved by another run) meanwhile: the copy just written is nobody's
        await target.delete(row.storage_path);
        continue;
      }
      await source.delete(row.storage_path);
      outcome.moved++;
      options.onFile?.(row.id, row.store);
    }
  }
  const [rest] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(files)
    .where(ne(files.store, to));
  outcome.left = rest.n - outcome.missing.length;
  return outcome;
}
