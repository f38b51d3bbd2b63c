// The JSON schemas of a supplier's card; the rules and Russian messages are domain/suppliers/schema.ts (yup,
// shared with the card).
import { SUPPLIER_FORM_FIELDS } from '../../../domain/suppliers/schema';
import { anyObject, responses } from '../../http/schemas';
import { cardBody } from '../../records/card';

export const supplierBody = cardBody(SUPPLIER_FORM_FIELDS);
export const supplierResponse = (status: 200 | 201) => responses({ [status]: anyObject });
