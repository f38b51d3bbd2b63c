// The reserve statistics an employee (the reserves they are responsible for) and a supplier (the reserves of its
// offers) are listed and filtered by: the spec's filter key → the list column it filters.
export const RESERVE_STATISTICS_FILTERS = {
  total_reserves_created: 'reserve_total_created',
  purchased_reserves: 'reserve_purchased_count',
  purchased_reserves_currency: 'reserve_purchased_sum',
  cancelled_reserves: 'reserve_cancelled_count',
} as const;
