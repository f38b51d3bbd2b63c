// The quote's calls (issue 38): the ranked lines for a buyer's question.
import { baseApi } from '../../api/baseApi';
import { checked } from '../../api/shapes';
import { QUOTE_SEARCH } from '../../../domain/responseShapes';
import type { QuoteSearch, QuoteSearchAnswer } from '../../../domain/quotes/search';

export const quoteApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    quoteSearch: build.query<QuoteSearchAnswer, QuoteSearch>({
      query: (body) => ({ url: 'api/quotes/search', method: 'POST', body }),
      extraOptions: { entity: 'подбора' },
      ...checked<QuoteSearchAnswer>(QUOTE_SEARCH, 'подбора'),
    }),
  }),
});

export const { useQuoteSearchQuery } = quoteApi;
