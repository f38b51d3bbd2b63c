// The JSON schemas of /api/reserves beyond the list: a card's body and answers. The form's rules and Russian
// messages stay in domain/reserves/schema.ts (yup, shared with the card); these only keep out what is not a
// reserve form at all, before the handler runs.
import { Type } from '@sinclair/typebox';
import { RESERVE_FORM_FIELDS } from '../../../domain/reserves/schema';
import { TERM_FIELDS } from '../../../domain/reserves/terms';
import { ID, responses } from '../../http/schemas';
import { versionProperty } from '../../../domain/versions';
import { COMMENT_MAX } from '../../records/comments';
import type { CardSummaries } from '../../records/card';
import { REPRICE_TERMS } from '../../../domain/answers';

/** A form value: the card sends numbers or strings ('', '12,5'), null for an empty select. A number at most an
 * int4, which every column of the form holds (ids, days, numeric(14, 2|3) amounts); the form's own rules follow. */
const formValue = { type: ['string', 'number', 'null'], maxLength: 500, maximum: ID.maximum } as const;

export const reserveBody = {
  type: 'object',
  properties: {
    ...Object.fromEntries(RESERVE_FORM_FIELDS.map((field) => [field, formValue])),
    comments: {
      type: 'array',
      maxItems: 50,
      items: { type: 'object', properties: { text: { type: 'string', maxLength: COMMENT_MAX + 100 } } },
    },
    credit_override: {
      type: ['object', 'null'],
      additionalProperties: false,
      description: "go past the buyer's credit limit or overdue debt, for a role with the right, giving a reason",
      properties: { reason: { type: 'string', maxLength: 500 } },
    },
    buyer_inn: {
      type: ['string', 'null'],
      maxLength: 20,
      description:
        "'Новый покупатель': the INN of a buyer typed rather than picked (matched to its card, or the new card's)",
    },
    reprice: {
      type: 'boolean',
      description: "a change only: take the offer's prices and today's settings instead of the reserve's own terms",
    },
    reprice_terms: {
      type: 'object',
      additionalProperties: false,
      description: 'the terms the preview showed (GET /reserves/{id}/reprice); refused when they moved since',
      properties: Object.fromEntries(
        TERM_FIELDS.map((field) => [field, { type: ['string', 'number', 'null'], maxLength: 40, maximum: ID.maximum }]),
      ),
    },
  },
} as const;

/** complete and cancel take the version of the reserve the user saw (400 'Не указана версия записи' without). */
export const stepBody = {
  type: ['object', 'null'],
  properties: {
    version: {
      ...versionProperty,
      description: 'the version of the reserve the step was made on (409 stale when newer)',
    },
  },
} as const;

/** complete also takes the day the buyer took the goods (today when not given); the rule and its Russian
 * messages are domain/reserves/completion.ts, so a bad day is a 400 from the handler, not from here. */
export const completeBody = {
  ...stepBody,
  properties: {
    ...stepBody.properties,
    actual_date_implementation: {
      type: ['string', 'null'],
      maxLength: 30,
      description: 'YYYY-MM-DD, not after today nor before the reserve was made',
    },
  },
} as const;

/** renew also takes a new 'Дата реализации' when the reserve's own has passed (domain renewDate: a 400 from the
 * handler in Russian, not from here). */
export const renewBody = {
  ...stepBody,
  properties: {
    ...stepBody.properties,
    estimated_date_implementation: {
      type: ['string', 'null'],
      maxLength: 30,
      description: "YYYY-MM-DD, not before today: needed when the reserve's own has passed",
    },
    credit_override: reserveBody.properties.credit_override,
  },
} as const;

export const reserveSummaries: CardSummaries = {
  read: "One reserve with its offer's figures; a deleted one only with ?withDeleted",
  create: "Reserve part of an offer's stock (400 when the offer cannot give it)",
  update:
    "Change an active reserve on its own terms; a new amount moves the offer's stock; reprice: true takes today's prices and settings",
};

/** GET /reserves/{id}/reprice: the terms a re-pricing takes now, as text. */
export const repriceResponse = responses({
  200: REPRICE_TERMS,
});

/** A payment of a completed reserve; its rules and Russian messages are domain/buyers/payments.ts. */
export const paymentBody = {
  type: 'object',
  properties: {
    version: {
      ...versionProperty,
      description: 'the version of the reserve the payment was made on (409 stale when newer)',
    },
    date: { type: ['string', 'null'], maxLength: 30, description: 'YYYY-MM-DD, not after today' },
    amount: { type: ['string', 'number', 'null'], maxLength: 40, maximum: 1e12 },
    comment: { type: ['string', 'null'], maxLength: 600 },
  },
} as const;

export const paymentParams = Type.Object({ id: ID, paymentId: ID });

export const paymentsResponse = responses({
  200: {
    type: 'object',
    required: ['payments', 'left'],
    properties: {
      left: { type: 'string' },
      payments: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            date: { type: 'string' },
            amount: { type: 'string' },
            comment: { type: ['string', 'null'] },
            created_at: { type: 'string', format: 'date-time' },
          },
        },
      },
    },
  },
});
