// Every /api route runs behind this hook: the bearer token becomes request.auth (the user, its permissions
// and hidden fields). A missing, unknown, expired or revoked token is a 401, which the SPA turns into a logout.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { forcedLogout, unauthorized } from '../errors';
import { ADMIN_MSG } from '../../domain/admin';
import { authCache } from './authCache';
import type { AuthenticatedUser } from './users';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthenticatedUser | null;
    /** The raw bearer token, for logout. */
    bearer: string | null;
    /** The token is an account's that an administrator deactivated: 403 with code 2, not 401. */
    deactivated: boolean;
  }
}

export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/** The signed-in caller; throws 401 when there is none. */
export function requireAuth(request: FastifyRequest): AuthenticatedUser {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The guard of everything under /api but the docs: a live session or 401. */
export async function requireSession(request: FastifyRequest): Promise<void> {
  if (request.deactivated) throw forcedLogout(ADMIN_MSG.deactivated);
  if (!request.auth) throw unauthorized();
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Database }) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('bearer', null);
  app.decorateRequest('deactivated', false);
  // one read of the auth epoch per signed-in request; the session, user and role rows only when it moved
  // (server/accounts/authCache.ts): a role's new rights or hidden fields apply to its users' very next request
  const cache = authCache(opts.db);
  await cache.ready();
  app.addHook('onRequest', async (request) => {
    const token = bearerOf(request);
    request.bearer = token;
    if (!token) return;
    const read = await cache.read(token);
    if (read?.session.user.status === 'deactivated') request.deactivated = true;
    if (!read || !read.permissions || read.session.user.status !== 'active') return;
    request.auth = { user: read.session.user, permissions: read.permissions, sessionId: read.session.sessionId };
  });
});
