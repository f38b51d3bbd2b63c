// A file's rows as lots, before any offer is looked at: each row read and checked by the offer card's own schema.
import type { AuthenticatedUser } from '../accounts/users';
import { IMPORT_LIMITS, IMPORT_MSG } from '../../domain/import';
import {
  PRICE_LIST_MSG,
  readRow,
  skippedRow,
  type MatchedName,
  type PriceListProfile,
  type PriceListTarget,
} from '../../domain/suppliers/priceList';
import { nameKey, packingKey, packingName } from '../../domain/suppliers/supplierWriting';
import { type PreviewProblem, type PriceListPreview } from '../../domain/suppliers/priceListPreview';
import { OFFER_LOADING_ADDRESS } from '../../domain/offers/resource';
import { LOT, type LotFieldKey } from '../../domain/offers/lot';
import { hiddenOfferFormFields } from '../../domain/offers/schema';
import { yearOfDay } from '../../domain/offers/harvestYear';
import type { SheetRow } from '../lists/import';
import type { Row } from '../records/pipeline';
import { fieldProblems } from '../http/validation';
import { newOfferValues, RUBLES_ONLY, type NewOffer } from '../sections/offers';
import type { Supplier } from './access';
import { answerOf, type References } from './names';

/** The lot's harvest year and origin, as the offer's fields. */
export const YEAR = LOT.year.field;
export const ORIGIN = LOT.origin.field;

/** A lot's key: the offers a file's row is the same lot as (product, variety, packing, harvest year, origin). */
type Lot = { product_id: unknown } & { [K in LotFieldKey]?: unknown };
export const lotKey = (v: Lot) =>
  [
    v.product_id,
    v.variety_id ?? '',
    v.packing_id ?? '',
    String(v[YEAR] ?? '').trim(),
    nameKey(String(v[ORIGIN] ?? '')),
  ].join('|');

/** The file's rows as lots, before any offer is looked at: each row read and checked by the card's own schema
 * (its messages), the rows with problems, and the lot key of every row whose name is answered. */
export interface ReadFile {
  problems: PreviewProblem[];
  /** The lot of each row whose name is answered, whatever else is wrong with it (its lot is not taken for gone). */
  named: string[];
  candidates: { line: number; name: string; values: NewOffer; key: string }[];
  /** Rows with no lot: totals and subtotals, empty ones. */
  skipped: PriceListPreview['skipped'];
  /** Packings of the file our list lacks, by the name our list would give them. */
  newPackings: PriceListPreview['new_packings'];
}

/** Files read lately, by everything their reading depends on (the upload, the profile, our products, varieties
 * and packings, the fields the role may not see, the supplier): the preview the upload shows, the preview asked
 * again and the apply read a file once. A few are kept: a file of 5 000 rows is a few MB once read. */
const readFiles = new Map<string, ReadFile>();
const READ_FILES_KEPT = 4;

