// "A plain field touches its resource line and its generated migration, and nothing else", for EVERY section: the line
// of plainField.ts is added to each section's resource (through defineResource, so every table, schema, card, list,
// route and SQL derived from a resource at load sees it) and its column to each table, as the migration would; then
// the field is followed through the API as a user meets it: written on the card and read back, listed, sorted,
// filtered, exported under its label, in the import template where the section imports, in history under its label,
// set by the bulk edit where the section has one, and hidden from a role that the roles tab hides it from.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { rowsOf } from '../db/rows';
import { PLAIN_KEY } from './plainField';
import type { Section } from '../../domain/sectionKeys';

jest.mock('../../domain/resource', () => {
  const actual = jest.requireActual('../../domain/resource');
  const { withPlainField } = jest.requireActual('./plainField');
  return { ...actual, defineResource: (spec: never) => actual.defineResource(withPlainField(spec)) };
});

const SECTIONS: readonly Section[] = ['offers', 'reserves', 'employees', 'suppliers', 'products', 'cities', 'buyers'];
const LABEL = 'Внутренний код';

let ctx: DemoContext;
/** Two records of each section the card may change (an active reserve: the others' steps are over). */
const picked = {} as Record<Section, [number, number]>;

beforeAll(async () => {
  ctx = await createDemoApp();
  for (const section of SECTIONS) {
    // the migration
    await ctx.db.execute(sql`ALTER TABLE ${sql.identifier(section)} ADD COLUMN ${sql.identifier(PLAIN_KEY)} text`);
    const ids = rowsOf<{ id: number }>(
      await ctx.db.execute(sql`SELECT id FROM ${sql.identifier(section)}
      WHERE status ${section === 'reserves' || section === 'offers' ? sql`= 'active'` : sql`<> 'deleted'`} ORDER BY id LIMIT 2`),
    ).map((r) => r.id);
    picked[section] = [ids[0], ids[1]];
  }
  // the demo's day is behind today's: the two reserves hold until next month (and are sold after it), so their card may be saved
  await ctx.db.execute(
    sql`UPDATE reserves SET reserved_until = current_date + 30, estimated_date_implementation = current_date + 40 WHERE id IN (${picked.reserves[0]}, ${picked.reserves[1]})`,
  );
}, 180_000);
afterAll(() => ctx?.close());

