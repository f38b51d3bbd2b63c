// A plain text field's rule, read from its declaration (domain/<section>/resource.ts: `required`, `minLength`):
// trimmed, 'Обязательное поле' when required, 'Минимум N символов' below its shortest length. A field with rules of
// its own (a harvest year's, a name's) adds them to this one or is written by its section's schema.
import * as yup from 'yup';
import { MSG } from '../messages';
import { countWith } from '../plural';
import type { FieldSpec } from '../resource';

/** 'Минимум 2 символа', 'Минимум 5 символов'. */
export const minCharsMessage = (n: number) => `Минимум ${countWith(n, ['символ', 'символа', 'символов'])}`;

/** The rule of a text field as declared. */
export function plainTextRule(field: Pick<FieldSpec, 'required' | 'minLength'>): yup.StringSchema<string | undefined> {
  let rule = yup.string().trim();
  if (field.required) rule = rule.required(MSG.required);
  if (field.minLength !== undefined) rule = rule.min(field.minLength, minCharsMessage(field.minLength));
  return rule;
}
