// What each demo role must not learn (issue 8, "Leaks found"), asked the ways an attacker with that account would:
// filters and sorts that read a hidden field, the summary tiles, other names of a hidden field, reference lists and
// filter options outside the reader's scopes, the business settings, and a conflict's message. The generic tests at
// the end walk every section's filter and column defs, so a new section or filter is covered without new code.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createDemoApp, type DemoContext, type DemoUser } from './testApp';
import { SECTION_SPECS } from '../sections';
import { LIST_MSG } from '../lists/query';
import type { ParsedFilter } from '../contract/section';
import { SECTIONS } from '../../domain/sections';
import { filterReads, type FilterDef } from '../../domain/lists';
import {
  fieldsRead,
  isRefVisible,
  scopeOf,
  type Permissions,
  type ReadsFields,
  type Resource,
} from '../../domain/permissions';
import { MSG } from '../../domain/messages';
import { RESPONSE_KEYS, SPEC_HIDDEN_FIELDS } from '../../domain/hiddenFields';
import { HISTORY_FIELDS } from '../../domain/history';

let ctx: DemoContext;
const perms = {} as Record<DemoUser, Permissions>;

beforeAll(async () => {
  ctx = await createDemoApp();
  for (const who of ['admin', 'manager', 'warehouse', 'supplier'] as const)
    perms[who] = (await ctx.call('GET', '/api/permissions', who)).body;
  // the demo data has no shipment yet: one, with its supplier (hidden from roles 1 and 8), for every section to have rows
  const shipment = await ctx.call('POST', '/api/shipments', 'admin', {
    name: 'Контейнер MSCU 1234567',
    supplier_id: 1,
    dt_number: '10702070/051226/3012345',
    dt_date: '2026-12-05',
  });
  expect(shipment.status).toBe(201);
}, 120_000);

afterAll(() => ctx?.close());

const call: DemoContext['call'] = (...args) => ctx.call(...args);
const change: DemoContext['change'] = (...args) => ctx.change(...args);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows as the database returns them
const rows = async <T = any>(query: ReturnType<typeof sql>) =>
  ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
const forbiddenFilter = (title: string) => ({
  status: 'error',
  error: 'forbidden',
  message: LIST_MSG.forbiddenFilter(title),
});
const refusedSort = (key: string) => ({ status: 'error', error: 'validation', messages: [LIST_MSG.sort(key)] });

describe('filtering or sorting by a hidden field is refused, wherever the field lives', () => {
  test("role 8 cannot bisect an offer's warehouse cost through the reserves list's filter", async () => {
    const res = await call(
      'GET',
      '/api/reserves?warehouse_delivery_cost_from=1000&warehouse_delivery_cost_to=1000.01',
      'warehouse',
    );
    expect(res).toEqual({ status: 403, body: forbiddenFilter('Доставка на склад') });
    for (const path of ['/api/reserves_filter_config', '/api/reserves/filter_config']) {
      expect((await call('GET', path, 'warehouse')).body.warehouse_delivery_cost).toEqual({
        title: 'Доставка на склад',
        type: 'currency',
        placeholder: ['От', 'До'],
        isForbidden: true,
      });
    }
    // the admin still filters by it, on the offer's cost
    const [{ n }] = await rows(sql`SELECT count(*)::int AS n FROM reserves r JOIN offers o ON o.id = r.offer_id
      WHERE r.status <> 'deleted' AND o.warehouse_cost >= 1000`);
    const admin = await call('GET', '/api/reserves?warehouse_delivery_cost_from=1000', 'admin');
    expect(admin.body.pagination.totalItems).toBe(n);
  });

  test('role 8 gets no reserve selling sums, margins or per-employee counts of the hidden responsible through the employees list', async () => {
    expect(await call('GET', '/api/employees?purchased_reserves_currency_from=0', 'warehouse')).toEqual({
      status: 403,
      body: forbiddenFilter('Сумма выкупленных'),
    });
    expect(await call('GET', '/api/employees?marginality_from=0', 'warehouse')).toEqual({
      status: 403,
      body: forbiddenFilter('Маржинальность, %'),
    });
    expect(await call('GET', '/api/employees?total_reserves_created_from=1', 'warehouse')).toEqual({
      status: 403,
      body: forbiddenFilter('Создано резервов'),
    });
    expect(await call('GET', '/api/employees?sort=reserve_purchased_sum', 'warehouse')).toEqual({
      status: 400,
      body: refusedSort('reserve_purchased_sum'),
    });
    const list = await call('GET', '/api/employees', 'warehouse');
    expect(list.status).toBe(200);
    for (const row of list.body.data) {
      for (const key of [
        'reserve_purchased_sum',
        'marginality',
        'reserve_total_created',
        'reserve_purchased_count',
        'reserve_cancelled_count',
      ]) {
        expect(row).not.toHaveProperty(key);
      }
    }
    // role 1 sees reserves' selling sums: its list keeps them
    expect((await call('GET', '/api/employees?sort=reserve_purchased_sum', 'manager')).body.data[0]).toHaveProperty(
      'reserve_purchased_sum',
    );
  });

  test("role 1 cannot match offers to their hidden supplier through the suppliers list's statistics", async () => {
    expect(
      await call('GET', '/api/suppliers?total_offers_created_from=1&total_offers_created_to=1', 'manager'),
    ).toEqual({ status: 403, body: forbiddenFilter('Предложений') });
    expect(await call('GET', '/api/suppliers?purchased_reserves_currency_from=0', 'manager')).toEqual({
      status: 403,
      body: forbiddenFilter('Сумма выкупленных'),
    });
    expect(await call('GET', '/api/suppliers?sort=min_selling_price', 'manager')).toEqual({
      status: 400,
      body: refusedSort('min_selling_price'),
    });
    const list = await call('GET', '/api/suppliers', 'manager');
    expect(Object.keys(list.body.data[0]).sort()).toEqual([
      'comments',
      'created_at',
      'deleted_at',
      'id',
      'name',
      'status',
    ]);
  });
});

