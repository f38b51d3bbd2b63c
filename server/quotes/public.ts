// /api/public/quotes/{token} (issue 38): a saved quote as the buyer may see it, by its link, without a sign-in:
// the lots, amounts and prices with delivery, the date and the trader; nothing internal (DESIGN.md "Public pages").
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { noQuery } from '../http/schemas';
import { russianErrors } from '../http/validation';
import { QUOTE_RECORD_MSG } from '../../domain/quotes/record';
import { publicQuote } from './records';
import { publicResponse, quoteTokenParams } from './schema';

export default async function publicQuoteRoutes(app: FastifyInstance, opts: { db: Database }) {
  app.get('/quotes/:token', {
    schema: { tags: ['quotes'], summary: 'The buyer\'s read-only quote by its link (no sign-in)', security: [], params: quoteTokenParams, querystring: noQuery, response: publicResponse },
    schemaErrorFormatter: russianErrors({ fields: { token: QUOTE_RECORD_MSG.linkGone } }),
  }, async (request, reply) => {
    const quote = await publicQuote(opts.db, (request.params as { token: string }).token);
    reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
    return quote;
  });
}
