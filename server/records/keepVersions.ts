// A derived figure stored on a record (its documents' state, a buyer's debt, a reserve's margin at risk) is no edit of
// the record: the version triggers are told to keep versions for the write, so a card open on the record stays current.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { select, selectFirst } from '../db/rows';

/** Runs `write` in `tx` with versions kept, then puts the setting back as the caller had it (a caller may keep
 * versions itself around a larger write). Not in a `finally`: a failed statement aborts the transaction anyway. */
export async function keepingVersions<T>(tx: Database, write: () => Promise<T>): Promise<T> {
  const kept = (await selectFirst(
    tx,
    select({ v: sql<string>`coalesce(current_setting('nutdesk.keep_version', true), '')` }),
  ))!.v;
  await tx.execute(sql`SELECT set_config('nutdesk.keep_version', 'on', true)`);
  const done = await write();
  await tx.execute(sql`SELECT set_config('nutdesk.keep_version', ${kept}, true)`);
  return done;
}