describe('the offers summary shows only figures the reader may see', () => {
  const figures = async (where: ReturnType<typeof sql>) =>
    (
      await rows(sql`
    SELECT count(*) FILTER (WHERE r.status = 'active')::int AS placed, count(*) FILTER (WHERE r.status = 'completed')::int AS realized,
      round(coalesce(sum(r.total_selling_sum) FILTER (WHERE r.status = 'active'), 0), 2)::text AS placed_sum,
      round(coalesce(sum(r.total_selling_sum) FILTER (WHERE r.status = 'completed'), 0), 2)::text AS realized_sum,
      round(coalesce(sum(r.total_sum) FILTER (WHERE r.status = 'completed'), 0), 2)::text AS value
    FROM reserves r JOIN offers o ON o.id = r.offer_id WHERE ${where}`)
    )[0];

  test("a supplier's user (no reserves) gets no figure at all, not the selling totals of reserves on its goods", async () => {
    const own = await figures(sql`o.supplier_id = ${perms.supplier.supplier_id!}`);
    expect(own.placed + own.realized).toBeGreaterThan(0); // there is something to leak
    expect(await call('GET', '/api/offers/summary', 'supplier')).toEqual({ status: 200, body: {} });
  });

  test('role 8 gets the counts and the purchase value, without sums of total_selling_sum', async () => {
    const all = await figures(sql`true`);
    expect(await call('GET', '/api/offers/summary', 'warehouse')).toEqual({
      status: 200,
      body: {
        placed_reserves: { count: all.placed },
        realized_reserves: { count: all.realized },
        realized_value: all.value,
      },
    });
  });

  test('role 1 gets every figure', async () => {
    const all = await figures(sql`true`);
    expect((await call('GET', '/api/offers/summary', 'manager')).body).toEqual({
      placed_reserves: { count: all.placed, sum: all.placed_sum },
      realized_reserves: { count: all.realized, sum: all.realized_sum },
      realized_value: all.value,
    });
  });
});

