// The Central Bank's rates (GET /api/currency-rates): today's, for the strip in the navigation, and one currency's
// history, which the strip opens.
import type { Static } from '@sinclair/typebox';
import { baseApi } from './baseApi';
import { checked } from './shapes';
import { CURRENCY_RATES, type CURRENCY_RATE } from '../../domain/answers';

/** A rate as the strip shows it, with the one published before it. */
export type StripRate = Static<typeof CURRENCY_RATE>;

export const currencyRatesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    currencyRates: build.query<Static<typeof CURRENCY_RATES>, void>({
      query: () => 'api/currency-rates',
      extraOptions: { entity: 'курсов валют' },
      ...checked(CURRENCY_RATES, 'курсов валют'),
    }),
    currencyRateHistory: build.query<Static<typeof CURRENCY_RATES>, string>({
      query: (code) => `api/currency-rates/history?code=${encodeURIComponent(code)}`,
      extraOptions: { entity: 'курсов валют' },
      ...checked(CURRENCY_RATES, 'курсов валют'),
    }),
  }),
});

export const { useCurrencyRatesQuery, useCurrencyRateHistoryQuery } = currencyRatesApi;
