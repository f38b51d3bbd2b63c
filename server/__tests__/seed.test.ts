// The demo data set as a user of the demo would meet it: the four accounts sign in with their roles, stock
// figures add up, suppliers carry real-world-valid INNs, reserves exist in every status, roles 1 and 8 hide
// exactly the spec's fields and every city reaches every other one.
import { and, eq, sql } from 'drizzle-orm';
import * as t from '../db/schema';
import type { Database } from '../db/client';
import { createTestApp, signIn, type TestContext } from './testApp';
import { DEMO_PASSWORD } from '../../domain/api';
import { seedDemoData, buildDemoPlan } from '../db/seed';
import { isValidInn } from '../db/seed/inn';
import { SPEC_HIDDEN_FIELDS } from '../../domain/hiddenFields';
import { money } from '../../domain/numbers';
import { rowsOf } from '../db/rows';
import { offerSellingBand } from '../../domain/offers/figures';
import { reserveFigures } from '../../domain/reserves/figures';
import type { BusinessSettings } from '../../domain/settings';
import { isHarvestYear } from '../../domain/offers/harvestYear';
import { businessDayOf, TIME_ZONE_DEFAULT } from '../../domain/businessDay';

const NOW = new Date('2025-06-01T09:00:00Z');

let ctx: TestContext;
let db: Database;

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.db;
  await seedDemoData(db, { now: NOW });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

test('the four demo accounts exist with their roles and links', async () => {
  const users = await db.select().from(t.users);
  const byEmail = new Map(users.map((u) => [u.email, u]));

  const admin = byEmail.get('admin@nutdesk.demo')!;
  expect(admin).toMatchObject({ is_admin: true, user_type: 'admin' });

  const manager = byEmail.get('manager@nutdesk.demo')!;
  expect(manager).toMatchObject({ is_admin: false, user_type: 'employee', role_id: 1 });
  expect(manager.employee_id).not.toBeNull();

  const warehouse = byEmail.get('warehouse@nutdesk.demo')!;
  expect(warehouse).toMatchObject({ is_admin: false, user_type: 'employee', role_id: 8 });
  expect(warehouse.employee_id).not.toBeNull();

  const supplier = byEmail.get('supplier@nutdesk.demo')!;
  expect(supplier).toMatchObject({ is_admin: false, user_type: 'supplier' });
  expect(supplier.supplier_id).not.toBeNull();
  const [own] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.offers)
    .where(eq(t.offers.supplier_id, supplier.supplier_id!));
  expect(own.n).toBeGreaterThan(10);

  // one hash for all four: the same salt everywhere
  expect(new Set(users.filter((u) => u.email.endsWith('@nutdesk.demo')).map((u) => u.password_salt)).size).toBe(1);

  const [supplierRole] = await db.select().from(t.roles).where(eq(t.roles.id, supplier.role_id!));
  expect(supplierRole.name).toBe('Поставщик');
  const supplierOffers = await db
    .select()
    .from(t.rolePermissions)
    .where(
      and(
        eq(t.rolePermissions.role_id, supplier.role_id!),
        eq(t.rolePermissions.resource, 'offers'),
        eq(t.rolePermissions.action, 'read'),
      ),
    );
  expect(supplierOffers.map((p) => p.scope)).toEqual(['own']);
});

test('roles 1 and 8 hide exactly the fields of the spec', async () => {
  const rows = await db.select().from(t.roleHiddenFields);
  for (const roleId of ['1', '8'] as const) {
    const stored: Record<string, string[]> = {};
    for (const row of rows.filter((r) => String(r.role_id) === roleId)) (stored[row.resource] ??= []).push(row.field);
    const expected = Object.fromEntries(
      Object.entries(SPEC_HIDDEN_FIELDS[roleId]).map(([resource, fields]) => [resource, [...fields!].sort()]),
    );
    expect(Object.fromEntries(Object.entries(stored).map(([resource, fields]) => [resource, fields.sort()]))).toEqual(
      expected,
    );
  }
});

test("every offer's reserved and purchased amounts are the sums of its reserves and fit its stock", async () => {
  const offers = await db
    .select({
      id: t.offers.id,
      unit_amount: t.offers.unit_amount,
      reserved: t.offers.reserved_amount,
      purchased: t.offers.purchased_amount,
    })
    .from(t.offers);
  const reserves = await db
    .select({ offer_id: t.reserves.offer_id, status: t.reserves.status, amount: t.reserves.amount })
    .from(t.reserves);
  expect(offers.length).toBeGreaterThanOrEqual(300);
  expect(reserves.length).toBeGreaterThanOrEqual(500);

  // Amounts are whole hundredths: sum them as integers so the check is exact.
  const cents = (value: string | null) => Math.round(Number(value ?? 0) * 100);
  const active = new Map<number, number>();
  const completed = new Map<number, number>();
  for (const r of reserves) {
    const sums = r.status === 'active' ? active : r.status === 'completed' ? completed : null;
    sums?.set(r.offer_id, (sums.get(r.offer_id) ?? 0) + cents(r.amount));
  }
  for (const offer of offers) {
    expect([offer.id, cents(offer.reserved)]).toEqual([offer.id, active.get(offer.id) ?? 0]);
    expect([offer.id, cents(offer.purchased)]).toEqual([offer.id, completed.get(offer.id) ?? 0]);
    expect(cents(offer.reserved) + cents(offer.purchased)).toBeLessThanOrEqual(cents(offer.unit_amount));
  }
});

