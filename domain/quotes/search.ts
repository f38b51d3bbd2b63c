// POST /api/quotes/search as both sides write and read it: the buyer's question and the ranked lines.
// Money travels as strings with 2 decimals, amounts as strings (kg to 2 decimals, pieces whole).
import type { LotText } from '../offers/lot';
import type { QuoteLevel, QuoteUnit } from './ranking';

export interface QuoteSearch {
  product_id: number;
  variety_ids?: number[];
  packing_ids?: number[];
  harvest_years?: string[];
  origin?: string;
  amount: number;
  unit: QuoteUnit;
  /** The buyer ('Покупатели'): its city is the destination unless city_id names another; its credit
   * shows on each line. */
  buyer_id?: number;
  /** The buyer's city (or the city named instead of a buyer). */
  city_id?: number;
  level: QuoteLevel;
  /** Percent, for level 'margin'. */
  margin?: number;
}

/** One lot of a line: what it is (its texts, domain/offers/lot.ts; never its supplier or loading city), how much of
 * it, and its price to the city. */
export interface QuoteOfferPart extends LotText {
  offer_id: number;
  /** Units of the lot the line takes (its own unit: kg or pieces). */
  amount: string;
  kg: string;
  unit_weight: string | null;
  available_amount: string;
  delivery_cost: string;
  default_delivery: boolean;
  route_days: number | null;
  earliest_delivery: string | null;
  /** 'На складе', or 'В пути, ожидается 12.12.2026'; the day a lot on its way is expected. */
  availability: string;
  expected_arrival: string | null;
  delivered_kg_price: string;
  delivered_unit_price: string;
  unit_price: string;
  price_kg: string;
  band: { min: string; max: string };
  margin: string;
  /** The required documents the lot lacks or has lapsed. */
  documents_blocking: string[];
  /** The day of the Bank's rate its price is worked out at; null in rubles or at a fixed rate
   * (domain/priceList/rateNote.ts). */
  rate_date: string | null;
}

export interface QuoteSearchLine {
  offers: QuoteOfferPart[];
  delivered_kg_price: string;
  /** One lot: its unit's selling price; two or three: null (each part has its own). */
  unit_price: string | null;
  price_kg: string;
  band: { min: string; max: string } | null;
  margin: string;
  route_days: number | null;
  earliest_delivery: string | null;
  /** What the line's lots have, in the buyer's unit. */
  available: string;
  total_kg: string;
  total_sum: string;
  /** The reserve's credit check on this line's sum for the buyer (in the credit check's words): [] when it fits; null without
   * a buyer or for a role that does not see the buyer's money. */
  credit: string[] | null;
}

/** The buyer's credit as a quote shows it: the limit (null: none), what it owes plus its active reserves (the
 * exposure), and the overdue part with its first day. */
export interface QuoteCredit {
  limit: string | null;
  exposure: string;
  overdue: string;
  overdue_since: string | null;
}

export interface QuoteBuyer {
  id: number;
  name: string;
  credit: QuoteCredit | null;
}

export interface QuoteSearchAnswer {
  city: { id: number; name: string };
  buyer: QuoteBuyer | null;
  date: string;
  amount: string;
  unit: QuoteUnit;
  lines: QuoteSearchLine[];
}
