// The lines of a buyer's price list: every available lot (an active offer with stock) the caller may
// read, with the matrix's route from its loading city to the buyer's city joined in one query, priced by the
// reserve calculation (domain/priceList/figures.ts) on today's business settings.
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { todayOf } from '../db/businessDay';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import type { SectionSpec } from '../contract/section';
import { scopeOf } from '../../domain/permissions';
import { money, toNumber } from '../../domain/numbers';
import { canBuildPriceList, PRICE_LIST_MSG, validUntilError } from '../../domain/priceList/access';
import { markupBounds, priceLine } from '../../domain/priceList/figures';
import type { PriceListQuery } from '../../domain/priceList/query';
import { readBusinessSettings, settingsByName } from '../settings';
import { badRequest, forbidden } from '../errors';
import { columnsOf, roundedOf, select, selectFirst, selectRows, textOf, type SelectedRow } from '../db/rows';
import { cities, cityDelivery, offers } from '../db/schema';
import type { PriceList, PriceListLine } from '../../domain/priceList/lines';
import { priceListLotOf } from '../../domain/offers/lot';
import { anyOf, lotFields, lotFilterConditions, lotJoins } from './lot';

export type { PriceList, PriceListLine };

/** The company the documents are issued by: business setting company_name, else the product's name. */
export const COMPANY_SETTING = 'company_name';
export const COMPANY_FALLBACK = 'NutDesk';

/** The company the documents and the buyer's pages are issued by. */
export const companyName = async (db: Database): Promise<string> =>
  (await settingsByName(db, [COMPANY_SETTING]))[COMPANY_SETTING]?.trim() || COMPANY_FALLBACK;

const o = alias(offers, 'o');
const d = alias(cityDelivery, 'd');

/** What a lot is priced from, as the price calculation takes it; its route `d` is left joined (null without one). */
const FIGURES = {
  // a lot read has stock (lotConditions: available_amount > 0), so its available amount is never null
  offer_id: o.id,
  available_amount: sql<string>`round(${o.available_amount}, 2)::text`,
  kg_price: roundedOf(o.kg_price),
  unit_weight: textOf(o.unit_weight),
  route_cost: sql<string | null>`round(${d.cost}, 2)::text`,
  route_days: sql<number | null>`${d.days}`,
  /** Where the lot loads: compared with the buyer's city only (`local`), never answered. */
  loading_city_id: o.city_id,
};

/** A lot read for a city, marked `local` when it loads in that city (a local sale: domain/reserves/figures.ts routeTerms). */
const localTo =
  (cityId: number) =>
  <R extends { loading_city_id: number | null }>(row: R): R & { local: boolean } => ({
    ...row,
    local: row.loading_city_id === cityId,
  });

/** A lot as the query reads it: the line's descriptive columns (the lot's texts, domain/offers/lot.ts), and what
 * its price is computed from. */
const LOT_ROW = select({
  offer_id: FIGURES.offer_id,
  ...lotFields('o'),
  available_amount: FIGURES.available_amount,
  units_per_pack: textOf(o.units_per_pack),
  kg_price: FIGURES.kg_price,
  unit_weight: FIGURES.unit_weight,
  /** The offer's purchase price per unit (a quote holds it among its terms). */
  purchase_price: roundedOf(o.unit_price),
  route_cost: FIGURES.route_cost,
  route_days: FIGURES.route_days,
  loading_city_id: FIGURES.loading_city_id,
  documents_blocking: sql<string[]>`to_json(${o.documents_blocking})`,
  logistics_state: o.logistics_state,
  expected_arrival: textOf(o.expected_arrival),
  /** The day of the Bank's rate a lot bought in a currency at the daily rate is priced at (domain/priceList/rateNote.ts). */
  rate_date: sql<
    string | null
  >`CASE WHEN ${o.purchase_currency} <> 'RUB' AND ${o.rate_policy} = 'daily' THEN ${o.purchase_rate_date}::text END`,
});
type LotRow = SelectedRow<typeof LOT_ROW>;

/** The offer's route `d` from its loading city to the query's. */
const routeTo = (cityId: number) =>
  sql`LEFT JOIN ${cityDelivery} ${d} ON ${d.from_city_id} = ${o.city_id} AND ${d.to_city_id} = ${cityId}`;

/** 403 with the reason for a caller who may not build a price list. */
export function assertPriceListAccess(auth: AuthenticatedUser) {
  if (!canBuildPriceList(auth.permissions)) throw forbidden(PRICE_LIST_MSG.forbidden);
}

/** The query's own rules beyond its schema: a markup within the band's, a validity not in the past. */
function checkQuery(q: PriceListQuery, bounds: { min: number; max: number }, today: string) {
  if (q.level === 'percent') {
    if (q.markup === undefined || q.markup === null) throw badRequest(PRICE_LIST_MSG.markupMissing);
    if (q.markup < bounds.min || q.markup > bounds.max)
      throw badRequest(PRICE_LIST_MSG.markup(String(bounds.min), String(bounds.max)));
  }
  const late = q.valid_until ? validUntilError(q.valid_until, today) : null;
  if (late) throw badRequest(late);
}

