// The supplier card (spec point 2 "Create supplier", point 5 "Supplier form"). The card validates with it and
// the server applies it again.
import * as yup from 'yup';
import { MSG } from '../messages';
import { cardNameSchema, requiredId } from '../schemas/card';
import { resourceSchema } from '../schemas/resourceSchema';
import { visibilityOf } from '../fields';
import { SUPPLIER_FIELDS, suppliersResource } from './resource';

export const SUPPLIER_MSG = {
  inn: 'Минимум 5 цифр',
  innDigits: 'ИНН состоит из цифр',
  city: 'Выберите город',
  duplicate: 'Поставщик с таким ИНН уже есть',
  conflictText: 'Поставщик',
} as const;

/** What a supplier card sends, besides comments (fields.ts). */
export const SUPPLIER_FORM_FIELDS = SUPPLIER_FIELDS.map((f) => f.key);

/** The field whose hiding by role also hides a form field (spec point 6 hides a supplier's 'city'). */
export const SUPPLIER_FIELD_VISIBILITY: Record<string, string> = visibilityOf(SUPPLIER_FIELDS);

/** The supplier's own rules; every other field is checked as its kind says (the e-mail: required and well formed;
 * the phone: optional, but whole when given). */
export const supplierRules = () => ({
  name: cardNameSchema,
  contact_name: yup.string().trim().required(MSG.required).min(2, MSG.min2),
  // a number of at least 10000 (spec point 5), kept as the digits typed (an INN may start with 0)
  inn: yup
    .string()
    .transform((value) => (typeof value === 'string' ? value.replace(/\s/g, '') : value))
    .required(MSG.required)
    .matches(/^\d+$/, SUPPLIER_MSG.innDigits)
    .test('inn-min', SUPPLIER_MSG.inn, (value) => !value || Number(value) >= 10000)
    .max(12, 'Максимум 12 цифр'),
  city_id: requiredId(SUPPLIER_MSG.city),
  location: yup.string().trim().required(MSG.required).min(2, MSG.min2),
});

/** `hidden`: the fields the caller's role may not see (role 1: the contacts, INN, city and location). */
export const supplierSchema = (hidden: ReadonlySet<string> = new Set()) =>
  resourceSchema(suppliersResource, supplierRules(), hidden);
