// One supplier: created with comments, changed, and read with the offer and reserve figures of the list.
// A duplicate is another supplier with the same INN (deleted ones count). Fields the caller's role does not
// see (role 1: contacts, INN, city, location) are neither shown nor written.
import { sql } from 'drizzle-orm';
import {
  SUPPLIER_FIELD_VISIBILITY,
  SUPPLIER_FORM_FIELDS,
  SUPPLIER_MSG,
  supplierSchema,
} from '../../../domain/suppliers/schema';
import { formRecordSection } from '../../records/formRecord';
import { suppliersSpec } from './list';

export const supplierRecord = formRecordSection({
  spec: suppliersSpec,
  fields: SUPPLIER_FORM_FIELDS,
  visibleAs: SUPPLIER_FIELD_VISIBILITY,
  schema: supplierSchema,
  readColumns: { city_id: sql`s.city_id` },
  references: [{ field: 'city_id', table: 'cities', message: SUPPLIER_MSG.city }],
  duplicate: {
    of: (values) => (values.inn ? sql`inn = ${String(values.inn)}` : null),
    message: SUPPLIER_MSG.duplicate,
    text: SUPPLIER_MSG.conflictText,
  },
});