/** The filters' conditions on the offer `o`: a lot with stock, of what the query names, that `scope` lets the
 * reader read. */
function lotConditions(q: PriceListQuery & { offer_id?: number[] }, scope: SQL | null): SQL {
  const conditions = [
    sql`${o.status} = 'active'`,
    sql`${o.available_amount} > 0`,
    anyOf(sql`${o.id}`, q.offer_id),
    ...lotFilterConditions('o', q),
    q.min_available !== undefined ? sql`${o.available_amount} >= ${q.min_available}` : null,
    scope,
  ].filter((c): c is SQL => c !== null);
  return sql.join(conditions, sql` AND `);
}

/** The lots the filters keep, with their route to the city. `scope` limits them to what the reader may read
 * (a role whose offers read is 'own'); a public link reads as its creator would. */
export async function lots(
  db: Database,
  q: PriceListQuery & { offer_id?: number[] },
  scope: SQL | null,
): Promise<(LotRow & { local: boolean })[]> {
  return (
    await selectRows(
      db,
      LOT_ROW,
      sql`FROM ${offers} ${o}
    ${lotJoins('o')}
    ${routeTo(q.city_id)}
    WHERE ${lotConditions(q, scope)}`,
    )
  ).map(localTo(q.city_id));
}

/** What a lot is priced from (the columns of `lots` a ranking reads), for the same filters: a quote ranks
 * thousands of lots by these alone and reads the few it answers with in full (`lots` by offer_id), since the
 * papers' state is one subquery per lot and the names and text columns are most of what travels. */
const LOT_FIGURES = select({
  offer_id: FIGURES.offer_id,
  unit_measure: o.unit_measure,
  available_amount: FIGURES.available_amount,
  kg_price: FIGURES.kg_price,
  unit_weight: FIGURES.unit_weight,
  route_cost: FIGURES.route_cost,
  route_days: FIGURES.route_days,
  loading_city_id: FIGURES.loading_city_id,
});
export type LotFigures = SelectedRow<typeof LOT_FIGURES> & { local: boolean };

export async function lotFigures(db: Database, q: PriceListQuery, scope: SQL | null): Promise<LotFigures[]> {
  return (
    await selectRows(
      db,
      LOT_FIGURES,
      sql`FROM ${offers} ${o}
    ${routeTo(q.city_id)}
    WHERE ${lotConditions(q, scope)}`,
    )
  ).map(localTo(q.city_id));
}

/** The offers a caller may read: all, or (scope 'own') its own, as the offers section says own. */
export function offersScope(offersSpec: SectionSpec, auth: AuthenticatedUser): SQL | null {
  return scopeOf(auth.permissions, 'offers', 'read') === 'own' ? offersSpec.own(auth) : null;
}

/** The price list of a request: the city, the company, the day and every priced line, grouped by product and
 * sorted by price per kg within it. */
export async function buildPriceList(db: Database, q: PriceListQuery, scope: SQL | null): Promise<PriceList> {
  const city = await selectFirst(
    db,
    select(columnsOf(cities, 'id', 'name')),
    sql`FROM ${cities} WHERE ${cities.id} = ${q.city_id} AND ${cities.status} <> 'deleted'`,
  );
  if (!city) throw badRequest(PRICE_LIST_MSG.cityMissing);
  const settings = await readBusinessSettings(db);
  const today = await todayOf(db);
  checkQuery(q, markupBounds(settings), today);
  const company = await companyName(db);
  const terms = { level: q.level, markup: q.markup, rounding: q.rounding };
  const lines: PriceListLine[] = [];
  for (const lot of await lots(db, q, scope)) {
    const line = priceLine(lot, { cost: lot.route_cost, days: lot.route_days, local: lot.local }, settings, terms);
    if (!line) continue;
    lines.push({
      offer_id: lot.offer_id,
      ...priceListLotOf(lot),
      available_amount: lot.available_amount,
      available_packs: line.available_packs === null ? null : line.available_packs.toFixed(1),
      unit_price: money(line.unit_price)!,
      kg_price: money(line.kg_price)!,
      delivery_cost: money(line.delivery_cost)!,
      delivery_days: line.delivery_days,
      default_delivery: line.default_delivery,
      documents_blocking: lot.documents_blocking ?? [],
      logistics_state: lot.logistics_state,
      expected_arrival: lot.expected_arrival,
      rate_date: lot.rate_date,
    });
  }
  // by product, then by the price a buyer compares lots of it by: per kg (units of lots differ: a box, a kilogram)
  lines.sort(
    (a, b) =>
      a.product.localeCompare(b.product, 'ru') ||
      toNumber(a.kg_price)! - toNumber(b.kg_price)! ||
      toNumber(a.unit_price)! - toNumber(b.unit_price)! ||
      a.offer_id - b.offer_id,
  );
  return { city, company, date: today, valid_until: q.valid_until ?? null, lines };
}
