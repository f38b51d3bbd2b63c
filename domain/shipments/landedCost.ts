// A container's landed cost per kg, lot by lot: every cost line turned into rubles at its own rate (a prepayment
// keeps the rate it was paid at), then split over the lots it concerns by weight, value or quantity, each share half
// up to the kopeck and the last lot taking the remainder, so a line's shares add up to it exactly. Pure: the server
// resolves each line's rate (the Central Bank's on its day, or the one typed) before it calls this.
import {
  COST_KINDS,
  COST_KIND_TITLES,
  ALLOCATION_TITLES,
  allocationOf,
  type Breakdown,
  type CostKind,
  type CostLine,
  type CostStatus,
} from './costLines';
import { kopecksOf, parseDec, perKg, rublesText, splitKopecks, type Dec } from './decimals';

/** A lot of the shipment as the split reads it: its kg, its value (the same unit for every lot: the purchase sum in
 * the purchase currency, or in rubles), its quantity in units, and its own purchase in rubles for a shipment that
 * has no goods line. */
export interface LotBasis {
  offer_id: number;
  product_id?: number | null;
  weight_kg: string;
  value: string;
  quantity: string;
  purchase_rub?: string | null;
}

/** A cost line whose rate is known: rubles for one unit of its currency ('1' for rubles). */
export type RatedLine = CostLine & { unit_rate: string };

export interface LandedLot {
  offer_id: number;
  /** Rubles per kg, half up to the kopeck. */
  landed_kg_cost: string;
  /** ₽ per kg by kind; the steps of the waterfall, which add up to landed_kg_cost exactly. */
  breakdown: Breakdown;
  /** The lot's rubles by kind; they add up to its landed cost. */
  totals: Breakdown;
  total: string;
}

export interface LineShare {
  index: number;
  rubles: string;
  shares: { offer_id: number; rubles: string }[];
}

export interface LandedCost {
  lots: LandedLot[];
  /** Each line in effect, with its rubles and each lot's share (a line left out has none). */
  lines: LineShare[];
  /** 'actual' when every line in effect is actual, 'estimate' when none is, else 'mixed'. */
  basis: 'estimate' | 'actual' | 'mixed';
}

export interface LandedOptions {
  /** Import VAT is recovered (the general tax regime): it stays out of the cost. */
  vatRecovered: boolean;
  /** Which lines a kind takes when it has both: 'actual' (the lots' cost) or 'estimate' (what was planned). */
  prefer?: CostStatus;
}

/** A landed cost that cannot be computed, in Russian, naming what to fix. */
export class LandedCostError extends Error {}

export const LANDED_MSG = {
  noLots: 'В поставке нет лотов',
  zeroBasis: (kind: CostKind, allocation: 'weight' | 'value' | 'quantity', offerId: number) =>
    `Нельзя распределить «${COST_KIND_TITLES[kind]}» ${ALLOCATION_TITLES[allocation]}: у лота № ${offerId} ${BASIS_NAMES[allocation]} 0`,
  zeroWeight: (offerId: number) => `У лота № ${offerId} нет веса: себестоимость за кг не считается`,
  noProductLots: (kind: CostKind) => `«${COST_KIND_TITLES[kind]}»: в поставке нет лотов этого товара`,
  badAmount: (kind: CostKind) => `«${COST_KIND_TITLES[kind]}»: сумма должна быть числом не меньше 0`,
  badRate: (kind: CostKind, currency: string) => `«${COST_KIND_TITLES[kind]}»: нет курса ${currency}`,
  noPurchase: (offerId: number) => `У лота № ${offerId} нет закупочной цены, а оплаты товара в поставке нет`,
} as const;

const BASIS_NAMES = { weight: 'вес', value: 'стоимость', quantity: 'количество' } as const;

const zeroBreakdown = (): Record<CostKind, bigint> =>
  Object.fromEntries(COST_KINDS.map((k) => [k, 0n])) as Record<CostKind, bigint>;

/** The lines in effect: per kind (and product), the preferred status's lines where there are any, else the others;
 * import VAT only where it is not recovered. Each keeps its index in the shipment. */
