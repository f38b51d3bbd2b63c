// Failed sign-ins are counted per login in the database, so every server on one PostgreSQL agrees and a
// restart does not reset them. Unknown logins count alike: the answer never tells whether an account exists.
import { and, count, eq, gt, min } from 'drizzle-orm';
import type { Database } from '../db/client';
import { loginFailures } from '../db/schema';

export interface ThrottleRule {
  maxFailures: number;
  windowMinutes: number;
}

/** Minutes until the login may try again, or 0 when it may try now. */
export async function lockedForMinutes(db: Database, login: string, rule: ThrottleRule): Promise<number> {
  const since = new Date(Date.now() - rule.windowMinutes * 60_000);
  const [row] = await db
    .select({ failures: count(), oldest: min(loginFailures.failed_at) })
    .from(loginFailures)
    .where(and(eq(loginFailures.login, login), gt(loginFailures.failed_at, since)));
  if (!row || row.failures < rule.maxFailures || !row.oldest) return 0;
  const freeAt = new Date(row.oldest).getTime() + rule.windowMinutes * 60_000;
  return Math.max(1, Math.ceil((freeAt - Date.now()) / 60_000));
}

export async function recordFailure(db: Database, login: string): Promise<void> {
  await db.insert(loginFailures).values({ login });
}

export async function clearFailures(db: Database, login: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.login, login));
}
