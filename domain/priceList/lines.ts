// What a price list answers (GET /api/price-list), as the server builds it and the page, its files and the reserve
// link read it: one line per available lot, priced to the buyer's city.
import type { Pagination } from '../lists';
import { priceListLotOf, type LotKey, type LotText } from '../offers/lot';

/** A line: its lot's texts (domain/offers/lot.ts, in the price list's order), its stock and prices. */
export interface PriceListLine extends LotText {
  offer_id: number;
  available_amount: string;
  available_packs: string | null;
  unit_price: string;
  kg_price: string;
  delivery_cost: string;
  delivery_days: number | null;
  default_delivery: boolean;
  /** The required documents the lot lacks or has lapsed (domain/offers/documents.ts): it cannot ship. */
  documents_blocking: string[];
  /** On stock, or on its way and expected that day (a buyer is sold it before it arrives). */
  logistics_state: string;
  expected_arrival: string | null;
  /** The day of the Bank's rate the line is priced at; null in rubles or at a fixed rate (rateNote.ts). A link made
   * before it was kept has none. */
  rate_date?: string | null;
}

export interface PriceList {
  city: { id: number; name: string };
  company: string;
  date: string;
  valid_until: string | null;
  lines: PriceListLine[];
}

/** A line as the buyer's public page shows it (GET /api/public/price-list/{token}): the buyer's columns only, the
 * prices under names of their own, no offer id, cost or delivery price. */
export type BuyerLine = Pick<
  PriceListLine,
  LotKey | 'available_amount' | 'available_packs' | 'delivery_days' | 'logistics_state' | 'expected_arrival'
> & {
  price: string;
  price_per_kg: string;
  documents?: BuyerDocument[];
  /** A line of a link whose lot can no longer be bought, marked, its held price kept (LINK_LINE_MARK). */
  unavailable?: string;
};

/** What a link's line says when its lot is gone since the link was made. A link holds its prices as they
 * were; it never reprices a line, it marks it: 'распродано' once its stock is purchased out, 'нет в наличии' while
 * reserves hold all of it (a buyer is not told of other buyers' reserves), 'снято' when the lot is withdrawn. */
export const LINK_LINE_MARK = {
  soldOut: 'распродано',
  noneFree: 'нет в наличии',
  withdrawn: 'снято',
} as const;

/** A lot of a link's line as it stands now (null: it no longer exists). */
export interface LinkedLotNow {
  status: string;
  available_amount: string;
  reserved_amount: string;
  available_packs: string | null;
}

/** A held line of a link (its prices as the link was made) with its lot's stock as it is now: live stock, held
 * price, and the mark of a lot that can no longer be bought. */
export function heldLine(line: PriceListLine, now: LinkedLotNow | null): BuyerLine {
  const buyer = buyerLine(line);
  if (!now || now.status === 'deleted')
    return { ...buyer, available_amount: '0.00', available_packs: null, unavailable: LINK_LINE_MARK.withdrawn };
  const free = Number(now.available_amount) > 0;
  const live = { ...buyer, available_amount: now.available_amount, available_packs: now.available_packs };
  if (now.status === 'active' && free) return live;
  if (now.status !== 'active' && now.status !== 'completed') return { ...live, unavailable: LINK_LINE_MARK.withdrawn };
  return { ...live, unavailable: Number(now.reserved_amount) > 0 ? LINK_LINE_MARK.noneFree : LINK_LINE_MARK.soldOut };
}

/** A lot's document marked 'Можно показывать покупателю', served through the link's token. */
export interface BuyerDocument {
  type: string;
  number: string | null;
  valid_until: string | null;
  name: string;
  url: string;
}

/** The buyer's page's default size; the sizes are the staff lists' (PAGE_SIZES). */
export const PUBLIC_PAGE_SIZE = 100;

/** Where a buyer's page stands: the staff lists' names (Pagination), without the page links. */
export type BuyerPagination = Pick<
  Pagination,
  'totalItems' | 'currentPage' | 'firstPage' | 'lastPage' | 'perPage' | 'pageCount'
>;

export interface BuyerPriceList {
  company: string;
  city: string;
  date: string;
  valid_until: string | null;
  /** What the prices' rate is, of all the lines (rateNote.ts): null when none is priced at the Bank's rate. */
  rate_note: string | null;
  /** One page of the lines (GET /api/public/price-list/{token}?page=&perPage=). */
  lines: BuyerLine[];
  pagination: BuyerPagination;
}

/** A page of `total` items: the asked one, or the last when asked past it (an empty list has one, empty, page). */
export function buyerPage(total: number, page: number, perPage: number): BuyerPagination & { offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const currentPage = Math.min(Math.max(1, page), pageCount);
  return {
    totalItems: total,
    currentPage,
    firstPage: 1,
    lastPage: pageCount,
    perPage,
    pageCount,
    offset: (currentPage - 1) * perPage,
  };
}

/** The buyer's columns of a line: what the public page may show of it. */
export const buyerLine = (l: PriceListLine): BuyerLine => ({
  ...priceListLotOf(l),
  available_amount: l.available_amount,
  available_packs: l.available_packs,
  price: l.unit_price,
  price_per_kg: l.kg_price,
  delivery_days: l.delivery_days,
  logistics_state: l.logistics_state,
  expected_arrival: l.expected_arrival,
});

/** Lines of one product after another under its name, in the list's order (the server sorts by product, then price):
 * the page's, the buyer's page's and the files' groups. */
export function byProduct<L extends { product: string }>(lines: readonly L[]): [string, L[]][] {
  const groups = new Map<string, L[]>();
  for (const line of lines) groups.set(line.product, [...(groups.get(line.product) ?? []), line]);
  return [...groups];
}
