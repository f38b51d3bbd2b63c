// Who is signed in and what they may do: every signed-in screen reads these two calls, so they live beside
// the base API rather than in a feature.
import { baseApi } from './baseApi';
import { loggedOut } from './auth';
import type { AppDispatch } from './hooks';
import type { CurrentUser } from '../../domain/api';
import type { Permissions } from '../../domain/permissions';

export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    me: build.query<CurrentUser, void>({
      query: () => 'api/me',
      providesTags: ['Me'],
      extraOptions: { entity: 'профиля' },
    }),
    // spec point 7: permissions are retried 3 times
    permissions: build.query<Permissions, void>({
      query: () => 'api/permissions',
      extraOptions: { entity: 'прав доступа', maxRetries: 3 },
      providesTags: ['Permissions'],
    }),
  }),
});

export const { useMeQuery, usePermissionsQuery } = sessionApi;

/** Ends the session on this side: token gone, every cached answer dropped. */
export function endSession(dispatch: AppDispatch, reason: Parameters<typeof loggedOut>[0]) {
  dispatch(loggedOut(reason));
  dispatch(baseApi.util.resetApiState());
}
