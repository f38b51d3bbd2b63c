// A quote's writes after it is saved: its date and buyer changed, deleted, its link revoked; each on the
// version the caller saw, by its author or a role that changes every reserve, its author told of another's write.
import { sql } from 'drizzle-orm';
import { todayOf } from '../db/businessDay';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import { QUOTE_RECORD_MSG, quoteStatusOf } from '../../domain/quotes/record';
import { QUOTE_BUYER, type QuoteBuyerName } from '../../domain/quotes/buyer';
import { readBusinessSettings } from '../settings';
import { badRequest, stale } from '../errors';
import { columnsOf, select, selectFirst } from '../db/rows';
import { cities } from '../db/schema';
import { pickBuyer } from './buyer';
import { quoteStaleInfo, writeQuote } from './history';
import { QUOTE_NOTICE } from '../../domain/notifications';
import { QUOTE_FIELD_TITLES } from '../../domain/quotes/texts';
import { buyerColumn, quoteCard, requireQuoteWrite, storedQuote, tellQuoteAuthor, type QuoteRow } from './records';
import { refuseLongQuote } from './create';

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
