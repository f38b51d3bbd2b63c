// The per-request read of the session, its user, the role's permissions and hidden fields, cached in the app
// instance. A signed-in request asks the database one question first, the auth epoch (one row, migration 0010):
// every statement that changes a session (revocation, expiry), a user (role, status, password, name…), a role's
// permissions or hidden fields bumps it in its own transaction, by trigger, whoever writes it (a route, a script,
// psql). While the epoch stands the cached answers are the database's; once it moves, the cache is emptied and
// each token is read again on its next request. So a change is seen by the very next request on every instance
// that shares the database, with no message in flight to wait for (a bus notification could still be on its
// way to another instance when that instance's next request arrives).
// The embedded PGlite is one connection inside this one process: there the epoch's announcement of a move
// (migration 0017) reaches the cache before the statement that committed it returns, so the epoch is kept in memory
// and a request asks the database nothing until its token's rows must be read.
import { sql } from 'drizzle-orm';
import { embeddedClient, type Database } from '../db/client';
import { select, selectFirst } from '../db/rows';
import { authEpoch } from '../db/schema';
import { hashToken, LAST_SEEN_STEP_MS, findSessionUser, touchSession, type LiveSession } from './sessions';
import { loadPermissions } from './users';
import type { Permissions } from '../../domain/permissions';

/** At most this many tokens are held; beyond it the oldest entries go first. */
export const AUTH_CACHE_SIZE = 10_000;

interface Entry {
  session: LiveSession;
  /** null for an account that is not active (deactivated: the hook answers 403 code 2 for it). */
  permissions: Permissions | null;
  expiresAt: number;
  lastSeen: number;
}

export interface AuthRead {
  session: LiveSession;
  permissions: Permissions | null;
}

const EPOCH = select({ epoch: authEpoch.epoch });

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value) || value instanceof Date) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}

export function authCache(db: Database, size = AUTH_CACHE_SIZE) {
  let epoch: number | null = null;
  const entries = new Map<string, Entry>();
  const stats = { hits: 0, misses: 0 };
  const readEpoch = async () =>
    Number((await selectFirst(db, EPOCH, sql`FROM ${authEpoch} WHERE ${authEpoch.id} = 1`))?.epoch ?? 0);
  // the embedded database's epoch as each move commits (its announcement, migration 0017), not read per request
  const embedded = embeddedClient(db);
  let announced = 0;
  const listening =
    embedded &&
    (async () => {
      await embedded.listen('auth_epoch', (payload) => {
        announced = Number(payload);
      });
      announced = await readEpoch();
    })();
  const currentEpoch = async () => (embedded ? announced : readEpoch());

  return {
    stats,
    /** Resolves once the cache may answer: on PGlite, when the bumps are listened to. */
    ready: async () => {
      await listening;
    },
    /** The live session of a token with its user's permissions, or null (unknown, expired, revoked). */
    async read(token: string): Promise<AuthRead | null> {
      const now = Date.now();
      const current = await currentEpoch();
      if (current !== epoch) {
        entries.clear();
        epoch = current;
      }
      const key = hashToken(token);
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) {
        stats.hits++;
        if (hit.session.user.status === 'active' && now - hit.lastSeen >= LAST_SEEN_STEP_MS) {
          hit.lastSeen = now;
          await touchSession(db, hit.session.sessionId, now);
        }
        return { session: hit.session, permissions: hit.permissions };
      }
      if (hit) entries.delete(key);
      stats.misses++;
      const session = await findSessionUser(db, token);
      if (!session) return null;
      const permissions = session.user.status === 'active' ? await loadPermissions(db, session.user) : null;
      // stored only under the epoch read before the rows were: a change that committed in between has moved it,
      // and the next request reads again
      if (epoch === current) {
        if (entries.size >= size) entries.delete(entries.keys().next().value as string);
        // shared by every request of the token: frozen, so a handler that changed it would fail loudly
        deepFreeze(session.user);
        if (permissions) deepFreeze(permissions);
        entries.set(key, { session, permissions, expiresAt: session.expiresAt.getTime(), lastSeen: session.lastSeen });
      }
      return { session, permissions };
    },
  };
}

export type AuthCache = ReturnType<typeof authCache>;
