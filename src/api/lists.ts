// The calls every section's list makes: rows, bulk delete, filter config, saved filter, table layout.
// Features pass their section; tags make a delete or a saved layout refresh what shows them.
import { sectionApi, staleAfter, TAGS } from './sectionApi';
import {
  FILTER_CONFIG_MSG,
  type BulkDeleteResponse,
  type FilterConfig,
  type FilterState,
  type ListResponse,
  type ListRow,
  type TableConfig,
} from '../../domain/lists';
import { DELETE_RESULT, FILTER_CONFIG, LAYOUTS, LIST_PAGE, SAVED_FILTER } from '../../domain/answers';
import { SECTION, type Section } from '../../domain/sections';
import type { QueryReturnValue } from '@reduxjs/toolkit/query';
import { baseQuery } from './baseApi';
import type { ApiError } from './errors';
import { checked, checkedAs, checkedRaw, mismatchedField } from './shapes';
import { MSG } from '../../domain/messages';

const genitive = ({ section }: { section: Section }) => SECTION[section].genitive;

/** The products list's filter config reports its failures in its own words (spec point 8): a refused request by its
 * status, an answer that is no JSON, a config whose entry is malformed by the entry's key. */
function productsConfigError(error: ApiError, meta: { response?: Response } | undefined): ApiError {
  if (typeof error.status !== 'number') return error;
  if (error.status >= 400)
    return { ...error, message: FILTER_CONFIG_MSG.request(error.status, meta?.response?.statusText ?? '') };
  return { ...error, message: FILTER_CONFIG_MSG.json };
}

export const listsApi = sectionApi.injectEndpoints({
  endpoints: (build) => ({
    list: build.query<ListResponse<ListRow>, { section: Section; query: string }>({
      // a failure names what was being loaded: '… ошибка сети при загрузке предложений'
      queryFn: ({ section, query }, api) =>
        baseQuery(`api/${section}${query ? `?${query}` : ''}`, api, { entity: SECTION[section].genitive }) as Promise<
          QueryReturnValue<ListResponse<ListRow>, ApiError, object | undefined>
        >,
      providesTags: (result, error, { section }) => [TAGS[section].list],
      ...checkedAs<ListResponse<ListRow>, { section: Section }>(LIST_PAGE, genitive),
    }),
    // `extra`: a section's own field of the delete (employees' `responsible_id`, who takes over their reserves)
    deleteRecords: build.mutation<
      BulkDeleteResponse,
      { section: Section; ids: number[]; extra?: Record<string, number> }
    >({
      query: ({ section, ids, extra }) => ({ url: `api/${section}`, method: 'DELETE', body: { ids, ...extra } }),
      ...checked(DELETE_RESULT, genitive),
      invalidatesTags: (result, error, { section }) => [TAGS[section].list, ...staleAfter(section)],
    }),
    filterConfig: build.query<FilterConfig, Section>({
      query: (section) => (section === 'reserves' ? 'api/reserves_filter_config' : `api/${section}/filter_config`),
      keepUnusedDataFor: 300,
      extraOptions: { maxRetries: 3, entity: 'фильтров' },
      transformErrorResponse: (error: ApiError, meta, section) =>
        section === 'products' ? productsConfigError(error, meta as { response?: Response } | undefined) : error,
      // the entity passed on is the section: the products config names the malformed entry
      ...checkedAs<FilterConfig, Section>(
        FILTER_CONFIG,
        (section) => section,
        (section, error) =>
          section === 'products' ? FILTER_CONFIG_MSG.invalid(mismatchedField(error)) : MSG.badShape('фильтров'),
      ),
    }),
    savedFilter: build.query<FilterState, Section>({
      query: (section) => `api/filters/${section}`,
      extraOptions: { entity: 'фильтра' },
      ...checkedAs<FilterState>(SAVED_FILTER, 'фильтра'),
    }),
    saveFilter: build.mutation<{ status: string }, { section: Section; filter: FilterState }>({
      query: ({ section, filter }) => ({ url: `api/filters/${section}`, method: 'PUT', body: filter }),
      async onQueryStarted({ section, filter }, { dispatch, queryFulfilled }) {
        await queryFulfilled;
        dispatch(listsApi.util.upsertQueryData('savedFilter', section, filter));
      },
    }),
    tableConfig: build.query<TableConfig | null, string>({
      query: (key) => `api/settings?keys=${encodeURIComponent(key)}`,
      transformResponse: (response: Record<string, TableConfig | null>, meta, key) => response[key] ?? null,
      providesTags: ['Settings'],
      extraOptions: { entity: 'настроек таблицы' },
      ...checkedRaw<Record<string, TableConfig | null>>(LAYOUTS, 'настроек таблицы'),
    }),
    saveTableConfig: build.mutation<{ status: string }, { key: string; config: TableConfig | null }>({
      query: ({ key, config }) => ({ url: 'api/settings', method: 'PUT', body: { [key]: config } }),
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const {
  useListQuery,
  useDeleteRecordsMutation,
  useFilterConfigQuery,
  useSavedFilterQuery,
  useSaveFilterMutation,
  useTableConfigQuery,
  useSaveTableConfigMutation,
} = listsApi;