describe("a supplier's user never sees the trader's prices, markups or other suppliers' figures, whatever its role says", () => {
  // the demo supplier's role hides nothing in role_hidden_fields: what follows is the account kind's rule
  const band = ['min_unit_price', 'max_unit_price'];
  const ownOffer = async () =>
    (
      await rows<{ id: number }>(
        sql`SELECT id FROM offers WHERE supplier_id = ${perms.supplier.supplier_id!} AND status = 'active' ORDER BY id LIMIT 1`,
      )
    )[0].id;

  test("its role hides nothing, yet /api/permissions names the selling band and the reserves' selling figures hidden", async () => {
    expect(await rows(sql`SELECT 1 FROM role_hidden_fields WHERE role_id = ${Number(perms.supplier.role_id)}`)).toEqual(
      [],
    );
    expect(perms.supplier.hidden_fields.offers).toEqual(expect.arrayContaining(band));
    expect(perms.supplier.hidden_fields.reserves).toEqual(
      expect.arrayContaining([
        'unit_selling_price',
        'total_selling_sum',
        'marginality',
        'min_selling_price',
        'max_selling_price',
      ]),
    );
    expect(perms.admin.hidden_fields).toEqual({});
    expect(perms.manager.hidden_fields.offers).not.toContain('min_unit_price');
  });

  test('its own offers come without the selling band: list, card, sort, filter, filter config', async () => {
    const id = await ownOffer();
    const [stored] = await rows<{ min: string }>(sql`SELECT min_unit_price::text AS min FROM offers WHERE id = ${id}`);
    expect(Number(stored.min)).toBeGreaterThan(0); // there is a band to leak
    const list = await call('GET', '/api/offers?perPage=200', 'supplier');
    expect(list.body.data.length).toBeGreaterThan(0);
    for (const row of list.body.data) for (const key of band) expect(Object.keys(row)).not.toContain(key);
    const card = await call('GET', `/api/offers/${id}`, 'supplier');
    expect(card.status).toBe(200);
    expect(card.body).toHaveProperty('unit_price');
    for (const key of band) expect(card.body).not.toHaveProperty(key);
    expect(await call('GET', '/api/offers?sort=max_unit_price', 'supplier')).toEqual({
      status: 400,
      body: refusedSort('max_unit_price'),
    });
    expect(await call('GET', '/api/offers?min_unit_price_from=0', 'supplier')).toEqual({
      status: 403,
      body: forbiddenFilter('Мин. цена продажи'),
    });
    expect((await call('GET', '/api/offers/filter_config', 'supplier')).body.max_unit_price).toMatchObject({
      isForbidden: true,
    });
    // the admin still gets it
    expect(Number((await call('GET', `/api/offers/${id}`, 'admin')).body.min_unit_price)).toBe(Number(stored.min));
  });

  test("a right to reserves given to a supplier's role still shows no selling price, margin or buyer", async () => {
    const role = Number(perms.supplier.role_id);
    await ctx.db.execute(
      sql`UPDATE role_permissions SET scope = 'all' WHERE role_id = ${role} AND resource = 'reserves' AND action = 'read'`,
    );
    try {
      const list = await call('GET', '/api/reserves?perPage=50', 'supplier');
      expect(list.status).toBe(200);
      expect(list.body.data.length).toBeGreaterThan(0);
      for (const row of list.body.data) {
        for (const key of ['unit_selling_price', 'total_selling_sum', 'marginality', 'buyer_name', 'delivery_cost'])
          expect(Object.keys(row)).not.toContain(key);
        expect(row).toHaveProperty('amount');
      }
      expect(await call('GET', '/api/reserves?marginality_from=0', 'supplier')).toEqual({
        status: 403,
        body: forbiddenFilter('Маржинальность, %'),
      });
      expect((await call('GET', `/api/reserves/${list.body.data[0].id}`, 'supplier')).body).not.toHaveProperty(
        'unit_selling_price',
      );
      // nor the selling totals of the offers page's tiles
      expect((await call('GET', '/api/offers/summary', 'supplier')).body).toEqual({
        placed_reserves: expect.not.objectContaining({ sum: expect.anything() }),
        realized_reserves: expect.not.objectContaining({ sum: expect.anything() }),
        realized_value: expect.any(String),
      });
    } finally {
      await ctx.db.execute(
        sql`UPDATE role_permissions SET scope = 'none' WHERE role_id = ${role} AND resource = 'reserves' AND action = 'read'`,
      );
    }
  });

  test("a product's varieties carry no count of other suppliers' offers", async () => {
    const [variety] = await rows<{
      product_id: number;
      variety_id: number;
      n: number;
    }>(sql`SELECT product_id, variety_id, count(*)::int AS n FROM offers
      WHERE variety_id IS NOT NULL AND supplier_id <> ${perms.supplier.supplier_id!} GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`);
    const [{ total }] = await rows<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM offers WHERE variety_id = ${variety.variety_id}`,
    );
    const admin = await call('GET', `/api/products/${variety.product_id}/varieties`, 'admin');
    expect(admin.body.find((v: { id: number }) => v.id === variety.variety_id)).toMatchObject({ offers: total });
    const supplier = await call('GET', `/api/products/${variety.product_id}/varieties`, 'supplier');
    expect(supplier.status).toBe(200);
    expect(supplier.body.map((v: { id: number }) => v.id)).toEqual(admin.body.map((v: { id: number }) => v.id));
    for (const v of supplier.body) expect(Object.keys(v).sort()).toEqual(['id', 'name', 'product_id']);
  });
});

describe('a hidden field is hidden under every name it travels by', () => {
  test("role 8 gets no reserve's responsible employee (hidden responsible_id) and cannot sort by it", async () => {
    const list = await call('GET', '/api/reserves?perPage=200', 'warehouse');
    expect(list.body.data.length).toBeGreaterThan(0);
    for (const row of list.body.data) expect(row).not.toHaveProperty('responsible');
    expect(await call('GET', '/api/reserves?sort=responsible', 'warehouse')).toEqual({
      status: 400,
      body: refusedSort('responsible'),
    });
    expect((await call('GET', '/api/reserves?sort=responsible', 'admin')).body.data[0]).toHaveProperty('responsible');
  });

  test("role 8 gets no employee's e-mail, neither as email nor as the sign-in username", async () => {
    const list = await call('GET', '/api/employees?perPage=200', 'warehouse');
    for (const row of list.body.data) {
      expect(row).not.toHaveProperty('email');
      expect(row).not.toHaveProperty('username');
    }
    expect(await call('GET', '/api/employees?sort=username', 'warehouse')).toEqual({
      status: 400,
      body: refusedSort('username'),
    });
    const admin = await call('GET', '/api/employees?perPage=200', 'admin');
    expect(admin.body.data.map((r: { username: string | null }) => r.username)).toContain('warehouse@nutdesk.demo');
  });
});

describe("reference lists and filter options follow the reader's scopes", () => {
  test.each([
    ['supplier', 'suppliers'],
    ['supplier', 'employees'],
    ['supplier', 'positions'],
    ['warehouse', 'suppliers'],
    ['manager', 'positions'],
  ] as const)('%s may not list %s', async (who, list) => {
    expect(await call('GET', `/api/lists/${list}/items`, who)).toEqual({
      status: 403,
      body: { status: 'error', error: 'forbidden', message: MSG.forbidden },
    });
  });

  test("a supplier's user lists the goods and cities it offers from, as everyone", async () => {
    const [{ n }] = await rows(sql`SELECT count(*)::int AS n FROM products WHERE status = 'active'`);
    expect((await call('GET', '/api/lists/products/items', 'supplier')).body).toHaveLength(n);
    expect((await call('GET', '/api/lists/cities', 'supplier')).status).toBe(200);
  });

  test("a supplier's user gets the harvest years of its own offers only, no supplier names, no creators", async () => {
    const { supplier_id: supplier, user_id: user } = perms.supplier;
    const own = sql`(o.supplier_id = ${supplier!} OR o.created_by = ${user})`;
    // another supplier's offer with a year none of its own has
    await ctx.db.execute(
      sql`UPDATE offers SET harvest_year = '1999' WHERE id = (SELECT min(id) FROM offers o WHERE NOT ${own})`,
    );
    const { body } = await call('GET', '/api/offers/filter_config', 'supplier');
    const years = await rows<{ y: string }>(
      sql`SELECT DISTINCT harvest_year AS y FROM offers o WHERE harvest_year IS NOT NULL AND ${own} ORDER BY 1 DESC`,
    );
    expect(years.map(({ y }) => y)).not.toContain('1999');
    expect(body.harvest_years.options).toEqual(years.map(({ y }) => ({ title: y, value: y })));
    // who created them is the trader's staff: a list of people follows the read right on employees (issue 34)
    expect(body.creators_ids).toEqual({ title: 'Создал', type: 'multiple', isForbidden: true });
    expect(body.suppliers_ids).toEqual({ title: 'Поставщик', type: 'multiple', isForbidden: true });
  });

  test('role 1 gets every creator and year; the suppliers option is not offered to it', async () => {
    const { body } = await call('GET', '/api/offers/filter_config', 'manager');
    const [{ n }] = await rows(sql`SELECT count(DISTINCT harvest_year)::int AS n FROM offers`);
    expect(body.harvest_years.options).toHaveLength(n);
    expect(body.suppliers_ids).toEqual({ title: 'Поставщик', type: 'multiple', isForbidden: true });
    expect((await call('GET', '/api/employees/filter_config', 'manager')).body.positions).toEqual({
      title: 'Должность',
      type: 'multiple',
      isForbidden: true,
    });
  });
});

describe('the business settings are read only by those who need them', () => {
  const NAMES = ['delivery_cost_default', 'costs_per_kg', 'min_markup', 'max_markup'];

  test.each(['supplier', 'warehouse'] as const)('%s gets a 403 in Russian', async (who) => {
    expect(await call('POST', '/api/settings', who, NAMES)).toEqual({
      status: 403,
      body: {
        status: 'error',
        error: 'forbidden',
        message: 'Настройки недоступны для вашей роли: delivery_cost_default, costs_per_kg, min_markup, max_markup',
      },
    });
    expect((await call('POST', '/api/settings', who, ['min_markup'])).body.message).toBe(
      'Настройки недоступны для вашей роли: min_markup',
    );
  });

  test.each(['manager', 'admin'] as const)('%s (writes reserves, sees their figures) reads them', async (who) => {
    const res = await call('POST', '/api/settings', who, NAMES);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      delivery_cost_default: expect.any(String),
      costs_per_kg: expect.any(String),
      min_markup: expect.any(String),
      max_markup: expect.any(String),
    });
  });
});

describe("a conflict's message names only what the reader may see", () => {
  // two active offers of one supplier and city; the first edited into the second's product, variety, packing and year
  let pair: {
    a: number;
    b: { product_id: number; variety_id: number | null; packing_id: number; harvest_year: string };
  };
  beforeAll(async () => {
    const [row] = await rows(sql`SELECT a.id AS a, b.product_id, b.variety_id, b.packing_id, b.harvest_year
      FROM offers a JOIN offers b ON b.supplier_id = a.supplier_id AND b.city_id = a.city_id AND b.id <> a.id
      WHERE a.status = 'active' AND b.status = 'active' ORDER BY a.id, b.id LIMIT 1`);
    pair = {
      a: row.a,
      b: {
        product_id: row.product_id,
        variety_id: row.variety_id,
        packing_id: row.packing_id,
        harvest_year: row.harvest_year,
      },
    };
  });

  test.each([
    ['manager', 'Такое предложение уже есть: тот же товар, сорт, упаковка и год урожая'],
    ['warehouse', 'Такое предложение уже есть: тот же товар, сорт, упаковка, год урожая и город'],
    ['admin', 'Такое предложение уже есть: тот же поставщик, товар, сорт, упаковка, год урожая и город'],
  ] as const)('%s: %s', async (who, message) => {
    const res = await change('PATCH', `/api/offers/${pair.a}`, who, pair.b);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(message);
  });
});

// ---- generic: every filter and sortable column of every section, for every restricted role
const ROLES = ['manager', 'warehouse', 'supplier'] as const;

/** A harmless value for a filter of this type, as the query string carries it. */
function asQuery(def: FilterDef): string {
  if (def.type === 'number' || def.type === 'currency') return `${def.key}_from=0`;
  if (def.type === 'date') return `${def.key}_from=2000-01-01`;
  if (def.type === 'boolean') return `${def.key}=true`;
  if (def.type === 'string' || def.type === 'address') return `${def.key}=${encodeURIComponent('а')}`;
  if (def.key === 'statuses_ids') return `${def.key}=active`;
  if (def.options === 'harvest_years') return `${def.key}=2024`;
  return `${def.key}=1`;
}

/** The fields it reads that the role may not see (by its hidden fields and scopes). */
const hiddenReads = (who: DemoUser, section: Resource, def: ReadsFields) =>
  fieldsRead(section, def).filter((ref) => !isRefVisible(perms[who], ref));

describe.each(ROLES)('every filter and sort key, as %s', (who) => {
  test.each([...SECTIONS])(
    '%s: a filter reading a hidden field is refused and not offered; the others work',
    async (section) => {
      if (scopeOf(perms[who], section, 'read') === 'none') return;
      const spec = SECTION_SPECS[section];
      const config = (await call('GET', `/api/${section}/filter_config`, who)).body;
      const outcomes: string[] = [];
      for (const def of spec.filterDefs) {
        const hidden = hiddenReads(who, section, filterReads(section, def, spec.columnDefs));
        const needs = def.needs !== undefined && scopeOf(perms[who], def.needs, 'read') === 'none';
        const res = await call('GET', `/api/${section}?${asQuery(def)}`, who);
        if (hidden.length || needs) {
          expect([def.key, res]).toEqual([def.key, { status: 403, body: forbiddenFilter(def.title) }]);
          expect([def.key, config[def.key]]).toEqual([
            def.key,
            {
              title: def.title,
              type: def.type,
              ...(def.placeholder ? { placeholder: def.placeholder } : {}),
              isForbidden: true,
            },
          ]);
          outcomes.push(`${def.key}: refused`);
        } else {
          expect([def.key, res.status]).toEqual([def.key, 200]);
        }
      }
      // the declarations make a difference somewhere: the hidden fields of roles 1 and 8 reach filters
      if (who !== 'supplier' && ['offers', 'reserves', 'employees', 'suppliers'].includes(section))
        expect(outcomes.length).toBeGreaterThan(0);
    },
  );

  test.each([...SECTIONS])('%s: a column reading a hidden field is neither sent nor sortable', async (section) => {
    if (scopeOf(perms[who], section, 'read') === 'none') return;
    const spec = SECTION_SPECS[section];
    const page = (await call('GET', `/api/${section}?perPage=50&withDeleted=true`, who)).body.data;
    const admin = (await call('GET', `/api/${section}?perPage=50&withDeleted=true`, 'admin')).body.data;
    expect(page.length).toBeGreaterThan(0);
    for (const def of spec.columnDefs) {
      const hidden = hiddenReads(who, section, def).length > 0;
      if (hidden) {
        for (const row of page)
          expect([def.key, row]).not.toEqual([def.key, expect.objectContaining({ [def.key]: expect.anything() })]);
        for (const row of page) expect(Object.keys(row)).not.toContain(def.key);
      }
      if (!def.sortable || !(def.key in spec.sortable)) continue;
      const res = await call('GET', `/api/${section}?sort=${def.key}&order=asc`, who);
      if (hidden) expect([def.key, res]).toEqual([def.key, { status: 400, body: refusedSort(def.key) }]);
      else expect([def.key, res.status]).toEqual([def.key, 200]);
    }
    // every key the admin's rows carry that the role's rows do not is one it may not see
    for (const key of Object.keys(admin[0])) {
      if (!(key in page[0]))
        expect([
          key,
          hiddenReads(
            who,
            section,
            spec.columnDefs.find((c) => c.key === key) ?? RESPONSE_KEYS[section]?.find((k) => k.key === key) ?? { key },
          ).length,
        ]).not.toEqual([key, 0]);
    }
  });
});

// ---- generic: a record's history tells no change of a field the reader's role may not see
describe.each(ROLES)("a record's history, as %s", (who) => {
  test.each([...SECTIONS])(
    '%s: a change of every recorded field shows only the fields the role sees',
    async (section) => {
      if (scopeOf(perms[who], section, 'read') === 'none') return;
      const [{ id }] = await rows<{
        id: number;
      }>(sql`SELECT ${sql.raw(SECTION_SPECS[section].alias)}.id ${SECTION_SPECS[section].from}
      WHERE ${sql.raw(SECTION_SPECS[section].alias)}.status <> 'deleted' AND ${who === 'supplier' && section === 'offers' ? sql`o.supplier_id = ${perms.supplier.supplier_id!}` : sql`true`}
      ORDER BY 1 LIMIT 1`);
      // one entry changing every field the section's history records, as the admin wrote it
      const changes = Object.values(HISTORY_FIELDS[section]).map((f) => ({
        field: f.key,
        key: 1,
        old: f.format === 'delivery' ? null : 1,
        new: f.format === 'delivery' ? null : 2,
      }));
      await ctx.db.execute(sql`INSERT INTO record_history (section, record_id, action, user_id, changes)
      VALUES (${section}, ${id}, 'update', ${perms.admin.user_id}, ${JSON.stringify(changes)}::jsonb)`);
      const entry = (await call('GET', `/api/${section}/${id}/history`, who)).body[0];
      const seen = entry.changes.map((c: { field: string }) => c.field);
      const expected = Object.values(HISTORY_FIELDS[section])
        .filter((f) => !hiddenReads(who, section, f).length)
        .map((f) => f.key);
      expect(seen).toEqual(expected);
      // who wrote it is who created the record for a 'create' entry: shown only to a role that sees created_by
      expect(entry.user === null).toBe(!isRefVisible(perms[who], `${section}.created_by`));
      if (who !== 'supplier') expect(entry.user).toBeNull();
      // the spec's rules reach the history: role 1 loses fields of offers, suppliers and employees, role 8 of offers, reserves
      // and employees, a supplier's user the selling band of its offers
      const restricted = {
        manager: ['offers', 'suppliers', 'employees'],
        warehouse: ['offers', 'reserves', 'employees'],
        supplier: ['offers'],
      }[who];
      if (restricted.includes(section)) expect(seen.length).toBeLessThan(changes.length);
      expect((await call('GET', `/api/${section}/${id}/history`, 'admin')).body[0].changes).toHaveLength(
        changes.length,
      );
    },
  );
});

// ---- generic, from the SQL: what each filter, sort and response key reads must be declared
// The tests above trust the declarations (a column's field and reads). This one checks them against the SQL the
// section runs: every column of a section's table that a filter's condition, a sort's expression or a row key's
// expression reaches (through the joins it uses, and the lateral statistics it picks from) and that roles 1 or 8 may
// not see must be among the fields the filter or column declares. A filter written like the reserves list's
// 'warehouse_delivery_cost' (o.warehouse_cost) without its `reads` fails here.
const dialect = new PgDialect();
const text = (q: SQL) => dialect.sqlToQuery(q).sql.replace(/\s+/g, ' ');

interface Source {
  table?: string;
  lateral?: string;
  on: string;
}

/** Splits at the top-level occurrences of a keyword (outside parentheses). */
function splitTop(s: string, keyword: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '(') depth++;
    else if (s[i] === ')') depth--;
    else if (depth === 0 && keyword.test(s.slice(i, i + 12)) && (s[i] === ',' || /\W/.test(s[i - 1] ?? ' '))) {
      parts.push(s.slice(start, i));
      start = i;
    }
  }
  parts.push(s.slice(start));
  return parts;
}

/** The aliases of a FROM clause: table or lateral subquery, with the join condition that ties each in. */
function parseFrom(from: string, into = new Map<string, Source>()): Map<string, Source> {
  for (const piece of splitTop(from, /^JOIN\b/)) {
    const clause = piece.replace(/\b(LEFT|INNER|RIGHT|FULL)\s*$/, '').trim();
    const lateral = /^JOIN LATERAL \(/.exec(clause);
    if (lateral) {
      let depth = 0;
      let end = lateral[0].length - 1;
      for (; end < clause.length; end++) {
        if (clause[end] === '(') depth++;
        else if (clause[end] === ')' && --depth === 0) break;
      }
      const [, alias, on] = /^\s*"?(\w+)"? ON (.*)$/.exec(clause.slice(end + 1))!;
      into.set(alias, { lateral: clause.slice(lateral[0].length, end), on });
      continue;
    }
    const table = /^(?:FROM|JOIN) (\w+) (\w+)(?: ON (.*))?$/.exec(clause);
    if (table) into.set(table[2], { table: table[1], on: table[3] ?? '' });
  }
  return into;
}

const refsIn = (s: string) =>
  [...s.matchAll(/\b([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)\b/g)].map((m) => [m[1], m[2]] as const);

/** The (section table, column) pairs an expression reaches, through joins and the lateral column it names. */
function reaches(expr: string, aliases: Map<string, Source>, seen = new Set<string>()): [string, string][] {
  // tables an expression brings itself (EXISTS (SELECT … FROM reserves r …)) shadow the outer ones
  const local = new Map(aliases);
  for (const m of expr.matchAll(/\b(?:FROM|JOIN) (\w+) (\w+)/g)) local.set(m[2], { table: m[1], on: '' });
  // and so do subqueries in FROM: (SELECT … FROM comments …) c is not the outer cities c
  for (const m of expr.matchAll(/\) "?(\w+)"? (?=LEFT |JOIN |WHERE |ON )/g)) local.set(m[1], { on: '' });
  const out: [string, string][] = [];
  for (const [alias, column] of refsIn(expr)) {
    const source = local.get(alias);
    if (!source) continue;
    if (source.table && (SECTIONS as readonly string[]).includes(source.table)) out.push([source.table, column]);
    const key = `${alias}.${column}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (source.on) out.push(...reaches(source.on, local, seen));
    if (source.lateral) {
      const [select, ...rest] = splitTop(source.lateral, /^FROM\b/);
      const body = rest.join('');
      const [joins, ...where] = splitTop(body, /^WHERE\b/);
      const own = parseFrom(joins);
      const item =
        splitTop(select.replace(/^SELECT /, ''), /^,/).find((i) =>
          new RegExp(`AS "?${column}"?\\s*$`).test(i.replace(/^,/, '').trim()),
        ) ?? '';
      out.push(
        ...reaches(
          `${item} ${where.join('')} ${[...own.values()].map((s) => s.on).join(' ')}`,
          new Map([...local, ...own]),
          seen,
        ),
      );
    }
  }
  return out;
}

const probe = (def: FilterDef): ParsedFilter => {
  if (def.type === 'number' || def.type === 'currency') return { def, kind: 'range', from: '0', to: '1' };
  // a date filter's values reach the compiler as calendar days (the query codec refuses anything else)
  if (def.type === 'date') return { def, kind: 'range', from: '2026-11-01', to: '2026-11-30' };
  if (def.type === 'boolean') return { def, kind: 'boolean', value: true };
  if (def.type === 'string' || def.type === 'address') return { def, kind: 'text', value: 'а' };
  return { def, kind: 'list', values: ['1'] };
};

/** The hidden fields (of roles 1 and 8) among the columns an expression reaches that `declared` does not name. */
function undeclared(expr: string, aliases: Map<string, Source>, declared: string[]): string[] {
  const missing = new Set<string>();
  for (const [table, column] of reaches(expr, aliases)) {
    const names = [column, column.replace(/_id$/, '')];
    for (const role of ['1', '8'] as const) {
      const hidden = SPEC_HIDDEN_FIELDS[role][table as Resource] ?? [];
      const hiddenName = names.find((n) => hidden.includes(n));
      if (hiddenName && !declared.includes(`${table}.${hiddenName}`))
        missing.add(`${table}.${hiddenName} (role ${role})`);
    }
  }
  return [...missing];
}

test.each([...SECTIONS])('%s: every filter, sort and row key declares the hidden fields its SQL reads', (section) => {
  const spec = SECTION_SPECS[section];
  const aliases = parseFrom(text(spec.from));
  const column = (key: string): ReadsFields =>
    spec.columnDefs.find((c) => c.key === key) ?? RESPONSE_KEYS[section]?.find((k) => k.key === key) ?? { key };
  const found: Record<string, string[]> = {};
  for (const def of spec.filterDefs) {
    const missing = undeclared(
      text(spec.filters[def.key](probe(def))),
      aliases,
      fieldsRead(section, filterReads(section, def, spec.columnDefs)),
    );
    if (missing.length) found[`filter ${def.key}`] = missing;
  }
  const keyed: [string, string, SQL][] = [
    ...Object.entries(spec.sortable).map(([key, expr]): [string, string, SQL] => ['sort', key, expr]),
    ...Object.entries(spec.columns).map(([key, expr]): [string, string, SQL] => ['key', key, expr]),
  ];
  for (const [kind, key, expr] of keyed) {
    const missing = undeclared(text(expr), aliases, fieldsRead(section, column(key)));
    if (missing.length) found[`${kind} ${key}`] = missing;
  }
  expect(found).toEqual({});
});

test("the SQL check sees a filter on another section's hidden field, through a join or a lateral statistic", () => {
  const reservesFrom = parseFrom(text(SECTION_SPECS.reserves.from));
  expect(undeclared(text(sql`o.warehouse_cost >= 1`), reservesFrom, ['reserves.warehouse_delivery_cost'])).toEqual([
    'offers.warehouse_cost (role 8)',
  ]);
  expect(undeclared(text(sql`e.full_name`), reservesFrom, ['reserves.responsible'])).toEqual([
    'reserves.responsible_id (role 8)',
  ]);
  const employeesFrom = parseFrom(text(SECTION_SPECS.employees.from));
  expect(undeclared(text(sql`st.purchased_sum`), employeesFrom, ['reserves.responsible_id']).sort()).toEqual([
    'reserves.total_selling_sum (role 8)',
  ]);
  expect(undeclared(text(sql`st.total_created`), employeesFrom, [])).toEqual(['reserves.responsible_id (role 8)']);
});
