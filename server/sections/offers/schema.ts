// The JSON schemas of /api/offers beyond the list: a card's body and answers. The form's rules and Russian
// messages stay in domain/offers/schema.ts (yup, shared with the card); these only keep out what is not an
// offer form at all, before the handler runs.
import { OFFER_MAX_NUMBER } from '../../../domain/offers/schema';
import { OFFER_FIELDS } from '../../../domain/offers/resource';
import type { FieldKind } from '../../../domain/fields';
import { ID, responses } from '../../http/schemas';
import { COMMENT_MAX } from '../../records/comments';
import type { CardSummaries } from '../../records/card';
import { CARD_RECORD, OFFERS_SUMMARY } from '../../../domain/answers';
import { versionProperty } from '../../../domain/versions';

/** A form value: the card sends numbers or strings ('', '12,5'), null for an empty select. Bounds by the field's
 * kind (domain/offers/fields.ts): a reference is an int4 id; a text a line of the card; a quantity, price or weight
 * at most what domain/offers/schema.ts allows. */
const formValue = (kind: FieldKind) => {
  const type = ['string', 'number', 'null'];
  if (kind === 'reference') return { type, maxLength: 20, maximum: ID.maximum };
  if (kind === 'text' || kind === 'choice') return { type, maxLength: 500, maximum: OFFER_MAX_NUMBER };
  return { type, maxLength: 50, maximum: OFFER_MAX_NUMBER };
};
const fileIds = {
  type: 'array',
  maxItems: 50,
  items: { anyOf: [ID, { type: 'object', required: ['id'], properties: { id: ID } }] },
} as const;

export const offerBody = {
  type: 'object',
  properties: {
    ...Object.fromEntries(OFFER_FIELDS.map((field) => [field.key, formValue(field.kind)])),
    status: { type: 'string', maxLength: 20 },
    comments: {
      type: 'array',
      maxItems: 50,
      items: { type: 'object', properties: { text: { type: 'string', maxLength: COMMENT_MAX + 100 } } },
    },
    images: fileIds,
    documents: fileIds,
  },
} as const;

export const offerSummaries: CardSummaries = {
  read: 'One offer; a deleted one only with ?withDeleted',
  create: 'Create an offer (409 with the id of an active duplicate)',
  update: 'Change an offer',
};

/** 'Принять поступление': what came, the day it came, the version of the offer the user saw. The rules
 * and their Russian messages are domain/offers/arrival.ts: a bad amount or day is a 400 from the handler. */
export const arrivalBody = {
  type: ['object', 'null'],
  properties: {
    amount: {
      type: ['string', 'number', 'null'],
      maxLength: 50,
      maximum: OFFER_MAX_NUMBER,
      description: "what came, in the offer's units",
    },
    date: { type: ['string', 'null'], maxLength: 30, description: 'YYYY-MM-DD, the day it came, not after today' },
    version: {
      ...versionProperty,
      description: 'the version of the offer the arrival was made on (409 stale when newer)',
    },
  },
} as const;

/** The offer after the arrival, and the reserves a short arrival cut, each with its amount before and after. */
export const arrivalResponse = responses({
  200: {
    type: 'object',
    required: ['offer', 'cut'],
    properties: {
      offer: CARD_RECORD,
      cut: {
        type: 'array',
        items: {
          type: 'object',
          required: ['reserve_id', 'from', 'to'],
          properties: { reserve_id: { type: 'integer' }, from: { type: 'string' }, to: { type: 'string' } },
        },
      },
    },
  },
});

export const summaryResponse = responses({
  200: OFFERS_SUMMARY,
});
