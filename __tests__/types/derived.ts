// The schema is the type: an answer's schema (domain/answers/) is what its route answers with and, through
// TypeBox's Static, the type of the code that makes the answer on the server and of the code that reads it in the
// SPA. This file is not run; `npm run typecheck` compiles it. Each `@ts-expect-error` must meet an error there, and
// each `Same` must hold, or the typecheck fails, so renaming a field in a schema fails on both sides:
// - the server: listLinks and the reserve route's handler are declared to return the schema's type, so an answer
//   still writing the old name (or missing the new one) no longer compiles;
// - the SPA: its endpoints' types are the schema's (src/api/shapes.ts `checked`), so a screen still reading the old
//   name no longer compiles.
import type { Static } from '@sinclair/typebox';
import type { PRICE_LIST_LINK, PriceListLink, RESERVE_ROUTE } from '../../domain/answers';
import type { listLinks } from '../../server/priceList/links';
import type { Delivery } from '../../src/features/reserves/reservesApi';
import type { priceListApi } from '../../src/features/priceList/priceListApi';

/** true only when A and B are the same type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// the SPA's types are the schemas', not copies of them
export const deliveryIsTheSchemas: Same<Delivery, Static<typeof RESERVE_ROUTE>> = true;
export const linkIsTheSchemas: Same<PriceListLink, Static<typeof PRICE_LIST_LINK>> = true;

// the server's answer and the SPA's read of it are one type
type LinkMade = Awaited<ReturnType<typeof listLinks>>[number];
type LinksRead = typeof priceListApi.endpoints.priceListLinks.Types.ResultType;
export const serverMakesWhatTheSpaReads: Same<LinkMade[], LinksRead> = true;

declare const delivery: Delivery;
declare const link: LinkMade;
export const cost: string = delivery.cost;
export const until: string = link.valid_until;
// @ts-expect-error: a reserve's route has no 'price'; its cost is 'cost'
export const price = delivery.price;
// @ts-expect-error: a link's validity is 'valid_until', never 'valid_to'
export const validTo = link.valid_to;
