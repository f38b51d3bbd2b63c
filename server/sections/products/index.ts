// /api/products: the list, bulk delete and the filter config.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { listRoutes } from '../../lists/routes';
import { productsSpec } from './list';

export default async function productsPlugin(app: FastifyInstance, opts: { db: Database }) {
  listRoutes(app, opts.db, productsSpec);
}
