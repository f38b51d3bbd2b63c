// The JSON schemas of a city's card and delivery matrix: what is not a city form at all is refused before
// the handler runs; the rules and Russian messages are domain/cities/schema.ts (yup, shared with the card).
import { ID, responses } from '../../http/schemas';
import { cardBody, type CardSummaries } from '../../records/card';
import { CITY_DELIVERY } from '../../../domain/answers';
import { CITY_FORM_FIELDS } from '../../../domain/cities/schema';

const amount = {
  type: ['string', 'number', 'null'],
  maxLength: 30,
  minimum: -1_000_000_000,
  maximum: 1_000_000_000,
} as const;
export const deliveryRowsBody = {
  type: 'array',
  maxItems: 2000,
  items: {
    type: 'object',
    required: ['to_id'],
    properties: {
      id: { type: ['integer', 'string', 'null'], maxLength: 20, maximum: 2147483647 },
      to_id: ID,
      to_name: { type: 'string', maxLength: 200 },
      cost: amount,
      days: amount,
    },
  },
} as const;

export const cityBody = cardBody(CITY_FORM_FIELDS, { delivery: deliveryRowsBody });
export const citySummaries: CardSummaries = {
  read: 'One city; a deleted one only with ?withDeleted',
  create: 'Create a city with its delivery rows (409 with the id of a city of the same name)',
  update: 'Rename a city',
};
export const deliveryResponse = responses({
  200: CITY_DELIVERY,
});
