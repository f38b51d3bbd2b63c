// Invitation and password-reset links: 32 random bytes in the link, only their SHA-256 hash stored, an expiry,
// and used once. A new link of a kind replaces the user's earlier unused ones, so only the latest mail works.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { oneTimeTokens, users } from '../db/schema';
import { badRequest, tooManyRequests } from '../errors';
import { ACCOUNT_MSG } from '../../domain/accounts';
import { hashPassword } from './passwords';
import { hashToken, revokeUserSessions } from './sessions';
import type { HashingGate } from './hashingGate';
import { assess, recordFailure, type ThrottleRule } from './throttle';

export type TokenKind = 'invite' | 'reset';

export async function issueToken(db: Database, userId: number, kind: TokenKind, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db
    .update(oneTimeTokens)
    .set({ used_at: now })
    .where(and(eq(oneTimeTokens.user_id, userId), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.used_at)));
  await db
    .insert(oneTimeTokens)
    .values({ user_id: userId, kind, token_hash: hashToken(token), expires_at: new Date(now.getTime() + ttlMs) });
  return token;
}

type TokenRow = typeof oneTimeTokens.$inferSelect;

/** Why a link no longer works, or null. */
function linkProblem(row: TokenRow | undefined): string | null {
  if (!row) return ACCOUNT_MSG.linkInvalid;
  if (row.used_at) return ACCOUNT_MSG.linkUsed;
  if (new Date(row.expires_at).getTime() <= Date.now()) return ACCOUNT_MSG.linkExpired;
  return null;
}

const tokenRow = (db: Database, token: string, kind: TokenKind) =>
  db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.token_hash, hashToken(token)), eq(oneTimeTokens.kind, kind)));

/**
 * Marks the token used and returns its user, or answers 400 with why the link no longer works. Run it inside
 * the transaction that acts on it: the row is locked, so two requests with one link cannot both pass.
 */
export async function consumeToken(tx: Database, token: string, kind: TokenKind): Promise<number> {
  if (!token) throw badRequest(ACCOUNT_MSG.linkMissing);
  const [row] = await tokenRow(tx, token, kind).for('update');
  const problem = linkProblem(row);
  if (problem) throw badRequest(problem);
  await tx.update(oneTimeTokens).set({ used_at: new Date() }).where(eq(oneTimeTokens.id, row.id));
  return row.user_id;
}

/** What guards a link's use: the hashing gate sign-in waits at, the client's address and the throttle rule. */
export interface LinkGuard {
  gate: HashingGate;
  address: string;
  rule: ThrottleRule;
}

/**
 * Sets a new password from a one-time link and ends every session of the user; returns the user's id. Anyone may
 * call this without an account, and a password's hash is dear (a large share of a core and 128 MiB): the link is
 * checked first, so a made-up one costs a look-up; a failed link counts against the address as a failed sign-in
 * does (refused beyond the same limits); and the hash waits its turn at the gate sign-in uses.
 */
export async function setPasswordByToken(
  db: Database,
  config: Config,
  guard: LinkGuard,
  token: string,
  psswrd: string,
  kind: TokenKind,
): Promise<number> {
  if (!token) throw badRequest(ACCOUNT_MSG.linkMissing);
  // each link its own key: one address trying many links meets the per-address limit
  const key = `link:${hashToken(token).slice(0, 32)}`;
  const verdict = await assess(db, key, guard.address, guard.rule);
  if (verdict.refuseMinutes > 0) throw tooManyRequests(ACCOUNT_MSG.tooManyLinks(verdict.refuseMinutes));
  const problem = linkProblem((await tokenRow(db, token, kind))[0]);
  if (problem) {
    await recordFailure(db, key, guard.address);
    throw badRequest(problem);
  }
  const { hash, salt } = await guard.gate.run(() => hashPassword(psswrd, config.scryptN));
  return db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, kind);
    // an invitation opens only a still-invited account, a reset only an active one: a link mailed before the
    // administrator deactivated the account no longer lets anyone in
    const [user] = await tx
      .update(users)
      .set({ password_hash: hash, password_salt: salt, status: 'active' })
      .where(and(eq(users.id, userId), eq(users.status, kind === 'invite' ? 'invited' : 'active')))
      .returning({ id: users.id });
    if (!user) throw badRequest(ACCOUNT_MSG.linkInvalid);
    await revokeUserSessions(tx, userId);
    return userId;
  });
}
