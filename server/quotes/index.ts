// /api/quotes (issue 38 'Подбор'): a quote while the buyer is on the phone. Every route is for a role that quotes
// (domain/quotes/access.ts), else 403 in Russian.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { requireAuth } from '../http/auth';
import { noQuery } from '../http/schemas';
import type { QuoteSearch } from '../../domain/quotes/search';
import { offersScope } from '../priceList/lines';
import { assertQuoteAccess, searchQuote } from './search';
import { quoteErrors, searchBody, searchResponse } from './schema';

export default async function quoteRoutes(app: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  app.post('/quotes/search', {
    schema: {
      tags: ['quotes'], summary: 'The lots that can serve a buyer\'s amount in his city, ranked by the delivered price per kg',
      querystring: noQuery, body: searchBody, response: searchResponse,
    },
    schemaErrorFormatter: quoteErrors,
  }, async (request) => {
    const auth = requireAuth(request);
    assertQuoteAccess(auth);
    return searchQuote(db, request.body as QuoteSearch, offersScope(app.sectionSpecs.offers, auth));
  });
}
