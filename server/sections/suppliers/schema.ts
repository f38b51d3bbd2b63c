// The JSON schemas of a supplier's card; the rules and Russian messages are domain/suppliers/schema.ts (yup,
// shared with the card).
import { SUPPLIER_FORM_FIELDS } from '../../../domain/suppliers/schema';
import { cardBody, type CardSummaries } from '../../records/card';

export const supplierBody = cardBody(SUPPLIER_FORM_FIELDS);
export const supplierSummaries: CardSummaries = {
  read: 'One supplier with its figures; a deleted one only with ?withDeleted',
  create: 'Create a supplier (409 with the id of a supplier with the same INN)',
  update: 'Change a supplier',
};
