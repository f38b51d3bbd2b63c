// The buyer of a quote (a card of 'Покупатели'): picked within the caller's read scope of buyers, its
// city the quote's destination unless another is named, its credit (the reserve's own figures and check,
// server/sections/buyers/ledger.ts and domain/buyers/credit.ts) shown on each line to a role that sees its money.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import { CREDIT_MSG, creditExposure, creditRefusals, type CreditState } from '../../domain/buyers/credit';
import { canSeeQuoteCredit, QUOTE_MSG } from '../../domain/quotes/access';
import type { QuoteBuyer } from '../../domain/quotes/search';
import { money } from '../../domain/numbers';
import { badRequest } from '../errors';
import { buyerReadable, buyerTerms, creditStateOf } from '../sections/buyers';
import { columnsOf, select, selectFirst } from '../db/rows';
import { buyers, cities } from '../db/schema';

/** Locks the buyer's row for the transaction (a reserve's credit check: racing reserves of one buyer queue on it). */
export const lockBuyer = (tx: Database, id: number) => buyerTerms(tx, id, true);

/** The buyer's city: the one named (not deleted), else 400 in Russian. */
export async function quoteCity(db: Database, cityId: number | undefined): Promise<{ id: number; name: string }> {
  if (!cityId) throw badRequest(QUOTE_MSG.city);
  const city = await selectFirst(
    db,
    select(columnsOf(cities, 'id', 'name')),
    sql`FROM ${cities} WHERE ${cities.id} = ${cityId} AND ${cities.status} <> 'deleted'`,
  );
  if (!city) throw badRequest(QUOTE_MSG.cityMissing);
  return city;
}

export interface PickedBuyer {
  id: number;
  name: string;
  city_id: number | null;
  /** Null for a role that does not see the buyer's money. */
  credit: CreditState | null;
}

/** The buyer the request names, as the caller may read it; 400 'Покупатель не найден' otherwise. */
export async function pickBuyer(
  db: Database,
  auth: AuthenticatedUser,
  id: number | undefined | null,
): Promise<PickedBuyer | null> {
  if (id === undefined || id === null) return null;
  const row = await selectFirst(
    db,
    select(columnsOf(buyers, 'id', 'name', 'city_id')),
    sql`FROM ${buyers} WHERE ${buyers.id} = ${id} AND ${buyers.status} <> 'deleted'`,
  );
  if (!row || !(await buyerReadable(db, auth, id))) throw badRequest(CREDIT_MSG.buyerMissing);
  const terms = canSeeQuoteCredit(auth.permissions) ? await buyerTerms(db, id) : undefined;
  return { id: row.id, name: row.name, city_id: row.city_id, credit: terms ? await creditStateOf(db, terms) : null };
}

/** The quote's destination: the city named, else the buyer's; 400 in Russian when neither is there. */
export async function destinationOf(db: Database, cityId: number | undefined, buyer: PickedBuyer | null) {
  if (!cityId && buyer && !buyer.city_id) throw badRequest(QUOTE_MSG.buyerNoCity);
  return quoteCity(db, cityId ?? buyer?.city_id ?? undefined);
}

/** The buyer as an answer shows it: its name and its credit's figures. */
export const shownBuyer = (buyer: PickedBuyer | null): QuoteBuyer | null =>
  buyer
    ? {
        id: buyer.id,
        name: buyer.name,
        credit: buyer.credit
          ? {
              limit: money(buyer.credit.credit_limit),
              exposure: creditExposure(buyer.credit),
              overdue: money(buyer.credit.overdue)!,
              overdue_since: buyer.credit.overdue_since,
            }
          : null,
      }
    : null;

/** The credit check a reserve of `sum` would meet: [] when it fits, null without a buyer's credit to check. */
export const lineCredit = (buyer: PickedBuyer | null, sum: string): string[] | null =>
  buyer?.credit ? creditRefusals(buyer.credit, sum) : null;
