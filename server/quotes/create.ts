// A new quote (POST /api/quotes): the lines priced again from the lots the caller may read, each part's price
// checked against its lot's band, held until the quote's date.
import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { todayOf } from '../db/businessDay';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import { addDays } from '../../domain/businessDay';
import { RESERVE_HOLD_DAYS_DEFAULT } from '../../domain/settings';
import { money, product, ratio, sum, toNumber } from '../../domain/numbers';
import { marginality } from '../../domain/reserves/figures';
import { currentTerms } from '../../domain/reserves/terms';
import { lotPrice } from '../../domain/quotes/ranking';
import { QUOTE_MSG } from '../../domain/quotes/access';
import { lotOf } from '../../domain/offers/lot';
import {
  QUOTE_MAX_DAYS_DEFAULT,
  QUOTE_MAX_DAYS_SETTING,
  QUOTE_RECORD_MSG,
  quoteLastDay,
  type HeldLine,
  type HeldPart,
} from '../../domain/quotes/record';
import { QUOTE_BUYER } from '../../domain/quotes/buyer';
import { readBusinessSettings, settingsByName } from '../settings';
import { badRequest } from '../errors';
import { columnsOf, returningRows, select } from '../db/rows';
import { quotes } from '../db/schema';
import { lots } from '../priceList/lines';
import { destinationOf, pickBuyer } from './buyer';
import { recordQuoteHistory } from './history';
import { buyerColumn, quoteCard, storedQuote, type QuoteBody } from './records';

/** A figure of a line as a number above 0, or the 400 that says which (text is read with a comma or a point). */
function lineFigure(value: number | string, message: string): number {
  const n = toNumber(value);
  if (n === null || n <= 0 || n > 1e9) throw badRequest(message);
  return n;
}

type NumericLine = { offers: { offer_id: number; amount: number; unit_price?: number }[]; unit_price?: number };

/** A line of the body with its amounts and prices as numbers. */
const lineFigures = (line: QuoteBody['lines'][number]): NumericLine => ({
  offers: line.offers.map((o) => ({
    offer_id: o.offer_id,
    amount: lineFigure(o.amount, QUOTE_RECORD_MSG.amount),
    ...(o.unit_price === undefined ? {} : { unit_price: lineFigure(o.unit_price, QUOTE_RECORD_MSG.unitPrice) }),
  })),
  ...(line.unit_price === undefined ? {} : { unit_price: lineFigure(line.unit_price, QUOTE_RECORD_MSG.unitPrice) }),
});

/** A line of the body priced again from the lot: its parts with their prices checked against their bands. */
function heldLine(
  line: NumericLine,
  found: Map<number, Awaited<ReturnType<typeof lots>>[number]>,
  settings: Awaited<ReturnType<typeof readBusinessSettings>>,
): HeldLine {
  if (!line.offers.length || line.offers.length > 3) throw badRequest(QUOTE_RECORD_MSG.lineOffers);
  const offers = line.offers.map((asked): HeldPart => {
    const lot = found.get(asked.offer_id);
    if (!lot) throw badRequest(QUOTE_RECORD_MSG.offerGone(asked.offer_id));
    if (lot.unit_measure === 'шт' && !Number.isInteger(asked.amount)) throw badRequest(QUOTE_MSG.whole);
    if (asked.amount > (toNumber(lot.available_amount) ?? 0))
      throw badRequest(QUOTE_RECORD_MSG.short(asked.offer_id, lot.available_amount));
    const price = lotPrice(lot, settings, { level: 'min' });
    const unitPrice = asked.unit_price ?? (line.offers.length === 1 ? line.unit_price : undefined);
    if (!price || unitPrice === undefined) throw badRequest(QUOTE_RECORD_MSG.price);
    if (unitPrice < price.band.min || unitPrice > price.band.max) {
      throw badRequest(QUOTE_RECORD_MSG.band(asked.offer_id, money(price.band.min)!, money(price.band.max)!));
    }
    const terms = currentTerms(
      { unit_price: lot.purchase_price, kg_price: lot.kg_price, unit_weight: lot.unit_weight },
      settings,
    );
    return {
      offer_id: lot.offer_id,
      amount: money(asked.amount)!,
      kg: product(3, asked.amount, price.weight)!.toFixed(3),
      unit_price: money(unitPrice)!,
      price_kg: money(ratio(unitPrice, price.weight, 2))!,
      delivery_cost: money(price.delivery_cost)!,
      route_days: price.route_days,
      ...lotOf(lot),
      band: { min: money(price.band.min)!, max: money(price.band.max)! },
      margin: money(marginality(unitPrice, price.cost))!,
      rate_date: lot.rate_date,
      terms: Object.fromEntries(
        Object.entries(terms).map(([k, v]) => [k, v === null || v === undefined ? null : String(v)]),
      ) as unknown as HeldPart['terms'],
    };
  });
  const totalSum = sum(...offers.map((p) => product(2, p.amount, p.unit_price)))!;
  const totalKg = sum(...offers.map((p) => p.kg))!;
  return {
    offers,
    total_sum: money(totalSum)!,
    total_kg: totalKg.toFixed(3),
    price_kg: money(ratio(totalSum, totalKg, 2))!,
  };
}

