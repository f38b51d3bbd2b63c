// /api/price-list: a buyer's price list with delivery priced in, its files, and the caller's buyer links.
// Every route is for a role that builds price lists (domain/priceList/access.ts), else 403 in Russian.
import { Type } from '@sinclair/typebox';
import type { App } from '../http/typed';
import type { Database } from '../db/client';
import type { Config } from '../config';
import { requireAuth } from '../accounts/auth';
import { idOf, idParams, noQuery } from '../http/schemas';
import { attachment } from '../lists/export';
import { assertPriceListAccess, buildPriceList, offersScope } from './lines';
import { CONTENT_TYPES, documentName, priceListPdf, priceListXlsx } from './documents';
import { createLink, listLinks, renewLink, revokeLink } from './links';
import { linkBase } from '../http/linkBase';
import {
  exportQuery,
  fileResponse,
  linkBody,
  linkCreated,
  linksResponse,
  priceListErrors,
  priceListQuery,
  priceListResponse,
  revokeResponse,
} from './schema';

export default async function priceListRoutes(app: App, opts: { db: Database; config: Config }) {
  const { db, config } = opts;
  app.get(
    '/price-list',
    {
      schema: {
        tags: ['price-list'],
        summary: "A buyer's price list: every available lot priced with delivery to the city",
        querystring: priceListQuery,
        response: priceListResponse,
      },
      schemaErrorFormatter: priceListErrors,
    },
    async (request) => {
      const auth = requireAuth(request);
      assertPriceListAccess(auth);
      return buildPriceList(db, request.query, offersScope(app.sectionSpecs.offers, auth));
    },
  );

  app.get(
    '/price-list/export',
    {
      schema: {
        tags: ['price-list'],
        summary: 'The price list as an XLSX or an A4 PDF for the buyer',
        querystring: exportQuery,
        produces: [CONTENT_TYPES.xlsx, CONTENT_TYPES.pdf],
        response: fileResponse,
      },
      schemaErrorFormatter: priceListErrors,
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      assertPriceListAccess(auth);
      const { format, ...query } = request.query;
      // a heavy answer: its place among the user's and the instance's (server/http/heavyGate.ts) before any work
      const { list, body } = await app.heavyGate.run(auth.user.id, async () => {
        const built = await buildPriceList(db, query, offersScope(app.sectionSpecs.offers, auth));
        return { list: built, body: format === 'pdf' ? await priceListPdf(built) : await priceListXlsx(built) };
      });
      return reply
        .type(CONTENT_TYPES[format])
        .header('Content-Disposition', attachment(documentName(list, format)))
        .send(body);
    },
  );

  app.get(
    '/price-list/links',
    {
      schema: {
        tags: ['price-list'],
        summary: "The caller's buyer links, newest first",
        querystring: noQuery,
        response: linksResponse,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      assertPriceListAccess(auth);
      return listLinks(db, auth, linkBase(config, request));
    },
  );

  app.post(
    '/price-list/links',
    {
      schema: {
        tags: ['price-list'],
        summary: 'A read-only link for the buyer, expiring with the validity',
        querystring: noQuery,
        body: linkBody,
        response: linkCreated,
      },
      schemaErrorFormatter: priceListErrors,
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      assertPriceListAccess(auth);
      return reply
        .status(201)
        .send(await createLink(db, app.sectionSpecs, auth, request.body, linkBase(config, request)));
    },
  );

  // 'Обновить цены': a link holds its prices to its date; a new one carries today's
  app.post(
    '/price-list/links/:id/renew',
    {
      // it takes no values: an empty object, or no body at all (read as {} before it is checked)
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: ['price-list'],
        summary: "A new link of the same request and validity with today's prices",
        params: idParams,
        querystring: noQuery,
        body: Type.Object({}, { additionalProperties: false }),
        response: linkCreated,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      assertPriceListAccess(auth);
      return reply
        .status(201)
        .send(await renewLink(db, app.sectionSpecs, auth, idOf(request.params), linkBase(config, request)));
    },
  );

  app.delete(
    '/price-list/links/:id',
    {
      schema: {
        tags: ['price-list'],
        summary: 'Revoke a buyer link',
        params: idParams,
        querystring: noQuery,
        response: revokeResponse,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      assertPriceListAccess(auth);
      return revokeLink(db, auth, idOf(request.params));
    },
  );
}
