// Sign-in tokens: 32 random bytes, given to the client once, stored only as a SHA-256 hash, with the browser and
// address they were issued to and when they were last used, for the profile's list of sessions.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Where a session was opened: the browser's User-Agent (bounded, it is the client's text) and its address. */
export interface SessionClient {
  userAgent: string | null;
  address: string | null;
}

export const clientOf = (request: FastifyRequest): SessionClient => ({
  userAgent: request.headers['user-agent']?.slice(0, 500) || null,
  address: request.ip || null,
});

/** A session's last_seen_at is written at most this often: a request in between writes nothing. */
export const LAST_SEEN_STEP_MS = 60_000;

export async function createSession(
  db: Database,
  userId: number,
  ttlHours: number,
  client: SessionClient,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db.insert(sessions).values({
    user_id: userId,
    token_hash: hashToken(token),
    created_at: now,
    expires_at: new Date(now.getTime() + ttlHours * 3600_000),
    user_agent: client.userAgent,
    address: client.address,
    last_seen_at: now,
  });
  return token;
}

export interface LiveSession {
  user: typeof users.$inferSelect;
  sessionId: number;
  /** When the token stops being valid (a cached session is refused from then on). */
  expiresAt: Date;
  /** When its last_seen_at was last written, in ms. */
  lastSeen: number;
}

/** The user of a live session (not unknown, expired or revoked), in one query. A deactivated account's sessions
 * were revoked with it but still name it, so its holder learns why (403 code 2). Its last_seen_at moves on only
 * when it is older than LAST_SEEN_STEP_MS, so most requests write nothing. The request hook reads it through the
 * instance's cache (authCache.ts), so it runs once per token while nothing changes. */
export async function findSessionUser(db: Database, token: string): Promise<LiveSession | null> {
  const [row] = await db
    .select({ user: users, sessionId: sessions.id, lastSeen: sessions.last_seen_at, expiresAt: sessions.expires_at })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.token_hash, hashToken(token)),
        or(isNull(sessions.revoked_at), eq(users.status, 'deactivated')),
        gt(sessions.expires_at, new Date()),
      ),
    );
  if (!row) return null;
  const now = Date.now();
  let lastSeen = row.lastSeen ? new Date(row.lastSeen).getTime() : 0;
  if (row.user.status === 'active' && now - lastSeen >= LAST_SEEN_STEP_MS) {
    await touchSession(db, row.sessionId, now);
    lastSeen = now;
  }
  return { user: row.user, sessionId: row.sessionId, expiresAt: row.expiresAt, lastSeen };
}

/** Moves a session's last_seen_at on to `now`, unless a parallel request did within the step (conditional, so
 * parallel requests of one session write it once). It names no column the auth epoch watches. */
export async function touchSession(db: Database, sessionId: number, now: number): Promise<void> {
  const staleBefore = new Date(now - LAST_SEEN_STEP_MS);
  await db
    .update(sessions)
    .set({ last_seen_at: new Date(now) })
    .where(and(eq(sessions.id, sessionId), or(isNull(sessions.last_seen_at), lt(sessions.last_seen_at, staleBefore))));
}

export async function revokeSession(db: Database, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(eq(sessions.token_hash, hashToken(token)));
}

/** Ends every live session of the user but `keepId` (none kept when it is undefined); answers how many ended. */
export async function revokeUserSessions(db: Database, userId: number, keepId?: number): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, new Date()),
        keepId === undefined ? sql`true` : ne(sessions.id, keepId),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}
