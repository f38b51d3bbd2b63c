import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { listRoutes } from '../lists/routes';
import { employeesSpec } from '../sections/people';

export default async function employeesRoutes(app: FastifyInstance, opts: { db: Database }) {
  listRoutes(app, opts.db, employeesSpec);
}
