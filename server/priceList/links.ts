// A buyer's link to a price list: a random token (crypto, 32 bytes) that reads the list its creator
// built without a sign-in, until the end of the list's validity day or until its creator revokes it. The link
// reads as its creator would today: a creator who lost the right (or the account) takes the link with them.
// The link holds its lines' prices until its date, as a saved quote does: the lines are stored when it
// is made; a later markup or price change does not move them, its stock is read live, and a line whose lot can no
// longer be bought is marked, not repriced. 'Обновить цены' makes a new link with today's prices.
import { rateNote } from '../../domain/priceList/rateNote';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { readTimeZone } from '../db/businessDay';
import { addDays, businessDayOf, businessDayStart } from '../../domain/businessDay';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import { loadPermissions } from '../accounts/users';
import type { SectionSpec } from '../contract/section';
import { cities, offers, priceListLinks, users } from '../db/schema';
import { canBuildPriceList, PRICE_LIST_MSG } from '../../domain/priceList/access';
import { decodePriceListQuery, encodePriceListQuery, type PriceListQuery } from '../../domain/priceList/query';
import { HttpError, badRequest, notFound } from '../errors';
import { columnsOf, returningRows, select, selectFirst, selectRows, textOf } from '../db/rows';
import { buildPriceList, companyName, offersScope } from './lines';
import {
  buyerLine,
  buyerPage,
  heldLine,
  type BuyerLine,
  type BuyerPriceList,
  type LinkedLotNow,
  type PriceListLine,
} from '../../domain/priceList/lines';
import { shareableDocuments, shareableFile, type PublicDocumentFile } from '../sections/offers';
import type { PublicListCache } from './publicCache';
import type { PriceListLink, PriceListLinkMade } from '../../domain/answers';

export const linkUrl = (publicUrl: string, token: string) => `${publicUrl}/p/${token}`;

/** The moment a link stops working: the end of its validity day in the business zone (setting time_zone). */
export const expiryOf = (validUntil: string, zone: string) => businessDayStart(addDays(validUntil, 1), zone);

export async function createLink(
  db: Database,
  sectionSpecs: Record<string, SectionSpec>,
  auth: AuthenticatedUser,
  q: PriceListQuery,
  publicUrl: string,
): Promise<PriceListLinkMade> {
  if (!q.valid_until) throw badRequest(PRICE_LIST_MSG.validUntilMissing);
  // the list must build (city, markup, validity) before anyone is handed a link to it; its lines, priced now as the
  // creator reads the offers, are what the link holds to its date
  const list = await buildPriceList(db, q, offersScope(sectionSpecs.offers, auth));
  const token = randomBytes(32).toString('base64url');
  const expires = expiryOf(q.valid_until, await readTimeZone(db));
  const [row] = await db
    .insert(priceListLinks)
    .values({
      user_id: auth.user.id,
      token,
      city_id: q.city_id,
      query: encodePriceListQuery(q),
      lines: list.lines,
      valid_until: q.valid_until,
      expires_at: expires,
    })
    .returning({ id: priceListLinks.id });
  return { id: row.id, url: linkUrl(publicUrl, token), expires_at: expires.toISOString() };
}

export async function listLinks(db: Database, auth: AuthenticatedUser, publicUrl: string): Promise<PriceListLink[]> {
  const l = alias(priceListLinks, 'l');
  const c = alias(cities, 'c');
  const rows = await selectRows(
    db,
    select({
      ...columnsOf(l, 'id', 'token', 'city_id'),
      city: c.name,
      query: l.query,
      valid_until: textOf(l.valid_until),
      ...columnsOf(l, 'expires_at', 'revoked_at', 'created_at'),
      expired: sql<boolean>`${l.expires_at} <= now()`,
    }),
    sql`FROM ${priceListLinks} ${l} JOIN ${cities} ${c} ON ${c.id} = ${l.city_id}
      WHERE ${l.user_id} = ${auth.user.id} ORDER BY ${l.id} DESC LIMIT 100`,
  );
  return rows.map((r) => ({
    id: r.id,
    url: linkUrl(publicUrl, r.token),
    city: { id: r.city_id, name: r.city },
    query: r.query,
    valid_until: r.valid_until,
    expires_at: new Date(r.expires_at).toISOString(),
    created_at: new Date(r.created_at).toISOString(),
    revoked_at: r.revoked_at ? new Date(r.revoked_at).toISOString() : null,
    status: r.revoked_at ? 'revoked' : r.expired ? 'expired' : 'active',
  }));
}

/** POST /api/price-list/links/{id}/renew ('Обновить цены'): a new link of the same request and validity with today's
 * prices; the old one keeps its promise until its date or until revoked. Only the creator's live link. */
export async function renewLink(
  db: Database,
  sectionSpecs: Record<string, SectionSpec>,
  auth: AuthenticatedUser,
  id: number,
  publicUrl: string,
) {
  const link = await selectFirst(
    db,
    select({
      query: priceListLinks.query,
      live: sql<boolean>`(${priceListLinks.revoked_at} IS NULL AND ${priceListLinks.expires_at} > now())`,
    }),
    sql`FROM ${priceListLinks} WHERE ${priceListLinks.id} = ${id} AND ${priceListLinks.user_id} = ${auth.user.id}`,
  );
  if (!link) throw notFound(PRICE_LIST_MSG.linkNotFound);
  if (!link.live) throw badRequest(PRICE_LIST_MSG.renewGone);
  return createLink(db, sectionSpecs, auth, decodePriceListQuery(link.query) as PriceListQuery, publicUrl);
}

