// The JSON schemas of /api/reserves beyond the list: a card's body and answers. The form's rules and Russian
// messages stay in domain/reserves/schema.ts (yup, shared with the card); these only keep out what is not a
// reserve form at all, before the handler runs.
import { RESERVE_FORM_FIELDS } from '../../../domain/reserves/schema';
import { anyObject, responses } from '../../http/schemas';

/** A form value: the card sends numbers or strings ('', '12,5'), null for an empty select. */
const formValue = { type: ['string', 'number', 'null'], maxLength: 500 } as const;

export const reserveBody = {
  type: 'object',
  properties: {
    ...Object.fromEntries(RESERVE_FORM_FIELDS.map((field) => [field, formValue])),
    comments: { type: 'array', maxItems: 50, items: { type: 'object', properties: { text: { type: 'string' } } } },
  },
} as const;

/** complete and cancel take nothing but the reserve's id; an empty object (or no body) is their body. */
export const noBody = { type: ['object', 'null'], properties: {} } as const;

export const reserveResponse = (status: 200 | 201) => responses({ [status]: anyObject });
