// POST /api/offers/import: a price list read row by row into offers. Each row's names are resolved
// against the reference lists the caller may choose from on the card (the supplier also by INN), then checked and
// created by the card's own service (record.ts: the shared schema with its Russian messages, the caller's hidden
// fields, a supplier's user's own supplier, the selling band from the business settings). Duplicates follow the
// card's 409 rule, against the database and within the file. One transaction: all or nothing per request.
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { isFieldVisible, scopeOf } from '../../../domain/permissions';
import {
  IMPORT_MSG,
  type ImportColumn,
  type ImportMode,
  type ImportProblem,
  type ImportReport,
} from '../../../domain/import';
import {
  OFFER_IMPORT_COLUMNS,
  OFFER_IMPORT_IGNORED,
  UNIT_MEASURE_NAMES,
  dayOf,
  logisticsStateOf,
} from '../../../domain/offers/import';
import { OFFER_WRITE_MSG, hiddenOfferFormFields } from '../../../domain/offers/schema';
import { PRODUCT_MSG } from '../../../domain/products/schema';
import { forbidden } from '../../errors';
import { select, selectRows } from '../../db/rows';
import { suppliers as suppliersTable } from '../../db/schema';
import { readBusinessSettings } from '../../settings';
import { todayOf } from '../../db/businessDay';
import { matchHeader, readSheet, rowCells, templateXlsx, type UploadedFile } from '../../lists/import';
import { referenceItems, type ReferenceItem, type ScopeSpecs } from '../../records/references';
import { scopeCondition } from '../../records/access';
import { ratePolicyOf } from '../../../domain/offers/purchase';
import { ratesOfDay, type RateReader } from './purchase';
import { offerRecord } from './record';
import { findDuplicates } from './duplicates';
import { newOfferValues, type NewOffer } from './offerValues';
import { insertRecords, type CreatedRecord } from '../../records/pipeline';
import { fieldProblems } from '../../http/validation';

type Row = Record<string, unknown>;

/** 403 unless the caller's role may import offers (own: a supplier's user imports for its own supplier, which
 * newOfferValues sets whatever the file says). */
export function requireImportRight(auth: AuthenticatedUser) {
  if (scopeOf(auth.permissions, 'offers', 'import') === 'none') throw forbidden(IMPORT_MSG.forbidden);
}

/** The template's columns for the caller: the card's fields its role may see. */
export function offerImportColumns(auth: AuthenticatedUser): ImportColumn[] {
  const hidden = hiddenOfferFormFields(auth.permissions);
  return OFFER_IMPORT_COLUMNS.filter((c) => !hidden.has(c.key));
}

export async function offerImportTemplate(auth: AuthenticatedUser): Promise<Buffer> {
  requireImportRight(auth);
  return templateXlsx('Предложения', offerImportColumns(auth));
}

// ---- names to ids
const key = (name: string) => name.trim().replace(/\s+/g, ' ').replace(/ё/g, 'е').toLocaleLowerCase('ru');

interface Named {
  id: number;
  name: string;
  product_id?: number | null;
  inn?: string | null;
  status?: string;
}

/** Items by their lower-cased name (several when names repeat). */
function byName(items: Named[]): Map<string, Named[]> {
  const map = new Map<string, Named[]>();
  for (const item of items) {
    const k = key(item.name);
    map.set(k, [...(map.get(k) ?? []), item]);
  }
  return map;
}

interface References {
  products: Map<string, Named[]>;
  /** Products not on offer (deactivated): named so the row gets the card's message, not "not in the list". */
  retiredProducts: Map<string, Named[]>;
  varieties: Map<string, Named[]>;
  packing: Map<string, Named[]>;
  cities: Map<string, Named[]>;
  suppliers: Map<string, Named[]>;
  suppliersByInn: Map<string, Named[]>;
}

const LIST_NAMES: Record<string, string> = {
  product_id: 'товаров',
  variety_id: 'сортов товара',
  packing_id: 'упаковок',
  city_id: 'городов',
  supplier_id: 'поставщиков',
};

