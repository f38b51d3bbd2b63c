// Creating and changing a record whose card is a form over its own table's columns (employees, suppliers):
// the fields hidden from the caller's role refused, the shared yup schema applied (a change over the stored
// values), the references it names checked, the duplicate's 409, then one INSERT (with its comments) or UPDATE
// and the record's history in one transaction. The answer is the record as its card reads it.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyObjectSchema } from 'yup';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import { hiddenCardFields } from '../../domain/schemas/card';
import { badRequest } from '../errors';
import { rowsOf } from '../http/rows';
import type { SectionSpec } from '../spec/section';
import { addComments } from './comments';
import { changeRecord, recordCreated } from './history';
import { mergeStored, readCardRecord, refuseDuplicate, refuseHidden, requireCreate, requireUpdatable, validateCard, type Row } from './card';

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
  read: (db: Database, auth: AuthenticatedUser, id: number, withDeleted: boolean) => Promise<Row>;
}

/** The form's fields the caller's role does not see. */
export const hiddenFormFields = (form: FormRecord, auth: AuthenticatedUser) =>
  hiddenCardFields(auth.permissions, form.spec.section, form.fields, form.visibleAs);

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

export async function createFormRecord(db: Database, auth: AuthenticatedUser, form: FormRecord, body: Row): Promise<Row> {
  const section = form.spec.section;
  requireCreate(form.spec, auth);
  const hidden = hiddenFormFields(form, auth);
  refuseHidden(hidden, body, form.fields);
  const values = await checked(db, form, hidden, body);
  const columns = [...columnsOf(form, values), ['created_by', auth.user.id] as const];
  const id = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [created] = rowsOf<{ id: number }>(await t.execute(sql`
      INSERT INTO ${sql.identifier(section)} (${sql.join(columns.map(([k]) => sql.identifier(k)), sql`, `)})
      VALUES (${sql.join(columns.map(([, v]) => sql`${v}`), sql`, `)}) RETURNING id`));
    await addComments(t, auth, section, created.id, body.comments);
    await recordCreated(t, auth.user.id, section, created.id);
    return created.id;
  });
  return form.read(db, auth, id, false);
}

export async function updateFormRecord(db: Database, auth: AuthenticatedUser, form: FormRecord, id: number, body: Row): Promise<Row> {
  const section = form.spec.section;
  requireUpdatable(await readCardRecord(db, form.spec, auth, id, false));
  const hidden = hiddenFormFields(form, auth);
  refuseHidden(hidden, body, form.fields);
  const [stored] = rowsOf<Row>(await db.execute(sql`SELECT * FROM ${sql.identifier(section)} WHERE id = ${id}`));
  const values = await checked(db, form, hidden, mergeStored(form.fields, body, stored, hidden), id);
  const set = sql.join(columnsOf(form, values).map(([k, v]) => sql`${sql.identifier(k)} = ${v}`), sql`, `);
  await db.transaction((tx) => changeRecord(tx as unknown as Database, auth.user.id, section, id, set));
  return form.read(db, auth, id, false);
}
