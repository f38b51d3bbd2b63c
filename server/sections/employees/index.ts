// /api/employees: the list, bulk delete and the filter config.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { listRoutes } from '../../lists/routes';
import { employeesSpec } from './list';

export default async function employeesPlugin(app: FastifyInstance, opts: { db: Database }) {
  listRoutes(app, opts.db, employeesSpec);
}
