// Who the caller is and what it may do: the SPA gates its routes, navigation and fields on these.
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../http/auth';
import { currentUser } from './users';
import { anyObject, noQuery, responses } from '../http/schemas';

const nullableId = { type: ['integer', 'null'] } as const;
const me = {
  type: 'object',
  properties: {
    user_id: { type: 'integer' }, user_type: { type: 'string' }, is_admin: { type: 'boolean' }, role_id: nullableId,
    employee_id: nullableId, supplier_id: nullableId, email: { type: 'string' }, name: { type: 'string' },
  },
} as const;

export default async function meRoutes(app: FastifyInstance) {
  app.get('/me', { schema: { tags: ['auth'], summary: 'The signed-in user', querystring: noQuery, response: responses({ 200: me }) } }, async (request) =>
    currentUser(requireAuth(request).user),
  );
  app.get('/permissions', {
    schema: { tags: ['auth'], summary: 'role_permissions and hidden_fields of the caller', querystring: noQuery, response: responses({ 200: anyObject }) },
  }, async (request) => requireAuth(request).permissions);
}
