import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { listRoutes } from '../lists/routes';
import { productsSpec } from '../sections/catalogue';

export default async function productsRoutes(app: FastifyInstance, opts: { db: Database }) {
  listRoutes(app, opts.db, productsSpec);
}
