// POST /api/quotes/{id}/reserve ('Зарезервировать'): the quote's lines (all, or the ones named) become
// reserves for the buyer with each lot's held price, amount, the quote's city, the delivery cost and days it was
// priced with, through the reserve's own rules (band on the quote's terms, stock under the offer's lock, papers,
// rights, history): all in one transaction or none, and the quote becomes 'Принята'. A lot that no longer has the
// amount (a reserve raced it) refuses the whole quote and changes nothing.
import { sql } from 'drizzle-orm';
import { todayOf } from '../db/businessDay';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import { addDays } from '../../domain/businessDay';
import { canReserveFromQuote } from '../../domain/quotes/access';
import { fromQuoteComment, QUOTE_RECORD_MSG } from '../../domain/quotes/record';
import { QUOTE_BUYER } from '../../domain/quotes/buyer';
import { RESERVE_BUYER_FIELDS } from '../../domain/reserves/buyerFields';
import { badRequest, forbidden } from '../errors';
import { createRecords, mayCreate } from '../records/create';
import { heldReserveRecord, reserveRecord } from '../sections/reserves';
import { lockedQuote } from './changes';
import { quoteCard, storedQuote, tellQuoteAuthor } from './records';
import { QUOTE_NOTICE } from '../../domain/notifications';
import { writeQuote } from './history';
import { lockBuyer } from './buyer';
import type { Static } from '@sinclair/typebox';
import type { reserveBody } from './schema';

/** The reserve's body as its route's schema checks it (schema.ts reserveBody): the version seen, the line numbers
 * (from 1; all when not given), the reserve's date and responsible, a credit override's reason for a user who may
 * exceed a buyer's limit, and the buyer: the name typed, or the quote's; a phone and an address sent are the
 * reserve's, else empty (the quote's picked buyer fills what the form leaves empty). */
export type QuoteReserveBody = Static<typeof reserveBody>;

export async function reserveQuote(
  db: Database,
  auth: AuthenticatedUser,
  id: number,
  body: QuoteReserveBody,
  publicUrl: string,
) {
  if (!canReserveFromQuote(auth.permissions)) throw forbidden(QUOTE_RECORD_MSG.reserveForbidden);
  const hidden = mayCreate(auth, reserveRecord);
  const ids: number[] = [];
  await db.transaction(async (tx) => {
    const quote = await lockedQuote(tx, auth, id, body.version);
    if (quote.status === 'accepted') throw badRequest(QUOTE_RECORD_MSG.accepted);
    const today = await todayOf(tx);
    if (quote.valid_until < today) throw badRequest(QUOTE_RECORD_MSG.expired);
    const numbers = body.lines?.length ? [...new Set(body.lines)] : quote.lines.map((_, i) => i + 1);
    for (const n of numbers) if (!quote.lines[n - 1]) throw badRequest(QUOTE_RECORD_MSG.lineMissing(n));
    // a reserve belongs to a buyer card, whose credit it meets; the buyer's row is locked first, then every
    // lot the quote takes in id order, as every reserve's writer takes them (a two-lot quote racing a reserve of the
    // same buyer deadlocked when it took a lot, the buyer, then the other lot)
    if (quote.buyer_id === null) throw badRequest(QUOTE_RECORD_MSG.reserveBuyer);
    await lockBuyer(tx, quote.buyer_id);
    const offerIds = [
      ...new Set(numbers.flatMap((n) => quote.lines[n - 1].offers.map((part) => Number(part.offer_id)))),
    ].sort((x, y) => x - y);
    await tx.execute(
      sql`SELECT id FROM offers WHERE id = ANY(${`{${offerIds.join(',')}}`}::int[]) ORDER BY id FOR UPDATE`,
    );
    const buyer = Object.fromEntries(
      RESERVE_BUYER_FIELDS.map(({ key }) => [
        key,
        key === QUOTE_BUYER ? (body[key] ?? quote[key] ?? '').trim() : (body[key] ?? null),
      ]),
    );
    // every part a reserve, through the pipeline's one entry for many: rights and hidden fields once, each checked
    // as its card would be on the terms the quote held, one history and one announcement for all
    const parts = numbers.flatMap((n) => quote.lines[n - 1].offers);
    const created = await createRecords(
      tx,
      auth,
      reserveRecord,
      parts.map((part) => ({
        body: {
          offer_id: part.offer_id,
          amount: part.amount,
          unit_selling_price: part.unit_price,
          city_id: quote.city_id,
          delivery_cost: part.delivery_cost,
          delivery_days: part.route_days ?? 0,
          // the goods cannot be there before the route's days: the day they can be, at the earliest
          estimated_date_implementation: body.estimated_date_implementation ?? addDays(today, part.route_days ?? 0),
          // the quote's buyer: the reserve's credit check applies to it, its phone and address fill the empty
          ...(quote.buyer_id !== null && !hidden.has('buyer_id') ? { buyer_id: quote.buyer_id } : {}),
          ...buyer,
          ...(body.responsible_id !== undefined ? { responsible_id: body.responsible_id } : {}),
          ...(body.credit_override ? { credit_override: body.credit_override } : {}),
          comments: [{ text: fromQuoteComment(quote.id) }],
        },
        prepare: heldReserveRecord(part.terms, quote.id).prepareCreate,
      })),
    );
    ids.push(...created.map((r) => r.id));
    // the quote's status through the same history writer: its entry, and its event on the live streams
    await writeQuote(tx, auth.user.id, id, sql`status = 'accepted'`, 'update', [
      { field: 'status', old: 'active', new: 'accepted' },
      { field: 'reserve_ids', old: null, new: ids },
    ]);
    await tellQuoteAuthor(tx, auth, quote, QUOTE_NOTICE.reserved(id, ids));
  });
  return { reserve_ids: ids, quote: await quoteCard(db, await storedQuote(db, auth, id), publicUrl, auth) };
}
