// /api/analytics/{chart}: one chart of the analytics page as JSON, and /api/analytics/{chart}/xlsx: the same data
// as a file. The query is the page's link (domain/analytics.ts): the period and the ids of products, cities and
// responsible employees; the sections' read scopes and the caller's hidden fields apply (charts.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { ANALYTICS_CHART } from '../../domain/responseShapes';
import { ANALYTICS_LIST_FILTERS, CHARTS, defaultPeriod, periodProblem, type AnalyticsFilter, type Chart } from '../../domain/analytics';
import { requireAuth } from '../accounts/auth';
import { ID, responses } from '../http/schemas';
import { russianErrors } from '../http/validation';
import { badRequest } from '../errors';
import { attachment } from '../lists/export';
import { todayOf } from '../db/businessDay';
import { chartAnswer } from './charts';
import { chartFileName, chartWorkbook } from './xlsx';

const DAY = { type: 'string', maxLength: 10, description: 'YYYY-MM-DD; the default period is the last twelve weeks' } as const;
const IDS = { type: 'array', items: ID, maxItems: 500 } as const;

const params = { type: 'object', required: ['chart'], properties: { chart: { type: 'string', enum: [...CHARTS] } } } as const;
const querystring = {
  type: 'object',
  properties: { from: DAY, to: DAY, ...Object.fromEntries(ANALYTICS_LIST_FILTERS.map((f) => [f.key, IDS])) },
} as const;

const schemaErrors = russianErrors({
  fields: {
    chart: `Неизвестная диаграмма: допустимы ${CHARTS.join(', ')}`,
    ...Object.fromEntries(ANALYTICS_LIST_FILTERS.map((f) => [f.key, `Фильтр «${f.title}»: неверное значение`])),
  },
});

type Query = Partial<Record<'from' | 'to', string>> & Partial<Record<(typeof ANALYTICS_LIST_FILTERS)[number]['key'], number[]>>;

function filterOf(query: Query, today: string): AnalyticsFilter {
  const period = defaultPeriod(today);
  const from = query.from ?? period.from;
  const to = query.to ?? period.to;
  const problem = periodProblem(from, to);
  if (problem) throw badRequest(problem);
  return {
    from, to,
    products_ids: [...new Set(query.products_ids ?? [])],
    cities_ids: [...new Set(query.cities_ids ?? [])],
    responsible_ids: [...new Set(query.responsible_ids ?? [])],
  };
}

export default async function analyticsRoutes(app: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  const answerOf = async (request: FastifyRequest) =>
    chartAnswer(db, requireAuth(request), app.sectionSpecs, (request.params as { chart: Chart }).chart, filterOf(request.query as Query, await todayOf(db)));

  app.get('/analytics/:chart', {
    schema: {
      tags: ['analytics'], summary: 'One chart of the analytics page: its figures the caller may see, over the period and filters',
      params, querystring, response: responses({ 200: ANALYTICS_CHART }),
    },
    schemaErrorFormatter: schemaErrors,
  }, async (request) => answerOf(request));

  app.get('/analytics/:chart/xlsx', {
    schema: {
      tags: ['analytics'], summary: "One chart's data as an XLSX file",
      params, querystring, response: responses({ 200: { description: 'the XLSX file', type: 'string', format: 'binary' } }),
    },
    schemaErrorFormatter: schemaErrors,
  }, async (request, reply) => {
    // a heavy answer: its place among the user's and the instance's (server/http/heavyGate.ts) before any work
    const { answer, file } = await app.heavyGate.run(requireAuth(request).user.id, async () => {
      const read = await answerOf(request);
      return { answer: read, file: await chartWorkbook(read) };
    });
    reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    reply.header('Content-Disposition', attachment(chartFileName(answer)));
    reply.header('Cache-Control', 'no-store');
    return reply.send(file);
  });
}
