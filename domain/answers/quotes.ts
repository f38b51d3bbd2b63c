// The answers of the price list and the quote pages that the SPA checks: the price list's lines, its buyer links
// and a quote's ranked lines.
import { Type, type Static } from '@sinclair/typebox';
import { ID, NAMED, NULLABLE_TEXT, OneOf, TEXT } from './kit';

/** GET /api/price-list: the buyer's city and a line per available lot. */
export const PRICE_LIST = Type.Object({
  city: NAMED,
  company: Type.Optional(TEXT),
  lines: Type.Array(
    Type.Object({
      offer_id: ID,
      product: TEXT,
      unit_price: TEXT,
      kg_price: TEXT,
      default_delivery: Type.Optional(Type.Boolean()),
    }),
  ),
});

/** POST /api/quotes/search: the buyer's city and the ranked lines, each with its lots. */
export const QUOTE_SEARCH = Type.Object({
  city: NAMED,
  lines: Type.Array(
    Type.Object({
      offers: Type.Array(Type.Object({ offer_id: ID, amount: TEXT, unit_price: TEXT })),
      delivered_kg_price: TEXT,
      price_kg: TEXT,
      margin: TEXT,
    }),
  ),
});

/** A buyer link of the caller's (GET /api/price-list/links lists them, newest first). */
export const PRICE_LIST_LINK = Type.Object({
  id: ID,
  url: TEXT,
  city: NAMED,
  /** The price list's request, as its query string. */
  query: TEXT,
  valid_until: TEXT,
  expires_at: TEXT,
  created_at: TEXT,
  revoked_at: NULLABLE_TEXT,
  status: OneOf(['active', 'expired', 'revoked']),
});
export const PRICE_LIST_LINKS = Type.Array(PRICE_LIST_LINK);
export type PriceListLink = Static<typeof PRICE_LIST_LINK>;

/** POST /api/price-list/links and a link's renewal: the new link and when it stops working. */
export const PRICE_LIST_LINK_MADE = Type.Object({ id: ID, url: TEXT, expires_at: TEXT });
export type PriceListLinkMade = Static<typeof PRICE_LIST_LINK_MADE>;
