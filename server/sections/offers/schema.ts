// The JSON schemas of /api/offers beyond the list: a card's body and answers. The form's rules and Russian
// messages stay in domain/offers/schema.ts (yup, shared with the card); these only keep out what is not an
// offer form at all, before the handler runs.
import { OFFER_FORM_FIELDS, OFFER_MAX_NUMBER } from '../../../domain/offers/schema';
import { ID, responses } from '../../http/schemas';
import { COMMENT_MAX } from '../../records/comments';
import type { CardSummaries } from '../../records/card';

/** A form value: the card sends numbers or strings ('', '12,5'), null for an empty select. Bounds: an id is an
 * int4; a quantity, price or weight at most what domain/offers/schema.ts allows; a text a line of the card. */
const formValue = (field: string) => {
  const type = ['string', 'number', 'null'];
  if (field.endsWith('_id')) return { type, maxLength: 20, maximum: ID.maximum };
  if (TEXT_FIELDS.has(field)) return { type, maxLength: 500, maximum: OFFER_MAX_NUMBER };
  return { type, maxLength: 50, maximum: OFFER_MAX_NUMBER };
};
const TEXT_FIELDS = new Set(['harvest_year', 'origin_country', 'unit_measure', 'loading_address']);
const fileIds = { type: 'array', maxItems: 50, items: { anyOf: [ID, { type: 'object', required: ['id'], properties: { id: ID } }] } } as const;

export const offerBody = {
  type: 'object',
  properties: {
    ...Object.fromEntries(OFFER_FORM_FIELDS.map((field) => [field, formValue(field)])),
    status: { type: 'string', maxLength: 20 },
    comments: { type: 'array', maxItems: 50, items: { type: 'object', properties: { text: { type: 'string', maxLength: COMMENT_MAX + 100 } } } },
    images: fileIds,
    documents: fileIds,
  },
} as const;

export const offerSummaries: CardSummaries = {
  read: 'One offer; a deleted one only with ?withDeleted',
  create: 'Create an offer (409 with the id of an active duplicate)',
  update: 'Change an offer',
};

const money = { type: 'string' } as const;
export const summaryResponse = responses({
  200: {
    type: 'object',
    properties: {
      placed_reserves: { type: 'object', properties: { count: { type: 'integer' }, sum: money } },
      realized_reserves: { type: 'object', properties: { count: { type: 'integer' }, sum: money } },
      realized_value: money,
    },
  },
});
