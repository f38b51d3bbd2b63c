// One supplier: created with comments, changed, and read with the offer and reserve figures of the list.
// A duplicate is another supplier with the same INN (deleted ones count). Fields the caller's role does not
// see (role 1: contacts, INN, city, location) are neither shown nor written.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { SUPPLIER_FIELD_VISIBILITY, SUPPLIER_FORM_FIELDS, SUPPLIER_MSG, supplierSchema } from '../../../domain/suppliers/schema';
import { readCardRecord, type Row } from '../../records/card';
import { createFormRecord, hiddenFormFields, requireReference, updateFormRecord, type FormRecord } from '../../records/formRecord';
import { suppliersSpec } from './list';

export async function readSupplier(db: Database, auth: AuthenticatedUser, id: number, withDeleted: boolean): Promise<Row> {
  const row = await readCardRecord(db, suppliersSpec, auth, id, withDeleted, { city_id: sql`s.city_id` });
  // the list's columns are stripped by their own rules; the form's ids go by theirs (city_id by 'city')
  for (const field of hiddenFormFields(supplierForm, auth)) delete row[field];
  return row;
}

const supplierForm: FormRecord = {
  spec: suppliersSpec, fields: SUPPLIER_FORM_FIELDS, visibleAs: SUPPLIER_FIELD_VISIBILITY, schema: supplierSchema, read: readSupplier,
  checkReferences: (db, values) => requireReference(db, 'cities', values.city_id, SUPPLIER_MSG.city),
  duplicate: { of: (values) => (values.inn ? sql`inn = ${String(values.inn)}` : null), message: SUPPLIER_MSG.duplicate, text: SUPPLIER_MSG.conflictText },
};

export const createSupplier = (db: Database, auth: AuthenticatedUser, body: Row) => createFormRecord(db, auth, supplierForm, body);
export const updateSupplier = (db: Database, auth: AuthenticatedUser, id: number, body: Row) => updateFormRecord(db, auth, supplierForm, id, body);
