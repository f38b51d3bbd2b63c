// How a lot's landed cost per kg is told on the cards: its steps by kind in the waterfall's order (goods, freight,
// duty, broker…), each with where its bar starts, and the move against the estimate ('+12,40 ₽/кг к оценке').
import { formatFigure } from '../format';
import { COST_KINDS, COST_KIND_TITLES, type Breakdown, type CostKind } from './costLines';

export const WATERFALL_TEXTS = {
  title: 'Себестоимость за кг',
  total: 'Итого себестоимость',
  estimate: 'Оценка',
  perKg: (rubles: string) => `${formatFigure(rubles)} ₽/кг`,
  /** The move of the actual against the estimate, per kg: '+12,40 ₽/кг к оценке'. */
  difference: (rubles: string) => {
    const n = Number(rubles);
    return `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatFigure(Math.abs(n))} ₽/кг к оценке`;
  },
} as const;

export interface WaterfallStep {
  kind: CostKind;
  title: string;
  /** ₽ per kg of this kind. */
  value: number;
  /** ₽ per kg of the kinds before it: where its bar starts. */
  start: number;
}

/** The kinds a lot's cost has (the zeros left out), in the waterfall's order. */
export function waterfallSteps(breakdown: Partial<Breakdown>): WaterfallStep[] {
  let start = 0;
  const steps: WaterfallStep[] = [];
  for (const kind of COST_KINDS) {
    const value = Number(breakdown[kind] ?? 0);
    if (!value) continue;
    steps.push({ kind, title: COST_KIND_TITLES[kind], value, start });
    start += value;
  }
  return steps;
}

/** Whether the actual moved the lot's cost away from its estimate (a kopeck or more). */
export const movedFromEstimate = (difference: string | null | undefined) => Math.abs(Number(difference ?? 0)) >= 0.005;

/** What the lots' cost rests on (the answer's `basis`). */
export const BASIS_TITLES = {
  estimate: 'По оценке: фактических расходов ещё нет',
  mixed: 'Часть расходов — оценка, часть — факт',
  actual: 'По фактическим расходам',
} as const;
