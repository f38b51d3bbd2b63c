// The sign-out and password calls; who is signed in (me, permissions) is shared, in api/session.ts. Signing in
// is a plain call (api/publicCall.ts): the sign-in page carries no RTK Query.
import { baseApi } from '../../api/baseApi';
import type {
  ActivatePayload,
  ActivateResponse,
  RecoveryPayload,
  ResetPasswordPayload,
  StatusResponse,
} from '../../../domain/accounts';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // the password screens (spec point 7): a recovery mail, a reset by its link, an invitation's first password
    recoverPassword: build.mutation<StatusResponse, RecoveryPayload>({
      query: (body) => ({ url: 'recover-password', method: 'POST', body }),
      extraOptions: { entity: 'данных для восстановления пароля' },
    }),
    resetPassword: build.mutation<StatusResponse & { token?: string }, ResetPasswordPayload>({
      query: (body) => ({ url: 'reset-password', method: 'POST', body }),
      extraOptions: { entity: 'данных для сброса пароля' },
    }),
    activateAccount: build.mutation<ActivateResponse, ActivatePayload>({
      query: (body) => ({ url: 'activate-account', method: 'POST', body }),
      extraOptions: { entity: 'данных для установки пароля' },
    }),
    logout: build.mutation<{ status: string }, void>({
      query: () => ({ url: 'logout', method: 'POST' }),
    }),
  }),
});

export const { useLogoutMutation, useRecoverPasswordMutation, useResetPasswordMutation, useActivateAccountMutation } =
  authApi;