test('reserves exist in every status, deleted ones with their deletion date', async () => {
  const rows = await db
    .select({
      status: t.reserves.status,
      n: sql<number>`count(*)::int`,
      undated: sql<number>`count(*) filter (where ${t.reserves.deleted_at} is null)::int`,
    })
    .from(t.reserves)
    .groupBy(t.reserves.status);
  const byStatus = Object.fromEntries(rows.map((r) => [r.status, r]));
  for (const status of ['active', 'completed', 'cancelled', 'deleted']) expect(byStatus[status]?.n).toBeGreaterThan(0);
  expect(byStatus.deleted.undated).toBe(0);
});

test('reserves sell above cost, inside the markup band of the business settings', async () => {
  const stored = await db.select().from(t.businessSettings);
  // the figures, the business day's zone (issue 33) and the short arrival's rule (issue 40), which are names, not figures
  const settings = Object.fromEntries(
    stored.filter((s) => !['time_zone', 'shortfall_rule'].includes(s.name)).map((s) => [s.name, Number(s.value)]),
  );
  expect(settings).toEqual({
    delivery_cost_default: 15,
    costs_per_kg: 12,
    min_markup: 0.1,
    max_markup: 0.35,
    reserve_hold_days: 5,
    reserve_unpaid_days: 2,
    quote_max_days: 14,
  });
  expect(stored.find((s) => s.name === 'time_zone')?.value).toBe('Europe/Moscow');
  expect(stored.find((s) => s.name === 'shortfall_rule')?.value).toBe('fifo');
  // every stored figure of an offer is the SQL half-up rounding of its stored inputs: kg price = price / weight
  const offersDiffer = await db.execute(sql`SELECT id FROM offers
    WHERE total_sum <> round(unit_price * unit_amount, 2) OR kg_price <> round(unit_price / unit_weight, 2)`);
  expect(rowsOf(offersDiffer)).toEqual([]);
  // margin = (price − cost) / price × 100 with price = cost × (1 + markup)
  const lowestMargin = (1 - 1 / (1 + settings.min_markup)) * 100;
  const highestMargin = (1 - 1 / (1 + settings.max_markup)) * 100;
  const reserves = await db.select().from(t.reserves);
  for (const r of reserves) {
    const price = Number(r.unit_selling_price);
    expect(price).toBeGreaterThan(Number(r.unit_price));
    expect(price).toBeGreaterThanOrEqual(Number(r.min_selling_price));
    expect(price).toBeLessThanOrEqual(Number(r.max_selling_price));
    expect(Number(r.marginality)).toBeGreaterThanOrEqual(lowestMargin - 0.05);
    expect(Number(r.marginality)).toBeLessThanOrEqual(highestMargin + 0.05);
  }
  // the sums the seed computed with the domain's half-up rounding are what PostgreSQL rounds the same products to
  const differ = await db.execute(sql`SELECT id FROM reserves
    WHERE total_selling_sum <> round(amount * unit_selling_price, 2) OR total_sum <> round(amount * unit_price, 2)`);
  expect(rowsOf(differ)).toEqual([]);
  expect(reserves.length).toBeGreaterThan(0);
});

test("offers' selling bands and reserves' figures are the domain's, from their stored inputs", async () => {
  const settings = Object.fromEntries(
    (await db.select().from(t.businessSettings)).map((s) => [s.name, Number(s.value)]),
  ) as BusinessSettings;
  const offers = new Map((await db.select().from(t.offers)).map((o) => [o.id, o]));
  for (const o of offers.values()) {
    const band = offerSellingBand(o, settings);
    expect([o.id, o.min_unit_price, o.max_unit_price]).toEqual([
      o.id,
      money(band.min_unit_price),
      money(band.max_unit_price),
    ]);
  }
  for (const r of await db.select().from(t.reserves)) {
    const o = offers.get(r.offer_id)!;
    const f = reserveFigures(
      {
        amount: r.amount,
        unit_selling_price: r.unit_selling_price,
        delivery_cost: r.delivery_cost,
        unit_price: r.unit_price,
        kg_price: o.kg_price,
        unit_weight: o.unit_weight,
        units_per_pack: o.units_per_pack,
      },
      settings,
    );
    expect([
      r.id,
      r.min_selling_price,
      r.max_selling_price,
      r.marginality,
      r.total_sum,
      r.total_selling_sum,
      Number(r.packs_amount),
    ]).toEqual([
      r.id,
      money(f.min_selling_price),
      money(f.max_selling_price),
      money(f.marginality),
      money(f.total_sum),
      money(f.total_selling_sum),
      f.packs_amount,
    ]);
  }
});

