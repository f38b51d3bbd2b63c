// A quote as the buyer reads it through its public link: what the buyer may see, and the documents marked for buyers.
import { rateNote } from '../../domain/priceList/rateNote';
import { sql } from 'drizzle-orm';
import { todayOf } from '../db/businessDay';
import type { Database } from '../db/client';
import { money, sum } from '../../domain/numbers';
import { lotOf } from '../../domain/offers/lot';
import { QUOTE_RECORD_MSG, quoteStatusOf, quoteText } from '../../domain/quotes/record';
import { QUOTE_BUYER } from '../../domain/quotes/buyer';
import { HttpError, notFound } from '../errors';
import { selectFirst } from '../db/rows';
import { shareableDocuments, shareableFile, type PublicDocumentFile } from '../sections/offers';
import { QUOTE, QUOTE_FROM, publicNumber, q, traderOf, type QuoteRow } from './records';

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
    rate_note: rateNote(row.lines.flatMap((l) => l.offers)),
  };
}

/** GET /api/public/quotes/{token}/documents/{docId}: the file of a document marked for buyers, of a lot the live
 * quote holds; any other file of any offer is not found. */
export async function publicQuoteDocument(db: Database, token: string, docId: number): Promise<PublicDocumentFile> {
  const { row } = await linkedQuote(db, token);
  return shareableFile(db, lotsOf(row), docId);
}