export function linesInEffect(lines: CostLine[], { vatRecovered, prefer = 'actual' }: LandedOptions): number[] {
  const keyOf = (l: CostLine) => `${l.kind}:${l.product_id ?? ''}`;
  const preferred = new Set(lines.filter((l) => l.status === prefer).map(keyOf));
  return lines.flatMap((l, i) => {
    if (l.kind === 'import_vat' && vatRecovered) return [];
    if (l.status !== prefer && preferred.has(keyOf(l))) return [];
    return [i];
  });
}

function basisOf(lot: LotBasis, allocation: 'weight' | 'value' | 'quantity'): Dec {
  const text = allocation === 'weight' ? lot.weight_kg : allocation === 'value' ? lot.value : lot.quantity;
  return parseDec(text) ?? { units: 0n, scale: 0 };
}

/** The landed cost of each lot. Throws LandedCostError (Russian) for a zero basis, a lot without weight, a line
 * without a rate or a duty for a product the shipment does not carry. */
export function landedCost(lots: LotBasis[], lines: RatedLine[], options: LandedOptions): LandedCost {
  if (lots.length === 0) throw new LandedCostError(LANDED_MSG.noLots);
  const weights = lots.map((lot) => {
    const kg = parseDec(lot.weight_kg);
    if (!kg || kg.units <= 0n) throw new LandedCostError(LANDED_MSG.zeroWeight(lot.offer_id));
    return kg;
  });
  const totals = lots.map(zeroBreakdown);
  const effective = linesInEffect(lines, options);
  const shares: LineShare[] = [];
  for (const index of effective) {
    const line = lines[index];
    const amount = parseDec(line.amount);
    if (!amount || amount.units < 0n) throw new LandedCostError(LANDED_MSG.badAmount(line.kind));
    const rate = parseDec(line.unit_rate);
    if (!rate || rate.units <= 0n) throw new LandedCostError(LANDED_MSG.badRate(line.kind, line.currency));
    const rubles = kopecksOf(amount, rate);
    const scope = lots
      .map((lot, i) => i)
      .filter((i) => line.product_id == null || lots[i].product_id === line.product_id);
    if (scope.length === 0) throw new LandedCostError(LANDED_MSG.noProductLots(line.kind));
    const allocation = allocationOf(line);
    const bases = scope.map((i) => {
      const basis = basisOf(lots[i], allocation);
      if (basis.units <= 0n) throw new LandedCostError(LANDED_MSG.zeroBasis(line.kind, allocation, lots[i].offer_id));
      return basis;
    });
    const split = splitKopecks(rubles, bases);
    scope.forEach((lotIndex, j) => {
      totals[lotIndex][line.kind] += split[j];
    });
    shares.push({
      index,
      rubles: rublesText(rubles),
      shares: scope.map((lotIndex, j) => ({ offer_id: lots[lotIndex].offer_id, rubles: rublesText(split[j]) })),
    });
  }
  // a shipment with no goods line carries each lot's own purchase, as its offer states it in rubles
  if (!effective.some((i) => lines[i].kind === 'goods')) {
    lots.forEach((lot, i) => {
      const purchase = parseDec(lot.purchase_rub);
      if (!purchase) throw new LandedCostError(LANDED_MSG.noPurchase(lot.offer_id));
      totals[i].goods = kopecksOf(purchase, { units: 1n, scale: 0 });
    });
  }
  const statuses = new Set(effective.map((i) => lines[i].status));
  return {
    lots: lots.map((lot, i) => landedLot(lot.offer_id, totals[i], weights[i])),
    lines: shares,
    basis: statuses.has('estimate') ? (statuses.has('actual') ? 'mixed' : 'estimate') : 'actual',
  };
}

/** The lot's per-kg figures: the waterfall's steps are differences of rounded running totals, so they add up to the
 * rounded whole exactly (a step rounded alone could leave the sum a kopeck off). */
function landedLot(offerId: number, totals: Record<CostKind, bigint>, kg: Dec): LandedLot {
  const breakdown = {} as Breakdown;
  const rubles = {} as Breakdown;
  let running = 0n;
  let shown = 0n;
  for (const kind of COST_KINDS) {
    running += totals[kind];
    const upTo = perKg(running, kg);
    breakdown[kind] = rublesText(upTo - shown);
    rubles[kind] = rublesText(totals[kind]);
    shown = upTo;
  }
  return {
    offer_id: offerId,
    landed_kg_cost: rublesText(shown),
    breakdown,
    totals: rubles,
    total: rublesText(running),
  };
}
