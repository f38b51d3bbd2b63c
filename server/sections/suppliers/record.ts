// One supplier: created with comments, changed, and read with the offer and reserve figures of the list.
// A duplicate is another supplier with the same INN (deleted ones count). Fields the caller's role does not
// see (role 1: contacts, INN, city, location) are neither shown nor written.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { SUPPLIER_FIELD_VISIBILITY, SUPPLIER_FORM_FIELDS, SUPPLIER_MSG, supplierSchema } from '../../../domain/suppliers/schema';
import { hiddenCardFields } from '../../../domain/schemas/card';
import { badRequest } from '../../errors';
import { rowsOf } from '../../http/rows';
import { addComments } from '../../records/comments';
import { changeRecord, recordCreated } from '../../records/history';
import { mergeStored, readCardRecord, refuseDuplicate, refuseHidden, requireCreate, requireUpdatable, validateCard, type Row } from '../../records/card';
import { suppliersSpec } from './list';

const hiddenOf = (auth: AuthenticatedUser) => hiddenCardFields(auth.permissions, 'suppliers', SUPPLIER_FORM_FIELDS, SUPPLIER_FIELD_VISIBILITY);

export async function readSupplier(db: Database, auth: AuthenticatedUser, id: number, withDeleted: boolean): Promise<Row> {
  const row = await readCardRecord(db, suppliersSpec, auth, id, withDeleted, { city_id: sql`s.city_id` });
  // the list's columns are stripped by their own rules; the form's ids go by theirs (city_id by 'city')
  for (const field of hiddenOf(auth)) delete row[field];
  return row;
}

async function checkCity(db: Database, values: Row) {
  if (values.city_id === undefined) return;
  const [found] = rowsOf(await db.execute(sql`SELECT 1 FROM cities WHERE id = ${Number(values.city_id)}`));
  if (!found) throw badRequest(SUPPLIER_MSG.city);
}

const sameInn = (values: Row) => (values.inn ? sql`inn = ${String(values.inn)}` : null);

const columnsOf = (values: Row) =>
  Object.entries(values)
    .filter(([field]) => (SUPPLIER_FORM_FIELDS as readonly string[]).includes(field))
    .map(([field, value]) => [field, value === '' || value === undefined ? null : value] as const);

export async function createSupplier(db: Database, auth: AuthenticatedUser, body: Row): Promise<Row> {
  requireCreate(suppliersSpec, auth);
  const hidden = hiddenOf(auth);
  refuseHidden(hidden, body, SUPPLIER_FORM_FIELDS);
  const values = await validateCard(supplierSchema(hidden), body);
  await checkCity(db, values);
  await refuseDuplicate(db, sameInn(values), 'suppliers', SUPPLIER_MSG.duplicate, SUPPLIER_MSG.conflictText);
  const columns = [...columnsOf(values), ['created_by', auth.user.id] as const];
  const id = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [created] = rowsOf<{ id: number }>(await t.execute(sql`
      INSERT INTO suppliers (${sql.join(columns.map(([k]) => sql.identifier(k)), sql`, `)})
      VALUES (${sql.join(columns.map(([, v]) => sql`${v}`), sql`, `)}) RETURNING id`));
    await addComments(t, auth, 'suppliers', created.id, body.comments);
    await recordCreated(t, auth.user.id, 'suppliers', created.id);
    return created.id;
  });
  return readSupplier(db, auth, id, false);
}

export async function updateSupplier(db: Database, auth: AuthenticatedUser, id: number, body: Row): Promise<Row> {
  requireUpdatable(await readCardRecord(db, suppliersSpec, auth, id, false));
  const hidden = hiddenOf(auth);
  refuseHidden(hidden, body, SUPPLIER_FORM_FIELDS);
  const [stored] = rowsOf<Row>(await db.execute(sql`SELECT * FROM suppliers WHERE id = ${id}`));
  const values = await validateCard(supplierSchema(hidden), mergeStored(SUPPLIER_FORM_FIELDS, body, stored, hidden));
  await checkCity(db, values);
  await refuseDuplicate(db, sameInn(values), 'suppliers', SUPPLIER_MSG.duplicate, SUPPLIER_MSG.conflictText, id);
  const columns = columnsOf(values);
  await db.transaction((tx) => changeRecord(tx as unknown as Database, auth.user.id, 'suppliers', id, sql.join(columns.map(([k, v]) => sql`${sql.identifier(k)} = ${v}`), sql`, `)));
  return readSupplier(db, auth, id, false);
}
