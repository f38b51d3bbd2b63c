// The buyer card: the card validates with it as the user types and the server applies it again, so the
// INN's check digits, the terms and the limit get the same Russian messages on both sides.
import * as yup from 'yup';
import { MSG } from '../messages';
import { isValidInn } from '../inn';
import { visibilityOf } from '../fields';
import { STORED_DECIMALS, decimalsMessage, fitsDecimals } from '../numbers';
import { cardNameSchema, formNumber } from '../schemas/card';
import { optionalId, resourceSchema } from '../schemas/resourceSchema';
import { BUYER_ADDRESS, BUYER_FIELDS, PAYMENT_TERMS, buyersResource } from './resource';

export const DEFERRAL_DAYS = { min: 1, max: 180 } as const;

export const BUYER_MSG = {
  nameMax: 'Максимум 255 символов',
  innLength: 'ИНН состоит из 10 или 12 цифр',
  innCheck: 'Неверное контрольное число ИНН',
  kpp: 'КПП состоит из 9 цифр',
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
const digitsText = () => yup.string().transform((value) => (typeof value === 'string' ? value.replace(/\s/g, '') : value));

/** The INN's own rule: 10 digits for a company, 12 for an entrepreneur, with their check digits; empty is none. */
export function innError(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!/^(\d{10}|\d{12})$/.test(value)) return BUYER_MSG.innLength;
  return isValidInn(value) ? null : BUYER_MSG.innCheck;
}

/** The buyer's own rules; a field without one is checked as its kind says (the phone: whole when given; the e-mail:
 * well formed when given). */
export const buyerRules = () => ({
  name: cardNameSchema.max(255, BUYER_MSG.nameMax),
  inn: digitsText().test('inn', function check(value) {
    const refused = innError(value);
    return refused ? this.createError({ message: refused }) : true;
  }),
  kpp: digitsText().test('kpp', BUYER_MSG.kpp, (value) => !value || /^\d{9}$/.test(value)),
  city_id: optionalId(BUYER_MSG.city),
  [BUYER_ADDRESS]: yup.string().trim().max(500, 'Максимум 500 символов'),
  contact_person: yup.string().trim().max(255, BUYER_MSG.nameMax),
  responsible_id: optionalId(BUYER_MSG.responsible),
  payment_terms: yup.string().required(BUYER_MSG.terms).oneOf(PAYMENT_TERMS.map((t) => t.value), BUYER_MSG.terms),
  // days of deferral only on deferred terms; prepayment keeps none
  deferral_days: formNumber(BUYER_MSG.number).nullable().when('payment_terms', {
    is: 'deferral',
    then: (s) => s.required(MSG.required).integer(BUYER_MSG.deferralDays).min(DEFERRAL_DAYS.min, BUYER_MSG.deferralDays).max(DEFERRAL_DAYS.max, BUYER_MSG.deferralDays),
    otherwise: (s) => s.transform(() => null),
  }),
  credit_limit: formNumber(BUYER_MSG.number).nullable().min(0, BUYER_MSG.limit)
    .test('decimals', decimalsMessage(STORED_DECIMALS), (v) => fitsDecimals(v, STORED_DECIMALS)),
});

/** `hidden`: the fields the caller's role may not see, which are not asked for. */
export const buyerSchema = (hidden: ReadonlySet<string> = new Set()) => resourceSchema(buyersResource, buyerRules(), hidden);
