// Rows through PostgreSQL's COPY (server/db/copyOut.ts, the export's reader on a PostgreSQL server): the same
// values the driver reads, a page at a time, and a copy stopped half-way stops the server's statement too.
// PGlite has no COPY to a client: these run where DATABASE_URL names a server (CI's second pass).
import { sql, type SQL } from 'drizzle-orm';
import type { Pool } from 'pg';
import { createTestApp, type TestContext } from './testApp';
import { copyOutPages } from '../db/copyOut';
import { serverPool } from '../db/client';
import { rowsOf } from '../db/rows';

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('COPY TO STDOUT, a page at a time', () => {
  let ctx: TestContext;
  let pool: Pool;
  beforeAll(async () => {
    ctx = await createTestApp();
    pool = serverPool(ctx.db)!;
  }, 60_000);
  afterAll(() => ctx?.close());

  async function copied(query: SQL, pageSize: number) {
    const pages: unknown[][][] = [];
    await copyOutPages(
      pool,
      query,
      async (rows) => {
        pages.push(rows);
      },
      { pageSize, isCancelled: () => false },
    );
    return pages;
  }

  /** COPY statements of this database still running. */
  const running = async () =>
    rowsOf<{ n: number }>(
      await ctx.db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity
    WHERE datname = current_database() AND state = 'active' AND query LIKE 'COPY%'`),
    )[0].n;
  /** The COPYs still running once the server has seen its client go: a closed socket is noticed by the backend at
   * its next write, a moment after the client's end on a busy machine, so this asks until none is left (or 10 s). */
  const stopped = async () => {
    for (let tries = 0; tries < 100; tries++) {
      const n = await running();
      if (n === 0) return 0;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return running();
  };

  test('every value reads as the driver reads it: texts COPY escapes, NULL and the text "\\N", numbers, dates, arrays, JSON; bound values written in as literals', async () => {
    const tricky = 'O\'Brien\t\\N \\ "кавычки"\r\nвторая строка';
    const query = sql`SELECT g AS id, ${tricky}::text AS tricky, NULL::text AS nothing, '\\N'::text AS backslash_n, '' AS empty,
      g * 1.5 AS amount, round(g * 100.125, 2)::text AS money, (g % 2 = 0) AS even, 9007199254740993::bigint AS big,
      DATE '2026-11-01' + g AS day, TIMESTAMPTZ '2026-11-01 09:00:00+00' + g * interval '1 hour' AS at,
      ARRAY['a', 'b c', NULL, 'd"e'] AS names, ${'{3,1,2}'}::int[] AS ids, jsonb_build_object('x', g, 'y', 'я') AS doc,
      ${new Date('2026-11-25T10:00:00.123Z')}::timestamptz AS bound_at, ${null}::int AS bound_null, ${7} + g AS bound_number
      FROM generate_series(1, 5) AS g ORDER BY g`;
    const pages = await copied(query, 2);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    // each row its values in the statement's order
    const driver = rowsOf<Record<string, unknown>>(await ctx.db.execute(query));
    expect(pages.flat()).toEqual(driver.map((row) => Object.values(row)));
    // what the driver reads, spelled out for one row
    expect(Object.fromEntries(Object.keys(driver[0]).map((key, i) => [key, pages[0][0][i]]))).toMatchObject({
      id: 1,
      tricky,
      nothing: null,
      backslash_n: '\\N',
      empty: '',
      amount: '1.5',
      money: '100.13',
      even: false,
      big: '9007199254740993',
      day: '2026-11-02',
      names: ['a', 'b c', null, 'd"e'],
      ids: [3, 1, 2],
      doc: { x: 1, y: 'я' },
      bound_null: null,
      bound_number: 8,
    });
  });

  test('told to stop after a page, the server stops its COPY (waiting on a full socket) and the connection is clean', async () => {
    // far more rows than any socket holds: without being stopped the copy would run for hours
    // (a set-returning function in the SELECT list streams its rows, where one in FROM is first made whole)
    const endless = sql`SELECT generate_series(1, 100000000) AS g, repeat('орех', 250) AS pad`;
    const pages: number[] = [];
    await copyOutPages(
      pool,
      endless,
      async (rows) => {
        pages.push(rows.length);
      },
      { pageSize: 1000, isCancelled: () => pages.length > 0 },
    );
    expect(pages[0]).toBeGreaterThanOrEqual(1000);
    expect(await stopped()).toBe(0);
    // every connection of the pool answers
    const answers = await Promise.all(Array.from({ length: 10 }, () => pool.query('SELECT 1 AS one')));
    expect(answers.map((a) => a.rows[0].one)).toEqual(Array(10).fill(1));
  }, 30_000);

  test('a writer that fails mid-copy: its error, the COPY stopped', async () => {
    const endless = sql`SELECT generate_series(1, 100000000) AS g`;
    let calls = 0;
    await expect(
      copyOutPages(
        pool,
        endless,
        async () => {
          if (++calls === 2) throw new Error('диск заполнен');
        },
        { pageSize: 500, isCancelled: () => false },
      ),
    ).rejects.toThrow('диск заполнен');
    expect(calls).toBe(2);
    expect(await stopped()).toBe(0);
    expect((await copied(sql`SELECT 1 AS one`, 10)).flat()).toEqual([[1]]);
  }, 30_000);

  test('an error of the statement itself reaches the caller', async () => {
    await expect(copied(sql`SELECT 1 / (g - 3) AS x FROM generate_series(1, 5) AS g`, 1)).rejects.toThrow(
      'division by zero',
    );
    expect((await copied(sql`SELECT 2 AS two`, 10)).flat()).toEqual([[2]]);
  });
});
