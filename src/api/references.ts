// The reference lists behind selects (spec point 7: /api/lists/{name}/items), not refetched on focus.
import { baseApi } from './baseApi';
import type { ApiError } from './errors';
import { checked } from './shapes';
import { MSG } from '../../domain/messages';
import { CITIES_LIST_FAILED } from '../../domain/lists';
import { REFERENCE_ITEMS } from '../../domain/answers';
import type { NamedRef } from '../../domain/answers';

/** The cities list's failure (spec point 8): the server's message when it sent one, else 'Не удалось получить
 * список городов'. */
const citiesFailure = (error: ApiError): ApiError =>
  typeof error.status === 'number' && error.message !== MSG.unknown && error.message !== MSG.notJson
    ? error
    : { ...error, message: CITIES_LIST_FAILED };

/** A reference list's failure as a select shows it under itself. */
export const listFailure = (query: { error?: unknown }): string | undefined =>
  (query.error as ApiError | undefined)?.message;

export type { NamedRef };

export type ReferenceList =
  | 'cities'
  | 'employees'
  | 'positions'
  | 'suppliers'
  | 'varieties'
  | 'packing'
  | 'products'
  | 'document_types'
  | 'buyers';

export const referencesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    referenceList: build.query<NamedRef[], ReferenceList>({
      query: (name) => `api/lists/${name}/items`,
      keepUnusedDataFor: 300,
      extraOptions: { entity: 'справочников' },
      transformErrorResponse: (error: ApiError, meta, name) => (name === 'cities' ? citiesFailure(error) : error),
      ...checked(REFERENCE_ITEMS, (name) => (name === 'cities' ? 'городов' : 'справочников')),
    }),
  }),
});

export const { useReferenceListQuery } = referencesApi;
