// The file against the supplier's active offers, nothing written: new, changed, unchanged and gone lots, and the
// rows with problems.
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { FileStores } from '../db/fileStores';
import type { AuthenticatedUser } from '../accounts/users';
import {
  PRICE_LIST_MSG,
  TARGET_FIELD,
  TARGET_TITLES,
  layoutFits,
  type PriceListProfile,
  type PriceListTarget,
} from '../../domain/suppliers/priceList';
import { changePercent, type PreviewRow, type PriceListPreview } from '../../domain/suppliers/priceListPreview';
import { OFFER_FIELDS } from '../../domain/offers/resource';
import { LOT_FIELDS, lotOf, type LotText } from '../../domain/offers/lot';
import { OFFER_WRITE_MSG } from '../../domain/offers/schema';
import { badRequest } from '../errors';
import type { NamedSheet } from '../lists/import';
import { columnsOf, select, selectRows, textOf, type SelectedRow } from '../db/rows';
import {
  offers,
  packing as packingTable,
  products as productsTable,
  reserves,
  varieties as varietiesTable,
} from '../db/schema';
import { todayOf } from '../db/businessDay';
import { findDuplicates, type NewOffer } from '../sections/offers';
import type { Supplier } from './access';
import { loadReferences } from './names';
import { lotKey, readFile } from './readFile';
import { dataRows, fullSheet, type UploadRow } from './stored';

/** The tables under the aliases the plan's statement gives them. */
const O = alias(offers, 'o');
const R = alias(reserves, 'r');
const P = alias(productsTable, 'p');
const V = alias(varietiesTable, 'v');
const PK = alias(packingTable, 'pk');

/** The lot's texts an offer stores (the year, the origin, the unit), as its columns under the alias o. */
const STORED_LOT = Object.fromEntries(
  LOT_FIELDS.filter((fd) => !fd.reference).map((fd) => [fd.key, sql.raw(`o.${fd.field}`)]),
) as { [K in Exclude<keyof LotText, 'product' | 'variety' | 'packing'>]: SQL<LotText[K]> };

/** The supplier's active lot as the plan compares a file's row with it: its references, the lot's texts it stores,
 * its figures as text and its references' names (the variety and the packing left-joined: null where it has none). */
const EXISTING = select({
  ...columnsOf(O, 'id', 'product_id', 'variety_id', 'packing_id'),
  ...STORED_LOT,
  unit_price: textOf(O.unit_price),
  unit_amount: textOf(O.unit_amount),
  unit_weight: textOf(O.unit_weight),
  // generated from NOT NULL amounts
  taken: sql<string>`(${O.reserved_amount} + ${O.purchased_amount})::text`,
  active_reserves: sql<number>`(SELECT count(*)::int FROM ${reserves} ${R} WHERE ${R.offer_id} = ${O.id} AND ${R.status} = 'active')`,
  product: P.name,
  variety: sql<string | null>`${V.name}`,
  packing: sql<string | null>`${PK.name}`,
});
type Existing = SelectedRow<typeof EXISTING>;

export interface Plan {
  preview: PriceListPreview;
  create: { line: number; values: NewOffer }[];
  change: {
    id: number;
    unit_price: string;
    unit_amount: string;
    unit_weight: string | null;
    old_price: string;
    new_price: string;
    reserves: number;
  }[];
  gone: number[];
}

export const same = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Number(a) === Number(b);

/** The file against the supplier's active offers, nothing written: the file read (readFile), new / changed /
 * unchanged lots, the supplier's lots the file no longer has, and the rows with problems. Inside apply's
 * transaction it is computed again on the offers as they stand. */
