// /api/quotes ('Подбор'): a quote while the buyer is on the phone, saved and held ('Котировки'), reserved
// in one click. Every route is for a role that quotes (domain/quotes/access.ts), else 403 in Russian; reserving
// also takes the reserves' create right.
import { Type } from '@sinclair/typebox';
import type { App } from '../http/typed';
import type { Database } from '../db/client';
import type { Config } from '../config';
import { requireAuth } from '../accounts/auth';
import { idOf, idParams, noQuery } from '../http/schemas';
import { offersScope } from '../priceList/lines';
import { assertQuoteAccess, searchQuote } from './search';
import { changeQuote, deleteQuote, revokeQuoteLink } from './changes';
import { createQuote } from './create';
import { quoteCard, storedQuote } from './records';
import { reserveQuote } from './reserve';
import { quotePdf } from './pdf';
import { quoteHistory, QUOTE_PEOPLE } from './history';
import { addComment, listComments } from '../records/comments';
import { commentBody, commentErrors, commentResponse, commentsResponse } from '../records/commentSchemas';
import { hideCommentAuthors } from '../contract/visible';
import { listQuotes } from './list';
import { russianErrors } from '../http/validation';
import { listQuerySchema } from '../../domain/listQuerySchemas';
import { QUOTE_FILTERS } from '../../domain/quotes/list';
import type { RawQuery } from '../lists/query';
import { CONTENT_TYPES } from '../priceList/documents';
import { fileResponse } from '../priceList/schema';
import { attachment } from '../lists/export';
import { linkBase } from '../http/linkBase';
import {
  cardResponse,
  changeBody,
  historyResponse,
  createBody,
  createdResponse,
  createErrors,
  deletedResponse,
  listResponse,
  quoteErrors,
  recordErrors,
  reserveBody,
  reservedResponse,
  searchBody,
  searchResponse,
  stepBody,
} from './schema';

// the follower of new rates after the reserves': held quotes on 'daily' lots judged at today's cost
export { checkQuoteMargins } from './margins';

