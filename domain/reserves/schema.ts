// The reserve form (spec point 5 "Reserve form"): the reserve card validates with it as the user types and the
// server applies it again, so a selling price outside the bounds gets the same 'Минимум {n}' on both sides.
// The bounds depend on the offer being reserved and on the business settings, so the schema is built for them.
import * as yup from 'yup';
import dayjs from 'dayjs';
import { isCalendarDate } from '../businessDay';
import { MSG } from '../messages';
import { formatNumber } from '../format';
import { STORED_DECIMALS, decimalsMessage, fitsDecimals, toNumber, type Num } from '../numbers';
import { formNumber, requiredId } from '../schemas/card';
import { requiredPhone } from '../phone';
import { isFieldVisible, type Permissions } from '../permissions';
import { statusTitle } from '../sections';
import { RESERVE_HOLD_DAYS_DEFAULT, type BusinessSettings } from '../settings';
import { amountOf, DELIVERY_COST_MIN, maxPacks } from './figures';
import { costPerUnit, sellingBounds } from '../offers/figures';
import { WHOLE_MSG, isWholeFor } from '../offers/figures';
import { visibilityOf } from '../fields';
import { RESERVE_FIELDS, reservesResource, type ReserveFieldKey } from './resource';
import { kindRule } from '../schemas/resourceSchema';
import { RESERVE_BUYER } from './buyerFields';
import { LOGISTICS_MSG, pendingArrival } from '../offers/logistics';

export const RESERVE_MSG = {
  // numbers in messages as the cards print them: 'Минимум 6 118,75', not 'Минимум 6118.75'
  min: (n: number) => `Минимум ${formatNumber(n)}`,
  max: (n: number) => `Максимум ${formatNumber(n)}`,
  date: 'Выберите дату реализации',
  dateBeforeToday: 'Дата реализации не может быть раньше сегодняшней',
  city: 'Выберите город доставки',
  min5: 'Минимум 5 символов',
  responsible: 'Выберите ответственного',
  buyer: 'Покупатель не найден',
  number: 'Введите число',
  heldDate: 'Укажите дату окончания резерва',
  heldBeforeToday: 'Резерв не может закончиться раньше сегодняшнего дня',
  heldAfterDate: 'Резерв не может быть дольше даты реализации',
  /** The least part of a pack, naming the field and what it is in the lot's units:
   * 'Количество упаковок: минимум 0,2 (4 шт.)' for packs of 20 pieces. */
  packsMin: (units: number | null, unit: string | null | undefined) =>
    `Количество упаковок: минимум ${formatNumber(PACKS_MIN)}${units === null ? '' : ` (${formatNumber(units)} ${unit === 'шт' ? 'шт.' : (unit ?? 'кг')})`}`,
} as const;

/** The least part of a pack a reserve takes (spec point 5). */
export const PACKS_MIN = 0.2;

/** 'Резерв до': a day from today up to the estimated date (when that is ahead; an overdue reserve's
 * estimated date bounds nothing), and on a lot still on its way not before it is expected. Empty: the
 * server takes today + reserve_hold_days. */
export function reservedUntilError(
  value: string | null | undefined,
  estimated: string | null | undefined,
  today: string,
  arrival?: string | null,
): string | null {
  if (!value) return null;
  const day = value.slice(0, 10);
  if (!isCalendarDate(day)) return RESERVE_MSG.heldDate;
  if (day < today) return RESERVE_MSG.heldBeforeToday;
  if (arrival && day < arrival) return LOGISTICS_MSG.heldBeforeArrival(arrival);
  const until = estimated ? String(estimated).slice(0, 10) : '';
  if (isCalendarDate(until) && until >= today && day > until) return RESERVE_MSG.heldAfterDate;
  return null;
}

/** A new reserve's or a renewed one's 'Резерв до': today + the hold days, not past an estimated date ahead. On a lot
 * still on its way the hold days run from the day it is expected (the buyer gets them once the goods are
 * there, not a hold that ends the day they come), and never end before it. */
export function defaultReservedUntil(
  today: string,
  holdDays: number | undefined,
  estimated: string | null | undefined,
  arrival?: string | null,
): string {
  const from = arrival && arrival > today ? arrival : today;
  const held = dayjs(from)
    .add(Math.max(1, Math.round(holdDays ?? RESERVE_HOLD_DAYS_DEFAULT)), 'day')
    .format('YYYY-MM-DD');
  const until = estimated ? String(estimated).slice(0, 10) : '';
  const day = isCalendarDate(until) && until >= today && until < held ? until : held;
  return arrival && day < arrival ? arrival : day;
}

