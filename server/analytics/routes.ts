// /api/analytics/{chart}: one chart of the analytics page as JSON, and /api/analytics/{chart}/xlsx: the same data
// as a file. The query is the page's link (domain/analytics.ts): the period and the ids of products, cities and
// responsible employees; the sections' read scopes and the caller's hidden fields apply (charts.ts).
import { Type, type Static } from '@sinclair/typebox';
import type { App } from '../http/typed';
import type { AuthenticatedUser } from '../accounts/users';
import type { Database } from '../db/client';
import { ANALYTICS_CHART } from '../../domain/answers';
import {
  ANALYTICS_LIST_FILTERS,
  CHARTS,
  defaultPeriod,
  periodProblem,
  type AnalyticsFilter,
  type AnalyticsListFilter,
  type Chart,
} from '../../domain/analytics';
import { requireAuth } from '../accounts/auth';
import { ID, enumOf, responses } from '../http/schemas';
import { russianErrors } from '../http/validation';
import { badRequest } from '../errors';
import { attachment } from '../lists/export';
import { todayOf } from '../db/businessDay';
import { chartAnswer } from './charts';
import { chartFileName, chartWorkbook } from './xlsx';

const DAY = Type.Optional(
  Type.String({ maxLength: 10, description: 'YYYY-MM-DD; the default period is the last twelve weeks' }),
);
const IDS = Type.Optional(Type.Array(ID, { maxItems: 500 }));

const params = Type.Object({ chart: enumOf('string', CHARTS) });
/** The period and one list of ids per filter of ANALYTICS_LIST_FILTERS (the type holds the keys to that list). */
const listFilters = { products_ids: IDS, cities_ids: IDS, responsible_ids: IDS } satisfies Record<
  AnalyticsListFilter,
  typeof IDS
>;
const querystring = Type.Object({ from: DAY, to: DAY, ...listFilters });

const schemaErrors = russianErrors({
  fields: {
    chart: `Неизвестная диаграмма: допустимы ${CHARTS.join(', ')}`,
    ...Object.fromEntries(ANALYTICS_LIST_FILTERS.map((f) => [f.key, `Фильтр «${f.title}»: неверное значение`])),
  },
});

type Query = Static<typeof querystring>;

function filterOf(query: Query, today: string): AnalyticsFilter {
  const period = defaultPeriod(today);
  const from = query.from ?? period.from;
  const to = query.to ?? period.to;
  const problem = periodProblem(from, to);
  if (problem) throw badRequest(problem);
  return {
    from,
    to,
    products_ids: [...new Set(query.products_ids ?? [])],
    cities_ids: [...new Set(query.cities_ids ?? [])],
    responsible_ids: [...new Set(query.responsible_ids ?? [])],
  };
}

export default async function analyticsRoutes(app: App, opts: { db: Database }) {
  const { db } = opts;
  const answerOf = async (auth: AuthenticatedUser, chart: Chart, query: Query) =>
    chartAnswer(db, auth, app.sectionSpecs, chart, filterOf(query, await todayOf(db)));

  app.get(
    '/analytics/:chart',
    {
      schema: {
        tags: ['analytics'],
        summary: 'One chart of the analytics page: its figures the caller may see, over the period and filters',
        params,
        querystring,
        response: responses({ 200: ANALYTICS_CHART }),
      },
      schemaErrorFormatter: schemaErrors,
    },
    async (request) => answerOf(requireAuth(request), request.params.chart, request.query),
  );

  app.get(
    '/analytics/:chart/xlsx',
    {
      schema: {
        tags: ['analytics'],
        summary: "One chart's data as an XLSX file",
        params,
        querystring,
        response: responses({ 200: { description: 'the XLSX file', type: 'string', format: 'binary' } }),
      },
      schemaErrorFormatter: schemaErrors,
    },
    async (request, reply) => {
      // a heavy answer: its place among the user's and the instance's (server/http/heavyGate.ts) before any work
      const auth = requireAuth(request);
      const { answer, file } = await app.heavyGate.run(auth.user.id, async () => {
        const read = await answerOf(auth, request.params.chart, request.query);
        return { answer: read, file: await chartWorkbook(read) };
      });
      reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      reply.header('Content-Disposition', attachment(chartFileName(answer)));
      reply.header('Cache-Control', 'no-store');
      return reply.send(file);
    },
  );
}
