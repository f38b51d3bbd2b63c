// The sign-in and sign-out calls; who is signed in (me, permissions) is shared, in api/session.ts.
import { baseApi } from '../../api/baseApi';
import type { LoginResponse } from '../../../domain/api';
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
  }),
});

export const { useLoginMutation, useLogoutMutation } = authApi;
