// The analytics page's one read: GET /api/analytics/{chart}?<filter>, checked against its shape. A chart is stale
// when the offers or reserves change (the same tags their lists carry).
import { sectionApi, TAGS } from '../../api/sectionApi';
import { checked } from '../../api/shapes';
import { ANALYTICS_CHART } from '../../../domain/answers';
import type { Chart, ChartAnswer } from '../../../domain/analytics';

export interface ChartArgs {
  chart: Chart;
  /** The page's query string (filterToSearch). */
  query: string;
}

export const analyticsApi = sectionApi.injectEndpoints({
  endpoints: (build) => ({
    analyticsChart: build.query<ChartAnswer, ChartArgs>({
      query: ({ chart, query }) => `api/analytics/${chart}?${query}`,
      providesTags: [TAGS.offers.list, TAGS.reserves.list],
      extraOptions: { entity: 'аналитики' },
      ...checked(ANALYTICS_CHART, 'аналитики'),
    }),
  }),
});

export const { useAnalyticsChartQuery } = analyticsApi;
