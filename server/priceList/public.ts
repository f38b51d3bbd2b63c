// /api/public/price-list/{token}: the one public read (DESIGN.md "Public pages"), outside the session guard of
// /api: the buyer's columns of a live price list, by an unguessable, revocable, expiring token.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { SectionSpec } from '../spec/section';
import { noQuery } from '../http/schemas';
import { publicPriceList } from './links';
import { publicResponse, tokenParams } from './schema';
import { russianErrors } from '../http/validation';
import { PRICE_LIST_MSG } from '../../domain/priceList/access';

export default async function publicPriceListRoutes(app: FastifyInstance, opts: { db: Database; specs: Record<string, SectionSpec> }) {
  app.get('/price-list/:token', {
    schema: { tags: ['price-list'], summary: 'The buyer\'s read-only price list by its link (no sign-in)', security: [], params: tokenParams, querystring: noQuery, response: publicResponse },
    schemaErrorFormatter: russianErrors({ fields: { token: PRICE_LIST_MSG.linkNotFound } }),
  }, async (request, reply) => {
    const { token } = request.params as { token: string };
    const list = await publicPriceList(opts.db, opts.specs, token);
    // a buyer's page is nobody's to cache or index
    reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
    return list;
  });
}
