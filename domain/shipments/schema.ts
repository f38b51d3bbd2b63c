// The shipment card: its plain fields by their kinds (domain/shipments/resource.ts) and its cost lines checked line by
// line, with the same Russian messages on the card and the server.
import { cardNameSchema } from '../schemas/card';
import { resourceSchema } from '../schemas/resourceSchema';
import { visibilityOf } from '../fields';
import { isCalendarDate } from '../businessDay';
import { SHIPMENT_FIELDS, shipmentsResource } from './resource';
import { ALLOCATIONS, COST_KINDS, COST_STATUSES, type CostLine } from './costLines';
import { parseDec } from './decimals';

/** The currencies a line may be paid in (the Central Bank's codes the trade uses; RUB needs no rate). */
export const LINE_CURRENCIES = ['RUB', 'USD', 'EUR', 'CNY', 'TRY', 'AED', 'KZT', 'UZS'] as const;

/** At most this many lines on one shipment, and lots in it. */
export const COST_LINES_MAX = 200;
export const SHIPMENT_LOTS_MAX = 500;

export const SHIPMENT_MSG = {
  duplicate: 'Поставка с таким названием уже есть',
  conflictText: 'Поставка',
  supplier: 'Выберите поставщика',
  line: (n: number, text: string) => `Строка расходов ${n}: ${text}`,
  kind: 'выберите вид расхода',
  amount: 'сумма — число не меньше 0, не больше двух знаков после запятой',
  currency: 'выберите валюту',
  rate: 'курс — число больше 0',
  rateDate: 'дата курса — дата в формате ГГГГ-ММ-ДД',
  allocation: 'распределение — по весу, по стоимости или по количеству',
  status: 'статус — оценка или факт',
  product: 'товар пошлины — выберите товар',
  tooMany: `Не больше ${COST_LINES_MAX} строк расходов`,
  lots: `Не больше ${SHIPMENT_LOTS_MAX} лотов`,
  lot: (id: unknown) => `Лот № ${String(id)} не найден`,
  lotElsewhere: (id: number, shipment: number) => `Лот № ${id} уже в поставке № ${shipment}`,
} as const;

export const SHIPMENT_FORM_FIELDS = SHIPMENT_FIELDS.map((f) => f.key);
export const SHIPMENT_FIELD_VISIBILITY: Record<string, string> = visibilityOf(SHIPMENT_FIELDS);

export const shipmentSchema = (hidden: ReadonlySet<string> = new Set()) =>
  resourceSchema(shipmentsResource, { name: cardNameSchema.max(255, 'Максимум 255 символов') }, hidden);

const has = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);
const blank = (v: unknown) => v === undefined || v === null || v === '';

/** A line's amount as stored: a decimal with at most 2 places, not below 0. */
function amountOf(value: unknown): string | null {
  const d = parseDec(typeof value === 'number' ? String(value) : (value as string));
  if (!d || d.units < 0n || d.scale > 2) return null;
  return String(value).replace(',', '.').replace(/\s/g, '');
}

/** The lines as stored, or the first line's refusal in Russian ('Строка расходов 2: выберите валюту'). */
export function checkCostLines(input: unknown): { lines: CostLine[] } | { error: string } {
  if (!Array.isArray(input)) return { lines: [] };
  if (input.length > COST_LINES_MAX) return { error: SHIPMENT_MSG.tooMany };
  const lines: CostLine[] = [];
  for (const [i, raw] of input.entries()) {
    const l = (raw ?? {}) as Record<string, unknown>;
    const refuse = (text: string) => ({ error: SHIPMENT_MSG.line(i + 1, text) });
    if (!has(COST_KINDS, l.kind)) return refuse(SHIPMENT_MSG.kind);
    const amount = amountOf(l.amount);
    if (amount === null) return refuse(SHIPMENT_MSG.amount);
    if (!has(LINE_CURRENCIES, l.currency)) return refuse(SHIPMENT_MSG.currency);
    const rate = blank(l.rate) ? null : parseDec(String(l.rate));
    if (rate !== null && (!rate || rate.units <= 0n)) return refuse(SHIPMENT_MSG.rate);
    if (!blank(l.rate_date) && !isCalendarDate(String(l.rate_date))) return refuse(SHIPMENT_MSG.rateDate);
    if (!blank(l.allocation) && !has(ALLOCATIONS, l.allocation)) return refuse(SHIPMENT_MSG.allocation);
    const status = blank(l.status) ? 'estimate' : l.status;
    if (!has(COST_STATUSES, status)) return refuse(SHIPMENT_MSG.status);
    const product = blank(l.product_id) ? null : Number(l.product_id);
    if (product !== null && !(Number.isInteger(product) && product > 0 && product <= 2147483647))
      return refuse(SHIPMENT_MSG.product);
    lines.push({
      kind: l.kind,
      amount,
      currency: l.currency,
      rate_date: blank(l.rate_date) ? null : String(l.rate_date),
      rate: rate === null ? null : String(l.rate).replace(',', '.').replace(/\s/g, ''),
      allocation: blank(l.allocation) ? null : (l.allocation as CostLine['allocation']),
      product_id: product,
      status,
    });
  }
  return { lines };
}
