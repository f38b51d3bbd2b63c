// The three tiles of the offers page (GET /api/offers/summary): reserve figures over the offers the reader may see.
// Each figure reads a reserve field; a figure the reader may not see is left out of the answer, and its tile with it.
import type { FieldRef } from '../permissions';

/** The field each figure is made of: counts need the reserves themselves, sums the summed field. */
export const SUMMARY_READS = {
  count: 'reserves.id',
  sum: 'reserves.total_selling_sum',
  realized_value: 'reserves.total_sum',
} as const satisfies Record<string, FieldRef>;
