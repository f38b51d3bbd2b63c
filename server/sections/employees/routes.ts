// /api/employees: the list, bulk delete and the filter config; one employee's card.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { listRoutes } from '../../lists/routes';
import { cardRoutes } from '../../records/cardRoutes';
import { employeesSpec } from './list';
import { employeeBody, employeeSummaries } from './schema';
import { employeeRecord } from './record';

export default async function employeesPlugin(app: FastifyInstance, opts: { db: Database }) {
  listRoutes(app, opts.db, employeesSpec);
  cardRoutes(app, opts.db, { body: employeeBody, summaries: employeeSummaries, record: employeeRecord });
}