export async function computePlan(
  db: Database,
  auth: AuthenticatedUser,
  upload: UploadRow,
  supplier: Supplier,
  profile: PriceListProfile,
  sheet: NamedSheet,
): Promise<Plan> {
  const index = sheet.rows.findIndex((r) => r.line === profile.header_row);
  if (index < 0 || !layoutFits(profile, sheet.rows[index].cells)) throw badRequest(PRICE_LIST_MSG.changedLayout);
  const rows = dataRows(sheet, index);
  const refs = await loadReferences(db);
  const existing = await selectRows(
    db,
    EXISTING,
    sql`
    FROM ${offers} ${O} JOIN ${productsTable} ${P} ON ${P.id} = ${O.product_id} LEFT JOIN ${varietiesTable} ${V} ON ${V.id} = ${O.variety_id}
      LEFT JOIN ${packingTable} ${PK} ON ${PK.id} = ${O.packing_id}
    WHERE ${O.supplier_id} = ${supplier.id} AND ${O.status} = 'active' ORDER BY ${O.id}`,
  );
  const byKey = new Map<string, Existing[]>();
  for (const e of existing) byKey.set(lotKey(e), [...(byKey.get(lotKey(e)) ?? []), e]);
  const titleOf = (target: PriceListTarget | null) => {
    const i = target && Object.keys(profile.columns).find((k) => profile.columns[k] === target);
    return i ? profile.titles[i] || TARGET_TITLES[target!] : '';
  };
  const fieldTitle = (field: string) => {
    const target = (Object.keys(TARGET_FIELD) as PriceListTarget[]).find(
      (t) => TARGET_FIELD[t] === field && Object.values(profile.columns).includes(t),
    );
    return target ? titleOf(target) : (OFFER_FIELDS.find((f) => f.key === field)?.label ?? '');
  };
  // a new lot's texts: its references' names, its other lot fields as checked
  const names: Record<string, Map<number, string>> = {
    products: new Map(refs.products.map((p) => [p.id, p.name])),
    varieties: new Map(refs.varieties.map((v) => [v.id, v.name])),
    packing: new Map([...refs.packing.values()].map((p) => [p.id, p.name])),
  };
  const lotTextOf = (values: NewOffer) =>
    Object.fromEntries(
      LOT_FIELDS.map((fd) => {
        const value = values[fd.field];
        if (!fd.reference) return [fd.key, value ?? null];
        // the product is always named ('' where it is gone), the others null
        const empty = fd.part === 'product' ? '' : null;
        return [fd.key, value ? (names[fd.reference.list]?.get(Number(value)) ?? empty) : empty];
      }),
    ) as LotText;

  const read = await readFile(auth, upload.id, rows, supplier, profile, refs, titleOf, fieldTitle, await todayOf(db));
  const { candidates } = read;
  const plan: Plan = {
    preview: {
      new: [],
      changed: [],
      unchanged: [],
      gone: [],
      problems: [...read.problems],
      skipped: { ...read.skipped },
      new_packings: read.newPackings.map((p) => ({ ...p })),
    },
    create: [],
    change: [],
    gone: [],
  };
  const problem = (line: number, name: string, column: string, message: string) =>
    plan.preview.problems.push({ line, name, column, message });
  // a row whose lot is known keeps its lot from being taken for gone, whatever else is wrong with it
  const matched = new Set<number>();
  for (const key of read.named) {
    const lot = byKey.get(key)?.[0];
    if (lot) matched.add(lot.id);
  }

  const newOnes: typeof candidates = [];
  for (const c of candidates) {
    const lot = byKey.get(c.key)?.[0];
    const shown: PreviewRow = {
      line: c.line,
      offer_id: lot?.id ?? null,
      name: c.name,
      ...lotTextOf(c.values),
      unit_price: String(c.values.unit_price),
      old_unit_price: lot?.unit_price ?? null,
      price_change_percent: null,
      unit_amount: String(c.values.unit_amount),
      old_unit_amount: lot?.unit_amount ?? null,
    };
    if (!lot) {
      newOnes.push(c);
      plan.preview.new.push(shown);
      continue;
    }
    const unitPrice = String(c.values.unit_price);
    const unitAmount = String(c.values.unit_amount);
    const weight =
      c.values.unit_weight === null || c.values.unit_weight === undefined ? null : String(c.values.unit_weight);
    if (same(lot.unit_price, unitPrice) && same(lot.unit_amount, unitAmount) && same(lot.unit_weight, weight)) {
      plan.preview.unchanged.push(shown);
      continue;
    }
    // the card's rule: the quantity is never below what reserves and purchases took
    if (Number(unitAmount) < Number(lot.taken)) {
      problem(c.line, c.name, fieldTitle('unit_amount'), OFFER_WRITE_MSG.belowReserved(lot.taken));
      continue;
    }
    shown.price_change_percent = changePercent(lot.unit_price, unitPrice);
    plan.preview.changed.push(shown);
    plan.change.push({
      id: lot.id,
      unit_price: unitPrice,
      unit_amount: unitAmount,
      unit_weight: weight,
      old_price: lot.unit_price,
      new_price: unitPrice,
      reserves: lot.active_reserves,
    });
  }
  // a new lot whose twin by the card's duplicate rule (same supplier, product, variety, packing, year and city) is
  // there under another origin is refused as the card refuses it
  const twins = await findDuplicates(
    db,
    newOnes.map((c) => c.values),
  );
  newOnes.forEach((c, i) => {
    if (twins[i]) {
      problem(c.line, c.name, '', `${OFFER_WRITE_MSG.duplicate(auth.permissions)} — предложение № ${twins[i]}`);
      plan.preview.new = plan.preview.new.filter((n) => n.line !== c.line);
    } else {
      plan.create.push({ line: c.line, values: c.values });
    }
  });
  const inFile = new Set(candidates.map((c) => c.key));
  for (const e of existing) {
    if (matched.has(e.id) || inFile.has(lotKey(e))) continue;
    plan.gone.push(e.id);
    plan.preview.gone.push({
      line: null,
      offer_id: e.id,
      name: '',
      ...lotOf(e),
      unit_price: null,
      old_unit_price: e.unit_price,
      price_change_percent: null,
      unit_amount: null,
      old_unit_amount: e.unit_amount,
      ...(e.active_reserves > 0 && { kept: true }),
    });
  }
  plan.preview.problems.sort((a, b) => a.line - b.line);
  return plan;
}

/** The profile's sheet of the upload with every row, as the plan reads it (read before a transaction: the file
 * store may be the database itself). */
export async function planSheet(
  db: Database,
  stores: FileStores,
  upload: UploadRow,
  profile: PriceListProfile,
): Promise<NamedSheet> {
  const sheet = await fullSheet(db, stores, upload, profile.sheet);
  if (!sheet) throw badRequest(PRICE_LIST_MSG.noSheet(profile.sheet));
  return sheet;
}
