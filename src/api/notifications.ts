// The bell's notifications (GET /api/notifications): read when the shell opens and again when the live stream
// says a new one came (tag 'Notifications'); marking read updates the count.
import { baseApi } from './baseApi';
import type { NotificationList } from '../../domain/notifications';

export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    notifications: build.query<NotificationList, void>({
      query: () => 'api/notifications',
      providesTags: ['Notifications'],
      extraOptions: { entity: 'уведомлений' },
    }),
    markNotificationRead: build.mutation<{ status: string }, number>({
      query: (id) => ({ url: `api/notifications/${id}/read`, method: 'POST', body: {} }),
      invalidatesTags: ['Notifications'],
    }),
    markAllNotificationsRead: build.mutation<{ status: string }, void>({
      query: () => ({ url: 'api/notifications/read-all', method: 'POST', body: {} }),
      invalidatesTags: ['Notifications'],
    }),
  }),
});

export const { useNotificationsQuery, useMarkNotificationReadMutation, useMarkAllNotificationsReadMutation } =
  notificationsApi;
