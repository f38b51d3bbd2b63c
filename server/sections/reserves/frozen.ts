// What a new reserve keeps of its lot for good (DESIGN.md "Currencies": a reserve freezes its rate and landed cost):
// the lot's purchase rate and its date and its landed cost per kg as the reserve is made, written with the reserve's row and never after. A change, a
// re-pricing or a renewal leaves it as it was; the margins' check (margins.ts) measures today's figures against it.
import type { FieldChange } from '../../../domain/history';
import { toNumber } from '../../../domain/numbers';
import type { ReservedOffer } from './stored';

/** The frozen columns of a new reserve, from its lot as read for the reserve's form. */
export const frozenOf = (offer: ReservedOffer) => ({
  purchase_rate: offer.purchase_rate,
  purchase_rate_date: offer.purchase_rate_date,
  landed_kg_cost: offer.landed_kg_cost,
});

export type Frozen = ReturnType<typeof frozenOf>;
const FROZEN_FIELDS = [
  'purchase_rate',
  'purchase_rate_date',
  'landed_kg_cost',
] as const satisfies readonly (keyof Frozen)[];

/** The first history entry tells what the reserve froze, as it tells its other terms; a lot with nothing to freeze
 * (no shipment) tells nothing. */
export const frozenChanges = (values: Partial<Frozen>): FieldChange[] =>
  FROZEN_FIELDS.flatMap((field) => {
    const value = values[field];
    if (value === null || value === undefined) return [];
    return [{ field, old: null, new: field.endsWith('_date') ? value : toNumber(value) }];
  });
