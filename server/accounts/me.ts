// Who the caller is and what it may do: the SPA gates its routes, navigation and fields on these.
import type { FastifyInstance } from 'fastify';
import { requireAuth } from './auth';
import { currentUser } from './users';
import { noQuery, responses } from '../http/schemas';
// the SPA checks both answers against the same shapes
import { CURRENT_USER, PERMISSIONS } from '../../domain/answers';

export default async function meRoutes(app: FastifyInstance) {
  app.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        querystring: noQuery,
        response: responses({ 200: CURRENT_USER }),
      },
    },
    async (request) => currentUser(requireAuth(request).user),
  );
  app.get(
    '/permissions',
    {
      schema: {
        tags: ['auth'],
        summary: 'role_permissions and hidden_fields of the caller',
        querystring: noQuery,
        response: responses({ 200: PERMISSIONS }),
      },
    },
    async (request) => requireAuth(request).permissions,
  );
}
