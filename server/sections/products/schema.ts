// The JSON schemas of a product's card and varieties; the rules and Russian messages are
// domain/products/schema.ts (yup, shared with the card).
import { ID, anyObject, responses } from '../../http/schemas';
import { cardBody } from '../../records/card';

export const productBody = cardBody(['name'], {
  status: { type: 'string', maxLength: 20 },
  varieties: { type: 'array', maxItems: 100, items: { type: ['string', 'null'], maxLength: 200 } },
});
export const productResponse = (status: 200 | 201) => responses({ [status]: anyObject });

export const varietyParams = { type: 'object', required: ['id', 'varietyId'], properties: { id: ID, varietyId: ID } } as const;
export const varietyBody = { type: 'object', properties: { name: { type: ['string', 'null'], maxLength: 200 } } } as const;
export const varietiesResponse = (status: 200 | 201) => responses({
  [status]: {
    type: 'array',
    items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, product_id: { type: 'integer' }, offers: { type: 'integer' } } },
  },
});