/** What the bounds of a reserve are computed from: the offer's stock and prices. */
export interface ReserveOffer {
  available_amount: Num;
  kg_price: Num;
  unit_weight: Num;
  units_per_pack: Num;
  /** 'шт' reserves whole pieces; 'кг' may take part of a kilogram. */
  unit_measure?: string | null;
  /** A lot on its way: its reserve is due no earlier than the lot and holds until it comes. */
  logistics_state?: string | null;
  expected_arrival?: string | null;
}

const number = () => formNumber(RESERVE_MSG.number);
/** An amount or a price: stored to the kopeck, so a 3rd decimal is refused rather than rounded away. */
const stored = () =>
  number().test('decimals', decimalsMessage(STORED_DECIMALS), (v) => fitsDecimals(v, STORED_DECIMALS));
const id = requiredId;

/** The selling bounds for the delivery cost typed in the same form. */
export function priceBounds(deliveryCost: Num, offer: ReserveOffer, settings: BusinessSettings) {
  return sellingBounds(costPerUnit(deliveryCost, offer.kg_price, settings.costs_per_kg, offer.unit_weight), settings);
}

/**
 * `today` is the first date that may be chosen (YYYY-MM-DD, the office's day); `hidden` holds the fields the
 * caller's role may not see (role 8: buyer, delivery, margin, date and selling fields), which are not asked for.
 */
export function reserveSchema(
  offer: ReserveOffer,
  settings: BusinessSettings,
  today: string,
  hidden: ReadonlySet<string> = new Set(),
) {
  const available = toNumber(offer.available_amount) ?? 0;
  const packsMax = maxPacks(offer.available_amount, offer.units_per_pack) ?? 0;
  const arrival = pendingArrival(offer);
  const shape: Record<string, yup.AnySchema> = {
    amount: stored()
      .required(MSG.required)
      .min(1, RESERVE_MSG.min(1))
      .max(available, RESERVE_MSG.max(available))
      .test('whole', WHOLE_MSG, (value) => isWholeFor(offer.unit_measure, value)),
    packs_amount: number()
      .required(MSG.required)
      .min(PACKS_MIN, RESERVE_MSG.packsMin(amountOf(PACKS_MIN, offer.units_per_pack), offer.unit_measure))
      .max(packsMax, RESERVE_MSG.max(packsMax)),
    unit_selling_price: stored()
      .required(MSG.required)
      .test('selling-bounds', function check(value) {
        if (value === undefined) return true;
        const bounds = priceBounds(this.parent.delivery_cost, offer, settings);
        if (bounds.min_selling_price !== null && value < bounds.min_selling_price) {
          return this.createError({ message: RESERVE_MSG.min(bounds.min_selling_price) });
        }
        if (bounds.max_selling_price !== null && value > bounds.max_selling_price) {
          return this.createError({ message: RESERVE_MSG.max(bounds.max_selling_price) });
        }
        return true;
      }),
    estimated_date_implementation: yup
      .string()
      .required(RESERVE_MSG.date)
      .test('valid-date', RESERVE_MSG.date, (value) => !value || isCalendarDate(value.slice(0, 10)))
      .test('not-before-today', RESERVE_MSG.dateBeforeToday, (value) => !value || value.slice(0, 10) >= today)
      .test(
        'not-before-arrival',
        arrival ? LOGISTICS_MSG.dateBeforeArrival(arrival) : '',
        (value) => !value || !arrival || value.slice(0, 10) >= arrival,
      ),
    reserved_until: yup
      .string()
      .nullable()
      .test('held', function check(value) {
        const refused = reservedUntilError(value, this.parent.estimated_date_implementation, today, arrival);
        return refused ? this.createError({ message: refused }) : true;
      }),
    // the buyer's card, or none; the server checks it is one the caller may read
    buyer_id: yup
      .number()
      .nullable()
      .transform((_value, original) =>
        original === '' || original === null || original === undefined ? null : Number(original),
      )
      .typeError(RESERVE_MSG.buyer)
      .integer(RESERVE_MSG.buyer)
      .positive(RESERVE_MSG.buyer),
    [RESERVE_BUYER.name]: yup.string().trim().required(MSG.required).min(2, MSG.min2),
    [RESERVE_BUYER.phone]: requiredPhone(),
    city_id: id(RESERVE_MSG.city),
    [RESERVE_BUYER.address]: yup.string().trim().required(MSG.required).min(5, RESERVE_MSG.min5),
    delivery_cost: stored().required(MSG.required).min(DELIVERY_COST_MIN, RESERVE_MSG.min(DELIVERY_COST_MIN)),
    delivery_days: number().required(MSG.required).min(0, RESERVE_MSG.min(0)).integer(RESERVE_MSG.number),
    responsible_id: id(RESERVE_MSG.responsible),
  };
  // every other plain form field as its kind says (the offer is picked, not typed): a field added to the resource is
  // checked and kept with no line here
  for (const field of reservesResource.all)
    if (field.form !== false && field.kind !== 'reference' && !shape[field.key]) shape[field.key] = kindRule(field);
  for (const field of hidden) delete shape[field];
  return yup.object(shape);
}

