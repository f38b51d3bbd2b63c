// The route of a reserve: the delivery cost (₽ per kg) and days from an offer's loading city to the
// buyer's city, worked out on the server, for every role that may make or change reserves and read the offer. The
// answer names no city: a role that may not see the offer's loading city (role 1) gets the figures it prices by,
// not the origin (the delivery matrix, which would match them to one, is not its to read).
import { Type } from '@sinclair/typebox';
import type { App } from '../../http/typed';
import type { Database } from '../../db/client';
import { routeOf } from './delivery';
import { requireAuth } from '../../accounts/auth';
import { ID, responses } from '../../http/schemas';
import { russianErrors } from '../../http/validation';
import { forbidden, notFound } from '../../errors';
import { recordVisible } from '../../records/access';
import { can } from '../../../domain/permissions';
import { money } from '../../../domain/numbers';
import { RESERVE_ROUTE, type ReserveRoute } from '../../../domain/answers';
import { readBusinessSettings } from '../../settings';

export const ROUTE_MSG = { query: 'Укажите предложение (offer) и город доставки (to)' } as const;

export function reserveRouteRoutes(app: App, db: Database) {
  app.get(
    '/reserves/route',
    {
      schema: {
        tags: ['reserves'],
        summary:
          "A reserve's delivery cost (₽/kg) and days from the offer's loading city to the buyer's city; no city named",
        querystring: Type.Object({ offer: ID, to: ID }),
        response: responses({ 200: RESERVE_ROUTE }),
      },
      schemaErrorFormatter: russianErrors({ fields: { offer: ROUTE_MSG.query, to: ROUTE_MSG.query } }),
    },
    async (request): Promise<ReserveRoute> => {
      const auth = requireAuth(request);
      if (!can(auth.permissions, 'reserves', 'create') && !can(auth.permissions, 'reserves', 'update'))
        throw forbidden();
      const { offer, to } = request.query;
      if (!(await recordVisible(db, app.sectionSpecs.offers, auth, offer))) throw notFound();
      const route = await routeOf(db, offer, to, await readBusinessSettings(db));
      return { offer_id: offer, to_id: to, cost: money(route.cost)!, days: route.days, default: route.fallback };
    },
  );
}
