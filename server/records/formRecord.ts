// The record hooks of a card that is a form over its own table's columns (employees, suppliers, buyers): the shared
// yup schema applied (a change over the stored values), the references it names checked, the duplicate's 409, then
// one INSERT or the SET of a change. The pipeline (records/pipeline.ts) does the rest. A bulk edit and a bulk
// restore make the same checks for a chunk of records at once: the schema per record in memory, each
// reference table asked once, the duplicate rule in one statement.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyObjectSchema } from 'yup';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import { badRequest, conflict } from '../errors';
import { returningRows, select, selectRows } from '../db/rows';
import type { SectionSpec } from '../contract/section';
import { tableColumnsOf } from '../contract/tables';
import type { Section } from '../../domain/sections';
import { chunkTwins, findTwins, refuseActiveTwin, refuseDuplicate, validateCard } from './card';
import type { BulkOutcome, BulkRow, RecordSection, RestoreRow, Row } from './pipeline';

/** A reference a form names: the table its id must be a row of, and the 400's message when it is not. */
export interface FormReference {
  field: string;
  table: string;
  message: string;
  /** An empty value (null, '') names nothing (an optional select); by default only a field not sent does. */
  optional?: boolean;
}

export interface FormRecord<S extends Section = Section> {
  /** The section's list spec; its table is named as the section. */
  spec: SectionSpec<S>;
  /** The form's fields, each a column of the table. */
  fields: readonly string[];
  /** The rule a field is hidden by, where it is not its own name (domain/<section>/schema.ts). */
  visibleAs: Record<string, string>;
  /** The shared yup schema, with the fields hidden from the caller left out. */
  schema: (hidden: ReadonlySet<string>) => AnyObjectSchema;
  /** The references the values name: a 400 in the form's words when one is not there. */
  references: readonly FormReference[];
  /** What makes another record the same one (null: nothing to compare), and the 409's message and link text. */
  duplicate: { of: (values: Row) => SQL | null; message: string; text: string };
  /** Columns the card reads beside the list row's, and the section's own part of the read. */
  readColumns?: Record<string, SQL>;
  finishRead?: (db: Database, auth: AuthenticatedUser, row: Row) => Row | Promise<Row>;
}

const blank = (value: unknown) => value === undefined || value === null || value === '';
const namesNone = (ref: FormReference, value: unknown) =>
  value === undefined || (ref.optional === true && blank(value));

/** The references' 400s, one statement per reference table for all the values at once: per values (by position),
 * the messages of the references that are not there, in the form's order. */
async function goneReferences(db: Database, references: readonly FormReference[], values: Row[]): Promise<string[][]> {
  const refused: string[][] = values.map(() => []);
  for (const ref of references) {
    const ids = [...new Set(values.filter((v) => !namesNone(ref, v[ref.field])).map((v) => Number(v[ref.field])))];
    const valid = ids.filter((id) => Number.isInteger(id) && id >= -2147483648 && id <= 2147483647);
    // a reference table by its name (a section's, or a list's as positions): its key is its id
    const there = new Set(
      valid.length
        ? (
            await selectRows(
              db,
              select({ id: sql<number>`id` }),
              sql`
      FROM ${sql.identifier(ref.table)} WHERE id = ANY(${`{${valid.join(',')}}`}::int[])`,
            )
          ).map((r) => Number(r.id))
        : [],
    );
    values.forEach((v, i) => {
      if (!namesNone(ref, v[ref.field]) && !there.has(Number(v[ref.field]))) refused[i].push(ref.message);
    });
  }
  return refused;
}

/** The columns a write sets: the validated fields the role may write, an empty value as none. */
const columnsOf = (form: FormRecord, values: Row) =>
  Object.entries(values)
    .filter(([field]) => form.fields.includes(field))
    .map(([field, value]) => [field, value === '' || value === undefined ? null : value] as const);

/** The checks a create and a change share; the values to write. */
async function checked(
  db: Database,
  form: FormRecord,
  hidden: ReadonlySet<string>,
  input: Row,
  exceptId?: number,
): Promise<Row> {
  const values = await validateCard(form.schema(hidden), input);
  // the first reference missing answers, as the card's checks one after another did
  const [gone] = await goneReferences(db, form.references, [values]);
  if (gone.length) throw badRequest(gone[0]);
  await refuseDuplicate(
    db,
    form.duplicate.of(values),
    form.spec.section,
    form.duplicate.message,
    form.duplicate.text,
    exceptId,
  );
  return values;
}

/** What a change checks: the fields it sends over the stored ones; hidden fields keep what is stored. A field
 * stored empty (NULL) and not sent is checked as not given, as the card's empty input is: the shared schemas refuse
 * a null in their optional text fields (yup's English 'kpp cannot be null'), which refused a bulk edit of every buyer
 * with no KPP on file. */
