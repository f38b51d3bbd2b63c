// /api/currency-rates: the rates in force on a day (every signed-in user: the strip, the cards' captions), one
// currency's history, and, for administrators, loading the Bank's feed now and a rate typed by hand where no feed is
// reachable ('manual'). A stored rate is never overwritten: a second one for a day and currency is a 409.
import { Type } from '@sinclair/typebox';
import type { App } from '../../http/typed';
import type { Database } from '../../db/client';
import { requireAuth } from '../../accounts/auth';
import { HttpError, forbidden } from '../../errors';
import { enumOf, noQuery, nullable, responses } from '../../http/schemas';
import { russianErrors } from '../../http/validation';
import { todayOf } from '../../db/businessDay';
import { RATED_CURRENCIES, RATES_MSG } from '../../../domain/currency';
import { formatDate } from '../../../domain/format';
import { addDays, isCalendarDate } from '../../../domain/businessDay';
import { rateHistory, ratesOn, storeRates } from './rates';
import { loadRates, type RatesFollower } from './job';
import { FeedError } from './feed';
import { CURRENCY_RATE, CURRENCY_RATES } from '../../../domain/answers';

const DAY = Type.String({ maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const CODE = enumOf('string', RATED_CURRENCIES);
/** Rubles for one unit: a positive decimal with at most 10 places (the column's scale). */
const UNIT_RATE = Type.String({ maxLength: 24, pattern: '^(?!0+([.,]0*)?$)\\d{1,9}([.,]\\d{1,10})?$' });

const ratesAnswer = responses({ 200: CURRENCY_RATES });
const noBody = nullable(Type.Object({}, { additionalProperties: false }));
const errors = russianErrors({
  fields: {
    date: RATES_MSG.badDate,
    from: RATES_MSG.badDate,
    to: RATES_MSG.badDate,
    code: RATES_MSG.badCode,
    unit_rate: RATES_MSG.badRate,
  },
});

/** A day that is a real calendar day, or a 400. */
function dayOf(value: string | undefined): string | undefined {
  if (value !== undefined && !isCalendarDate(value))
    throw new HttpError(400, { status: 'error', error: 'validation', messages: [RATES_MSG.badDate] });
  return value;
}

function requireAdmin(request: Parameters<typeof requireAuth>[0]) {
  const auth = requireAuth(request);
  if (!auth.permissions.is_admin) throw forbidden(RATES_MSG.adminsOnly);
  return auth;
}

export default async function currencyRatesRoutes(
  app: App,
  opts: { db: Database; url: string; followers?: RatesFollower[] },
) {
  const { db } = opts;

  app.get(
    '/currency-rates',
    {
      schema: {
        tags: ['currency-rates'],
        summary:
          "The Central Bank's rates in force on a day (the business day by default): the last published on or before it, with the one before",
        querystring: Type.Object({ date: Type.Optional(DAY) }),
        response: ratesAnswer,
      },
      schemaErrorFormatter: errors,
    },
    async (request) => {
      const date = dayOf(request.query.date) ?? (await todayOf(db));
      return { date, rates: await ratesOn(db, date) };
    },
  );

  app.get(
    '/currency-rates/history',
    {
      schema: {
        tags: ['currency-rates'],
        summary: "One currency's stored rates, newest first (the last 90 days by default)",
        querystring: Type.Object({ code: CODE, from: Type.Optional(DAY), to: Type.Optional(DAY) }),
        response: ratesAnswer,
      },
      schemaErrorFormatter: errors,
    },
    async (request) => {
      const to = dayOf(request.query.to) ?? (await todayOf(db));
      const from = dayOf(request.query.from) ?? addDays(to, -90);
      return { date: to, rates: await rateHistory(db, request.query.code, from, to) };
    },
  );

  app.post(
    '/currency-rates/refresh',
    {
      schema: {
        tags: ['currency-rates'],
        summary: "Load the Bank's feed now (administrators); answers the feed's day and the rates stored now",
        querystring: noQuery,
        body: noBody,
        response: ratesAnswer,
      },
    },
    async (request) => {
      requireAdmin(request);
      try {
        const load = await loadRates(db, opts.url, opts.followers);
        return { date: load.date, rates: load.stored };
      } catch (error) {
        if (error instanceof FeedError)
          throw new HttpError(502, { status: 'error', error: 'feed', message: RATES_MSG.feedFailed(error.message) });
        throw error;
      }
    },
  );

  app.put(
    '/currency-rates/:date/:code',
    {
      schema: {
        tags: ['currency-rates'],
        summary:
          "A rate typed by an administrator where no feed is reachable (source 'manual'); a stored one is never overwritten",
        params: Type.Object({ date: DAY, code: CODE }),
        querystring: noQuery,
        body: Type.Object({ unit_rate: UNIT_RATE }, { additionalProperties: false }),
        response: responses({ 201: CURRENCY_RATE }),
      },
      schemaErrorFormatter: errors,
    },
    async (request, reply) => {
      requireAdmin(request);
      const date = dayOf(request.params.date)!;
      const unitRate = request.body.unit_rate.replace(',', '.');
      const stored = await storeRates(db, [
        { code: request.params.code, nominal: 1, value: unitRate, unit_rate: unitRate, date, source: 'manual' },
      ]);
      if (!stored.length)
        throw new HttpError(409, {
          status: 'error',
          error: 'conflict',
          message: RATES_MSG.stored(request.params.code, formatDate(date)),
        });
      for (const follow of opts.followers ?? []) await follow(db, stored);
      return reply.status(201).send(stored[0]);
    },
  );
}