const text = async (url: string, who: 'admin' | 'warehouse' = 'admin') => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${ctx.tokens[who]}` } });
  return { status: res.statusCode, text: res.body.replace(/^\uFEFF/, '') };
};

describe.each(SECTIONS)('%s', (section) => {
  test('the card writes it and reads it back; the list shows, sorts and filters by it; the export writes it', async () => {
    const [a, b] = picked[section];
    const first = await ctx.change('PATCH', `/api/${section}/${a}`, 'admin', { [PLAIN_KEY]: ' КОД-А1 ' });
    expect([first.status, first.body[PLAIN_KEY]]).toEqual([200, 'КОД-А1']);
    expect((await ctx.call('GET', `/api/${section}/${a}`)).body[PLAIN_KEY]).toBe('КОД-А1');
    await ctx.change('PATCH', `/api/${section}/${b}`, 'admin', { [PLAIN_KEY]: 'КОД-Б2' });

    const config = (await ctx.call('GET', `/api/${section}/filter_config`)).body;
    expect(JSON.stringify(config)).toContain(LABEL);
    const filtered = await ctx.call('GET', `/api/${section}?${PLAIN_KEY}=${encodeURIComponent('б2')}`);
    expect(filtered.body.data.map((row: Record<string, unknown>) => [row.id, row[PLAIN_KEY]])).toEqual([[b, 'КОД-Б2']]);
    const sorted = await ctx.call('GET', `/api/${section}?sort=${PLAIN_KEY}&order=desc&perPage=200`);
    expect(sorted.status).toBe(200);
    const coded = sorted.body.data
      .filter((row: Record<string, unknown>) => row[PLAIN_KEY])
      .map((row: Record<string, unknown>) => row.id);
    // descending, the empty ones last as PostgreSQL orders NULLs first only when asked
    expect(coded.slice(0, 2)).toEqual([b, a]);

    const file = await text(
      `/api/${section}/export?format=csv&columns=id&columns=${PLAIN_KEY}&${PLAIN_KEY}=${encodeURIComponent('код-а')}`,
    );
    expect(file.status).toBe(200);
    expect(file.text.trim().split(/\r?\n/)).toEqual([`№;${LABEL}`, `${a};КОД-А1`]);
  });

  test('history tells its change under its label', async () => {
    const [a] = picked[section];
    const history = (await ctx.call('GET', `/api/${section}/${a}/history`)).body;
    expect(JSON.stringify(history)).toContain(PLAIN_KEY);
    const entries = (Array.isArray(history) ? history : history.data) as {
      changes: { field: string; old: unknown; new: unknown }[];
    }[];
    expect(entries.flatMap((e) => e.changes).find((c) => c.field === PLAIN_KEY)).toMatchObject({
      old: null,
      new: 'КОД-А1',
    });
  });

  test('the bulk edit sets it, where the section has one', async () => {
    const fields = (await ctx.call('GET', `/api/${section}/filter_config`)).status;
    expect(fields).toBe(200);
    const [a, b] = picked[section];
    const res = await ctx.call('PATCH', `/api/${section}`, 'admin', { ids: [a, b], set: { [PLAIN_KEY]: 'КОД-В3' } });
    if (section === 'cities') {
      // cities have no bulk edit at all: the route is not there
      expect(res.status).toBe(405);
      return;
    }
    expect(res.status).toBe(200);
    const stored = rowsOf<Record<string, string>>(
      await ctx.db.execute(
        sql`SELECT ${sql.identifier(PLAIN_KEY)} AS v FROM ${sql.identifier(section)} WHERE id IN (${a}, ${b})`,
      ),
    );
    expect(stored.map((r) => r.v)).toEqual(['КОД-В3', 'КОД-В3']);
  });

  test('a role the roles tab hides it from does not see it, filter or sort by it, nor write it', async () => {
    const roles = (await ctx.call('GET', '/api/admin/roles')).body.roles as {
      id: number;
      hidden: Record<string, string[]>;
    }[];
    const role8 = roles.find((r) => r.id === 8)!;
    const hid = await ctx.call('PUT', '/api/admin/roles/8/hidden-fields', 'admin', {
      [section]: [...(role8.hidden[section] ?? []), LABEL],
    });
    expect(hid.body.hidden[section]).toContain(LABEL);
    const list = await ctx.call('GET', `/api/${section}?perPage=5`, 'warehouse');
    if (list.status === 200) {
      expect(list.body.data.some((row: Record<string, unknown>) => PLAIN_KEY in row)).toBe(false);
      expect((await ctx.call('GET', `/api/${section}?${PLAIN_KEY}=x`, 'warehouse')).status).toBe(403);
      expect((await ctx.call('GET', `/api/${section}?sort=${PLAIN_KEY}`, 'warehouse')).status).toBe(400);
    }
    await ctx.call('PUT', '/api/admin/roles/8/hidden-fields', 'admin', { [section]: role8.hidden[section] ?? [] });
  });
});

test('the import template has its column, titled as the card labels it, where the section imports', async () => {
  for (const section of ['offers', 'buyers'] as const) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/${section}/import/template`,
      headers: { authorization: `Bearer ${ctx.tokens.admin}` },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const titles = (book.worksheets[0].getRow(1).values as unknown[]).slice(1);
    // after the section's own columns, before the comments the template ends with
    expect(titles.slice(-2)).toEqual([LABEL, 'Комментарий']);
  }
});
