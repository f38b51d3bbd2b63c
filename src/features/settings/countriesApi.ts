// Lot countries an administrator maps to ОКСМ codes (GET/PUT /api/upd/countries): the texts no classifier name
// matches, the mappings made, and the classifier's countries to choose from.
import { baseApi } from '../../api/baseApi';

export interface OksmChoice {
  code: string;
  name: string;
  short: string;
}

export interface CountryMappings {
  unmapped: { text: string; offers: number }[];
  mapped: { text: string; code: string; short: string }[];
  countries: OksmChoice[];
}

export const countriesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    countryMappings: build.query<CountryMappings, void>({
      query: () => 'api/upd/countries',
      extraOptions: { entity: 'стран происхождения' },
    }),
    mapCountry: build.mutation<CountryMappings, { text: string; code: string }>({
      query: (body) => ({ url: 'api/upd/countries', method: 'PUT', body }),
    }),
  }),
});

export const { useCountryMappingsQuery, useMapCountryMutation } = countriesApi;
