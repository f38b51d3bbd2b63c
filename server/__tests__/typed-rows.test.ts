// Issue 32: raw SQL typed by what it selects (server/db/rows.ts). A selection names its columns by the schema's
// table objects, so a misspelled or renamed column fails the typecheck (`npm run typecheck` reads this file: its
// expected errors below fail it the day the helpers stop refusing them), and the rows come back as the drivers
// answer raw SQL: timestamps as text, numerics as strings.
import { sql } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { createTestApp, type TestContext } from './testApp';
import {
  assign,
  columnsOf,
  returningRows,
  select,
  selectFirst,
  selectRows,
  type RawRow,
  type SelectedRow,
} from '../db/rows';
import { loginFailures, offers, roles } from '../db/schema';
import type { StoredRecord } from '../contract/tables';
import type { ChangeContext, RecordSection } from '../records/pipeline';
import { lockedRecord } from '../records/history';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const render = (query: Parameters<PgDialect['sqlToQuery']>[0]) => new PgDialect().sqlToQuery(query).sql;

test('a selection renders its columns by their tables, aliased where the key is not the name', () => {
  const o = alias(offers, 'o');
  const stock = select({ ...columnsOf(o, 'id', 'status'), taken: sql<string>`round(${o.reserved_amount}, 2)::text` });
  expect(render(sql`SELECT ${stock} FROM ${offers} ${o}`)).toBe(
    'SELECT "o"."id", "o"."status", round("o"."reserved_amount", 2)::text AS "taken" FROM "offers" "o"',
  );
  expect(render(sql`UPDATE ${offers} SET ${assign(offers.version, sql`${offers.version} + 1`)}`)).toBe(
    'UPDATE "offers" SET "version" = "offers"."version" + 1',
  );
});

test('rows are typed from the schema and answered as raw SQL answers them', async () => {
  const role = select({
    ...columnsOf(roles, 'id', 'name', 'lower_delivery_cost'),
    shout: sql<string>`upper(${roles.name})`,
  });
  const [inserted] = await returningRows(ctx.db, sql`INSERT INTO ${roles} (name) VALUES ('Склад')`, role);
  const read = await selectFirst(ctx.db, role, sql`FROM ${roles} WHERE ${roles.id} = ${inserted.id}`);
  expect(read).toEqual({ id: inserted.id, name: 'Склад', lower_delivery_cost: false, shout: 'СКЛАД' });
  const typed: { id: number; name: string; lower_delivery_cost: boolean; shout: string } | undefined = read;
  expect(typed).toBe(read);

  // a timestamp column read by raw SQL is its text, not a Date (textTypes.ts), and the row type says so
  const failure = select(columnsOf(loginFailures, 'login', 'failed_at'));
  await returningRows(ctx.db, sql`INSERT INTO ${loginFailures} (login) VALUES ('typed@rows')`, failure);
  const [failed] = await selectRows(
    ctx.db,
    failure,
    sql`FROM ${loginFailures} WHERE ${loginFailures.login} = 'typed@rows'`,
  );
  const row: RawRow<typeof loginFailures, 'login' | 'failed_at'> = failed;
  expect(typeof row.failed_at).toBe('string');
  const rounded = select({ price: sql<string>`round(12.5, 2)::text`, ...columnsOf(offers, 'deleted_at') });
  const priced: SelectedRow<typeof rounded> = { price: '12.50', deleted_at: null };
  expect(priced.deleted_at).toBeNull();
  expect(Object.keys(rounded.fields)).toEqual(['price', 'deleted_at']);
});

test('a misspelled or renamed column does not compile', () => {
  // checked by the typecheck, never run
  const misspelled = () => {
    // @ts-expect-error -- offers has no unit_prise
    columnsOf(offers, 'unit_prise');
    // @ts-expect-error -- nor does the table object
    select({ price: offers.unit_prise });
    const priced = select(columnsOf(offers, 'id', 'unit_price'));
    type Priced = SelectedRow<typeof priced>;
    // @ts-expect-error -- a row read through the selection has only the columns it selected
    const missing = (row: Priced) => row.unit_prise;
    // @ts-expect-error -- a numeric travels as a string, never a number
    const money: Priced = { id: 1, unit_price: 12.5 };
    return [missing, money, priced];
  };
  expect(misspelled).toBeInstanceOf(Function);
});

test('the record pipeline hands a section its record as stored, typed from its table', async () => {
  const [{ id }] = await returningRows(
    ctx.db,
    sql`INSERT INTO ${roles} (name) VALUES ('Стол')`,
    select(columnsOf(roles, 'id')),
  );
  expect(id).toBeGreaterThan(0);
  const offer = await ctx.db.transaction((tx) => lockedRecord(tx, 'offers', 1));
  // read as to_jsonb answers it: numerics as JSON numbers, timestamps as their text
  const typed: { id: number; version: number; unit_price: number | null; created_at: string } | undefined = offer;
  expect(typed === undefined || typeof typed.version === 'number').toBe(true);

  // checked by the typecheck, never run
  const misspelled = () => {
    const change: RecordSection<unknown, 'offers'>['change'] = async (
      _tx,
      _auth,
      context: ChangeContext<StoredRecord<'offers'>>,
    ) => {
      // @ts-expect-error -- an offer's stored record has no unit_prise: a renamed column fails where a hook reads it
      const price = context.before.unit_prise;
      return { set: sql`unit_price = ${price ?? context.before.unit_price}` };
    };
    // @ts-expect-error -- nor does lockedRecord's, typed by the section it is asked for
    const locked = async () => (await lockedRecord(ctx.db, 'offers', 1))?.unit_prise;
    // a section not named reads the columns every section's table has, typed, and the rest by name
    const any = (row: StoredRecord) => [row.version + 1, row.deleted_at?.slice(0, 10), row.unit_prise];
    // @ts-expect-error -- the shared columns are typed: a version is a number
    const version: string = ({} as StoredRecord).version;
    return [change, locked, any, version];
  };
  expect(misspelled).toBeInstanceOf(Function);
});
