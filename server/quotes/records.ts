// Saved quotes ('Сохранить предложение покупателю'): the lines a manager named to a buyer's city, priced
// again here from the lots, the matrix and today's settings (a price outside a lot's band is refused, as the reserve
// card would), held with the terms they were worked out on until the quote's date (today + reserve_hold_days unless
// given), shared by a random revocable token. Read by its creator, or by a role that reads every reserve.
import { createHash, randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { todayOf } from '../db/businessDay';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import { scopeOf } from '../../domain/permissions';
import { addDays } from '../../domain/businessDay';
import { RESERVE_HOLD_DAYS_DEFAULT } from '../../domain/settings';
import { money, product, ratio, sum, toNumber } from '../../domain/numbers';
import { lotOf } from '../../domain/offers/lot';
import { marginality } from '../../domain/reserves/figures';
import { currentTerms } from '../../domain/reserves/terms';
import { lotPrice } from '../../domain/quotes/ranking';
import { QUOTE_MSG, canChangeQuote } from '../../domain/quotes/access';
import {
  QUOTE_MAX_DAYS_DEFAULT,
  QUOTE_MAX_DAYS_SETTING,
  QUOTE_RECORD_MSG,
  quoteLastDay,
  quoteStatusOf,
  quoteText,
  type HeldLine,
  type HeldPart,
  type QuoteStatus,
} from '../../domain/quotes/record';
import { QUOTE_BUYER, type QuoteBuyerName } from '../../domain/quotes/buyer';
import { readBusinessSettings, settingsByName } from '../settings';
import { HttpError, badRequest, forbidden, notFound, stale } from '../errors';
import { columnsOf, returningRows, select, selectFirst, textOf, type SelectedRow } from '../db/rows';
import { cities, quotes, reserves } from '../db/schema';
import { COMPANY_FALLBACK, COMPANY_SETTING, lots } from '../priceList/lines';
import { destinationOf, pickBuyer } from './buyer';
import { quoteStaleInfo, recordQuoteHistory, writeQuote } from './history';
import { shareableDocuments, shareableFile, type PublicDocumentFile } from '../sections/offers';
import { notify } from '../records/notify';
import { QUOTE_NOTICE } from '../../domain/notifications';
import { QUOTE_FIELD_TITLES } from '../../domain/quotes/texts';

/** The trader's phone in the text for the buyer (business setting). */
export const PHONE_SETTING = 'company_phone';

export interface QuoteBody extends Partial<QuoteBuyerName> {
  buyer_id?: number;
  city_id?: number;
  /** Amounts and prices as numbers, or as the search's text ('100.00'). */
  lines: {
    offers: { offer_id: number; amount: number | string; unit_price?: number | string }[];
    unit_price?: number | string;
  }[];
  valid_until?: string;
}

export const quoteUrl = (publicUrl: string, token: string) => `${publicUrl}/q/${token}`;

/** The number a buyer knows a quote by (the internal one is sequential and tells how many quotes the
 * trader makes): eight digits from the link's token, stable for the quote's life ('4821-0937'). Its text, its
 * public page and its PDF carry it; the card shows it beside the internal one. */
export function publicNumber(token: string): string {
  const digits = String(createHash('sha256').update(token).digest().readUInt32BE(0) % 100_000_000).padStart(8, '0');
  return `${digits.slice(0, 4)}-${digits.slice(4)}`;
}

/** The quotes table's buyer name column, as the quote's buyer travels (domain/quotes/buyer.ts). */
export const buyerColumn = sql.identifier(QUOTE_BUYER);

/** The quotes a caller reads: its own, or all for a role that reads every reserve. */
export const readScope = (auth: AuthenticatedUser): SQL =>
  scopeOf(auth.permissions, 'reserves', 'read') === 'all' ? sql`true` : sql`q.created_by = ${auth.user.id}`;

const q = alias(quotes, 'q');
const c = alias(cities, 'c');
const r = alias(reserves, 'r');

/** A quote as stored, with its city's name and the reserves made from it (its buyer's name under the reserve's key). */
const QUOTE = select({
  ...columnsOf(q, 'id', 'city_id'),
  city: c.name,
  ...columnsOf(q, 'buyer_id', QUOTE_BUYER),
  lines: sql<HeldLine[]>`${q.lines}`,
  valid_until: textOf(q.valid_until),
  ...columnsOf(q, 'token', 'token_revoked_at', 'created_by', 'status', 'version', 'created_at'),
  reserve_ids: sql<
    number[]
  >`(SELECT coalesce(json_agg(${r.id} ORDER BY ${r.id}), '[]'::json) FROM ${reserves} ${r} WHERE ${r.quote_id} = ${q.id})`,
});

/** A quote row as stored. */
export type QuoteRow = SelectedRow<typeof QUOTE>;

/** The quotes `q` with their cities `c`. */
export const QUOTE_FROM = sql`FROM ${quotes} ${q} JOIN ${cities} ${c} ON ${c.id} = ${q.city_id}`;

export const QUOTE_SELECT = sql`SELECT ${QUOTE} ${QUOTE_FROM}`;

export async function storedQuote(
  db: Database,
  auth: AuthenticatedUser | null,
  id: number,
  lock = false,
): Promise<QuoteRow> {
  const row = await selectFirst(
    db,
    QUOTE,
    sql`${QUOTE_FROM}
    WHERE ${q.id} = ${id} AND ${q.status} <> 'deleted' ${auth ? sql`AND ${readScope(auth)}` : sql``} ${lock ? sql`FOR UPDATE OF q` : sql``}`,
  );
  if (!row) throw notFound(QUOTE_RECORD_MSG.notFound);
  return row;
}

/** A quote's writes belong to its author, or to a role that changes or deletes every reserve; anyone
 * else who reads it (a role that reads every reserve) gets 403. */
export function requireQuoteWrite(auth: AuthenticatedUser, row: QuoteRow): void {
  if (!canChangeQuote(auth.permissions, auth.user.id, row.created_by)) throw forbidden(QUOTE_MSG.changeForbidden);
}

/** The quote's author is told, in the write's transaction, when someone else wrote its quote (not of its own writes). */
export async function tellQuoteAuthor(
  tx: Database,
  auth: AuthenticatedUser,
  row: QuoteRow,
  text: string,
): Promise<void> {
  if (row.created_by === null || row.created_by === auth.user.id) return;
  await notify(tx, {
    to: sql`u.id = ${row.created_by}`,
    kind: 'quote_changed',
    section: 'quotes',
    recordId: row.id,
    text,
    by: auth.user.id,
  });
}

/** The trader's name and phone for the buyer: business settings company_name and company_phone. */
export async function traderOf(db: Database) {
  const s = await settingsByName(db, [COMPANY_SETTING, PHONE_SETTING]);
  return { name: s[COMPANY_SETTING]?.trim() || COMPANY_FALLBACK, phone: s[PHONE_SETTING]?.trim() || null };
}

/** A part without the terms it was priced on: what any answer may show of it. */
const shownPart = ({ terms: _terms, ...part }: HeldPart) => part;

/** The quote's card: its lines without their terms, its status on the business day, its text and public link. */
export async function quoteCard(db: Database, row: QuoteRow, publicUrl: string, auth: AuthenticatedUser) {
  const today = await todayOf(db);
  const status: QuoteStatus = quoteStatusOf(row.status, row.valid_until, today);
  const lines = row.lines.map((l) => ({ ...l, offers: l.offers.map(shownPart) }));
  return {
    id: row.id,
    number: row.id,
    public_number: publicNumber(row.token),
    status,
    city: { id: row.city_id, name: row.city },
    buyer_id: row.buyer_id,
    [QUOTE_BUYER]: row[QUOTE_BUYER],
    valid_until: row.valid_until,
    lines,
    total_sum: money(sum(...row.lines.map((l) => l.total_sum)))!,
    version: row.version,
    created_at: new Date(row.created_at).toISOString(),
    token: row.token,
    url: quoteUrl(publicUrl, row.token),
    link_revoked: row.token_revoked_at !== null,
    reserve_ids: row.reserve_ids ?? [],
    // whether the caller may change, revoke, reserve or delete it (the card hides those steps otherwise)
    can_change: canChangeQuote(auth.permissions, auth.user.id, row.created_by),
    text: quoteText(
      { number: publicNumber(row.token), city: row.city, valid_until: row.valid_until, lines: row.lines },
      await traderOf(db),
    ),
  };
}

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
async function refuseLongQuote(
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

/** Takes the quote locked on the version the caller saw: a newer one is 409 'stale' naming who, when and what. */
export async function lockedQuote(tx: Database, auth: AuthenticatedUser, id: number, version: number | undefined) {
  const row = await storedQuote(tx, auth, id, true);
  requireQuoteWrite(auth, row);
  if (version !== undefined && version !== row.version)
    throw stale(await quoteStaleInfo(tx, auth.permissions, id, version, row.version));
  return row;
}

/** PATCH /api/quotes/{id} {version, valid_until?, the buyer's name?, buyer_id?}: the date (not before today), the buyer's
 * name, and while the quote is valid its buyer from 'Покупатели' (one the caller reads, in the quote's city; its
 * name becomes the quote's) or none (null). */
export async function changeQuote(
  db: Database,
  auth: AuthenticatedUser,
  id: number,
  body: QuoteChange,
  publicUrl: string,
) {
  await db.transaction(async (tx) => {
    const row = await lockedQuote(tx, auth, id, body.version);
    if (row.status === 'accepted') throw badRequest(QUOTE_RECORD_MSG.accepted);
    const today = await todayOf(tx);
    if (body.valid_until !== undefined && body.valid_until < today) throw badRequest(QUOTE_RECORD_MSG.validUntil);
    // an expired quote stays expired, and a new date is held to the cap
    if (body.valid_until !== undefined && body.valid_until !== row.valid_until) {
      if (row.valid_until < today) throw badRequest(QUOTE_RECORD_MSG.reopen);
      await refuseLongQuote(tx, auth, body.valid_until, today, await readBusinessSettings(tx));
    }
    const validUntil = body.valid_until ?? row.valid_until;
    const buyer =
      body.buyer_id === undefined || body.buyer_id === row.buyer_id
        ? undefined
        : await quoteBuyer(tx, auth, row, body.buyer_id, today);
    const buyerId = buyer === undefined ? row.buyer_id : (buyer?.id ?? null);
    const buyerName = buyer
      ? buyer.name
      : body[QUOTE_BUYER] === undefined
        ? row[QUOTE_BUYER]
        : body[QUOTE_BUYER]?.trim() || null;
    const changes = [
      ...(validUntil !== row.valid_until ? [{ field: 'valid_until', old: row.valid_until, new: validUntil }] : []),
      ...(buyerId !== row.buyer_id ? [{ field: 'buyer_id', old: row.buyer_id, new: buyerId }] : []),
      ...(buyerName !== row[QUOTE_BUYER] ? [{ field: QUOTE_BUYER, old: row[QUOTE_BUYER], new: buyerName }] : []),
    ];
    await writeQuote(
      tx,
      auth.user.id,
      id,
      sql`valid_until = ${validUntil}, buyer_id = ${buyerId}, ${buyerColumn} = ${buyerName}`,
      'update',
      changes,
    );
    if (changes.length)
      await tellQuoteAuthor(
        tx,
        auth,
        row,
        QUOTE_NOTICE.changed(id, [...new Set(changes.map((c) => QUOTE_FIELD_TITLES[c.field]))]),
      );
  });
  return quoteCard(db, await storedQuote(db, auth, id), publicUrl, auth);
}

export interface QuoteChange extends Partial<QuoteBuyerName> {
  version: number;
  valid_until?: string;
  buyer_id?: number | null;
}

/** The buyer a valid quote is moved to: one the caller reads, in the quote's city; null leaves it with none. */
async function quoteBuyer(tx: Database, auth: AuthenticatedUser, row: QuoteRow, buyerId: number | null, today: string) {
  if (quoteStatusOf(row.status, row.valid_until, today) !== 'active') throw badRequest(QUOTE_RECORD_MSG.buyerExpired);
  const buyer = await pickBuyer(tx, auth, buyerId);
  if (buyer && buyer.city_id !== row.city_id) {
    const city =
      buyer.city_id === null
        ? null
        : ((
            await selectFirst(
              tx,
              select(columnsOf(cities, 'name')),
              sql`FROM ${cities} WHERE ${cities.id} = ${buyer.city_id}`,
            )
          )?.name ?? null);
    throw badRequest(QUOTE_RECORD_MSG.buyerCity(row.city, city));
  }
  return buyer;
}

/** DELETE /api/quotes/{id}: gone from the list, its link with it. */
export async function deleteQuote(db: Database, auth: AuthenticatedUser, id: number) {
  await db.transaction(async (tx) => {
    const row = await storedQuote(tx, auth, id, true);
    requireQuoteWrite(auth, row);
    await writeQuote(
      tx,
      auth.user.id,
      id,
      sql`status = 'deleted', deleted_at = now(), token_revoked_at = coalesce(token_revoked_at, now())`,
      'delete',
    );
    await tellQuoteAuthor(tx, auth, row, QUOTE_NOTICE.deleted(id));
  });
  return { status: 'success' as const };
}

/** POST /api/quotes/{id}/revoke: the buyer's link stops working. */
export async function revokeQuoteLink(db: Database, auth: AuthenticatedUser, id: number, publicUrl: string) {
  await db.transaction(async (tx) => {
    const row = await storedQuote(tx, auth, id, true);
    requireQuoteWrite(auth, row);
    if (row.token_revoked_at) return;
    await writeQuote(tx, auth.user.id, id, sql`token_revoked_at = now()`, 'update', [
      { field: 'link', old: 'active', new: 'revoked' },
    ]);
    await tellQuoteAuthor(tx, auth, row, QUOTE_NOTICE.revoked(id));
  });
  return quoteCard(db, await storedQuote(db, auth, id), publicUrl, auth);
}

const gone = () => new HttpError(410, { status: 'error', error: 'gone', message: QUOTE_RECORD_MSG.linkGone });

/** The quote a live link names; 404 for a token nobody issued, 410 once revoked, deleted or past its date. */
async function linkedQuote(db: Database, token: string) {
  const row = await selectFirst(db, QUOTE, sql`${QUOTE_FROM} WHERE ${q.token} = ${token}`);
  if (!row) throw notFound(QUOTE_RECORD_MSG.linkGone);
  const today = await todayOf(db);
  if (row.status === 'deleted' || row.token_revoked_at || row.valid_until < today) throw gone();
  return { row, today };
}

/** The quote's lots by offer: what its documents are named by. */
const lotsOf = (row: QuoteRow) =>
  new Map(row.lines.flatMap((l) => l.offers.map((p) => [Number(p.offer_id), lotOf(p)] as const)));

/** GET /api/public/quotes/{token}: what the buyer may see of a quote (no supplier, purchase price, margin, band or
 * delivery cost), with each lot's documents marked 'Можно показывать покупателю' served through the token
 *; 404 for a token nobody issued, 410 once revoked, deleted or past its date. */
export async function publicQuote(db: Database, token: string) {
  const { row, today } = await linkedQuote(db, token);
  const trader = await traderOf(db);
  const documents = await shareableDocuments(db, lotsOf(row));
  return {
    number: publicNumber(row.token),
    company: trader.name,
    phone: trader.phone,
    buyer: row[QUOTE_BUYER],
    city: row.city,
    valid_until: row.valid_until,
    status: quoteStatusOf(row.status, row.valid_until, today),
    lines: row.lines.flatMap((l) =>
      l.offers.map((p) => ({
        ...lotOf(p),
        amount: p.amount,
        kg: p.kg,
        price: p.unit_price,
        price_per_kg: p.price_kg,
        delivery_days: p.route_days,
        documents: (documents.get(Number(p.offer_id)) ?? []).map(({ id, ...d }) => ({
          ...d,
          url: `/api/public/quotes/${token}/documents/${id}`,
        })),
      })),
    ),
    total_sum: money(sum(...row.lines.map((l) => l.total_sum)))!,
    text: quoteText(
      { number: publicNumber(row.token), city: row.city, valid_until: row.valid_until, lines: row.lines },
      trader,
    ),
  };
}

/** GET /api/public/quotes/{token}/documents/{docId}: the file of a document marked for buyers, of a lot the live
 * quote holds; any other file of any offer is not found. */
export async function publicQuoteDocument(db: Database, token: string, docId: number): Promise<PublicDocumentFile> {
  const { row } = await linkedQuote(db, token);
  return shareableFile(db, lotsOf(row), docId);
}
