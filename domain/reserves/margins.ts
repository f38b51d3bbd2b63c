// The margins' check (DESIGN.md "Currencies"): after each new rate a reserve on a lot bought at the daily rate is
// priced again at today's cost, its own selling price, delivery, own costs and unit weight kept, and is at risk when
// its margin falls below 'Минимальная маржа, %' or its lot's rate moved more than 'Порог изменения курса, %' since the
// reserve froze it. The server's job judges by these functions; the notification words them.
import { product, ratio, sum, toNumber, type Num } from '../numbers';
import { costPerUnit } from '../offers/figures';
import { formatRate, rateMovePercent } from '../currency';
import { marginality } from './figures';
import { MIN_MARGIN_PERCENT_DEFAULT, RATE_MOVE_THRESHOLD_PERCENT_DEFAULT, type BusinessSettings } from '../settings';

export interface MarginInput {
  amount: Num;
  unit_selling_price: Num;
  delivery_cost: Num;
  /** The reserve's own costs per kg and unit weight (its terms). */
  costs_per_kg: Num;
  unit_weight: Num;
  /** The lot's price per kg today, at today's rate. */
  kg_price: Num;
  /** The rate the reserve froze, and the lot's rate today. */
  frozen_rate: Num;
  rate: Num;
}

export interface MarginJudgement {
  at_risk: boolean;
  /** The margin at today's cost, %, half up to 2 decimals (what the list and the card store). */
  marginality: number;
  /** The margin in rubles at today's cost: (price − cost) × amount, half up to the kopeck. */
  margin_sum: number | null;
  /** How far the rate moved since it was frozen, %, or null where the reserve froze none. */
  rate_move: number | null;
}

/** The check's settings as stored (a setting never saved takes its default). */
export const marginLimits = (settings: Partial<BusinessSettings>) => ({
  min: settings.min_margin_percent ?? MIN_MARGIN_PERCENT_DEFAULT,
  threshold: settings.rate_move_threshold_percent ?? RATE_MOVE_THRESHOLD_PERCENT_DEFAULT,
});

/** A reserve judged at today's cost; one with no selling price (nothing sold yet) is never at risk. */
export function judgeMargin(input: MarginInput, limits: { min: number; threshold: number }): MarginJudgement {
  const cost = costPerUnit(input.delivery_cost, input.kg_price, input.costs_per_kg ?? 0, input.unit_weight);
  const price = toNumber(input.unit_selling_price);
  const margin = marginality(input.unit_selling_price, cost);
  const move = rateMovePercent(rateText(input.rate), rateText(input.frozen_rate));
  const priced = price !== null && price > 0 && cost !== null;
  const marginSum = priced ? product(2, sum(price, -cost!), input.amount) : null;
  return {
    at_risk: priced && (margin < limits.min || (move !== null && move > limits.threshold)),
    marginality: margin,
    margin_sum: marginSum,
    rate_move: move,
  };
}

const rateText = (rate: Num) => (toNumber(rate) === null ? null : String(rate));

/** The margin as the notification words it: one decimal, half up, from the exact ratio (not from the stored two). */
export function marginText(
  input: Pick<MarginInput, 'unit_selling_price' | 'delivery_cost' | 'costs_per_kg' | 'unit_weight' | 'kg_price'>,
): string {
  const cost = costPerUnit(input.delivery_cost, input.kg_price, input.costs_per_kg ?? 0, input.unit_weight);
  const price = toNumber(input.unit_selling_price);
  if (cost === null || price === null || price <= 0) return '0,0';
  return ratio(product(10, sum(price, -cost), 100), price, 1)!
    .toFixed(1)
    .replace('.', ',');
}

/** 'Резерв № 12: маржа 3,1 % при курсе USD 90,00 (было 85,50)': to the responsible and the administrators. */
export const marginNotice = (reserve: number, margin: string, code: string, rate: Num, frozen: Num) =>
  `Резерв № ${reserve}: маржа ${margin} % при курсе ${code} ${formatRate(rateText(rate))}` +
  (rateText(frozen) === null ? '' : ` (было ${formatRate(rateText(frozen))})`);
