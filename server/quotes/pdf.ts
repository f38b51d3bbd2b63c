// GET /api/quotes/{id}/pdf: the saved quote as an A4 PDF for the buyer, written by the price list's PDF
// writer (server/priceList/documents.ts, the DejaVu fonts for Cyrillic). It holds what the buyer's page holds: the
// lots by what they are, amounts, prices with delivery, days and sums; never a supplier, a loading city, a purchase
// price, a band or a margin.
import type { Database } from '../db/client';
import { formatFigure, formatNumber } from '../../domain/format';
import { money, product, sum } from '../../domain/numbers';
import { lotOf, lotTitle, type LotKey } from '../../domain/offers/lot';
import type { HeldPart } from '../../domain/quotes/record';
import { rateNote } from '../../domain/priceList/rateNote';
import { QUOTE_PDF_TEXTS as T } from '../../domain/quotes/texts';
import { QUOTE_BUYER } from '../../domain/quotes/buyer';
import { tablePdf, type PdfColumn } from '../priceList/documents';
import { publicNumber, traderOf, type QuoteRow } from './records';

/** What a line of the file shows of a held part: the buyer's page's fields (the lot's texts, domain/offers/lot.ts). */
type Shown = Pick<HeldPart, LotKey | 'amount' | 'unit_price' | 'price_kg' | 'route_days'>;

const COLUMNS: PdfColumn<Shown>[] = [
  { title: T.columns.lot, width: 205, cell: lotTitle },
  {
    title: T.columns.amount,
    width: 70,
    right: true,
    cell: (p) => `${formatNumber(p.amount)} ${p.unit_measure ?? ''}`.trim(),
  },
  { title: T.columns.price, width: 62, right: true, cell: (p) => formatFigure(p.unit_price) },
  { title: T.columns.price_kg, width: 62, right: true, cell: (p) => formatFigure(p.price_kg) },
  { title: T.columns.days, width: 44, right: true, cell: (p) => (p.route_days === null ? '—' : String(p.route_days)) },
  {
    title: T.columns.sum,
    width: 78,
    right: true,
    cell: (p) => formatFigure(money(product(2, p.amount, p.unit_price))),
  },
];

/** The quote's PDF and its file name. */
export async function quotePdf(db: Database, row: QuoteRow): Promise<{ name: string; body: Buffer }> {
  const trader = await traderOf(db);
  const number = publicNumber(row.token);
  // only the fields the buyer may see travel into the file
  const parts: Shown[] = row.lines.flatMap((l) =>
    l.offers.map((p) => ({
      ...lotOf(p),
      amount: p.amount,
      unit_price: p.unit_price,
      price_kg: p.price_kg,
      route_days: p.route_days,
    })),
  );
  const body = await tablePdf({
    title: T.title(number, trader.name),
    author: trader.name,
    heading: [
      T.title(number, trader.name),
      ...(row[QUOTE_BUYER] ? [T.buyer(row[QUOTE_BUYER])] : []),
      T.city(row.city),
      T.validUntil(row.valid_until),
      T.delivered,
    ],
    columns: COLUMNS,
    groups: [[null, parts]],
    empty: T.empty,
    closing: [
      ...[rateNote(row.lines.flatMap((l) => l.offers))].filter((l): l is string => l !== null),
      T.total(formatFigure(money(sum(...row.lines.map((l) => l.total_sum))))),
      [trader.name, trader.phone].filter(Boolean).join(', '),
    ],
  });
  return { name: T.file(number), body };
}
