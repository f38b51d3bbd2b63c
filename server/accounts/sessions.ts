// Sign-in tokens: 32 random bytes, given to the client once, stored only as a SHA-256 hash.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Database, userId: number, ttlHours: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + ttlHours * 3600_000),
  });
  return token;
}

/** The user of a live session (not unknown, expired or revoked), in one query: it runs on every request. A
 * deactivated account's sessions were revoked with it but still name it, so its holder learns why (403 code 2). */
export async function findSessionUser(db: Database, token: string): Promise<typeof users.$inferSelect | null> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.token_hash, hashToken(token)), or(isNull(sessions.revoked_at), eq(users.status, 'deactivated')), gt(sessions.expires_at, new Date())));
  return row?.user ?? null;
}

export async function revokeSession(db: Database, token: string): Promise<void> {
  await db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.token_hash, hashToken(token)));
}
