import { baseApi } from '../../api/baseApi';
import type { CurrentUser, LoginResponse } from '../../../domain/api';
import type { Permissions } from '../../../domain/permissions';
import type { LoginPayload } from '../../../domain/schemas/auth';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginPayload>({
      query: (body) => ({ url: 'login', method: 'POST', body }),
      extraOptions: { entity: 'данных для входа' },
    }),
    logout: build.mutation<{ status: string }, void>({
      query: () => ({ url: 'logout', method: 'POST' }),
    }),
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

export const { useLoginMutation, useLogoutMutation, useMeQuery, usePermissionsQuery } = authApi;