/** POST /api/quotes: the lines priced again from the lots the caller may read, held until the date. */
export async function createQuote(
  db: Database,
  auth: AuthenticatedUser,
  body: QuoteBody,
  scope: SQL | null,
  publicUrl: string,
) {
  if (!body.lines?.length) throw badRequest(QUOTE_RECORD_MSG.lines);
  const buyer = await pickBuyer(db, auth, body.buyer_id);
  const city = await destinationOf(db, body.city_id, buyer);
  const settings = await readBusinessSettings(db);
  const today = await todayOf(db);
  const validUntil = body.valid_until ?? addDays(today, settings.reserve_hold_days ?? RESERVE_HOLD_DAYS_DEFAULT);
  if (validUntil < today) throw badRequest(QUOTE_RECORD_MSG.validUntil);
  await refuseLongQuote(db, auth, validUntil, today, settings);
  const ids = [...new Set(body.lines.flatMap((l) => l.offers.map((o) => o.offer_id)))];
  const found = new Map(
    (await lots(db, { city_id: city.id, offer_id: ids, level: 'min', rounding: 'none' }, scope)).map((l) => [
      l.offer_id,
      l,
    ]),
  );
  const lines = body.lines.map((line) => heldLine(lineFigures(line), found, settings));
  const token = randomBytes(32).toString('base64url');
  const [{ id }] = await returningRows(
    db,
    sql`
    INSERT INTO quotes (city_id, buyer_id, ${buyerColumn}, lines, valid_until, token, created_by)
    VALUES (${city.id}, ${buyer?.id ?? null}, ${buyer?.name ?? (body[QUOTE_BUYER]?.trim() || null)}, ${JSON.stringify(lines)}::jsonb, ${validUntil}, ${token}, ${auth.user.id})`,
    select(columnsOf(quotes, 'id')),
  );
  await recordQuoteHistory(db, auth.user.id, id, 'create');
  return quoteCard(db, await storedQuote(db, auth, id), publicUrl, auth);
}

/** A quote holds its prices to the business day + reserve_hold_days; an administrator may hold them up to
 * the business day + quote_max_days (default 14). Later is a 400 naming the last day. */
export async function refuseLongQuote(
  db: Database,
  auth: AuthenticatedUser,
  validUntil: string,
  today: string,
  settings: Awaited<ReturnType<typeof readBusinessSettings>>,
) {
  const stored = Number((await settingsByName(db, [QUOTE_MAX_DAYS_SETTING]))[QUOTE_MAX_DAYS_SETTING]);
  const maxDays = Number.isInteger(stored) && stored > 0 ? stored : QUOTE_MAX_DAYS_DEFAULT;
  const last = quoteLastDay(
    today,
    settings.reserve_hold_days ?? RESERVE_HOLD_DAYS_DEFAULT,
    maxDays,
    auth.permissions.is_admin,
  );
  if (validUntil > last) throw badRequest(QUOTE_RECORD_MSG.validUntilMax(last));
}
