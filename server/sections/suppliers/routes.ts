// /api/suppliers: the list, bulk delete and the filter config; one supplier's card.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { listRoutes } from '../../lists/routes';
import { cardRoutes } from '../../records/cardRoutes';
import { suppliersSpec } from './list';
import { supplierBody, supplierSummaries } from './schema';
import { supplierRecord } from './record';

export default async function suppliersPlugin(app: FastifyInstance, opts: { db: Database }) {
  listRoutes(app, opts.db, suppliersSpec);
  cardRoutes(app, opts.db, { body: supplierBody, summaries: supplierSummaries, record: supplierRecord });
}
