// A file's names as our products and varieties: the supplier's answers, the exact names, and for the others the
// closest candidates; our packings by kind and weight.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { IMPORT_LIMITS } from '../../domain/import';
import { readRow, skippedRow, type NameAnswer, type PriceListProfile } from '../../domain/suppliers/priceList';
import { nameKey, packingKey, parsePacking } from '../../domain/suppliers/supplierWriting';
import { type PriceListUpload as UploadAnswer } from '../../domain/suppliers/priceListPreview';
import { LOT } from '../../domain/offers/lot';
import { columnsOf, select, selectRows, type SelectedRow } from '../db/rows';
import { packing as packingTable, products as productsTable, varieties as varietiesTable } from '../db/schema';
import type { SheetRow } from '../lists/import';

const ORIGIN = LOT.origin.field;

const PRODUCT = select(columnsOf(productsTable, 'id', 'name', 'status'));
const VARIETY = select(columnsOf(varietiesTable, 'id', 'name', 'product_id'));
const PACKING = select(columnsOf(packingTable, 'id', 'name'));

export interface References {
  products: SelectedRow<typeof PRODUCT>[];
  varieties: SelectedRow<typeof VARIETY>[];
  /** Our packings by kind and weight (packingKey). */
  packing: Map<string, SelectedRow<typeof PACKING>>;
  /** product by its name's key; product and variety by 'product variety' */
  exact: Map<string, { product_id: number; variety_id: number | null }>;
}

export async function loadReferences(db: Database): Promise<References> {
  const products = await selectRows(db, PRODUCT, sql`FROM ${productsTable} WHERE ${productsTable.status} <> 'deleted'`);
  const varieties = await selectRows(db, VARIETY, sql`FROM ${varietiesTable}`);
  const packing = new Map<string, SelectedRow<typeof PACKING>>();
  for (const p of await selectRows(db, PACKING, sql`FROM ${packingTable} ORDER BY ${packingTable.id}`)) {
    const read = parsePacking(p.name);
    if (read && !packing.has(packingKey(read))) packing.set(packingKey(read), p);
  }
  const exact = new Map<string, { product_id: number; variety_id: number | null }>();
  const active = products.filter((p) => p.status === 'active');
  for (const p of active) exact.set(nameKey(p.name), { product_id: p.id, variety_id: null });
  for (const v of varieties) {
    const p = active.find((x) => x.id === v.product_id);
    if (p) exact.set(nameKey(`${p.name} ${v.name}`), { product_id: p.id, variety_id: v.id });
  }
  return { products, varieties, packing, exact };
}

/** A row's name as our product (and variety): the supplier's answer, else the exact name. */
export function answerOf(name: string, mapping: Pick<PriceListProfile, 'names'>, refs: References): NameAnswer | null {
  const key = nameKey(name);
  return mapping.names[key] ?? refs.exact.get(key) ?? null;
}

/** The file's names no answer matches yet (the questions), and those answered 'Не сопоставлять', each once. */
export function fileNames(
  rows: SheetRow[],
  mapping: Pick<PriceListProfile, 'columns' | 'names' | 'defaults'>,
  refs: References,
): { unanswered: string[]; notMatched: string[] } {
  const unanswered = new Map<string, string>();
  const notMatched = new Map<string, string>();
  for (const r of rows) {
    if (skippedRow(r.cells, mapping.columns)) continue;
    const { name } = readRow(r.line, r.cells, mapping.columns, mapping.defaults);
    // a name past the longest text is the row's problem, not a question
    if (!name || name.length > IMPORT_LIMITS.maxCell) continue;
    const answer = answerOf(name, mapping, refs);
    const into = !answer ? unanswered : answer.product_id === null ? notMatched : null;
    if (into && !into.has(nameKey(name))) into.set(nameKey(name), name);
  }
  return { unanswered: [...unanswered.values()], notMatched: [...notMatched.values()] };
}

/** How many unanswered names get their candidates in one answer (the screen asks them a page at a time). */
const CANDIDATE_NAMES = 500;

/** The closest products and varieties of each name by trigram similarity (pg_trgm), best three; the name's words
 * beyond the product's and the variety's are offered as its origin ('Кешью W-320 Вьетнам' → Вьетнам). */
export async function candidatesFor(
  db: Database,
  refs: References,
  names: string[],
): Promise<UploadAnswer['unmatched']> {
  if (!names.length) return [];
  const combos = refs.products
    .filter((p) => p.status === 'active')
    .flatMap((p) => [
      { product_id: p.id, variety_id: null as number | null, key: nameKey(p.name) },
      ...refs.varieties
        .filter((v) => v.product_id === p.id)
        .map((v) => ({ product_id: p.id, variety_id: v.id, key: nameKey(`${p.name} ${v.name}`) })),
    ]);
  const asked = names.slice(0, CANDIDATE_NAMES).map((name, i) => ({ i, key: nameKey(name) }));
  // over the names asked (n) and their best combos (c), no table's columns
  const found = await selectRows(
    db,
    select({
      i: sql<number>`n.i`,
      product_id: sql<number>`c.product_id`,
      variety_id: sql<number | null>`c.variety_id`,
      similarity: sql<number>`c.similarity`,
    }),
    sql`FROM jsonb_to_recordset(${JSON.stringify(asked)}::jsonb) AS n(i int, key text)
    CROSS JOIN LATERAL (
      SELECT k.product_id, k.variety_id, round(similarity(n.key, k.key)::numeric, 2)::float8 AS similarity
      FROM jsonb_to_recordset(${JSON.stringify(combos)}::jsonb) AS k(product_id int, variety_id int, key text)
      WHERE similarity(n.key, k.key) > 0 ORDER BY similarity(n.key, k.key) DESC, k.product_id, k.variety_id NULLS FIRST LIMIT 3) c
    ORDER BY n.i, c.similarity DESC`,
  );
  const productName = new Map(refs.products.map((p) => [p.id, p.name]));
  const varietyName = new Map(refs.varieties.map((v) => [v.id, v.name]));
  return names.map((name, i) => ({
    name,
    candidates: found
      .filter((f) => Number(f.i) === i)
      .map((f) => {
        const product = productName.get(Number(f.product_id))!;
        const variety = f.variety_id === null ? null : (varietyName.get(Number(f.variety_id)) ?? null);
        const ours = new Set(nameKey(`${product} ${variety ?? ''}`).split(' '));
        const rest = nameKey(name)
          .split(' ')
          .filter((w) => !ours.has(w) && /^\p{L}+$/u.test(w));
        const origin = rest.length ? rest.map((w) => w[0].toLocaleUpperCase('ru') + w.slice(1)).join(' ') : null;
        return {
          product_id: Number(f.product_id),
          product,
          variety_id: f.variety_id === null ? null : Number(f.variety_id),
          variety,
          [ORIGIN]: origin,
          similarity: Number(f.similarity),
        };
      }),
  }));
}
