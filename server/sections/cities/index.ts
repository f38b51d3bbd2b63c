// /api/cities: the list, bulk delete and the filter config; and /api/delivery, the matrix's lookup of one route.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { cityCardRoutes } from './card';
import { deliveryMatrixRoutes } from './matrix';
import { listRoutes } from '../../lists/routes';
import { citiesSpec } from './list';
import { deliveryRoutes } from './delivery';

export default async function citiesPlugin(app: FastifyInstance, opts: { db: Database }) {
  cityCardRoutes(app, opts.db);
  deliveryMatrixRoutes(app, opts.db);
  listRoutes(app, opts.db, citiesSpec);
  deliveryRoutes(app, opts.db);
}
