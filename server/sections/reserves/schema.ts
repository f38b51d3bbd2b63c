// The JSON schemas of /api/reserves beyond the list: a card's body and answers. The form's rules and Russian
// messages stay in domain/reserves/schema.ts (yup, shared with the card); these only keep out what is not a
// reserve form at all, before the handler runs.
import { RESERVE_FORM_FIELDS } from '../../../domain/reserves/schema';
import { ID, anyObject, responses } from '../../http/schemas';
import { COMMENT_MAX } from '../../records/comments';

/** A form value: the card sends numbers or strings ('', '12,5'), null for an empty select. A number at most an
 * int4, which every column of the form holds (ids, days, numeric(14, 2|3) amounts); the form's own rules follow. */
const formValue = { type: ['string', 'number', 'null'], maxLength: 500, maximum: ID.maximum } as const;

export const reserveBody = {
  type: 'object',
  properties: {
    ...Object.fromEntries(RESERVE_FORM_FIELDS.map((field) => [field, formValue])),
    comments: { type: 'array', maxItems: 50, items: { type: 'object', properties: { text: { type: 'string', maxLength: COMMENT_MAX + 100 } } } },
  },
} as const;

/** complete and cancel take nothing but the reserve's id; an empty object (or no body) is their body. */
export const noBody = { type: ['object', 'null'], properties: {} } as const;

export const reserveResponse = (status: 200 | 201) => responses({ [status]: anyObject });
