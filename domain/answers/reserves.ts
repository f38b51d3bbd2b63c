// The answers the offers' and reserves' pages read beside their cards: a reserve's route, a route of the delivery
// matrix, the business settings asked for, a re-pricing's terms and the offers page's tiles.
import { Type, type Static } from '@sinclair/typebox';
import { TERM_FIELDS } from '../reserves/terms';

type TermField = (typeof TERM_FIELDS)[number];
import { COUNT, Dict, ID, NULLABLE_TEXT, Nullable, TEXT } from './kit';

/** GET /api/reserves/route: a reserve's delivery cost (₽ per kg, the route's or the default) and days; no city. */
export const RESERVE_ROUTE = Type.Object(
  {
    offer_id: ID,
    to_id: ID,
    cost: Type.String({
      description: "₽ per kg: the route's, or delivery_cost_default where the matrix holds no route",
    }),
    days: Nullable(COUNT),
    default: Type.Boolean({ description: 'no route in the matrix: the cost is delivery_cost_default' }),
  },
  { additionalProperties: false },
);
export type ReserveRoute = Static<typeof RESERVE_ROUTE>;

/** GET /api/delivery: cost (₽ per kg) and days of one route; null where the matrix holds no such route. */
export const DELIVERY = Type.Object({
  to_id: ID,
  cost: Nullable(TEXT, { description: '₽ per kg; null when the matrix holds no such route' }),
  days: Nullable(COUNT),
});

/** POST /api/settings with names: the business settings asked for, each as its stored text. */
export const BUSINESS_SETTINGS = Dict(TEXT);

/** GET /api/reserves/{id}/reprice: the terms a re-pricing takes now, as text. */
export const REPRICE_TERMS = Type.Unsafe<Record<TermField, string | null>>(
  Type.Record(Type.Union(TERM_FIELDS.map((field) => Type.Literal(field))), NULLABLE_TEXT),
);
export type RepriceTerms = Static<typeof REPRICE_TERMS>;

const RESERVE_TILE = Type.Object({
  count: COUNT,
  /** Their selling total. */
  sum: Type.Optional(TEXT),
});
/** GET /api/offers/summary: the three tiles, each figure only if the caller may see it. */
export const OFFERS_SUMMARY = Type.Object({
  placed_reserves: Type.Optional(RESERVE_TILE),
  realized_reserves: Type.Optional(RESERVE_TILE),
  /** The purchase value of the completed reserves. */
  realized_value: Type.Optional(TEXT),
});
export type OffersSummary = Static<typeof OFFERS_SUMMARY>;
export type ReserveTile = Static<typeof RESERVE_TILE>;
