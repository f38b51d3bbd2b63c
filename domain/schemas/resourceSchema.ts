// A card's schema read from its section's resource: every form field gets the rule its kind and its `required` flag
// give it, unless the section names a rule of its own for it (an INN's check digits, a name's length, a select's
// own message). A field added to the resource is then asked for, checked and kept on save with no second line here.
import * as yup from 'yup';
import { MSG } from '../messages';
import { optionalPhone, requiredPhone } from '../phone';
import { STORED_DECIMALS, decimalsMessage, fitsDecimals } from '../numbers';
import { isCalendarDate } from '../businessDay';
import type { FieldSpec } from '../resource';
import type { FormField } from '../fields';
import { EMAIL_INVALID, EMAIL_PATTERN, formNumber, requiredEmail, requiredId, withoutHidden } from './card';
import { plainTextRule } from './plainText';

export const NUMBER_MSG = 'Введите число';
export const WHOLE_NUMBER_MSG = 'Введите целое число';
export const DATE_MSG = 'Введите дату';

/** Digits after the point a kind keeps: money to the kopeck, an amount (kg) to the gram. */
const DECIMALS = { money: STORED_DECIMALS, amount: 3 } as const;

/** A reference chosen in a select, or none: '' and null are none. */
export const optionalId = (message: string) =>
  yup
    .number()
    .nullable()
    .transform((_value, original) =>
      original === '' || original === null || original === undefined ? null : Number(original),
    )
    .typeError(message)
    .integer(message)
    .positive(message);

/** An e-mail that may be left empty; given, it must look like one. Stored lower-cased. */
export const optionalEmail = () =>
  yup
    .string()
    .trim()
    .lowercase()
    .test('email', EMAIL_INVALID, (value) => !value || EMAIL_PATTERN.test(value));

/** The rule a field's kind and `required` flag give it. */
export function kindRule(field: Pick<FieldSpec, 'kind' | 'required' | 'minLength'>): yup.AnySchema {
  const required = Boolean(field.required);
  switch (field.kind) {
    case 'text':
      return plainTextRule(field);
    case 'email':
      return required ? requiredEmail() : optionalEmail();
    case 'phone':
      return required ? requiredPhone() : optionalPhone();
    case 'reference':
      return required ? requiredId(MSG.required) : optionalId(MSG.required);
    case 'money':
    case 'amount': {
      const places = DECIMALS[field.kind];
      const rule = formNumber(NUMBER_MSG)
        .nullable()
        .test('decimals', decimalsMessage(places), (v) => fitsDecimals(v, places));
      return required ? rule.required(MSG.required) : rule;
    }
    case 'count': {
      const rule = formNumber(NUMBER_MSG).nullable().integer(WHOLE_NUMBER_MSG);
      return required ? rule.required(MSG.required) : rule;
    }
    case 'date': {
      const rule = yup.string().test('date', DATE_MSG, (value) => !value || isCalendarDate(value));
      return required ? rule.required(MSG.required) : rule;
    }
    case 'choice': {
      const rule = yup.string().trim();
      return required ? rule.required(MSG.required) : rule;
    }
  }
}

/** What a section's schema is read from: its form fields in order, and each field's declaration. */
export interface SchemaSource<K extends string> {
  formFields: readonly FormField<K>[];
  field(key: K): Pick<FieldSpec, 'kind' | 'required' | 'minLength'>;
}

/** The card's schema: each form field by its section's own rule, else by its kind; `hidden` (the fields the caller's
 * role may not see) are not asked for. */
export function resourceSchema<K extends string>(
  source: SchemaSource<K>,
  own: Partial<Record<K, yup.AnySchema>>,
  hidden: ReadonlySet<string> = new Set(),
) {
  const shape: Record<string, yup.AnySchema> = {};
  for (const { key } of source.formFields) shape[key] = own[key] ?? kindRule(source.field(key));
  return withoutHidden(shape, hidden);
}