export async function readFile(
  auth: AuthenticatedUser,
  uploadId: number,
  rows: SheetRow[],
  supplier: Supplier,
  profile: PriceListProfile,
  refs: References,
  titleOf: (target: PriceListTarget | null) => string,
  fieldTitle: (field: string) => string,
  today: string,
): Promise<ReadFile> {
  // the harvest years are judged on the business day's year
  const cacheKey = JSON.stringify([
    uploadId,
    supplier.id,
    supplier.city_id,
    supplier[OFFER_LOADING_ADDRESS],
    profile,
    refs.products,
    refs.varieties,
    [...refs.packing],
    [...hiddenOfferFormFields(auth.permissions)].sort(),
    auth.user.supplier_id,
    yearOfDay(today),
  ]);
  const known = readFiles.get(cacheKey);
  if (known) return known;
  const read: ReadFile = {
    problems: [],
    named: [],
    candidates: [],
    skipped: { totals: 0, empty: 0, not_matched: 0 },
    newPackings: [],
  };
  const problem = (line: number, name: string, column: string, message: string) =>
    read.problems.push({ line, name, column, message });
  const seen = new Map<string, number>();
  // the reader leaves out rows with nothing in them: the gaps in the line numbers are the file's empty rows
  let previous = profile.header_row;
  for (const r of rows) {
    read.skipped.empty += Math.max(0, r.line - previous - 1);
    previous = r.line;
    const skipped = skippedRow(r.cells, profile.columns);
    if (skipped) {
      read.skipped[skipped === 'total' ? 'totals' : 'empty']++;
      continue;
    }
    const row = readRow(r.line, r.cells, profile.columns, profile.defaults);
    const answered = row.name ? answerOf(row.name, profile, refs) : null;
    // a name the user answered 'Не сопоставлять' holds no lot of ours: skipped and counted, never a problem
    if (answered?.product_id === null) {
      read.skipped.not_matched++;
      continue;
    }
    const answer = answered as MatchedName | null;
    const rowProblems: PreviewProblem[] = row.problems.map((p) => ({
      line: r.line,
      name: row.name,
      column: titleOf(p.target),
      message: p.message,
    }));
    // a cell the reading cut (past the longest text a card's line takes) is refused as the import refuses it
    const tooLong = Object.keys(profile.columns).filter(
      (i) => (r.cells[Number(i) - 1] ?? '').length > IMPORT_LIMITS.maxCell,
    );
    rowProblems.push(
      ...tooLong.map((i) => ({
        line: r.line,
        name: row.name,
        column: titleOf(profile.columns[i]),
        message: IMPORT_MSG.tooLong,
      })),
    );
    if (row.name && !answer && row.name.length <= IMPORT_LIMITS.maxCell)
      rowProblems.push({
        line: r.line,
        name: row.name,
        column: titleOf('product'),
        message: PRICE_LIST_MSG.unanswered1(row.name),
      });
    let varietyId = answer?.variety_id ?? null;
    if (answer && row.variety) {
      const v = refs.varieties.find(
        (x) => x.product_id === answer.product_id && nameKey(x.name) === nameKey(row.variety!),
      );
      if (v) varietyId = v.id;
      else
        rowProblems.push({
          line: r.line,
          name: row.name,
          column: titleOf('variety'),
          message: IMPORT_MSG.notInList('сортов товара', row.variety),
        });
    }
    // our packing of the same kind and weight ('мешок 22,68 кг' is 'Мешок 22,68 кг', never 'Коробка 22,68 кг')
    const packing = row.packing ? refs.packing.get(packingKey(row.packing)) : undefined;
    if (row.packing && !packing) {
      // read as its kind and weight, it is offered as a new packing of our list (one click in the preview)
      const name = packingName(row.packing);
      rowProblems.push({
        line: r.line,
        name: row.name,
        column: titleOf('packing'),
        message: PRICE_LIST_MSG.packingUnknown(row.packingText!, name ?? undefined),
      });
      if (name) {
        const known = read.newPackings.find((p) => p.name === name);
        if (known) known.rows++;
        else read.newPackings.push({ name, rows: 1 });
      }
    }
    const origin = row[ORIGIN] ?? answer?.[ORIGIN] ?? profile.defaults[ORIGIN];
    if (answer) {
      read.named.push(
        lotKey({
          product_id: answer.product_id,
          variety_id: varietyId,
          packing_id: packing?.id ?? null,
          [YEAR]: row[YEAR],
          [ORIGIN]: origin,
        }),
      );
    }
    if (rowProblems.length || !answer) {
      read.problems.push(...rowProblems);
      continue;
    }
    const body: Row = {
      product_id: answer.product_id,
      variety_id: varietyId,
      packing_id: packing?.id ?? null,
      city_id: profile.defaults.city_id ?? supplier.city_id,
      supplier_id: supplier.id,
      [YEAR]: row[YEAR] ?? '',
      [ORIGIN]: origin ?? '',
      unit_measure: row.unit_measure,
      unit_weight: row.unit_weight,
      units_per_pack: '1',
      unit_amount: row.unit_amount ?? '',
      unit_price: row.unit_price ?? '',
      [OFFER_LOADING_ADDRESS]: profile.defaults[OFFER_LOADING_ADDRESS] ?? supplier[OFFER_LOADING_ADDRESS] ?? '',
      comments: [],
    };
    let values: NewOffer;
    try {
      // a price list's rows are in rubles: no rate is asked
      values = await newOfferValues(auth, body, today, RUBLES_ONLY);
      values.supplier_id = supplier.id;
    } catch (error) {
      for (const [field, message] of fieldProblems(error)) problem(r.line, row.name, fieldTitle(field), message);
      continue;
    }
    const key = lotKey(values);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problem(r.line, row.name, '', PRICE_LIST_MSG.twinInFile(earlier));
      continue;
    }
    seen.set(key, r.line);
    read.candidates.push({ line: r.line, name: row.name, values: Object.freeze(values), key });
  }
  if (readFiles.size >= READ_FILES_KEPT) readFiles.delete(readFiles.keys().next().value!);
  readFiles.set(cacheKey, read);
  return read;
}
