// The JSON schemas of a product's card and varieties; the rules and Russian messages are
// domain/products/schema.ts (yup, shared with the card).
import { Type } from '@sinclair/typebox';
import { ID, nullable, responses } from '../../http/schemas';
import { cardBody, type CardSummaries } from '../../records/card';
import { VARIETIES } from '../../../domain/answers';
import { PRODUCT_FORM_FIELDS } from '../../../domain/products/schema';

export const productBody = cardBody(PRODUCT_FORM_FIELDS, {
  status: { type: 'string', maxLength: 20 },
  varieties: { type: 'array', maxItems: 100, items: { type: ['string', 'null'], maxLength: 200 } },
});
export const productSummaries: CardSummaries = {
  read: 'One product; a deleted one only with ?withDeleted',
  create: 'Create a product (409 with the id of a product of the same name)',
  update: 'Rename, deactivate (status deactivated) or reactivate (active) a product',
};

export const varietyParams = Type.Object({ id: ID, varietyId: ID });
export const varietyBody = Type.Object({ name: Type.Optional(nullable(Type.String({ maxLength: 200 }))) });
export const varietiesResponse = (status: 200 | 201) =>
  responses({
    [status]: VARIETIES,
  });
