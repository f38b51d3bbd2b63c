import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { listRoutes } from '../lists/routes';
import { citiesSpec } from '../sections/catalogue';

export default async function citiesRoutes(app: FastifyInstance, opts: { db: Database }) {
  listRoutes(app, opts.db, citiesSpec);
}
