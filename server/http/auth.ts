// Every /api route runs behind this hook: the bearer token becomes request.auth (the user, its permissions
// and hidden fields). A missing, unknown, expired or revoked token is a 401, which the SPA turns into a logout.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { forcedLogout, unauthorized } from '../errors';
import { ADMIN_MSG } from '../../domain/admin';
import { findSessionUser } from '../accounts/sessions';
import { loadPermissions, type AuthenticatedUser } from '../accounts/users';

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
  app.addHook('onRequest', async (request) => {
    const token = bearerOf(request);
    request.bearer = token;
    if (!token) return;
    const session = await findSessionUser(opts.db, token);
    if (session?.user.status === 'deactivated') request.deactivated = true;
    if (!session || session.user.status !== 'active') return;
    // read on every request, never cached: a role's new rights or hidden fields apply to its users' next request
    request.auth = { user: session.user, permissions: await loadPermissions(opts.db, session.user), sessionId: session.sessionId };
  });
});
