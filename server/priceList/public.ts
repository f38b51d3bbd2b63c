// /api/public/price-list/{token}: the one public read (DESIGN.md "Public pages"), outside the session guard of
// /api: the buyer's columns of a live price list, by an unguessable, revocable, expiring token.
import type { App } from '../http/typed';
import type { Database } from '../db/client';
import type { SectionSpec } from '../contract/section';
import { noQuery } from '../http/schemas';
import { publicDocumentFile, publicPriceList } from './links';
import { publicListCache } from './publicCache';
import {
  documentFileResponse,
  publicPageQuery,
  publicPageTexts,
  publicResponse,
  tokenDocumentParams,
  tokenParams,
} from './schema';
import type { FileStores } from '../db/fileStores';
import { sendPublicDocument } from '../sections/offers';
import { DOCUMENT_MSG } from '../../domain/offers/documents';
import { russianErrors } from '../http/validation';
import { PRICE_LIST_MSG } from '../../domain/priceList/access';

export default async function publicPriceListRoutes(
  app: App,
  opts: { db: Database; specs: Record<string, SectionSpec>; stores: FileStores; cacheSeconds: number },
) {
  const cache = publicListCache(opts.cacheSeconds);

  app.get(
    '/price-list/:token',
    {
      schema: {
        tags: ['price-list'],
        summary: "A page of the buyer's read-only price list by its link (no sign-in)",
        security: [],
        params: tokenParams,
        querystring: publicPageQuery,
        response: publicResponse,
      },
      schemaErrorFormatter: russianErrors({ fields: { token: PRICE_LIST_MSG.linkNotFound, ...publicPageTexts } }),
    },
    async (request, reply) => {
      const { token } = request.params;
      const { page, perPage } = request.query;
      const list = await publicPriceList(opts.db, opts.specs, token, cache, { page, perPage });
      // a buyer's page is nobody's to cache or index
      reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
      return list;
    },
  );

  // a lot's document marked for buyers, through the link's token; nothing else of an offer's files
  app.get(
    '/price-list/:token/documents/:docId',
    {
      schema: {
        tags: ['price-list'],
        summary: 'A document of a listed lot marked for buyers (no sign-in)',
        security: [],
        params: tokenDocumentParams,
        querystring: noQuery,
        response: documentFileResponse,
      },
      schemaErrorFormatter: russianErrors({
        fields: { token: PRICE_LIST_MSG.linkNotFound, docId: DOCUMENT_MSG.notFound },
      }),
    },
    async (request, reply) => {
      const { token, docId } = request.params;
      return sendPublicDocument(reply, opts.stores, await publicDocumentFile(opts.db, opts.specs, token, docId, cache));
    },
  );
}
