// A list's state lives in the query string, so a list is a link (spec point 2): page (from 1), perPage,
// sort and order, and the applied filter. Setters are stable and read the current query string when they
// run, so a memoised header or pager never acts on a stale one.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, filterToParams, paramsToFilter, type FilterDef, type FilterState } from '../../../domain/lists';

export interface SortState {
  key: string;
  order: 'asc' | 'desc';
}

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

const sortOf = (params: URLSearchParams): SortState | undefined => {
  const key = params.get('sort');
  return key ? { key, order: params.get('order') === 'asc' ? 'asc' : 'desc' } : undefined;
};

export function useListParams(defs: FilterDef[]): ListParams {
  const [params, setParams] = useSearchParams();

  const page = Math.max(1, Number(params.get('page')) || 1);
  const perPageRaw = Number(params.get('perPage'));
  const perPage = (PAGE_SIZES as readonly number[]).includes(perPageRaw) ? perPageRaw : DEFAULT_PAGE_SIZE;
  const sortKey = params.get('sort');
  const sortOrder = params.get('order');
  const sort = useMemo<SortState | undefined>(
    () => (sortKey ? { key: sortKey, order: sortOrder === 'asc' ? 'asc' : 'desc' } : undefined),
    [sortKey, sortOrder],
  );
  const filter = useMemo(() => paramsToFilter(params, defs), [params, defs]);

  const apiQuery = useMemo(() => {
    const q = new URLSearchParams(filterToParams(filter, defs));
    q.set('page', String(page));
    q.set('perPage', String(perPage));
    if (sort) {
      q.set('sort', sort.key);
      q.set('order', sort.order);
    }
    return q.toString();
  }, [filter, defs, page, perPage, sort]);

  const update = useCallback(
    (mutate: (next: URLSearchParams) => void, replace = false) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        mutate(next);
        return next;
      }, { replace }),
    [setParams],
  );

  const setPage = useCallback((next: number, replace = false) => update((q) => q.set('page', String(next)), replace), [update]);
  const setPerPage = useCallback((next: number) => update((q) => { q.set('perPage', String(next)); q.set('page', '1'); }), [update]);
  const setSort = useCallback(
    (next: SortState) => update((q) => { q.set('sort', next.key); q.set('order', next.order); q.set('page', '1'); }),
    [update],
  );
  const toggleSort = useCallback(
    (key: string) =>
      update((q) => {
        const current = sortOf(q);
        q.set('sort', key);
        q.set('order', current?.key === key && current.order === 'asc' ? 'desc' : 'asc');
        q.set('page', '1');
      }),
    [update],
  );
  const applyFilter = useCallback(
    (next: FilterState, replace = false) =>
      update((q) => {
        for (const key of [...q.keys()]) if (!['perPage', 'sort', 'order'].includes(key)) q.delete(key);
        for (const [key, value] of filterToParams(next, defs)) q.append(key, value);
        q.set('page', '1');
      }, replace),
    [update, defs],
  );

  return { page, perPage, sort, filter, apiQuery, setPage, setPerPage, toggleSort, setSort, applyFilter };
}