/** The lists the card's selects offer the caller (its read scopes), for the columns it may fill. */
async function loadReferences(
  db: Database,
  specs: ScopeSpecs,
  auth: AuthenticatedUser,
  hidden: Set<string>,
): Promise<References> {
  const list = async (
    name: 'products' | 'varieties' | 'packing' | 'cities',
    field: string,
    activeOnly = true,
  ): Promise<ReferenceItem[]> => (hidden.has(field) ? [] : referenceItems(db, specs, auth, name, activeOnly));
  const products = await list('products', 'product_id');
  const live = new Set(products.map((p) => p.id));
  const suppliers: Named[] = [];
  if (!hidden.has('supplier_id')) {
    const spec = specs.suppliers;
    // the suppliers under the alias their scope condition names them by
    const S = alias(suppliersTable, spec.alias);
    // a supplier is found by INN only where the reader may see suppliers' INNs
    const inn = sql<string | null>`${isFieldVisible(auth.permissions, 'suppliers', 'inn') ? S.inn : sql`NULL`}`;
    suppliers.push(
      ...(await selectRows(
        db,
        select({ id: S.id, name: S.name, inn }),
        sql`FROM ${suppliersTable} ${S} WHERE ${S.status} = 'active' AND ${scopeCondition(spec, auth, 'read')}`,
      )),
    );
  }
  const suppliersByInn = new Map<string, Named[]>();
  for (const s of suppliers)
    if (s.inn) suppliersByInn.set(s.inn.trim(), [...(suppliersByInn.get(s.inn.trim()) ?? []), s]);
  return {
    products: byName(products),
    retiredProducts: byName((await list('products', 'product_id', false)).filter((p) => !live.has(p.id))),
    varieties: byName(await list('varieties', 'variety_id')),
    packing: byName(await list('packing', 'packing_id')),
    cities: byName(await list('cities', 'city_id')),
    suppliers: byName(suppliers),
    suppliersByInn,
  };
}

type Resolved = { id: number } | { problem: string } | null;

function one(field: string, value: string, found: Named[] | undefined, hint: string): Resolved {
  if (!found?.length) return { problem: IMPORT_MSG.notInList(LIST_NAMES[field], value) };
  if (found.length > 1) return { problem: IMPORT_MSG.ambiguous(LIST_NAMES[field], value, hint) };
  return { id: found[0].id };
}

/** A reference cell as the id the card would send, or the row's problem; null for an empty cell (the schema then
 * asks for it with the card's message). */
function resolve(refs: References, field: string, value: string, productId: number | undefined): Resolved {
  if (!value) return null;
  switch (field) {
    case 'product_id':
      if (!refs.products.has(key(value)) && refs.retiredProducts.has(key(value)))
        return { problem: PRODUCT_MSG.notOffered };
      return one(field, value, refs.products.get(key(value)), 'переименуйте товар');
    case 'variety_id': {
      // a variety is the chosen product's; without a product the row is already refused for it
      if (productId === undefined) return null;
      return one(
        field,
        value,
        refs.varieties.get(key(value))?.filter((v) => v.product_id === productId),
        'переименуйте сорт',
      );
    }
    case 'packing_id':
      return one(field, value, refs.packing.get(key(value)), 'переименуйте упаковку');
    case 'city_id':
      return one(field, value, refs.cities.get(key(value)), 'переименуйте город');
    case 'supplier_id': {
      const byInn = /^\d{10}(\d{2})?$/.test(value) ? refs.suppliersByInn.get(value) : undefined;
      return one(field, value, byInn ?? refs.suppliers.get(key(value)), 'укажите ИНН');
    }
    default:
      return null;
  }
}

// ---- rows
const TITLE_OF = new Map(OFFER_IMPORT_COLUMNS.map((c) => [c.key, c.title]));
const COLUMN_ORDER = OFFER_IMPORT_COLUMNS.map((c) => c.key);
const REFERENCE_FIELDS = ['product_id', 'variety_id', 'packing_id', 'city_id', 'supplier_id'];

interface Checked {
  line: number;
  problems: ImportProblem[];
  values?: NewOffer;
  body?: Row;
}

/** One row: its cells as the card's form body, then the card's checks. */
async function checkRow(
  auth: AuthenticatedUser,
  refs: References,
  columns: Map<string, number>,
  line: number,
  cells: string[],
  today: string,
  rates: RateReader,
): Promise<Checked> {
  const { body, problems } = rowCells(columns, cells);
  for (const field of REFERENCE_FIELDS) {
    if (problems.has(field) || body[field] === undefined) continue;
    const resolved = resolve(
      refs,
      field,
      String(body[field]),
      typeof body.product_id === 'number' ? body.product_id : undefined,
    );
    if (resolved && 'problem' in resolved) problems.set(field, resolved.problem);
    body[field] = resolved && 'id' in resolved ? resolved.id : null;
  }
  if (typeof body.unit_measure === 'string')
    body.unit_measure = UNIT_MEASURE_NAMES[key(body.unit_measure)] ?? body.unit_measure;
  if (body.unit_measure === 'кг' && !body.unit_weight) body.unit_weight = '1';
  if (typeof body.logistics_state === 'string') body.logistics_state = logisticsStateOf(body.logistics_state);
  if (typeof body.expected_arrival === 'string') body.expected_arrival = dayOf(body.expected_arrival);
  if (typeof body.rate_policy === 'string') body.rate_policy = ratePolicyOf(body.rate_policy);
  if (typeof body.fixed_rate_date === 'string') body.fixed_rate_date = dayOf(body.fixed_rate_date);
  const comment = body.comments;
  body.comments = typeof comment === 'string' && comment ? [{ text: comment }] : [];

  let values: NewOffer | undefined;
  try {
    values = await newOfferValues(auth, body, today, rates);
  } catch (error) {
    // a cell already refused (a name not in its list) is not asked for again
    for (const [field, message] of fieldProblems(error)) if (!problems.has(field)) problems.set(field, message);
  }
  const listed = [...problems]
    .sort(([a], [b]) => COLUMN_ORDER.indexOf(a) - COLUMN_ORDER.indexOf(b))
    .map(([field, message]) => ({ row: line, column: TITLE_OF.get(field) ?? '', message }));
  return listed.length ? { line, problems: listed } : { line, problems: [], values, body };
}

