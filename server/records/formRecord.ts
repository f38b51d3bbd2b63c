// The record hooks of a card that is a form over its own table's columns (employees, suppliers): the shared yup
// schema applied (a change over the stored values), the references it names checked, the duplicate's 409, then
// one INSERT or the SET of a change. The pipeline (records/pipeline.ts) does the rest.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyObjectSchema } from 'yup';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import { badRequest } from '../errors';
import { rowsOf } from '../http/rows';
import type { SectionSpec } from '../spec/section';
import { refuseActiveTwin, refuseDuplicate, validateCard } from './card';
import type { RecordSection, Row } from './pipeline';

export interface FormRecord {
  /** The section's list spec; its table is named as the section. */
  spec: SectionSpec;
  /** The form's fields, each a column of the table. */
  fields: readonly string[];
  /** The rule a field is hidden by, where it is not its own name (domain/<section>/schema.ts). */
  visibleAs: Record<string, string>;
  /** The shared yup schema, with the fields hidden from the caller left out. */
  schema: (hidden: ReadonlySet<string>) => AnyObjectSchema;
  /** 400 when a reference the values name is not there. */
  checkReferences: (db: Database, values: Row) => Promise<void>;
  /** What makes another record the same one (null: nothing to compare), and the 409's message and link text. */
  duplicate: { of: (values: Row) => SQL | null; message: string; text: string };
  /** Columns the card reads beside the list row's, and the section's own part of the read. */
  readColumns?: Record<string, SQL>;
  finishRead?: (db: Database, auth: AuthenticatedUser, row: Row) => Row | Promise<Row>;
}

/** 400 with `message` when the form names a row of `table` that is not there; nothing when it names none. */
export async function requireReference(db: Database, table: string, id: unknown, message: string) {
  if (id === undefined) return;
  const [found] = rowsOf(await db.execute(sql`SELECT 1 FROM ${sql.identifier(table)} WHERE id = ${Number(id)}`));
  if (!found) throw badRequest(message);
}

/** The columns a write sets: the validated fields the role may write, an empty value as none. */
const columnsOf = (form: FormRecord, values: Row) =>
  Object.entries(values)
    .filter(([field]) => form.fields.includes(field))
    .map(([field, value]) => [field, value === '' || value === undefined ? null : value] as const);

/** The checks a create and a change share; the values to write. */
async function checked(db: Database, form: FormRecord, hidden: ReadonlySet<string>, input: Row, exceptId?: number): Promise<Row> {
  const values = await validateCard(form.schema(hidden), input);
  await form.checkReferences(db, values);
  await refuseDuplicate(db, form.duplicate.of(values), form.spec.section, form.duplicate.message, form.duplicate.text, exceptId);
  return values;
}

/** What a change checks: the fields it sends over the stored ones; hidden fields keep what is stored. */
function mergeStored(fields: readonly string[], body: Row, stored: Row, hidden: ReadonlySet<string>): Row {
  const merged: Row = {};
  for (const field of fields) merged[field] = body[field] !== undefined && !hidden.has(field) ? body[field] : stored[field];
  return merged;
}

export function formRecordSection(form: FormRecord): RecordSection<Row> {
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
      const [created] = rowsOf<{ id: number }>(await tx.execute(sql`
        INSERT INTO ${table} (${sql.join(columns.map(([k]) => sql.identifier(k)), sql`, `)})
        VALUES (${sql.join(columns.map(([, v]) => sql`${v}`), sql`, `)}) RETURNING id`));
      return created.id;
    },
    async change(tx, _auth, { id, before, body, hidden }) {
      const values = await checked(tx, form, hidden, mergeStored(form.fields, body, before, hidden), id);
      return { set: sql.join(columnsOf(form, values).map(([k, v]) => sql`${sql.identifier(k)} = ${v}`), sql`, `) };
    },
    beforeRestore: (tx, _auth, record) =>
      refuseActiveTwin(tx, form.duplicate.of(record), form.spec.section, form.duplicate.message, form.duplicate.text, Number(record.id)),
  };
}