/** DELETE /api/price-list/links/{id}: the creator revokes their link (404 for anyone else's). */
export async function revokeLink(db: Database, auth: AuthenticatedUser, id: number) {
  const [row] = await returningRows(
    db,
    sql`
    UPDATE price_list_links SET revoked_at = coalesce(revoked_at, now()) WHERE id = ${id} AND user_id = ${auth.user.id}`,
    select(columnsOf(priceListLinks, 'id')),
  );
  if (!row) throw notFound(PRICE_LIST_MSG.linkNotFound);
  return { status: 'success' as const };
}

const gone = () => new HttpError(410, { status: 'error', error: 'gone', message: PRICE_LIST_MSG.linkGone });

/** The live link's price list as its creator would build it today (or as it was built moments ago, `cache`); 404 for
 * a token nobody issued, 410 once gone: checked on every read. */
async function linkedList(
  db: Database,
  sectionSpecs: Record<string, SectionSpec>,
  token: string,
  cache: PublicListCache,
) {
  const link = await selectFirst(
    db,
    select({
      ...columnsOf(priceListLinks, 'user_id', 'query', 'created_at'),
      lines: priceListLinks.lines,
      live: sql<boolean>`(${priceListLinks.revoked_at} IS NULL AND ${priceListLinks.expires_at} > now())`,
      // the sequence every change moves (not a table of the schema): the public cache's key
      generation: sql<string>`(SELECT last_value FROM change_generation)::text`,
    }),
    sql`FROM ${priceListLinks} WHERE ${priceListLinks.token} = ${token}`,
  );
  if (!link) throw notFound(PRICE_LIST_MSG.linkNotFound);
  if (!link.live) throw gone();
  const [user] = await db.select().from(users).where(eq(users.id, link.user_id));
  if (!user || user.status !== 'active') throw gone();
  const permissions = await loadPermissions(db, user);
  if (!canBuildPriceList(permissions)) throw gone();
  const q = decodePriceListQuery(link.query) as PriceListQuery;
  const held = link.lines as PriceListLine[] | null;
  // the validity day is the link's: a list whose day has passed is not read (the link expired with it)
  const list = await cache.get(token, link.generation, async () => {
    if (!held) {
      // a link made before its lines were held reads live, as it did
      const live = await buildPriceList(
        db,
        { ...q, valid_until: undefined },
        offersScope(sectionSpecs.offers, { user, permissions }),
      );
      return { ...live, buyerLines: live.lines.map(buyerLine) };
    }
    const city = await selectFirst(
      db,
      select({ name: cities.name }),
      sql`FROM ${cities} WHERE ${cities.id} = ${q.city_id}`,
    );
    const now = await lotsNow(
      db,
      held.map((l) => l.offer_id),
    );
    return {
      company: await companyName(db),
      city: { id: q.city_id, name: city?.name ?? '' },
      date: businessDayOf(new Date(link.created_at), await readTimeZone(db)),
      lines: held,
      buyerLines: held.map((l) => heldLine(l, now.get(l.offer_id) ?? null)),
    };
  });
  return { list, q };
}

/** The held lines' lots as they stand now: status and stock (packs as the price list counts them). */
async function lotsNow(db: Database, ids: number[]): Promise<Map<number, LinkedLotNow>> {
  if (!ids.length) return new Map();
  const rows = await selectRows(
    db,
    select({
      id: offers.id,
      status: offers.status,
      available_amount: sql<string>`round(greatest(${offers.available_amount}, 0), 2)::text`,
      reserved_amount: sql<string>`${offers.reserved_amount}::text`,
      available_packs: sql<
        string | null
      >`round(greatest(${offers.available_amount}, 0) / nullif(${offers.units_per_pack}, 0), 1)::text`,
    }),
    sql`FROM ${offers} WHERE ${offers.id} IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map(({ id, ...now }) => [id, now]));
}

/** GET /api/public/price-list/{token}?page=&perPage=: a page of the list as the buyer sees it, with today's stock and
 * prices, and each lot's documents marked 'Можно показывать покупателю'. The list is built (or kept) whole
 * and paged here, so every page of a read agrees; a page past the last is the last. */
export async function publicPriceList(
  db: Database,
  sectionSpecs: Record<string, SectionSpec>,
  token: string,
  cache: PublicListCache,
  paging: { page: number; perPage: number },
): Promise<BuyerPriceList> {
  const { list, q } = await linkedList(db, sectionSpecs, token, cache);
  const { offset, ...pagination } = buyerPage(list.lines.length, paging.page, paging.perPage);
  const lines = list.lines.slice(offset, offset + pagination.perPage);
  const buyerLines: BuyerLine[] = list.buyerLines.slice(offset, offset + pagination.perPage);
  const documents = await shareableDocuments(db, new Map(lines.map((l) => [l.offer_id, l])));
  return {
    company: list.company,
    city: list.city.name,
    date: list.date,
    valid_until: q.valid_until ?? null,
    rate_note: rateNote(list.lines),
    pagination,
    lines: lines.map((l, i) => ({
      ...buyerLines[i],
      documents: (documents.get(l.offer_id) ?? []).map(({ id, ...d }) => ({
        ...d,
        url: `/api/public/price-list/${token}/documents/${id}`,
      })),
    })),
  };
}

/** GET /api/public/price-list/{token}/documents/{docId}: the file of a document marked for buyers, of a lot the live
 * link lists today; any other file of any offer is not found. */
export async function publicDocumentFile(
  db: Database,
  sectionSpecs: Record<string, SectionSpec>,
  token: string,
  docId: number,
  cache: PublicListCache,
): Promise<PublicDocumentFile> {
  const { list } = await linkedList(db, sectionSpecs, token, cache);
  return shareableFile(db, new Map(list.lines.map((l) => [l.offer_id, l])), docId);
}