/** The values a reserve form sends (besides comments); the server computes every other figure. */
export const RESERVE_FORM_FIELDS: readonly ReserveFieldKey[] = RESERVE_FIELDS.map((f) => f.key);
export type ReserveFormField = ReserveFieldKey;

/** The field whose hiding by role also hides a form field (fields.ts: the delivery city goes by 'city'), and the
 * answer's `responsible` {id, name}, which goes by the form's responsible_id. */
export const RESERVE_FIELD_VISIBILITY: Record<string, string> = {
  ...visibilityOf(RESERVE_FIELDS),
  responsible: 'responsible_id',
};

/** The form fields the caller's role may neither see nor write (role 8: buyer, delivery, date and selling
 * fields), each with the name its hiding goes by. The card leaves them out and the server refuses them. */
export function hiddenReserveFormFields(perms: Permissions | null | undefined): Set<string> {
  const hidden = new Set<string>();
  for (const field of RESERVE_FORM_FIELDS) {
    const visibleAs = RESERVE_FIELD_VISIBILITY[field] ?? field;
    if (!isFieldVisible(perms, 'reserves', visibleAs)) {
      hidden.add(field);
      hidden.add(visibleAs);
    }
  }
  return hidden;
}

export type ReserveStep = 'change' | 'complete' | 'cancel' | 'renew' | 'pay';
const STEP_VERB: Record<ReserveStep, string> = {
  change: 'изменить',
  complete: 'завершить',
  cancel: 'отменить',
  renew: 'продлить',
  pay: 'оплатить',
};

/** The statuses a reserve may take each step in: an expired one is renewed ('Продлить') or cancelled. */
export const STEP_FROM: Record<ReserveStep, readonly string[]> = {
  change: ['active'],
  complete: ['active'],
  cancel: ['active', 'expired'],
  renew: ['expired'],
  // a completed reserve is a sale; its payments are added (and removed) while it stays completed
  pay: ['completed'],
};

/** What the server answers when a reserve cannot take a step, and the card says the same. */
export const RESERVE_WRITE_MSG = {
  hiddenField: (field: string) => `Поле «${field}» недоступно для вашей роли`,
  /** 'Резерв в статусе «Завершен» нельзя отменить': only an active reserve changes. */
  notActive: (status: string, step: ReserveStep) =>
    `Резерв в статусе «${statusTitle('reserves', status)}» нельзя ${STEP_VERB[step]}`,
  responsibleLocked: 'Ответственным за резерв можете быть только вы',
  offerRequired: 'Выберите предложение',
  offerFixed: 'Предложение резерва изменить нельзя: создайте новый резерв',
  /** 'Продлить' on an expired reserve whose amount the offer no longer has free. */
  renewShort: (available: string) => `Продлить резерв нельзя: у предложения свободно только ${available}`,
  renewOffer: 'Продлить резерв нельзя: предложение больше не активно',
  /** 'Продлить' on a reserve whose 'Дата реализации' has passed: a reserve is not held past it, so a new one is asked. */
  renewDate: 'Дата реализации резерва прошла: укажите новую дату реализации, чтобы продлить резерв',
} as const;

/** 'Продлить' follows a normal edit's date rule: the reserve holds until today + the hold days, not past
 * its 'Дата реализации'. One already passed asks for a new one (`asked`), judged as the card judges it: a real day,
 * not before today nor before a lot on its way comes. The day the reserve is then implemented (null: refused, `error`). */
export function renewDate(
  asked: string | null | undefined,
  stored: string | null | undefined,
  today: string,
  arrival?: string | null,
): { estimated: string | null; error: string | null } {
  const day = asked ? String(asked).slice(0, 10) : '';
  if (!day) {
    const kept = stored ? String(stored).slice(0, 10) : null;
    return kept && kept < today
      ? { estimated: null, error: RESERVE_WRITE_MSG.renewDate }
      : { estimated: kept, error: null };
  }
  if (!isCalendarDate(day)) return { estimated: null, error: RESERVE_MSG.date };
  if (day < today) return { estimated: null, error: RESERVE_MSG.dateBeforeToday };
  if (arrival && day < arrival) return { estimated: null, error: LOGISTICS_MSG.dateBeforeArrival(arrival) };
  return { estimated: day, error: null };
}