export default async function quoteRoutes(app: App, opts: { db: Database; config: Config }) {
  const { db, config } = opts;
  const caller = (request: Parameters<typeof requireAuth>[0]) => {
    const auth = requireAuth(request);
    assertQuoteAccess(auth);
    return auth;
  };
  /** The quote the address names, once the caller may read it: its id and the caller. */
  const readable = async (request: Parameters<typeof requireAuth>[0] & { params: { id: number } }) => {
    const { id } = request.params;
    const auth = caller(request);
    await storedQuote(db, auth, id);
    return { id, auth };
  };
  app.post(
    '/quotes/search',
    {
      schema: {
        tags: ['quotes'],
        summary: "The lots that can serve a buyer's amount in his city, ranked by the delivered price per kg",
        querystring: noQuery,
        body: searchBody,
        response: searchResponse,
      },
      schemaErrorFormatter: quoteErrors,
    },
    async (request) => {
      const auth = caller(request);
      return searchQuote(db, auth, request.body, offersScope(app.sectionSpecs.offers, auth));
    },
  );

  const listQuery = listQuerySchema(QUOTE_FILTERS);
  app.get(
    '/quotes',
    {
      schema: {
        tags: ['quotes'],
        summary:
          "'Котировки': the caller's saved quotes, a page filtered by status, buyer, city and dates, sorted (newest first by default)",
        querystring: Type.Unsafe<RawQuery>(listQuery.schema),
        response: listResponse,
      },
      schemaErrorFormatter: russianErrors(listQuery.texts),
    },
    async (request) => listQuotes(db, caller(request), request.query, '/api/quotes'),
  );

  app.post(
    '/quotes',
    {
      schema: {
        tags: ['quotes'],
        summary: 'Save a quote for the buyer: its lines priced again and held until its date',
        querystring: noQuery,
        body: createBody,
        response: createdResponse,
      },
      schemaErrorFormatter: createErrors,
    },
    async (request, reply) => {
      const auth = caller(request);
      return reply
        .status(201)
        .send(
          await createQuote(
            db,
            auth,
            request.body,
            offersScope(app.sectionSpecs.offers, auth),
            linkBase(config, request),
          ),
        );
    },
  );

  app.get(
    '/quotes/:id',
    {
      schema: {
        tags: ['quotes'],
        summary: 'A saved quote: its lines, status, text for the buyer and public link',
        params: idParams,
        querystring: noQuery,
        response: cardResponse,
      },
    },
    async (request) => {
      const auth = caller(request);
      return quoteCard(db, await storedQuote(db, auth, idOf(request.params)), linkBase(config, request), auth);
    },
  );

  app.get(
    '/quotes/:id/pdf',
    {
      schema: {
        tags: ['quotes'],
        summary: 'The quote as an A4 PDF for the buyer (nothing internal)',
        params: idParams,
        querystring: noQuery,
        produces: [CONTENT_TYPES.pdf],
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const quote = await storedQuote(db, auth, idOf(request.params));
      // a heavy answer: its place among the user's and the instance's (server/http/heavyGate.ts)
      const file = await app.heavyGate.run(auth.user.id, () => quotePdf(db, quote));
      return reply.type(CONTENT_TYPES.pdf).header('Content-Disposition', attachment(file.name)).send(file.body);
    },
  );

  app.get(
    '/quotes/:id/history',
    {
      schema: {
        tags: ['quotes'],
        summary: "A quote's history: made, its date or buyer changed, its link revoked, reserved, deleted",
        params: idParams,
        querystring: noQuery,
        response: historyResponse,
      },
    },
    async (request) => {
      const { id, auth } = await readable(request);
      return quoteHistory(db, id, auth.permissions);
    },
  );

  // comments on a quote: the records' own comments (entity 'quotes'), read and written by who reads the quote
  app.get(
    '/quotes/:id/comments',
    {
      schema: {
        tags: ['quotes'],
        summary: "A quote's comments, oldest first",
        params: idParams,
        querystring: noQuery,
        response: commentsResponse,
      },
    },
    async (request) => {
      const { id, auth } = await readable(request);
      return hideCommentAuthors(await listComments(db, 'quotes', id), auth.permissions, QUOTE_PEOPLE);
    },
  );

  app.post(
    '/quotes/:id/comments',
    {
      schema: {
        tags: ['quotes'],
        summary: 'Add a comment to a quote',
        params: idParams,
        querystring: noQuery,
        body: commentBody,
        response: commentResponse,
      },
      schemaErrorFormatter: commentErrors,
    },
    async (request, reply) => {
      const { id, auth } = await readable(request);
      const [comment] = hideCommentAuthors(
        [await addComment(db, auth, 'quotes', id, request.body.text)],
        auth.permissions,
        QUOTE_PEOPLE,
      );
      return reply.status(201).send(comment);
    },
  );

  app.patch(
    '/quotes/:id',
    {
      schema: {
        tags: ['quotes'],
        summary: "Change a quote's date, or its buyer while it is valid (one in its city), on the version seen",
        params: idParams,
        querystring: noQuery,
        body: changeBody,
        response: cardResponse,
      },
      schemaErrorFormatter: recordErrors,
    },
    async (request) => changeQuote(db, caller(request), idOf(request.params), request.body, linkBase(config, request)),
  );

  app.delete(
    '/quotes/:id',
    {
      schema: {
        tags: ['quotes'],
        summary: 'Delete a quote (its link stops working)',
        params: idParams,
        querystring: noQuery,
        body: stepBody,
        response: deletedResponse,
      },
      schemaErrorFormatter: recordErrors,
    },
    async (request) => deleteQuote(db, caller(request), idOf(request.params)),
  );

  app.post(
    '/quotes/:id/revoke',
    {
      schema: {
        tags: ['quotes'],
        summary: "Revoke the buyer's link of a quote",
        params: idParams,
        querystring: noQuery,
        body: stepBody,
        response: cardResponse,
      },
      schemaErrorFormatter: recordErrors,
    },
    async (request) => revokeQuoteLink(db, caller(request), idOf(request.params), linkBase(config, request)),
  );

  app.post(
    '/quotes/:id/reserve',
    {
      schema: {
        tags: ['quotes'],
        summary: "Reserve the quote's lines (all or the ones named) at its held prices, all or nothing",
        params: idParams,
        querystring: noQuery,
        body: reserveBody,
        response: reservedResponse,
      },
      schemaErrorFormatter: recordErrors,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reserveQuote(db, caller(request), idOf(request.params), request.body, linkBase(config, request))),
  );
}
