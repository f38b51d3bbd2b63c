// Who the caller is and what it may do: the SPA gates its routes, navigation and fields on these.
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../http/auth';
import { currentUser } from './users';

export default async function meRoutes(app: FastifyInstance) {
  app.get('/me', { schema: { tags: ['auth'], summary: 'The signed-in user' } }, async (request) =>
    currentUser(requireAuth(request).user),
  );
  app.get('/permissions', {
    schema: { tags: ['auth'], summary: 'role_permissions and hidden_fields of the caller' },
  }, async (request) => requireAuth(request).permissions);
}
