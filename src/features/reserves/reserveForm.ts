// The reserve card's form model: its texts, field labels, values from an offer or a saved reserve, and the
// payload sent back.
import { phoneDigits } from '../../../domain/phone';
import { toNumber } from '../../../domain/numbers';
import { BUSINESS_SETTING_NAMES, type BusinessSettings, type BusinessSettingName } from '../../../domain/settings';
import type { CommentItem } from '../../api/records';
import type { ReserveRecord } from './reservesApi';

export const RESERVE_TEXTS = {
  about: 'О резерве',
  delivery: 'О Доставке',
  extra: 'Дополнительно',
  figures: 'Расчетные данные',
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
} as const;

export const LABELS: Record<string, string> = {
  amount: 'Количество',
  packs_amount: 'Количество упаковок',
  unit_selling_price: 'Цена продажи за единицу, ₽',
  estimated_date_implementation: 'Дата реализации',
  buyer_name: 'Покупатель',
  buyer_phone: 'Телефон покупателя',
  city_id: 'Город доставки',
  delivery_address: 'Адрес доставки',
  delivery_cost: 'Стоимость доставки, ₽/кг',
  delivery_days: 'Дней доставки',
  responsible_id: 'Ответственный',
};

export interface ReserveFormValues {
  amount: string;
  packs_amount: string;
  unit_selling_price: string;
  estimated_date_implementation: string;
  buyer_name: string;
  buyer_phone: string;
  city_id: string;
  delivery_address: string;
  delivery_cost: string;
  delivery_days: string;
  responsible_id: string;
  comments: CommentItem[];
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
/** Stored amounts come with 2 decimals; the form shows them without trailing zeros. */
const num = (v: unknown) => (v === null || v === undefined || v === '' ? '' : String(Number(v)));

/** The business settings as numbers; one the server does not hold counts as 0. */
export function settingsOf(stored: Partial<Record<BusinessSettingName, string>> | undefined): BusinessSettings {
  return Object.fromEntries(BUSINESS_SETTING_NAMES.map((name) => [name, toNumber(stored?.[name]) ?? 0])) as BusinessSettings;
}

/** A new reserve: the responsible is the caller's employee, the delivery the default until a city is chosen. */
export function newValues(settings: BusinessSettings, employeeId: number | null | undefined): ReserveFormValues {
  return {
    amount: '', packs_amount: '', unit_selling_price: '', estimated_date_implementation: '', buyer_name: '', buyer_phone: '',
    city_id: '', delivery_address: '', delivery_cost: String(settings.delivery_cost_default), delivery_days: '',
    responsible_id: str(employeeId), comments: [],
  };
}

export function valuesOf(reserve: ReserveRecord): ReserveFormValues {
  return {
    amount: num(reserve.amount), packs_amount: num(reserve.packs_amount), unit_selling_price: num(reserve.unit_selling_price),
    estimated_date_implementation: str(reserve.estimated_date_implementation).slice(0, 10), buyer_name: str(reserve.buyer_name),
    buyer_phone: phoneDigits(reserve.buyer_phone), city_id: str(reserve.city_id), delivery_address: str(reserve.delivery_address),
    delivery_cost: num(reserve.delivery_cost), delivery_days: str(reserve.delivery_days), responsible_id: str(reserve.responsible_id),
    comments: [],
  };
}

/** The fields the caller may write: ids as numbers, the phone as digits. */
export function reservePayload(values: ReserveFormValues, visible: (field: string) => boolean, responsibleLocked: boolean): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const key of Object.keys(LABELS)) {
    if (!visible(key) || (key === 'responsible_id' && responsibleLocked)) continue;
    const value = values[key as keyof ReserveFormValues] as string;
    if (key.endsWith('_id')) payload[key] = value ? Number(value) : null;
    else if (key === 'buyer_phone') payload[key] = phoneDigits(value);
    else payload[key] = value;
  }
  return payload;
}
