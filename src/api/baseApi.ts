// One RTK Query API for the whole app; each feature injects its endpoints (baseApi.injectEndpoints).
import type { WithSlice } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, retry, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { FORCED_LOGOUT_CODE } from '../../domain/api';
import { loggedOut } from './auth';
import { lateMiddleware, rootReducer } from './rootReducer';
import { normaliseError, type ApiError } from './errors';

/** Delay before a 403 with code 2 logs the user out (spec point 9). */
export const FORCED_LOGOUT_DELAY_MS = 10_000;

export interface ApiExtraOptions {
  /** Russian genitive for messages: 'Нет соединения … при загрузке {entity}'. */
  entity?: string;
  maxRetries?: number;
}

interface AuthRoot {
  auth: { token: string | null };
}

const rawBaseQuery = fetchBaseQuery({
  // absolute, so requests resolve the same in the browser and under jsdom
  baseUrl: `${globalThis.location?.origin ?? ''}/`,
  prepareHeaders(headers, { getState }) {
    const token = (getState() as AuthRoot).auth.token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

let pendingForcedLogout: ReturnType<typeof setTimeout> | null = null;

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, ApiExtraOptions> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, api, extraOptions ?? {});
  if (!result.error) return { data: result.data, meta: result.meta };

  const error = normaliseError(result.error, extraOptions?.entity);
  const hadToken = (api.getState() as AuthRoot).auth.token !== null;
  if (error.status === 401 && hadToken) {
    api.dispatch(loggedOut('unauthorized'));
  } else if (error.status === 403 && error.code === FORCED_LOGOUT_CODE && !pendingForcedLogout) {
    pendingForcedLogout = setTimeout(() => {
      pendingForcedLogout = null;
      api.dispatch(loggedOut('forbidden'));
    }, FORCED_LOGOUT_DELAY_MS);
  }
  return { error, meta: result.meta };
};

/** Endpoints opt in to retries with extraOptions.maxRetries; only transient failures (network, 5xx) are retried. */
const retryingBaseQuery = retry(baseQuery, {
  retryCondition: (error, args, { attempt, extraOptions }) => {
    const status = (error as ApiError).status;
    const transient = status === 'FETCH_ERROR' || (typeof status === 'number' && status >= 500);
    return transient && attempt <= ((extraOptions as ApiExtraOptions | undefined)?.maxRetries ?? 0);
  },
});

/** The session's own tags; each section's tags come from the registry, in ./sectionApi.ts. */
export const SESSION_TAG_TYPES = ['Permissions', 'Me', 'Settings', 'Notifications'] as const;

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: retryingBaseQuery,
  tagTypes: SESSION_TAG_TYPES,
  endpoints: () => ({}),
});

// The store of the sign-in page starts without the API (./rootReducer.ts): it joins every store when this module loads.
declare module './rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the API's slice
  export interface LazyLoadedSlices extends WithSlice<typeof baseApi> {}
}
rootReducer.inject(baseApi);
lateMiddleware.addMiddleware(baseApi.middleware);
