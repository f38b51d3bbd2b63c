// The buyer card: the card validates with it as the user types and the server applies it again, so the
// INN's check digits, the terms and the limit get the same Russian messages on both sides.
import * as yup from 'yup';
import { MSG } from '../messages';
import { innError, kppError, REQUISITE_MSG } from '../requisites';
import { visibilityOf } from '../fields';
import { STORED_DECIMALS, decimalsMessage, fitsDecimals } from '../numbers';
import { cardNameSchema, formNumber } from '../schemas/card';
import { optionalId, resourceSchema } from '../schemas/resourceSchema';
import { BUYER_ADDRESS, BUYER_FIELDS, BUYER_LEGAL_ADDRESS, PAYMENT_TERMS, buyersResource } from './resource';

export const DEFERRAL_DAYS = { min: 1, max: 180 } as const;

export const BUYER_MSG = {
  nameMax: 'Максимум 255 символов',
  innLength: REQUISITE_MSG.innLength,
  innCheck: REQUISITE_MSG.innCheck,
  kpp: REQUISITE_MSG.kpp,
  city: 'Выберите город',
  responsible: 'Выберите ответственного',
  terms: 'Выберите условия оплаты',
  deferralDays: `Отсрочка от ${DEFERRAL_DAYS.min} до ${DEFERRAL_DAYS.max} дней`,
  limit: 'Лимит не может быть меньше нуля',
  number: 'Введите число',
  duplicate: 'Покупатель с таким ИНН уже есть',
  conflictText: 'Покупатель',
  responsibleLocked: 'Ответственным за покупателя можете быть только вы',
} as const;

/** What a buyer card sends, besides comments (fields.ts). */
export const BUYER_FORM_FIELDS = BUYER_FIELDS.map((f) => f.key);

/** The field whose hiding by role also hides a form field (the city goes by 'city', the responsible by 'responsible'). */
export const BUYER_FIELD_VISIBILITY: Record<string, string> = visibilityOf(BUYER_FIELDS);

/** The digits typed, spaces dropped (an INN may start with 0, so it stays text). */
const digitsText = () =>
  yup.string().transform((value) => (typeof value === 'string' ? value.replace(/\s/g, '') : value));

// the papers' rules (domain/requisites.ts): an invoice and a УПД print what the card accepted
export { innError };

/** The buyer's own rules; a field without one is checked as its kind says (the phone: whole when given; the e-mail:
 * well formed when given). */
export const buyerRules = () => ({
  name: cardNameSchema.max(255, BUYER_MSG.nameMax),
  inn: digitsText().test('inn', function check(value) {
    const refused = innError(value);
    return refused ? this.createError({ message: refused }) : true;
  }),
  kpp: digitsText()
    .transform((value) => (typeof value === 'string' ? value.toUpperCase() : value))
    .test('kpp', BUYER_MSG.kpp, (value) => !kppError(value)),
  city_id: optionalId(BUYER_MSG.city),
  [BUYER_ADDRESS]: yup.string().trim().max(500, 'Максимум 500 символов'),
  [BUYER_LEGAL_ADDRESS]: yup.string().trim().max(500, 'Максимум 500 символов'),
  contact_person: yup.string().trim().max(255, BUYER_MSG.nameMax),
  responsible_id: optionalId(BUYER_MSG.responsible),
  payment_terms: yup
    .string()
    .required(BUYER_MSG.terms)
    .oneOf(
      PAYMENT_TERMS.map((t) => t.value),
      BUYER_MSG.terms,
    ),
  // days of deferral only on deferred terms; prepayment keeps none
  deferral_days: formNumber(BUYER_MSG.number)
    .nullable()
    .when('payment_terms', {
      is: 'deferral',
      then: (s) =>
        s
          .required(MSG.required)
          .integer(BUYER_MSG.deferralDays)
          .min(DEFERRAL_DAYS.min, BUYER_MSG.deferralDays)
          .max(DEFERRAL_DAYS.max, BUYER_MSG.deferralDays),
      otherwise: (s) => s.transform(() => null),
    }),
  credit_limit: formNumber(BUYER_MSG.number)
    .nullable()
    .min(0, BUYER_MSG.limit)
    .test('decimals', decimalsMessage(STORED_DECIMALS), (v) => fitsDecimals(v, STORED_DECIMALS)),
});

/** `hidden`: the fields the caller's role may not see, which are not asked for. */
export const buyerSchema = (hidden: ReadonlySet<string> = new Set()) =>
  resourceSchema(buyersResource, buyerRules(), hidden);
