// The business day in the SPA (DESIGN.md "The business day"): "today" is the day in the business zone
// (setting 'Часовой пояс', time_zone), read with the business settings (POST /api/settings, which every signed-in
// user may read for this one), never the browser's day: a manager in Vladivostok at 01:00 works on Moscow's day.
import { baseApi } from './baseApi';
import { checkedRaw } from './shapes';
import { BUSINESS_SETTINGS } from '../../domain/answers';
import { businessToday, businessZone, TIME_ZONE_DEFAULT, TIME_ZONE_SETTING } from '../../domain/businessDay';

export const businessDayApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    businessZone: build.query<string, void>({
      query: () => ({ url: 'api/settings', method: 'POST', body: [TIME_ZONE_SETTING] }),
      keepUnusedDataFor: 3600,
      // the settings page invalidates it when an administrator changes them
      providesTags: [{ type: 'Settings', id: 'business' }],
      extraOptions: { entity: 'настроек' },
      ...checkedRaw<Record<string, string>>(BUSINESS_SETTINGS, 'настроек'),
      transformResponse: (answer: Record<string, string>) => businessZone(answer[TIME_ZONE_SETTING]),
    }),
  }),
});

/** The business zone (the default until the settings arrive). */
export function useBusinessZone(): string {
  return businessDayApi.useBusinessZoneQuery().data ?? TIME_ZONE_DEFAULT;
}

/** The business zone and whether it is known yet (read, or its read failed and the default stands): a screen that
 * fills a date from the business day waits for it rather than fill it from the default zone's day. */
export function useBusinessZoneState(): { zone: string; known: boolean } {
  const { data, isSuccess, isError } = businessDayApi.useBusinessZoneQuery();
  return { zone: data ?? TIME_ZONE_DEFAULT, known: isSuccess || isError };
}

/** Today in the business zone, YYYY-MM-DD; `dayjs(today)` is that calendar day for a date picker. */
export function useBusinessToday(now?: Date): string {
  return businessToday(useBusinessZone(), now);
}
