// What a supplier's price list becomes before it is applied, and what the upload's routes answer (server and SPA
// alike): the preview's groups and rows, its problems and counts, an upload as listed.
import { product, ratio, sum } from '../numbers';
import { type LotFieldOf, type LotText } from '../offers/lot';
import type { PriceListProfile } from './priceList';

// ---- the preview and apply
export const PREVIEW_GROUPS = ['new', 'changed', 'unchanged', 'gone'] as const;
export type PreviewGroup = (typeof PREVIEW_GROUPS)[number];

export const GROUP_TITLES: Record<PreviewGroup | 'problems', string> = {
  new: 'Новые партии',
  changed: 'Изменились',
  unchanged: 'Без изменений',
  gone: 'Нет в прайсе (будут сняты)',
  problems: 'Строки с ошибками',
};

/** A row of the preview: the file's line (none for a gone lot), the offer where there is one, the lot's texts
 * (LotText), and the figures old → new. */
export type PreviewRow = {
  line: number | null;
  offer_id: number | null;
  name: string;
} & LotText &
  PreviewFigures;

interface PreviewFigures {
  unit_price: string | null;
  old_unit_price: string | null;
  /** (new − old) / old × 100, to 0.1 %. */
  price_change_percent: string | null;
  unit_amount: string | null;
  old_unit_amount: string | null;
  /** A gone lot kept: it holds active reserves. */
  kept?: boolean;
}

export interface PreviewProblem {
  line: number;
  name: string;
  column: string;
  message: string;
}

export interface PriceListPreview {
  new: PreviewRow[];
  changed: PreviewRow[];
  unchanged: PreviewRow[];
  gone: PreviewRow[];
  problems: PreviewProblem[];
  /** Rows that hold no lot, skipped: totals and subtotals, empty rows, rows of names answered 'Не сопоставлять'. */
  skipped: { totals: number; empty: number; not_matched: number };
  /** Packings the file writes with their kind and weight that our list lacks, as our list would name them, with
   * how many rows they hold back: each can be added in one click (POST /api/price-list-uploads/{id}/packings). */
  new_packings: { name: string; rows: number }[];
}

/** The price's move in percent to one decimal, half-up: '850.00' → '935.00' is '10.0'. */
export const changePercent = (oldValue: string | null, newValue: string | null): string | null => {
  if (oldValue === null || newValue === null || !(Number(oldValue) > 0)) return null;
  const moved = ratio(product(6, sum(newValue, `-${oldValue}`), 100), oldValue, 1);
  return moved === null ? null : moved.toFixed(1);
};

/** '+5 новых, 12 изменены, 3 сняты' as the supplier's card lists an upload. */
export function countsText(c: { new: number; changed: number; gone: number; kept?: number }): string {
  return [
    `+${c.new} новых`,
    `${c.changed} изменены`,
    `${c.gone} сняты`,
    ...(c.kept ? [`${c.kept} оставлены (есть резервы)`] : []),
  ].join(', ');
}

// ---- what the routes answer (server and SPA alike)
/** A column of the file as the mapping screen shows it: its number (1-based), header and first values. */
export interface PriceListColumn {
  index: number;
  title: string;
  samples: string[];
}

/** A product (and variety) an unknown name may be, by trigram similarity; the name's other words as its origin. */
export type PriceListCandidate = {
  product_id: number;
  product: string;
  variety_id: number | null;
  variety: string | null;
  similarity: number;
} & { [K in LotFieldOf<'origin'>]: string | null };

/** POST /api/suppliers/{id}/price-lists, PUT …/price-list-profile, GET /api/price-list-uploads/{id}. */
export interface PriceListUpload {
  upload_id: number;
  file_name: string;
  sheets: string[];
  sheet: string;
  header_row: number;
  columns: PriceListColumn[];
  /** The first data rows as the file has them (the mapping screen's table). */
  rows: string[][];
  mapping: Omit<PriceListProfile, 'titles'>;
  /** The saved profile no longer fits this file's columns: the mapping screen again, old choices kept. */
  layout_changed: boolean;
  /** Names of the file no product answers yet, each with the closest products and varieties. */
  unmatched: { name: string; candidates: PriceListCandidate[] }[];
  /** Names of the file the profile answers 'Не сопоставлять' (the mapping screen shows them so, to be changed). */
  not_matched: string[];
  /** Why the file cannot be previewed as mapped (no price column, …), or null. */
  mapping_problem: string | null;
  preview?: PriceListPreview;
}

/** What the preview showed, sent back with 'Применить': the file's lines of the new and changed lots, the gone offers. */
export interface PreviewedRows {
  new: number[];
  changed: number[];
  gone: number[];
}

/** The preview's rows as apply checks them again. */
export const previewedRows = (p: Pick<PriceListPreview, 'new' | 'changed' | 'gone'>): PreviewedRows => ({
  new: p.new.map((r) => r.line!),
  changed: p.changed.map((r) => r.line!),
  gone: p.gone.map((r) => r.offer_id!),
});

// the apply's answer and the card's list of uploads are their schemas' (domain/answers/priceListUploads.ts)
export type { PriceListApplied, PriceListCounts, PriceListUploadItem } from '../answers/priceListUploads';
