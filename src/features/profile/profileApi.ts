// The profile's calls (/api/profile/…). Its tags are its own, added here, so the sign-in page's bundle carries
// nothing of the profile.
import { baseApi } from '../../api/baseApi';
import type { ChangePasswordPayload, Profile, ProfileForm, SessionInfo } from '../../../domain/accounts';
import { PROFILE, SESSIONS, type SessionsEnded } from '../../../domain/answers';
import { checked } from '../../api/shapes';

export const profileApi = baseApi.enhanceEndpoints({ addTagTypes: ['Profile', 'ProfileSessions'] }).injectEndpoints({
  endpoints: (build) => ({
    profile: build.query<Profile, void>({
      query: () => 'api/profile',
      providesTags: ['Profile'],
      extraOptions: { entity: 'профиля' },
      ...checked(PROFILE, 'профиля'),
    }),
    updateProfile: build.mutation<Profile, Partial<ProfileForm>>({
      query: (body) => ({ url: 'api/profile', method: 'PATCH', body }),
      // the shell shows the name from /api/me
      invalidatesTags: ['Profile', 'Me'],
      extraOptions: { entity: 'профиля' },
    }),
    changePassword: build.mutation<SessionsEnded, ChangePasswordPayload>({
      query: (body) => ({ url: 'api/profile/password', method: 'POST', body }),
      invalidatesTags: ['ProfileSessions'],
      extraOptions: { entity: 'смены пароля' },
    }),
    sessions: build.query<SessionInfo[], void>({
      query: () => 'api/profile/sessions',
      providesTags: ['ProfileSessions'],
      extraOptions: { entity: 'сеансов' },
      ...checked(SESSIONS, 'сеансов'),
    }),
    endSession: build.mutation<SessionsEnded, number>({
      query: (id) => ({ url: `api/profile/sessions/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ProfileSessions'],
      extraOptions: { entity: 'сеанса' },
    }),
    endOtherSessions: build.mutation<SessionsEnded, void>({
      query: () => ({ url: 'api/profile/sessions/end-others', method: 'POST' }),
      invalidatesTags: ['ProfileSessions'],
      extraOptions: { entity: 'сеансов' },
    }),
  }),
});

export const {
  useProfileQuery,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useSessionsQuery,
  useEndSessionMutation,
  useEndOtherSessionsMutation,
} = profileApi;
