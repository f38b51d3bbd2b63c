// /api/cities: the list, bulk delete and the filter config; and /api/delivery, the matrix's lookup of one route.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { listRoutes } from '../../lists/routes';
import { citiesSpec } from './list';
import { deliveryRoutes } from './delivery';

export default async function citiesPlugin(app: FastifyInstance, opts: { db: Database }) {
  listRoutes(app, opts.db, citiesSpec);
  deliveryRoutes(app, opts.db);
}
