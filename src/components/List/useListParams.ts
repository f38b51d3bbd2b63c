// A list's state lives in the query string, so a list is a link (spec point 2): page (from 1), perPage,
// sort and order, and the applied filter, read and written by the list query codec (domain/listQuery.ts), which
// also writes the list's request. Setters are stable and read the current query string when they run, so a
// memoised header or pager never acts on a stale one.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, type FilterDef, type FilterState } from '../../../domain/lists';
import { encode, readState, type ListState, type SortState } from '../../../domain/listQuery';

export type { SortState };

export interface ListParams {
  page: number;
  perPage: number;
  sort?: SortState;
  filter: FilterState;
  /** The list request's query string. */
  apiQuery: string;
  setPage(page: number, replace?: boolean): void;
  /** A new page size goes back to page 1. */
  setPerPage(perPage: number): void;
  /** Sort by a column: ascending first; the sorted column's control flips its order. */
  toggleSort(key: string): void;
  setSort(sort: SortState): void;
  /** Replaces the filter and goes to page 1; page size and sort stay. */
  applyFilter(filter: FilterState, replace?: boolean): void;
}

export function useListParams(defs: FilterDef[]): ListParams {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const state = useMemo(() => readState(search, defs), [search, defs]);

  const page = state.page ?? 1;
  const perPage = state.perPage ?? DEFAULT_PAGE_SIZE;
  const sortKey = state.sort?.key;
  const sortOrder = state.sort?.order;
  const sort = useMemo<SortState | undefined>(
    () => (sortKey && sortOrder ? { key: sortKey, order: sortOrder } : undefined),
    [sortKey, sortOrder],
  );
  const { filter } = state;

  const apiQuery = useMemo(() => encode({ filter, page, perPage, sort }, defs), [filter, defs, page, perPage, sort]);

  // the link keeps what it named and changes what was asked
  const update = useCallback(
    (change: (current: ListState) => ListState, replace = false) =>
      setParams((current) => new URLSearchParams(encode(change(readState(current, defs)), defs)), { replace }),
    [setParams, defs],
  );

  const setPage = useCallback(
    (next: number, replace = false) => update((s) => ({ ...s, page: next }), replace),
    [update],
  );
  const setPerPage = useCallback((next: number) => update((s) => ({ ...s, perPage: next, page: 1 })), [update]);
  const setSort = useCallback((next: SortState) => update((s) => ({ ...s, sort: next, page: 1 })), [update]);
  const toggleSort = useCallback(
    (key: string) =>
      update((s) => ({
        ...s,
        sort: { key, order: s.sort?.key === key && s.sort.order === 'asc' ? 'desc' : 'asc' },
        page: 1,
      })),
    [update],
  );
  const applyFilter = useCallback(
    (next: FilterState, replace = false) => update((s) => ({ ...s, filter: next, page: 1 }), replace),
    [update],
  );

  return { page, perPage, sort, filter, apiQuery, setPage, setPerPage, toggleSort, setSort, applyFilter };
}
