// A lot's way to the warehouse: its logistics state and expected arrival, what a reserve placed on a lot
// still on its way may not do before the lot arrives, and how an arrival short of what was sold is shared among
// the lot's reserves. The offer card, the reserve card, the server and the lists read these rules here.
import { formatDate, formatNumber } from '../format';
import { packsOf, totalSellingSum } from './figures';
import { money, times, toNumber, type Num } from '../numbers';

export const LOGISTICS_STATES = [
  { value: 'supplier', title: 'Отгрузка у поставщика' },
  { value: 'in_transit', title: 'В пути' },
  { value: 'customs', title: 'На таможне' },
  { value: 'stock', title: 'На складе' },
] as const;
export type LogisticsState = (typeof LOGISTICS_STATES)[number]['value'];
export const LOGISTICS_VALUES: readonly string[] = LOGISTICS_STATES.map((s) => s.value);
/** Every offer made before lots could be on their way is on stock, and a new one is unless the card says otherwise. */
export const ON_STOCK: LogisticsState = 'stock';

export const logisticsTitle = (state: unknown): string =>
  LOGISTICS_STATES.find((s) => s.value === state)?.title ?? String(state ?? '');

/** Is the lot still on its way (its reserves wait for it)? */
export const onTheWay = (
  offer: { logistics_state?: string | null; expected_arrival?: string | null } | null | undefined,
): boolean => Boolean(offer?.logistics_state && offer.logistics_state !== ON_STOCK && offer.expected_arrival);

/** The day a lot on its way is expected (YYYY-MM-DD), or null for a lot on stock. */
export const pendingArrival = (
  offer: { logistics_state?: string | null; expected_arrival?: string | null } | null | undefined,
): string | null => (onTheWay(offer) ? String(offer!.expected_arrival).slice(0, 10) : null);

/** A lot's availability as the price list shows it to the trader: 'На складе', or 'В пути, ожидается 12.12.2026'. */
export const availabilityText = (offer: {
  logistics_state?: string | null;
  expected_arrival?: string | null;
}): string => {
  const arrival = pendingArrival(offer);
  return arrival
    ? `${logisticsTitle(offer.logistics_state)}, ожидается ${formatDate(arrival)}`
    : logisticsTitle(ON_STOCK);
};

/** The same for the buyer, short enough for a PDF cell under 'Наличие': 'на складе', or 'с 12.12.2026'. */
export const buyerAvailabilityText = (offer: {
  logistics_state?: string | null;
  expected_arrival?: string | null;
}): string => {
  const arrival = pendingArrival(offer);
  return arrival ? `с ${formatDate(arrival)}` : 'на складе';
};

export const LOGISTICS_MSG = {
  state: 'Выберите логистическое состояние',
  arrivalRequired: 'Укажите ожидаемую дату поступления',
  arrivalDate: 'Укажите дату в формате ДД.ММ.ГГГГ',
  /** The reserve card's line for a reserve on a lot on its way. */
  incoming: (arrival: string) => `Под поступление, ожидается ${formatDate(arrival)}`,
  dateBeforeArrival: (arrival: string) =>
    `Дата реализации не может быть раньше ожидаемого поступления ${formatDate(arrival)}`,
  heldBeforeArrival: (arrival: string) =>
    `Резерв не может закончиться раньше ожидаемого поступления ${formatDate(arrival)}`,
} as const;

// ---- the arrival ('Принять поступление')
export const SHORTFALL_RULES = [
  { value: 'fifo', title: 'Первым пришел — первым обслужен (сокращаются последние резервы)' },
  { value: 'proportional', title: 'Пропорционально количеству в резервах' },
] as const;
export type ShortfallRule = (typeof SHORTFALL_RULES)[number]['value'];
export const SHORTFALL_RULE_SETTING = 'shortfall_rule';
export const SHORTFALL_RULE_DEFAULT: ShortfallRule = 'fifo';
export const isShortfallRule = (value: unknown): value is ShortfallRule =>
  SHORTFALL_RULES.some((r) => r.value === value);
export const shortfallRuleTitle = (rule: ShortfallRule) => SHORTFALL_RULES.find((r) => r.value === rule)!.title;
/** The business setting's label on the settings page and in the change log. */
export const SHORTFALL_TITLE = 'Правило недопоставки';
export const SHORTFALL_MSG = {
  unknown: `Правило недопоставки: ${SHORTFALL_RULES.map((r) => `«${r.value}»`).join(' или ')}`,
} as const;

export const ARRIVAL_TEXTS = {
  button: 'Принять поступление',
  title: 'Принять поступление',
  amount: 'Получено',
  date: 'Дата поступления',
  apply: 'Принять',
  cancel: 'Отмена',
  done: 'Поступление принято',
  cut: (count: number) => `Поступление принято. Сокращены резервы: ${count}`,
} as const;

