// Saved quotes ('Сохранить предложение покупателю'): the lines a manager named to a buyer's city, priced
// again here from the lots, the matrix and today's settings (a price outside a lot's band is refused, as the reserve
// card would), held with the terms they were worked out on until the quote's date (today + reserve_hold_days unless
// given), shared by a random revocable token. Read by its creator, or by a role that reads every reserve.
import { rateNote } from '../../domain/priceList/rateNote';
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { todayOf } from '../db/businessDay';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import { scopeOf } from '../../domain/permissions';
import { money, sum } from '../../domain/numbers';
import { QUOTE_MSG, canChangeQuote } from '../../domain/quotes/access';
import {
  QUOTE_RECORD_MSG,
  quoteStatusOf,
  quoteText,
  type HeldLine,
  type HeldPart,
  type QuoteStatus,
} from '../../domain/quotes/record';
import { QUOTE_BUYER, type QuoteBuyerName } from '../../domain/quotes/buyer';
import { settingsByName } from '../settings';
import { forbidden, notFound } from '../errors';
import { columnsOf, select, selectFirst, textOf, type SelectedRow } from '../db/rows';
import { cities, quotes, reserves } from '../db/schema';
import { COMPANY_FALLBACK, COMPANY_SETTING } from '../priceList/lines';
import { notify } from '../records/notify';

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

export const q = alias(quotes, 'q');
const c = alias(cities, 'c');
const r = alias(reserves, 'r');

/** A quote as stored, with its city's name and the reserves made from it (its buyer's name under the reserve's key). */
export const QUOTE = select({
  ...columnsOf(q, 'id', 'city_id'),
  city: c.name,
  ...columnsOf(q, 'buyer_id', QUOTE_BUYER),
  lines: sql<HeldLine[]>`${q.lines}`,
  valid_until: textOf(q.valid_until),
  ...columnsOf(q, 'token', 'token_revoked_at', 'created_by', 'status', 'version', 'created_at', 'margin_at_risk'),
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
    rate_note: rateNote(row.lines.flatMap((l) => l.offers)),
    // marked by the margins' check after a new rate (margins.ts): its held price no longer keeps the margin
    margin_at_risk: row.margin_at_risk,
    // whether the caller may change, revoke, reserve or delete it (the card hides those steps otherwise)
    can_change: canChangeQuote(auth.permissions, auth.user.id, row.created_by),
    text: quoteText(
      { number: publicNumber(row.token), city: row.city, valid_until: row.valid_until, lines: row.lines },
      await traderOf(db),
    ),
  };
}
