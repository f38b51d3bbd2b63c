// /api/reserves: the list, bulk delete and the filter config (also at the spec's own path), one reserve's card,
// and its steps: complete and cancel.
import { Type } from '@sinclair/typebox';
import type { App } from '../../http/typed';
import type { Database } from '../../db/client';
import { requireAuth } from '../../accounts/auth';
import { listRoutes } from '../../lists/routes';
import { filterConfig } from '../../lists/filterConfig';
import { reservesSpec } from './list';
import { idOf, idParams, noQuery } from '../../http/schemas';
import { filterConfigResponse } from '../../lists/schema';
import { cardResponse } from '../../records/card';
import { cardRoutes } from '../../records/cardRoutes';
import { completeBody, renewBody, repriceResponse, stepBody, reserveBody, reserveSummaries } from './schema';
import { reserveRouteRoutes } from './route';
import { reserveRecord } from './lifecycle';
import { cancelReserve, completeReserve, renewReserve, repriceTerms } from './statusSteps';
import { addPayment, deletePayment, readPayments } from './payments';
import { readRecord, type Row } from '../../records/pipeline';
import { paymentBody, paymentParams, paymentsResponse } from './schema';

export default async function reservesPlugin(app: App, opts: { db: Database }) {
  const { db } = opts;
  // bulk delete: a deleted active reserve gives its amount back to the offer, in the delete's transaction
  listRoutes(app, db, reservesSpec);
  // the spec's own path for the reserves filter config
  app.get(
    '/reserves_filter_config',
    {
      schema: {
        tags: ['reserves'],
        summary: 'reserves: filter fields and options',
        querystring: noQuery,
        response: filterConfigResponse,
      },
    },
    async (request) => filterConfig(db, reservesSpec, requireAuth(request), app.sectionSpecs),
  );

  // before the card's /reserves/:id: the route of a reserve being made or changed
  reserveRouteRoutes(app, db);
  cardRoutes(app, db, { body: reserveBody, summaries: reserveSummaries, record: reserveRecord });
  app.get(
    '/reserves/:id/reprice',
    {
      schema: {
        tags: ['reserves'],
        summary: "The terms re-pricing an active reserve would take now: the offer's prices and today's settings",
        params: idParams,
        querystring: noQuery,
        response: repriceResponse,
      },
    },
    async (request) => repriceTerms(db, requireAuth(request), idOf(request.params)),
  );
  app.post(
    '/reserves/:id/complete',
    {
      schema: {
        tags: ['reserves'],
        summary: 'Complete an active reserve on the day the buyer took the goods: its amount becomes purchased',
        params: idParams,
        querystring: noQuery,
        body: Type.Unsafe<Row | null>(completeBody),
        response: cardResponse(200),
      },
    },
    async (request) => completeReserve(db, requireAuth(request), idOf(request.params), request.body ?? {}),
  );
  app.post(
    '/reserves/:id/renew',
    {
      schema: {
        tags: ['reserves'],
        summary:
          "Renew an expired reserve ('Продлить'): it takes its amount from the offer again if still free, and holds for reserve_hold_days, not past its estimated date (a passed one needs a new estimated_date_implementation)",
        params: idParams,
        querystring: noQuery,
        body: Type.Unsafe<Row | null>(renewBody),
        response: cardResponse(200),
      },
    },
    async (request) => renewReserve(db, requireAuth(request), idOf(request.params), request.body ?? {}),
  );
  // payments of a completed reserve
  app.get(
    '/reserves/:id/payments',
    {
      schema: {
        tags: ['reserves'],
        summary: 'The payments of a completed reserve and what is left to pay',
        params: idParams,
        querystring: noQuery,
        response: paymentsResponse,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const id = idOf(request.params);
      return readPayments(db, auth, id, () => readRecord(db, auth, reserveRecord, id, false));
    },
  );
  app.post(
    '/reserves/:id/payments',
    {
      schema: {
        tags: ['reserves'],
        summary: 'Add a payment to a completed reserve: {date, amount, comment, version}; never above what is left',
        params: idParams,
        querystring: noQuery,
        body: Type.Unsafe<Row | null>(paymentBody),
        response: cardResponse(200),
      },
    },
    async (request) => addPayment(db, requireAuth(request), idOf(request.params), request.body ?? {}),
  );
  app.delete(
    '/reserves/:id/payments/:paymentId',
    {
      schema: {
        tags: ['reserves'],
        summary: 'Take a payment back (administrators): {version}',
        params: paymentParams,
        querystring: noQuery,
        body: Type.Unsafe<Row | null>(stepBody),
        response: cardResponse(200),
      },
    },
    async (request) => {
      const { id, paymentId } = request.params;
      return deletePayment(db, requireAuth(request), id, paymentId, request.body ?? {});
    },
  );
  app.post(
    '/reserves/:id/cancel',
    {
      schema: {
        tags: ['reserves'],
        summary: 'Cancel an active reserve: its amount returns to the offer',
        params: idParams,
        querystring: noQuery,
        body: Type.Unsafe<Row | null>(stepBody),
        response: cardResponse(200),
      },
    },
    async (request) => cancelReserve(db, requireAuth(request), idOf(request.params), request.body ?? {}),
  );
}