export const ARRIVAL_MSG = {
  amountRequired: 'Укажите полученное количество',
  dateRequired: 'Укажите дату поступления',
  dateAfterToday: 'Дата поступления не может быть позже сегодняшней',
  onStock: 'Предложение уже на складе',
  notActive: 'Принять поступление можно только по активному предложению',
  belowPurchased: (purchased: string) => `Получено меньше, чем уже выкуплено: ${formatNumber(purchased)}`,
} as const;

/** An active reserve on the lot, in the order it was placed (the oldest first). */
export interface HeldReserve {
  id: number;
  amount: string;
}

/** A reserve cut by a short arrival: its amount before and after ('0.00': nothing is left, it is cancelled). */
export interface ReserveCut {
  reserve_id: number;
  from: string;
  to: string;
}

/** Amounts are kept to the hundredth: counted here in hundredths, exactly, as integers. */
const hundredths = (value: Num): bigint => {
  const text = money(value);
  if (text === null) throw new Error(`not an amount: ${String(value)}`);
  const negative = text.startsWith('-');
  const [whole, cents] = text.replace('-', '').split('.');
  const n = BigInt(whole) * 100n + BigInt(cents);
  return negative ? -n : n;
};
const amountText = (n: bigint): string => {
  const negative = n < 0n;
  const abs = negative ? -n : n;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/** What of an arrival is the active reserves' to share: what came less what the completed reserves bought
 * already, or null when less came than they bought. */
export function leftForReserves(received: Num, purchased: Num): string | null {
  const left = hundredths(received) - hundredths(purchased);
  return left < 0n ? null : amountText(left);
}

/** What the cuts took off the reserves in all: the offer's reserved amount falls by it. */
export const cutTotal = (cuts: readonly ReserveCut[]): string =>
  amountText(cuts.reduce((total, cut) => total + hundredths(cut.from) - hundredths(cut.to), 0n));

/**
 * How an arrival of `received` (less what the lot's completed reserves already bought) is shared among its active
 * reserves when it is less than they hold; answers the reserves cut, each with its amount before and after.
 * - 'fifo': first come, first served. The latest reserve is cut first, down to nothing if need be, then the one
 *   before it, until what the reserves hold is what came.
 * - 'proportional': each reserve keeps its share, amount × received ÷ reserved, rounded down to a whole piece
 *   (unit 'шт') or to 0.01 kg ('кг'); what the rounding leaves over is given a piece (0.01 kg) at a time to the
 *   reserves whose shares lost the most to it, the earlier reserve first on a tie. The shares add up to exactly
 *   what came, and none is above what its reserve held.
 */
export function shareShortfall(
  reserves: readonly HeldReserve[],
  received: Num,
  rule: ShortfallRule,
  unitMeasure: string | null | undefined,
): ReserveCut[] {
  const pool = hundredths(received);
  const held = reserves.map((r) => hundredths(r.amount));
  const total = held.reduce((a, b) => a + b, 0n);
  if (total <= pool) return [];
  const kept =
    rule === 'fifo'
      ? keptFirstCome(held, total - pool)
      : keptInProportion(held, pool < 0n ? 0n : pool, total, unitMeasure === 'шт' ? 100n : 1n);
  return reserves.flatMap((r, i) =>
    kept[i] === held[i] ? [] : [{ reserve_id: r.id, from: amountText(held[i]), to: amountText(kept[i]) }],
  );
}

function keptFirstCome(held: bigint[], shortfall: bigint): bigint[] {
  const kept = [...held];
  let left = shortfall;
  for (let i = kept.length - 1; i >= 0 && left > 0n; i--) {
    const cut = kept[i] < left ? kept[i] : left;
    kept[i] -= cut;
    left -= cut;
  }
  return kept;
}

function keptInProportion(held: bigint[], pool: bigint, total: bigint, step: bigint): bigint[] {
  // share_i = held_i × pool / total; kept_i = its whole steps; what the rounding lost, as a fraction over total × step
  const kept = held.map((h) => ((h * pool) / (total * step)) * step);
  const lost = held.map((h, i) => h * pool - kept[i] * total);
  let steps = (pool - kept.reduce((a, b) => a + b, 0n)) / step;
  const order = held.map((_, i) => i).sort((a, b) => (lost[b] > lost[a] ? 1 : lost[b] < lost[a] ? -1 : a - b));
  for (const i of order) {
    if (steps <= 0n) break;
    kept[i] += step;
    steps -= 1n;
  }
  return kept;
}

/** A reserve's figures that follow its amount, for the amount it is cut to: its purchase and selling sums (2
 * decimals, half up) and its packs (1 decimal). The prices and the band per unit stay as they were. */
export function resizedFigures(
  amount: string,
  reserve: { unit_price: Num; unit_selling_price: Num },
  unitsPerPack: Num,
) {
  const packs = packsOf(amount, unitsPerPack);
  return {
    amount,
    total_sum: money(times(amount, reserve.unit_price)),
    total_selling_sum: money(totalSellingSum(amount, reserve.unit_selling_price)),
    packs_amount: packs === null ? null : packs.toFixed(1),
  };
}

/** Nothing left of a reserve cut by an arrival: it is cancelled. */
export const cutToNothing = (cut: ReserveCut) => toNumber(cut.to) === 0;
