// Sign-in throttling after OWASP's guidance (limit by source, prefer delays to hard locks), on failed sign-ins
// counted in the database so every server on one PostgreSQL agrees and a restart does not reset them:
// - one address and one login: after maxFailures failures in the window that address may not try that login
//   again until the window has passed (the attacker's address, not the account, is stopped);
// - one address, any logins: after maxAddressFailures it may not sign in at all (one client trying many accounts);
// - one login, from anywhere: after maxFailures every further try is answered later, by a delay doubling with each
//   failure (capped), but never refused: the owner with the right password from a fresh address still gets in.
// Unknown logins are counted alike, so neither the answers nor their timing tell whether an account exists.
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { loginFailures } from '../db/schema';
import { select, selectFirst } from '../db/rows';

export interface ThrottleRule {
  /** Failures of one login from one address within the window before that address is refused for it. */
  maxFailures: number;
  /** Failures from one address, over all logins, within the window before it is refused altogether. */
  maxAddressFailures: number;
  windowMinutes: number;
  /** The first delay once a login has maxFailures failures from anywhere; it doubles per further failure. */
  delayMs: number;
}

/** The rule of the configuration (LOGIN_* variables): sign-in, recovery and the profile's password check share it. */
export const throttleRuleOf = (config: Config): ThrottleRule => ({
  maxFailures: config.loginMaxFailures,
  maxAddressFailures: config.loginMaxFailuresPerAddress,
  windowMinutes: config.loginWindowMinutes,
  delayMs: config.loginDelayMs,
});

/** The longest a sign-in is held back: long enough to slow a guesser, short enough for the owner to wait. */
export const MAX_DELAY_MS = 8_000;

export interface Verdict {
  /** Minutes until this address may try this login again; 0: it may try now. */
  refuseMinutes: number;
  /** How long to hold this try back before checking the password. */
  delayMs: number;
}

// where a sign-in comes from (an IPv6 client by its /64): shared with the public links' limit
export { clientAddress } from '../http/clientAddress';

const minutesUntil = (oldest: Date | string | null, windowMinutes: number) =>
  oldest
    ? Math.max(1, Math.ceil((new Date(oldest).getTime() + windowMinutes * 60_000 - Date.now()) / 60_000))
    : windowMinutes;

/** What to do with a sign-in of this login from this address, in one query over the window's failures. */
export async function assess(db: Database, login: string, address: string, rule: ThrottleRule): Promise<Verdict> {
  const since = new Date(Date.now() - rule.windowMinutes * 60_000);
  const pair = and(eq(loginFailures.login, login), eq(loginFailures.address, address));
  const byAddress = eq(loginFailures.address, address);
  const row = (await selectFirst(
    db,
    select({
      pair: sql<number>`count(*) FILTER (WHERE ${pair})::int`,
      pair_oldest: sql<string | null>`min(${loginFailures.failed_at}) FILTER (WHERE ${pair})`,
      by_address: sql<number>`count(*) FILTER (WHERE ${byAddress})::int`,
      address_oldest: sql<string | null>`min(${loginFailures.failed_at}) FILTER (WHERE ${byAddress})`,
      by_login: sql<number>`count(*) FILTER (WHERE ${eq(loginFailures.login, login)})::int`,
    }),
    sql`FROM ${loginFailures}
    WHERE ${gt(loginFailures.failed_at, since)} AND ${or(eq(loginFailures.login, login), eq(loginFailures.address, address))}`,
  ))!;
  let refuseMinutes = 0;
  if (row.pair >= rule.maxFailures) refuseMinutes = minutesUntil(row.pair_oldest, rule.windowMinutes);
  if (row.by_address >= rule.maxAddressFailures)
    refuseMinutes = Math.max(refuseMinutes, minutesUntil(row.address_oldest, rule.windowMinutes));
  const beyond = row.by_login - rule.maxFailures;
  const delayMs = beyond < 0 ? 0 : Math.min(MAX_DELAY_MS, rule.delayMs * 2 ** Math.min(beyond, 16));
  return { refuseMinutes, delayMs };
}

export async function recordFailure(db: Database, login: string, address: string): Promise<void> {
  await db.insert(loginFailures).values({ login, address });
}

/** A success forgets this address's failures for the login, not anyone else's: an attacker elsewhere stays slowed. */
export async function clearFailures(db: Database, login: string, address: string): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.login, login), eq(loginFailures.address, address)));
}