test("every offer's harvest year is one the card takes on the data's day (issue 33: 1990 to next year, or a season)", async () => {
  const years = (await db.selectDistinct({ year: t.offers.harvest_year }).from(t.offers)).map((r) => r.year);
  expect(years.length).toBeGreaterThan(1);
  const day = businessDayOf(NOW, TIME_ZONE_DEFAULT);
  for (const year of years) expect([year, isHarvestYear(year ?? '', day)]).toEqual([year, true]);
});

test('every supplier has a valid INN: 10 digits for a company, 12 for an ИП', async () => {
  const suppliers = await db
    .select({ name: t.suppliers.name, inn: t.suppliers.inn, phone: t.suppliers.phone })
    .from(t.suppliers);
  expect(suppliers.length).toBeGreaterThanOrEqual(20);
  for (const s of suppliers) {
    expect([s.name, isValidInn(s.inn!)]).toEqual([s.name, true]);
    expect(s.inn).toHaveLength(s.name.startsWith('ИП ') ? 12 : 10);
    expect(s.phone).toMatch(/^7\d{10}$/);
  }
  expect(isValidInn('7707083893')).toBe(true); // a real company's INN
  expect(isValidInn('7707083894')).toBe(false);
});

test('the delivery matrix links every city to every city, itself too (its local delivery, issue 51)', async () => {
  const [cities] = await db.select({ n: sql<number>`count(*)::int` }).from(t.cities);
  const [routes] = await db
    .select({
      n: sql<number>`count(*)::int`,
      pairs: sql<number>`count(distinct (${t.cityDelivery.from_city_id}, ${t.cityDelivery.to_city_id}))::int`,
      self: sql<number>`count(*) filter (where ${t.cityDelivery.from_city_id} = ${t.cityDelivery.to_city_id})::int`,
    })
    .from(t.cityDelivery);
  expect(cities.n).toBeGreaterThanOrEqual(40);
  expect(routes).toEqual({ n: cities.n * cities.n, pairs: cities.n * cities.n, self: cities.n });
});

test("every demo reserve has its delivery days (issue 51: an edit of one without them was refused), its route's", async () => {
  const [none] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.reserves)
    .where(sql`${t.reserves.delivery_days} IS NULL OR ${t.reserves.delivery_days} <= 0`);
  expect(none.n).toBe(0);
  const differ = await db.execute(sql`SELECT r.id FROM reserves r JOIN offers o ON o.id = r.offer_id
    JOIN city_delivery d ON d.from_city_id = o.city_id AND d.to_city_id = r.city_id WHERE d.days > 0 AND d.days <> r.delivery_days`);
  expect(rowsOf(differ)).toEqual([]);
});

test('the data set is the same on every run', () => {
  const first = buildDemoPlan(NOW);
  const second = buildDemoPlan(NOW);
  expect(second.offers).toEqual(first.offers);
  expect(second.reserves.map((r) => r.buyer_name)).toEqual(first.reserves.map((r) => r.buyer_name));
});

test("each sold-out offer has its sell-out in its history (its last sale's day), so role 8 sees the lots' turnover as the admin does", async () => {
  // issue 35: role 8 saw 'Нет данных за период' where the administrator saw the demo's products
  const entries = rowsOf<{ offer: number; day: string; last: string; via: { step: string; ids: number[] }; n: number }>(
    await db.execute(sql`
    SELECT o.id AS offer, to_char(h.at AT TIME ZONE 'Europe/Moscow', 'YYYY-MM-DD') AS day, h.via,
      (SELECT max(r.actual_date_implementation)::text FROM reserves r WHERE r.offer_id = o.id AND r.status = 'completed') AS last,
      (SELECT count(*)::int FROM record_history x WHERE x.section = 'offers' AND x.record_id = o.id) AS n
    FROM offers o JOIN record_history h ON h.section = 'offers' AND h.record_id = o.id
      AND h.changes @> '[{"field": "status", "old": "active", "new": "completed"}]'::jsonb
    WHERE o.status = 'completed' ORDER BY o.id`),
  );
  const completed = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM offers WHERE status = 'completed'`),
  )[0].n;
  expect(completed).toBeGreaterThan(0);
  expect(entries).toHaveLength(completed);
  for (const e of entries) {
    expect([e.offer, e.day, e.n, e.via.step]).toEqual([e.offer, e.last, 1, 'complete']);
  }
  const [admin, warehouse] = await Promise.all(
    ['admin', 'warehouse'].map((who) => signIn(ctx.app, `${who}@nutdesk.demo`, DEMO_PASSWORD)),
  );
  const turnover = async (token: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/analytics/turnover?from=2024-06-02&to=2025-06-01',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
  const [asAdmin, asWarehouse] = [await turnover(admin), await turnover(warehouse)];
  expect(asAdmin.rows.length).toBeGreaterThan(0);
  expect(asWarehouse.rows).toEqual(asAdmin.rows);
});
