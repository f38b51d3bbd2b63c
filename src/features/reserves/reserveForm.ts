// The reserve card's form model: its texts, field labels, values from an offer or a saved reserve, and the
// payload sent back.
import { phoneDigits } from '../../../domain/phone';
import { editableNumber, typedNumber } from '../../../domain/format';
import { toNumber, type Num } from '../../../domain/numbers';
import { deliveryTerms } from '../../../domain/reserves/figures';
import { BUSINESS_SETTING_NAMES, type BusinessSettings, type BusinessSettingName } from '../../../domain/settings';
import type { CommentItem } from '../../api/records';
import type { ReserveRecord } from './reservesApi';
import type { FieldKind, FormField } from '../../../domain/fields';
import { RESERVE_FIELDS, type ReserveFieldKey } from '../../../domain/reserves/resource';

export const RESERVE_TEXTS = {
  about: 'О резерве',
  delivery: 'О Доставке',
  extra: 'Дополнительно',
  figures: 'Расчетные данные',
  marginality: 'Маржинальность, %',
  /** Beside a delivery cost typed below the route's, the margin on the route's cost. */
  routeMarginality: 'Маржинальность по маршруту, %',
  offer: 'предложение',
  created: 'Заказ добавлен',
  createDataFailed: 'Не удалось получить данные для создания резерва',
  deleted: 'Резерв удален: его можно только просматривать',
  title: 'Резерв',
  newTitle: 'Новый резерв',
  closed: 'Резерв закрыт: его можно только просматривать',
  complete: 'Завершить',
  cancel: 'Отменить',
  completeTitle: 'Завершить резерв',
  completeText: 'Покупатель забрал товар? Количество резерва станет выкупленным, резерв закроется.',
  cancelTitle: 'Отменить резерв',
  cancelText: 'Сделка не состоится? Количество резерва вернется в свободный остаток предложения.',
  back: 'Назад',
  completed: 'Резерв завершен',
  cancelled: 'Резерв отменен',
  actualDate: 'Фактическая дата реализации',
  reprice: 'Пересчитать по текущим ценам',
  repriceText:
    'Резерв оценен по ценам и настройкам дня, когда он создан. Новые цены изменят его себестоимость и границы цены продажи.',
  repriceApply: 'Применить',
  repriceNow: 'Сейчас',
  repriceToday: 'По текущим ценам',
  repriceTable: 'Пересчет резерва',
  renew: 'Продлить',
  renewTitle: 'Продлить резерв',
  renewText:
    'Резерв просрочен, его количество вернулось в свободный остаток. Продлить — снова взять его у предложения, если оно еще свободно.',
  expired: 'Резерв просрочен: продлите или отмените его',
} as const;

/** The card's fields: the form's (domain/reserves/fields.ts) but the offer, which is the one the card was opened
 * from and is added to the payload by the card. */
type CardField = Exclude<ReserveFieldKey, 'offer_id'>;
const CARD_FIELDS = RESERVE_FIELDS.filter((f): f is FormField<CardField> => f.key !== 'offer_id');

export const LABELS: Record<string, string> = Object.fromEntries(CARD_FIELDS.map((f) => [f.key, f.label]));

/** Every field as the card holds it: a string ('' for none), as formik's inputs take it. */
export type ReserveFormValues = Record<CardField, string> & { comments: CommentItem[] };

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
/** Stored amounts come with 2 decimals; the form shows them with the Russian comma, without trailing zeros
 * ('3533.42' → '3533,42'). */
const num = editableNumber;
/** How the card holds a stored value of each kind: a date as its day, a phone as its digits. */
const SHOWN: Partial<Record<FieldKind, (v: unknown) => string>> = {
  amount: num,
  money: num,
  date: (v) => str(v).slice(0, 10),
  phone: (v) => phoneDigits(v as string | null | undefined),
};

/** The business settings as numbers; one the server does not hold counts as 0. */
export function settingsOf(stored: Partial<Record<BusinessSettingName, string>> | undefined): BusinessSettings {
  return Object.fromEntries(
    BUSINESS_SETTING_NAMES.map((name) => [name, toNumber(stored?.[name]) ?? 0]),
  ) as BusinessSettings;
}

/** A new reserve: the responsible is the caller's employee, the delivery the default until a city is chosen. */
export function newValues(settings: BusinessSettings, employeeId: number | null | undefined): ReserveFormValues {
  const blank = Object.fromEntries(CARD_FIELDS.map((f) => [f.key, ''])) as Record<CardField, string>;
  return {
    ...blank,
    delivery_cost: editableNumber(settings.delivery_cost_default),
    responsible_id: str(employeeId),
    comments: [],
  };
}

/** A delivery city chosen: the matrix's cost and days for the route (each only when the matrix knows it), else
 * delivery_cost_default and empty days for the user to fill. Both fields are set, so nothing of the previous
 * city's route stays behind. */
export function deliveryPrefill(route: { cost?: Num; days?: Num } | null | undefined, settings: BusinessSettings) {
  const terms = deliveryTerms(route, settings.delivery_cost_default);
  return { delivery_cost: editableNumber(terms.delivery_cost), delivery_days: str(terms.delivery_days) };
}

export function valuesOf(reserve: ReserveRecord): ReserveFormValues {
  const fields = Object.fromEntries(CARD_FIELDS.map((f) => [f.key, (SHOWN[f.kind] ?? str)(reserve[f.key])])) as Record<
    CardField,
    string
  >;
  return { ...fields, comments: [] };
}

/** The fields the caller may write: ids as numbers, the phone as digits. */
export function reservePayload(
  values: ReserveFormValues,
  visible: (field: string) => boolean,
  responsibleLocked: boolean,
): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const { key, kind } of CARD_FIELDS) {
    if (!visible(key) || (key === 'responsible_id' && responsibleLocked)) continue;
    const value = values[key];
    if (kind === 'reference') payload[key] = value ? Number(value) : null;
    else if (kind === 'phone') payload[key] = phoneDigits(value);
    // a number typed with a comma or a point travels with a point ('1200,5' → '1200.5')
    else if (kind === 'amount' || kind === 'money') payload[key] = typedNumber(value);
    else payload[key] = value;
  }
  return payload;
}