/** The card's duplicate key: two active offers with these equal are one. */
/** Rows checked a chunk at a time: while the database writes one chunk's offers, the next chunk is checked. */
const IMPORT_CHUNK = 1000;

const duplicateKey = (v: NewOffer) =>
  JSON.stringify([v.supplier_id, v.product_id, v.variety_id, v.packing_id, v.harvest_year, v.city_id]);

export async function importOffers(
  db: Database,
  specs: ScopeSpecs,
  auth: AuthenticatedUser,
  file: UploadedFile,
  mode: ImportMode,
): Promise<ImportReport> {
  requireImportRight(auth);
  const sheet = await readSheet(file);
  const hidden = hiddenOfferFormFields(auth.permissions);
  const columns = matchHeader(sheet.header, OFFER_IMPORT_COLUMNS, {
    ignored: OFFER_IMPORT_IGNORED,
    hidden: (c) => hidden.has(c.key),
  });
  const refs = await loadReferences(db, specs, auth, hidden);
  const settings = await readBusinessSettings(db);
  const today = await todayOf(db);
  const rates = await ratesOfDay(db, today);
  const duplicate = OFFER_WRITE_MSG.duplicate(auth.permissions);

  return db.transaction(async (t) => {
    const checked: Checked[] = [];
    const firstLine = new Map<string, number>();
    const toWrite = (rows: Checked[]) =>
      rows.map((row) => ({ values: { values: row.values!, settings }, body: row.body! }));
    // valid: each chunk's good rows are written (set-based, through the pipeline: multi-row INSERTs of the offers,
    // their comments and their history) while the next chunk is checked, one chunk after another in the file's order
    let writing: Promise<CreatedRecord[]> = Promise.resolve([]);
    const written: CreatedRecord[] = [];
    for (let from = 0; from < sheet.rows.length; from += IMPORT_CHUNK) {
      const chunk: Checked[] = [];
      for (const row of sheet.rows.slice(from, from + IMPORT_CHUNK)) {
        chunk.push(await checkRow(auth, refs, columns, row.line, row.cells, today, rates));
        // the checks never wait for I/O: a pause now and then lets the writing send its next statement
        if (chunk.length % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      // duplicates: of an earlier row of the file, else of an offer already there (one look-up per chunk). An
      // offer an earlier chunk wrote is no "offer already there" to a later row: that row is the earlier line's
      // duplicate first.
      const candidates = chunk.filter((c) => c.values);
      const existing = await findDuplicates(
        t,
        candidates.map((c) => c.values!),
      );
      candidates.forEach((result, i) => {
        const k = duplicateKey(result.values!);
        const earlier = firstLine.get(k);
        if (earlier !== undefined)
          result.problems.push({
            row: result.line,
            column: '',
            message: `${duplicate} — строка ${earlier} этого файла`,
          });
        else if (existing[i])
          result.problems.push({
            row: result.line,
            column: '',
            message: `${duplicate} — предложение № ${existing[i]}`,
          });
        else firstLine.set(k, result.line);
      });
      checked.push(...chunk);
      if (mode === 'valid') {
        const items = toWrite(chunk.filter((c) => !c.problems.length));
        writing = writing.then(async (done) => {
          written.push(...done);
          return insertRecords(t, auth, offerRecord, items);
        });
        // a failed write is thrown below, after the checks; until then it is not an unhandled rejection
        writing.catch(() => undefined);
      }
    }
    written.push(...(await writing));
    const problems = checked.flatMap((c) => c.problems);
    const valid = checked.filter((c) => !c.problems.length);
    // all: a file with a problem writes nothing, so its rows are written only once the whole file is checked
    if (mode === 'all' && !problems.length)
      written.push(...(await insertRecords(t, auth, offerRecord, toWrite(valid))));
    const ids = written.map((c) => c.id);
    return { mode, total: sheet.rows.length, valid: valid.length, imported: ids.length, ids, problems };
  });
}
