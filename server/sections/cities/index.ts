// /api/cities: the list, bulk delete and the filter config.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { listRoutes } from '../../lists/routes';
import { citiesSpec } from './list';

export default async function citiesPlugin(app: FastifyInstance, opts: { db: Database }) {
  listRoutes(app, opts.db, citiesSpec);
}
