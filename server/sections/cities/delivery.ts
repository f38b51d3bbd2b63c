// GET /api/delivery: the city matrix looked up for one route (the spec's "delivery lookup by cityIdFrom and
// cityIdTo"): what the reserve card fills its delivery cost and days from. A route the matrix does not hold
// answers nulls, and the card falls back to delivery_cost_default. `offer=` looks the route up from an offer's
// loading city, for a caller who may read that offer (else 404, as its card) and see its city. A caller whose role
// does not see the city (role 1) is refused with 403, like a write of the hidden field: any answer from the
// matrix would give the city away (the origin's own row is missing, and the cities' delivery tables, which role 1
// reads, match the figures to one origin), so its card takes the default cost and the user types the days.
import { Type } from '@sinclair/typebox';
import type { App } from '../../http/typed';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { requireAuth } from '../../accounts/auth';
import { ID, responses } from '../../http/schemas';
import { russianErrors } from '../../http/validation';
import { badRequest, forbidden, notFound } from '../../errors';
import { roundedOf, select, selectFirst } from '../../db/rows';
import { cityDelivery, offers } from '../../db/schema';
import { recordVisible } from '../../records/access';
import { can, isFieldVisible } from '../../../domain/permissions';
import { hiddenFieldMessage } from '../../../domain/schemas/card';
import { DELIVERY } from '../../../domain/answers';
import { requireMatrix } from './record';

export const DELIVERY_MSG = {
  route: 'Укажите город отправления (from) или предложение (offer) и город доставки (to)',
} as const;

const deliveryQuery = Type.Object({ from: Type.Optional(ID), to: ID, offer: Type.Optional(ID) });

const deliveryResponse = responses({
  200: DELIVERY,
});

export function deliveryRoutes(app: App, db: Database) {
  app.get(
    '/delivery',
    {
      schema: {
        tags: ['cities'],
        summary: "Delivery cost (₽/kg) and days from a city, or from an offer's loading city, to a city",
        querystring: deliveryQuery,
        response: deliveryResponse,
      },
      schemaErrorFormatter: russianErrors({
        fields: { from: DELIVERY_MSG.route, to: DELIVERY_MSG.route, offer: DELIVERY_MSG.route },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!can(auth.permissions, 'cities', 'read')) throw forbidden();
      const { from, to, offer } = request.query;
      if ((from === undefined) === (offer === undefined)) throw badRequest(DELIVERY_MSG.route);
      // the matrix's figures name a lot's loading city to a role that does not see it, from a city as from an offer
      if (from !== undefined) requireMatrix(auth);
      if (offer !== undefined) {
        if (!can(auth.permissions, 'reserves', 'read')) throw forbidden();
        if (!(await recordVisible(db, app.sectionSpecs.offers, auth, offer))) throw notFound();
        if (!isFieldVisible(auth.permissions, 'offers', 'city')) throw forbidden(hiddenFieldMessage('city'));
      }
      const origin =
        from !== undefined
          ? sql`${from}::int`
          : sql`(SELECT ${offers.city_id} FROM ${offers} WHERE ${offers.id} = ${offer})`;
      const d = cityDelivery;
      const route = await selectFirst(
        db,
        select({ cost: roundedOf(d.cost), days: d.days }),
        sql`FROM ${d} WHERE ${d.from_city_id} = ${origin} AND ${d.to_city_id} = ${to}`,
      );
      return { to_id: to, cost: route?.cost ?? null, days: route?.days ?? null };
    },
  );
}
