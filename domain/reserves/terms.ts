// A reserve's terms (DESIGN.md "Reserve terms"): the purchase price, the offer's price per kg, one unit's weight
// and the business settings of the day it was made (own costs and markups) are stored on it, and its selling
// band is judged by them until someone re-prices it on purpose ('Пересчитать по текущим ценам'). The card and
// the server build the band from the same terms here; the delivery cost is the reserve's own field.
import { toNumber, type Num } from '../numbers';
import { isFieldVisible, type Permissions } from '../permissions';
import type { BusinessSettings } from '../settings';
import { reserveFigures } from './figures';

export interface ReserveTerms {
  /** The offer's purchase price per unit. */
  unit_price: Num;
  /** The offer's price per kg (spec point 3 names it offer_price_kg in the reserve form). */
  offer_price_kg: Num;
  unit_weight: Num;
  costs_per_kg: Num;
  min_markup: Num;
  max_markup: Num;
}

export const TERM_FIELDS = [
  'unit_price',
  'offer_price_kg',
  'unit_weight',
  'costs_per_kg',
  'min_markup',
  'max_markup',
] as const;

/** The field whose hiding also hides a term: the markups reveal the band, own costs the margin's base. */
export const TERM_VISIBILITY: Record<string, string> = {
  costs_per_kg: 'marginality',
  min_markup: 'min_selling_price',
  max_markup: 'max_selling_price',
};

/** The terms a reserve is made or re-priced on: the offer as it stands and today's business settings. */
export function currentTerms(
  offer: { unit_price?: Num; kg_price: Num; unit_weight: Num },
  settings: Pick<BusinessSettings, 'costs_per_kg' | 'min_markup' | 'max_markup'>,
): ReserveTerms {
  return {
    unit_price: offer.unit_price ?? null,
    offer_price_kg: offer.kg_price,
    unit_weight: offer.unit_weight,
    costs_per_kg: settings.costs_per_kg,
    min_markup: settings.min_markup,
    max_markup: settings.max_markup,
  };
}

/** The terms a saved reserve is judged by: its own, as stored; `today`'s for any it does not hold (or the reader
 * may not see: such a reader is shown no band they are part of). */
export function keptTerms(
  stored: Partial<Record<(typeof TERM_FIELDS)[number], Num>>,
  today: ReserveTerms,
): ReserveTerms {
  const terms = { ...today };
  for (const field of TERM_FIELDS)
    if (stored[field] !== undefined && stored[field] !== null) terms[field] = stored[field];
  return terms;
}

/** The offer's figures and the settings the band is computed from, as the terms say: what the form's schema
 * (reserveSchema) and the figures (reserveFigures) take. */
export function pricedBy<Offer extends { kg_price: Num; unit_weight: Num }>(
  terms: ReserveTerms,
  offer: Offer,
  settings: BusinessSettings,
) {
  return {
    offer: { ...offer, kg_price: terms.offer_price_kg, unit_weight: terms.unit_weight },
    settings: {
      ...settings,
      costs_per_kg: toNumber(terms.costs_per_kg) ?? 0,
      min_markup: toNumber(terms.min_markup) ?? 0,
      max_markup: toNumber(terms.max_markup) ?? 0,
    },
  };
}

/** What 'Пересчитать по текущим ценам' shows before it is applied: the reserve's band, cost and margin at its
 * selling price on its own terms and on today's. */
export function repricePreview(
  reserve: { amount: Num; unit_selling_price: Num; delivery_cost: Num; units_per_pack: Num },
  stored: ReserveTerms,
  today: ReserveTerms,
  settings: BusinessSettings,
) {
  const figuresOn = (terms: ReserveTerms) => {
    const { settings: termSettings } = pricedBy(terms, { kg_price: null, unit_weight: null }, settings);
    const f = reserveFigures(
      {
        amount: reserve.amount,
        unit_selling_price: reserve.unit_selling_price,
        delivery_cost: reserve.delivery_cost,
        unit_price: terms.unit_price,
        kg_price: terms.offer_price_kg,
        unit_weight: terms.unit_weight,
        units_per_pack: reserve.units_per_pack,
      },
      termSettings,
    );
    const price = toNumber(reserve.unit_selling_price);
    const inBand =
      price !== null &&
      f.min_selling_price !== null &&
      f.max_selling_price !== null &&
      price >= f.min_selling_price &&
      price <= f.max_selling_price;
    return {
      unit_price: toNumber(terms.unit_price),
      offer_price_kg: toNumber(terms.offer_price_kg),
      cost_per_unit: f.cost_per_unit,
      min_selling_price: f.min_selling_price,
      max_selling_price: f.max_selling_price,
      marginality: f.marginality,
      total_sum: f.total_sum,
      inBand,
    };
  };
  return { stored: figuresOn(stored), today: figuresOn(today) };
}

/** Re-pricing a reserve shows and changes its selling band: only for a role that sees the selling fields. */
export const canReprice = (perms: Permissions | null | undefined) =>
  ['unit_selling_price', 'min_selling_price', 'max_selling_price', 'marginality'].every((field) =>
    isFieldVisible(perms, 'reserves', field),
  );

/** Did the terms move since they were shown? Compared as numbers ('300.00' is 300). */
export const sameTerms = (a: Partial<Record<string, unknown>>, b: ReserveTerms) =>
  TERM_FIELDS.every((field) => toNumber(a[field] as Num) === toNumber(b[field]));

/** The offer's own prices among the terms: a reserve whose offer's price moved since it was made (or re-priced) is
 * on outdated terms. */
export const PRICE_TERMS = ['unit_price', 'offer_price_kg', 'unit_weight'] as const;

export const pricesMoved = (kept: ReserveTerms, today: ReserveTerms) =>
  PRICE_TERMS.some((field) => toNumber(kept[field]) !== toNumber(today[field]));

/** One truth for the offer's reserved sum (the sum of its reserves' own sums): a reserve on outdated terms
 * does not grow on them. Growing it takes today's terms first ('Пересчитать по текущим ценам'); a smaller or
 * equal amount keeps its own. */
export const growsOnOldTerms = (amount: Num, newAmount: Num, kept: ReserveTerms, today: ReserveTerms) =>
  (toNumber(newAmount) ?? 0) > (toNumber(amount) ?? 0) && pricesMoved(kept, today);

export const TERMS_MSG = {
  forbidden: 'Пересчет по текущим ценам недоступен для вашей роли',
  moved: 'Цены или настройки изменились после расчета: проверьте новый расчет',
  /** PATCH {reprice: true} must carry the terms the preview showed. */
  unseen:
    'Пересчет по текущим ценам применяется только к показанному расчету: откройте «Пересчитать по текущим ценам» и проверьте новый расчет',
  grow: 'Цена предложения изменилась после расчета резерва: чтобы увеличить количество, сначала нажмите «Пересчитать по текущим ценам»',
} as const;
