// The Central Bank's rates (GET /api/currency-rates): today's, for the strip in the navigation, and one currency's
// history, which the strip opens.
import { baseApi } from './baseApi';
import type { CurrencyRate } from '../../domain/currency';

export interface StripRate extends CurrencyRate {
  previous_unit_rate: string | null;
}

export interface RatesAnswer<R> {
  date: string;
  rates: R[];
}

export const currencyRatesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    currencyRates: build.query<RatesAnswer<StripRate>, void>({
      query: () => 'api/currency-rates',
      extraOptions: { entity: 'курсов валют' },
    }),
    currencyRateHistory: build.query<RatesAnswer<CurrencyRate>, string>({
      query: (code) => `api/currency-rates/history?code=${encodeURIComponent(code)}`,
      extraOptions: { entity: 'курсов валют' },
    }),
  }),
});

export const { useCurrencyRatesQuery, useCurrencyRateHistoryQuery } = currencyRatesApi;
