// /api/employees: the list, bulk delete and the filter config; one employee's card.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { requireAuth } from '../../http/auth';
import { idParams, noQuery, wantsDeleted, withDeletedQuery } from '../../http/schemas';
import { listRoutes } from '../../lists/routes';
import { employeesSpec } from './list';
import { employeeBody, employeeResponse } from './schema';
import { createEmployee, readEmployee, updateEmployee } from './record';

type Row = Record<string, unknown>;

export default async function employeesPlugin(app: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  listRoutes(app, db, employeesSpec);
  const idOf = (params: unknown) => (params as { id: number }).id;

  app.get('/employees/:id', {
    schema: { tags: ['employees'], summary: 'One employee with its figures; a deleted one only with ?withDeleted', params: idParams, querystring: withDeletedQuery, response: employeeResponse(200) },
  }, async (request) => readEmployee(db, requireAuth(request), idOf(request.params), wantsDeleted((request.query as { withDeleted?: string }).withDeleted)));
  app.post('/employees', {
    schema: { tags: ['employees'], summary: 'Create an employee (409 with the id of an employee with the same e-mail or phone)', querystring: noQuery, body: employeeBody, response: employeeResponse(201) },
  }, async (request, reply) => {
    const record = await createEmployee(db, requireAuth(request), (request.body ?? {}) as Row);
    reply.status(201);
    return record;
  });
  app.patch('/employees/:id', {
    schema: { tags: ['employees'], summary: 'Change a employee', params: idParams, querystring: noQuery, body: employeeBody, response: employeeResponse(200) },
  }, async (request) => updateEmployee(db, requireAuth(request), idOf(request.params), (request.body ?? {}) as Row));
}