function mergeStored(fields: readonly string[], body: Row, stored: Row, hidden: ReadonlySet<string>): Row {
  const merged: Row = {};
  for (const field of fields)
    merged[field] = body[field] !== undefined && !hidden.has(field) ? body[field] : (stored[field] ?? undefined);
  return merged;
}

/** The form's change for a chunk of locked records (a bulk edit): each record's values over its stored ones through
 * the schema, the references of all of them in one statement per table, the duplicate rule in one statement. The
 * dialog never sets what makes a record a duplicate (domain/bulk.ts: no names, phones, e-mails or INNs), so each
 * record is compared with the table as it stands, as the card would. */
export async function changeForms(
  tx: Database,
  form: FormRecord,
  rows: BulkRow[],
  hidden: ReadonlySet<string>,
): Promise<BulkOutcome[]> {
  const schema = form.schema(hidden);
  const outcomes = new Map<number, BulkOutcome>();
  const checked: { id: number; values: Row }[] = [];
  for (const { id, before, body } of rows) {
    try {
      checked.push({ id, values: await validateCard(schema, mergeStored(form.fields, body, before, hidden)) });
    } catch (e) {
      outcomes.set(id, { id, refused: e });
    }
  }
  const gone = await goneReferences(
    tx,
    form.references,
    checked.map((c) => c.values),
  );
  const referenced = checked.filter((c, i) => {
    if (gone[i].length) outcomes.set(c.id, { id: c.id, refused: badRequest(gone[i][0]) });
    return !gone[i].length;
  });
  const twins = await findTwins(
    tx,
    form.spec.section,
    referenced.map((c) => ({ id: c.id, condition: form.duplicate.of(c.values) })),
    { active: false, among: [] },
  );
  for (const c of referenced) {
    const twin = twins.get(c.id)?.twin ?? null;
    outcomes.set(
      c.id,
      twin !== null
        ? { id: c.id, refused: conflict(form.duplicate.message, form.duplicate.text, twin) }
        : { id: c.id, set: Object.fromEntries(columnsOf(form, c.values)) },
    );
  }
  return rows.map((r) => outcomes.get(r.id)!);
}

/** A restore's duplicate rule for a chunk of deleted records at once (refuseActiveTwin's, in one statement): each
 * record, in id order, is refused when a record not deleted is the same, or one of the chunk that came back before it. */
export async function restoreTwins(
  tx: Database,
  section: Section,
  rows: RestoreRow[],
  of: (record: Row) => SQL | null,
  refusal: (twin: number) => unknown,
) {
  const found = await findTwins(
    tx,
    section,
    rows.map((r) => ({ id: r.id, condition: of(r.record) })),
    { active: true, among: rows.map((r) => r.id) },
  );
  const twins = chunkTwins(
    rows.map((r) => r.id),
    found,
    (other, back) => back.has(other),
  );
  return rows.map(({ id }) => (twins.has(id) ? { id, refused: refusal(twins.get(id)!) } : { id }));
}

export function formRecordSection<S extends Section>(form: FormRecord<S>): RecordSection<Row, S> {
  const table = sql.identifier(form.spec.section);
  return {
    spec: form.spec,
    fields: form.fields,
    visibleAs: form.visibleAs,
    readColumns: form.readColumns,
    finishRead: form.finishRead,
    prepareCreate: (db, _auth, body, hidden) => checked(db, form, hidden, body),
    async insert(tx, auth, values) {
      const columns = [...columnsOf(form, values), ['created_by', auth.user.id] as const];
      const [created] = await returningRows(
        tx,
        sql`
        INSERT INTO ${table} (${sql.join(
          columns.map(([k]) => sql.identifier(k)),
          sql`, `,
        )})
        VALUES (${sql.join(
          columns.map(([, v]) => sql`${v}`),
          sql`, `,
        )})`,
        select({ id: tableColumnsOf(form.spec.section).id }),
      );
      return created.id;
    },
    async change(tx, _auth, { id, before, body, hidden }) {
      const values = await checked(tx, form, hidden, mergeStored(form.fields, body, before, hidden), id);
      return {
        set: sql.join(
          columnsOf(form, values).map(([k, v]) => sql`${sql.identifier(k)} = ${v}`),
          sql`, `,
        ),
      };
    },
    changeMany: (tx, _auth, rows, hidden) => changeForms(tx, form, rows, hidden),
    beforeRestore: (tx, _auth, record) =>
      refuseActiveTwin(
        tx,
        form.duplicate.of(record),
        form.spec.section,
        form.duplicate.message,
        form.duplicate.text,
        Number(record.id),
      ),
    restoreMany: (tx, _auth, rows) =>
      restoreTwins(tx, form.spec.section, rows, form.duplicate.of, (twin) =>
        conflict(form.duplicate.message, form.duplicate.text, twin),
      ),
  };
}
