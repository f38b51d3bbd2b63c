// The calls every section's list makes: rows, bulk delete, filter config, saved filter, table layout.
// Features pass their section; tags make a delete or a saved layout refresh what shows them.
import { sectionApi, TAGS } from './sectionApi';
import type { BulkDeleteResponse, FilterConfig, FilterState, ListResponse, ListRow, TableConfig } from '../../domain/lists';
import { SECTION, type Section } from '../../domain/sections';
import type { QueryReturnValue } from '@reduxjs/toolkit/query';
import { baseQuery } from './baseApi';
import type { ApiError } from './errors';

export const listsApi = sectionApi.injectEndpoints({
  endpoints: (build) => ({
    list: build.query<ListResponse<ListRow>, { section: Section; query: string }>({
      // a failure names what was being loaded: '… ошибка сети при загрузке предложений'
      queryFn: ({ section, query }, api) =>
        baseQuery(`api/${section}${query ? `?${query}` : ''}`, api, { entity: SECTION[section].genitive }) as
          Promise<QueryReturnValue<ListResponse<ListRow>, ApiError, object | undefined>>,
      providesTags: (result, error, { section }) => [TAGS[section].list],
    }),
    deleteRecords: build.mutation<BulkDeleteResponse, { section: Section; ids: number[] }>({
      query: ({ section, ids }) => ({ url: `api/${section}`, method: 'DELETE', body: { ids } }),
      invalidatesTags: (result, error, { section }) => [TAGS[section].list, TAGS.offers.list],
    }),
    filterConfig: build.query<FilterConfig, Section>({
      query: (section) => (section === 'reserves' ? 'api/reserves_filter_config' : `api/${section}/filter_config`),
      keepUnusedDataFor: 300,
      extraOptions: { maxRetries: 3 },
    }),
    savedFilter: build.query<FilterState, Section>({
      query: (section) => `api/filters/${section}`,
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
    }),
    saveTableConfig: build.mutation<{ status: string }, { key: string; config: TableConfig | null }>({
      query: ({ key, config }) => ({ url: 'api/settings', method: 'PUT', body: { [key]: config } }),
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const {
  useListQuery, useDeleteRecordsMutation, useFilterConfigQuery, useSavedFilterQuery, useSaveFilterMutation,
  useTableConfigQuery, useSaveTableConfigMutation,
} = listsApi;
