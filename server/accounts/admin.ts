// Who may use the settings page's API: administrators only. Everyone else gets a 403 in Russian.
import type { FastifyRequest } from 'fastify';
import { requireAuth } from './auth';
import type { AuthenticatedUser } from './users';
import { forbidden } from '../errors';
import { ADMIN_MSG } from '../../domain/admin';

export function requireAdmin(request: FastifyRequest): AuthenticatedUser {
  const auth = requireAuth(request);
  if (!auth.user.is_admin) throw forbidden(ADMIN_MSG.adminOnly);
  return auth;
}
