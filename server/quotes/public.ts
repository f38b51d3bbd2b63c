// /api/public/quotes/{token}: a saved quote as the buyer may see it, by its link, without a sign-in:
// the lots, amounts and prices with delivery, the date and the trader; nothing internal (DESIGN.md "Public pages").
// The lots' documents marked for buyers are served through the same token.
import type { App } from '../http/typed';
import type { Database } from '../db/client';
import { noQuery } from '../http/schemas';
import { russianErrors } from '../http/validation';
import { QUOTE_RECORD_MSG } from '../../domain/quotes/record';
import { publicQuote, publicQuoteDocument } from './link';
import { publicResponse, quoteDocumentParams, quoteTokenParams } from './schema';
import type { FileStores } from '../db/fileStores';
import { sendPublicDocument } from '../sections/offers';
import { documentFileResponse } from '../priceList/schema';
import { DOCUMENT_MSG } from '../../domain/offers/documents';

export default async function publicQuoteRoutes(app: App, opts: { db: Database; stores: FileStores }) {
  app.get(
    '/quotes/:token',
    {
      schema: {
        tags: ['quotes'],
        summary: "The buyer's read-only quote by its link (no sign-in)",
        security: [],
        params: quoteTokenParams,
        querystring: noQuery,
        response: publicResponse,
      },
      schemaErrorFormatter: russianErrors({ fields: { token: QUOTE_RECORD_MSG.linkGone } }),
    },
    async (request, reply) => {
      const quote = await publicQuote(opts.db, request.params.token);
      reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
      return quote;
    },
  );

  // a quoted lot's document marked for buyers, through the link's token; nothing else of an offer's files
  app.get(
    '/quotes/:token/documents/:docId',
    {
      schema: {
        tags: ['quotes'],
        summary: 'A document of a quoted lot marked for buyers (no sign-in)',
        security: [],
        querystring: noQuery,
        params: quoteDocumentParams,
        response: documentFileResponse,
      },
      schemaErrorFormatter: russianErrors({
        fields: { token: QUOTE_RECORD_MSG.linkGone, docId: DOCUMENT_MSG.notFound },
      }),
    },
    async (request, reply) => {
      const { token, docId } = request.params;
      return sendPublicDocument(reply, opts.stores, await publicQuoteDocument(opts.db, token, docId));
    },
  );
}
