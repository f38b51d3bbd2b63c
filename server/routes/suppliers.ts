import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { listRoutes } from '../lists/routes';
import { suppliersSpec } from '../sections/people';

export default async function suppliersRoutes(app: FastifyInstance, opts: { db: Database }) {
  listRoutes(app, opts.db, suppliersSpec);
}
