// POST /api/buyers/import: a list of buyers read row by row. The city and the responsible are found by
// name among the ones the caller's card offers, the terms by their title; each row is then checked by the card's
// shared schema (its Russian messages, per column) and created by the card's own service (record.ts: the references,
// an own-scope caller's responsible, the duplicate INN's 409, per row). An INN twice in the file is the later row's
// problem. One transaction: all or nothing per request ('all'), or the valid rows ('valid').
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { scopeOf } from '../../../domain/permissions';
import {
  IMPORT_MSG,
  type ImportColumn,
  type ImportMode,
  type ImportProblem,
  type ImportReport,
} from '../../../domain/import';
import { BUYER_IMPORT_COLUMNS, BUYER_IMPORT_IGNORED, paymentTermsOf } from '../../../domain/buyers/import';
import { BUYER_FIELD_VISIBILITY, BUYER_FORM_FIELDS, BUYER_MSG, buyerSchema } from '../../../domain/buyers/schema';
import { hiddenCardFields } from '../../../domain/schemas/card';
import { HttpError, forbidden } from '../../errors';
import { matchHeader, readSheet, rowCells, templateXlsx, type UploadedFile } from '../../lists/import';
import { referenceItems, type ReferenceItem, type ScopeSpecs } from '../../records/references';
import { insertRecords, type NewRecord, type Row } from '../../records/pipeline';
import { buyerRecord } from './record';
import { fieldProblems } from '../../http/validation';

export function requireBuyerImportRight(auth: AuthenticatedUser) {
  if (scopeOf(auth.permissions, 'buyers', 'import') === 'none') throw forbidden(IMPORT_MSG.forbidden);
}

const hiddenOf = (auth: AuthenticatedUser) =>
  hiddenCardFields(auth.permissions, 'buyers', BUYER_FORM_FIELDS, BUYER_FIELD_VISIBILITY);

/** The template's columns for the caller: the card's fields its role may see. */
const columnsFor = (auth: AuthenticatedUser): ImportColumn[] => {
  const hidden = hiddenOf(auth);
  return BUYER_IMPORT_COLUMNS.filter((c) => !hidden.has(c.key));
};

export async function buyerImportTemplate(auth: AuthenticatedUser): Promise<Buffer> {
  requireBuyerImportRight(auth);
  return templateXlsx('Покупатели', columnsFor(auth));
}

const key = (name: string) => name.trim().replace(/\s+/g, ' ').replace(/ё/g, 'е').toLocaleLowerCase('ru');
const TITLE_OF = new Map(BUYER_IMPORT_COLUMNS.map((c) => [c.key, c.title]));
const COLUMN_ORDER = BUYER_IMPORT_COLUMNS.map((c) => c.key);
const REFERENCES = {
  city_id: { list: 'cities', names: 'городов', hint: 'переименуйте город' },
  responsible_id: { list: 'employees', names: 'сотрудников', hint: 'переименуйте сотрудника' },
} as const;
type ReferenceField = keyof typeof REFERENCES;

function byName(items: ReferenceItem[]): Map<string, number[]> {
  const map = new Map<string, number[]>();
  for (const item of items) map.set(key(item.name), [...(map.get(key(item.name)) ?? []), item.id]);
  return map;
}

interface Checked {
  line: number;
  problems: ImportProblem[];
  item?: NewRecord<Row>;
  inn?: string;
}

export async function importBuyers(
  db: Database,
  specs: ScopeSpecs,
  auth: AuthenticatedUser,
  file: UploadedFile,
  mode: ImportMode,
): Promise<ImportReport> {
  requireBuyerImportRight(auth);
  const sheet = await readSheet(file);
  const hidden = hiddenOf(auth);
  const columns = matchHeader(sheet.header, BUYER_IMPORT_COLUMNS, {
    ignored: BUYER_IMPORT_IGNORED,
    hidden: (c) => hidden.has(c.key),
  });
  // the lists the card's selects offer the caller, for the columns it may fill
  const lists = new Map<ReferenceField, Map<string, number[]>>();
  for (const field of Object.keys(REFERENCES) as ReferenceField[]) {
    lists.set(
      field,
      hidden.has(field) ? new Map() : byName(await referenceItems(db, specs, auth, REFERENCES[field].list, true)),
    );
  }
  const schema = buyerSchema(hidden);

  return db.transaction(async (tx) => {
    const firstLine = new Map<string, number>();
    const checked: Checked[] = [];
    for (const { line, cells } of sheet.rows) {
      const { body, problems } = rowCells(columns, cells);
      for (const field of Object.keys(REFERENCES) as ReferenceField[]) {
        const name = body[field];
        if (typeof name !== 'string' || !name) continue;
        const found = lists.get(field)!.get(key(name)) ?? [];
        const { names, hint } = REFERENCES[field];
        if (found.length !== 1)
          problems.set(
            field,
            found.length ? IMPORT_MSG.ambiguous(names, name, hint) : IMPORT_MSG.notInList(names, name),
          );
        body[field] = found.length === 1 ? found[0] : null;
      }
      body.payment_terms = paymentTermsOf(typeof body.payment_terms === 'string' ? body.payment_terms : '');
      const comment = body.comments;
      body.comments = typeof comment === 'string' && comment ? [{ text: comment }] : [];
      // the card's messages, each under its column
      try {
        await schema.validate(body, { abortEarly: false });
      } catch (error) {
        for (const [field, message] of fieldProblems(error)) if (!problems.has(field)) problems.set(field, message);
      }
      const listed = [...problems]
        .sort(([a], [b]) => COLUMN_ORDER.indexOf(a) - COLUMN_ORDER.indexOf(b))
        .map(([field, message]) => ({ row: line, column: TITLE_OF.get(field) ?? '', message }));
      if (listed.length) {
        checked.push({ line, problems: listed });
        continue;
      }
      // the card's service: references, the responsible an own-scope caller may name, the INN another buyer has
      try {
        const values = await buyerRecord.prepareCreate(tx, auth, body, hidden);
        const inn = typeof values.inn === 'string' && values.inn ? values.inn : undefined;
        const earlier = inn === undefined ? undefined : firstLine.get(inn);
        if (earlier !== undefined) {
          checked.push({
            line,
            problems: [
              {
                row: line,
                column: TITLE_OF.get('inn')!,
                message: `${BUYER_MSG.duplicate} — строка ${earlier} этого файла`,
              },
            ],
          });
          continue;
        }
        if (inn !== undefined) firstLine.set(inn, line);
        checked.push({ line, problems: [], item: { values, body }, inn });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        const id = (error.body as { info?: { id?: number } }).info?.id;
        const message = error.body.message ?? error.body.messages?.join('. ') ?? error.message;
        checked.push({
          line,
          problems: [{ row: line, column: '', message: id ? `${message} — покупатель № ${id}` : message }],
        });
      }
    }
    const problems = checked.flatMap((c) => c.problems);
    const valid = checked.filter((c) => !c.problems.length);
    const write = mode === 'valid' || !problems.length;
    const created = write
      ? await insertRecords(
          tx,
          auth,
          buyerRecord,
          valid.map((c) => c.item!),
        )
      : [];
    const ids = created.map((c) => c.id);
    return { mode, total: sheet.rows.length, valid: valid.length, imported: ids.length, ids, problems };
  });
}
