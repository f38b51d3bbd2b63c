// Money is rounded the same way on the card, the server and in SQL (DESIGN.md "Money"): the domain's rounding
// against PostgreSQL's round(x::numeric, n) for many values, each sent to the database as the text a JS number
// or a typed figure is sent as. Ties (…5 in the first dropped digit), negatives, tiny and huge values included.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { openDatabase, type OpenedDatabase } from '../db/client';
import { imageOf } from './testImages';
import { rowsOf } from '../db/rows';
import { money, ratio, round1, roundHalfUp, times } from '../../domain/numbers';

let database: OpenedDatabase;

beforeAll(async () => {
  database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    inMemory: true,
    loadDataDir: await imageOf('migrated'),
  });
});

afterAll(() => database?.close());

/** round(x::numeric, places)::text for each text, in one query. */
async function sqlRound(texts: string[], places: number): Promise<string[]> {
  const list = sql.join(
    texts.map((t, i) => sql`(${i}::int, ${t}::text)`),
    sql`, `,
  );
  const rows = rowsOf<{ r: string }>(
    await database.db.execute(sql`
    SELECT round(v.t::numeric, ${places}::int)::text AS r FROM (VALUES ${list}) AS v(i, t) ORDER BY v.i`),
  );
  return rows.map((row) => row.r);
}

/** A decimal with a 5 at the first dropped digit: the values a float trick rounds the wrong way. */
const tie = fc
  .tuple(fc.integer({ min: -100_000_000, max: 100_000_000 }), fc.integer({ min: 0, max: 9 }))
  .map(
    ([kopecks, digit]) =>
      `${kopecks < 0 ? '-' : ''}${Math.floor(Math.abs(kopecks) / 100)}.${String(Math.abs(kopecks) % 100).padStart(2, '0')}${digit === 0 ? '5' : `5${digit}`}`,
  );
const typed = fc
  .tuple(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 0, max: 999_999 }))
  .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(6, '0')}`);
const double = fc.double({ noNaN: true, noDefaultInfinity: true });
const moneyLike = fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 1000);

describe('the domain rounds as PostgreSQL does', () => {
  test('to the kopeck: JS numbers (as String() sends them) and typed decimals', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(double.map(String), moneyLike.map(String), tie, typed), { minLength: 1, maxLength: 200 }),
        async (texts) => {
          expect(texts.map((t) => roundHalfUp(t, 2))).toEqual(await sqlRound(texts, 2));
        },
      ),
      { numRuns: 40, seed: 20261125 },
    );
  });

  test('a JS number rounds like the numeric the database receives for it, to 2 and to 1 decimal', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(double, moneyLike), { minLength: 1, maxLength: 200 }), async (values) => {
        const texts = values.map(String);
        expect(values.map((v) => money(v))).toEqual(await sqlRound(texts, 2));
        expect(values.filter((v) => Math.abs(v) < 1e15).map((v) => round1(v))).toEqual(
          (
            await sqlRound(
              texts.filter((_t, i) => Math.abs(values[i]) < 1e15),
              1,
            )
          ).map(Number),
        );
      }),
      { numRuns: 20, seed: 20261126 },
    );
  });

  test('a sum (price × amount) and a kg price (price ÷ weight) are what SQL rounds from the same stored values', async () => {
    // unbiased: large prices too, where a float product drifts off the half kopeck
    const price = fc.noBias(fc.integer({ min: 1, max: 100_000_000 })).map((k) => (k / 100).toFixed(2));
    // weights in steps of 5 g give products on a half kopeck often: where float rounding goes wrong
    const weight = fc
      .oneof(
        fc.noBias(fc.integer({ min: 1, max: 10_000_000 })),
        fc.noBias(fc.integer({ min: 1, max: 2_000_000 })).map((n) => n * 5),
      )
      .map((g) => (g / 1000).toFixed(3));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(price, weight), { minLength: 100, maxLength: 100 }), async (pairs) => {
        const list = sql.join(
          pairs.map(([p, w], i) => sql`(${i}::int, ${p}::numeric, ${w}::numeric)`),
          sql`, `,
        );
        const rows = rowsOf<{ sum: string; kg: string }>(
          await database.db.execute(sql`
          SELECT round(v.p * v.w, 2)::text AS sum, round(v.p / v.w, 2)::text AS kg FROM (VALUES ${list}) AS v(i, p, w) ORDER BY v.i`),
        );
        expect(pairs.map(([p, w]) => [money(times(p, w)), money(ratio(p, w, 2))])).toEqual(
          rows.map((r) => [r.sum, r.kg]),
        );
      }),
      { numRuns: 40, seed: 20261127 },
    );
  });

  test('the ties a float trick gets wrong, worked by hand', async () => {
    // 10.075 → 10.08 and −10.075 → −10.08 (half away from zero); 1.005 → 1.01; 2.675 → 2.68
    const cases = ['10.075', '-10.075', '1.005', '2.675', '-0.005', '-0.0049'];
    expect(await sqlRound(cases, 2)).toEqual(['10.08', '-10.08', '1.01', '2.68', '-0.01', '0.00']);
    expect(cases.map((c) => roundHalfUp(c, 2))).toEqual(['10.08', '-10.08', '1.01', '2.68', '-0.01', '0.00']);
  });
});
