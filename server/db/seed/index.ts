// Writes the demo data set (plan.ts) into an empty database in one transaction, table by table, in multi-row
// inserts. Ids come back from RETURNING, so the seed also works where an administrator already exists.
import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import * as t from '../schema';
import { hashPassword } from '../../accounts/passwords';
import { DEMO_PASSWORD } from '../../../domain/api';
import { SPEC_HIDDEN_FIELDS } from '../../../domain/hiddenFields';
import { ACTIONS, RESOURCES } from '../../../domain/permissions';
import { currentTerms, type ReserveTerms } from '../../../domain/reserves/terms';
import { defaultReservedUntil } from '../../../domain/reserves/schema';
import { ROLES } from './data/roles';
import { companyInn } from './inn';
import { Random } from './random';
import { rowsOf } from '../rows';
import { buildDemoPlan, SETTINGS, type UserKey } from './plan';
import { businessDayOf, TIME_ZONE_DEFAULT, TIME_ZONE_SETTING } from '../../../domain/businessDay';
import { refreshDocumentsState } from '../../records/documentsState';
import { newStorageKey } from '../fileStores';

export { buildDemoPlan } from './plan';

/** Rows per INSERT: well under PostgreSQL's 65 535 bind parameters for the widest table. */
const BATCH = 500;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await tx.insert(table).values(rows.slice(i, i + BATCH));
}

/** Inserts and returns the new ids in the order of the rows. */
async function insertIds<T extends PgTable & { id: PgColumn }>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const inserted = (await tx
      .insert(table)
      .values(rows.slice(i, i + BATCH))
      .returning({ id: table.id })) as { id: number }[];
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

export interface SeedOptions {
  /** The day the data set is built around (offers of the last ~18 months up to it). */
  now?: Date;
}

export async function seedDemoData(db: Database, options: SeedOptions = {}): Promise<void> {
  const now = options.now ?? new Date();
  const plan = buildDemoPlan(now);
  // scrypt with OWASP's cost is deliberately slow: hash once, outside the transaction, for all four accounts.
  const password = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    // ---- roles: 1 and 8 with the spec's ids, the sequence moved past them for the rest
    const roleIds = {} as Record<UserKey, number>;
    for (const role of ROLES.filter((r) => r.id !== undefined)) {
      await tx.insert(t.roles).values({ id: role.id!, name: role.name });
      roleIds[role.key] = role.id!;
    }
    await tx.execute(
      sql`SELECT setval(pg_get_serial_sequence('roles', 'id'), GREATEST((SELECT max(id) FROM roles), 8))`,
    );
    for (const role of ROLES.filter((r) => r.id === undefined)) {
      const [row] = await tx.insert(t.roles).values({ name: role.name }).returning({ id: t.roles.id });
      roleIds[role.key] = row.id;
    }
    await insertAll(
      tx,
      t.rolePermissions,
      ROLES.flatMap((role) =>
        RESOURCES.flatMap((resource) =>
          ACTIONS.map((action) => ({
            role_id: roleIds[role.key],
            resource,
            action,
            scope: role.permissions[resource][action],
          })),
        ),
      ),
    );
    await insertAll(
      tx,
      t.roleHiddenFields,
      (['1', '8'] as const).flatMap((roleId) =>
        Object.entries(SPEC_HIDDEN_FIELDS[roleId]).flatMap(([resource, fields]) =>
          (fields ?? []).map((field) => ({ role_id: Number(roleId), resource, field })),
        ),
      ),
    );

    // ---- reference data
    const cityIds = await insertIds(
      tx,
      t.cities,
      plan.cities.map((c) => ({ name: c.name, status: 'active', created_at: c.created_at })),
    );
    await insertAll(
      tx,
      t.cityDelivery,
      plan.delivery.map((d) => ({
        from_city_id: cityIds[d.from],
        to_city_id: cityIds[d.to],
        cost: d.cost,
        days: d.days,
      })),
    );
    const positionIds = await insertIds(
      tx,
      t.positions,
      plan.positions.map((name) => ({ name })),
    );
    const productIds = await insertIds(
      tx,
      t.products,
      plan.products.map((p) => ({
        name: p.name,
        status: p.status,
        created_at: p.created_at,
        deleted_at: p.deleted_at,
      })),
    );
    const varietyIds = await insertIds(
      tx,
      t.varieties,
      plan.varieties.map((v) => ({ name: v.name, product_id: productIds[v.product] })),
    );
    const packingIds = await insertIds(
      tx,
      t.packing,
      plan.packing.map((name) => ({ name })),
    );

    const supplierIds = await insertIds(
      tx,
      t.suppliers,
      plan.suppliers.map((s) => ({
        name: s.name,
        inn: s.inn,
        phone: s.phone,
        email: s.email,
        contact_name: s.contact_name,
        location: s.location,
        loading_address: s.loading_address,
        city_id: cityIds[s.city],
        status: s.status,
        created_at: s.created_at,
        deleted_at: s.deleted_at,
      })),
    );
    const employeeIds = await insertIds(
      tx,
      t.employees,
      plan.employees.map((e) => ({
        full_name: e.full_name,
        phone: e.phone,
        email: e.email,
        position_id: positionIds[e.position],
        status: e.status,
        created_at: e.created_at,
        deleted_at: e.deleted_at,
      })),
    );

    // ---- the demo accounts
    const account = (email: string, name: string) => ({
      email,
      name,
      password_hash: password.hash,
      password_salt: password.salt,
      status: 'active',
    });
    const users: Record<UserKey, typeof t.users.$inferInsert> = {
      admin: {
        ...account('admin@nutdesk.demo', 'Администратор'),
        user_type: 'admin',
        is_admin: true,
        role_id: roleIds.admin,
      },
      manager: {
        ...account('manager@nutdesk.demo', plan.employees[plan.managerEmployee].full_name),
        user_type: 'employee',
        is_admin: false,
        role_id: roleIds.manager,
        employee_id: employeeIds[plan.managerEmployee],
      },
      warehouse: {
        ...account('warehouse@nutdesk.demo', plan.employees[plan.warehouseEmployee].full_name),
        user_type: 'employee',
        is_admin: false,
        role_id: roleIds.warehouse,
        employee_id: employeeIds[plan.warehouseEmployee],
      },
      supplier: {
        ...account('supplier@nutdesk.demo', plan.suppliers[plan.demoSupplier].contact_name),
        user_type: 'supplier',
        is_admin: false,
        role_id: roleIds.supplier,
        supplier_id: supplierIds[plan.demoSupplier],
      },
    };
    const userKeys = Object.keys(users) as UserKey[];
    const userIds = {} as Record<UserKey, number>;
    for (const key of userKeys) {
      // create-admin may have made the admin account already: take it over with the demo password.
      const [row] = await tx
        .insert(t.users)
        .values(users[key])
        .onConflictDoUpdate({ target: t.users.email, set: { ...users[key] } })
        .returning({ id: t.users.id });
      userIds[key] = row.id;
    }

    // ---- offers, then reserves against them. The seed writes each offer whole, its stock figures included:
    // they are the sums of the plan's reserves (seed.test.ts checks it, the CHECK constraints refuse less than
    // zero). At run time only server/sections/offers/stock.ts changes them.
    const offerIds = await insertIds(
      tx,
      t.offers,
      plan.offers.map((o) => ({
        product_id: productIds[o.product],
        variety_id: o.variety === null ? null : varietyIds[o.variety],
        packing_id: packingIds[o.packing],
        city_id: cityIds[o.city],
        supplier_id: supplierIds[o.supplier],
        status: o.status,
        harvest_year: o.harvest_year,
        origin_country: o.origin_country,
        unit_measure: o.unit_measure,
        unit_weight: o.unit_weight,
        units_per_pack: o.units_per_pack,
        unit_amount: o.unit_amount,
        unit_price: o.unit_price,
        total_sum: o.total_sum,
        kg_price: o.kg_price,
        warehouse_cost: o.warehouse_cost,
        loading_address: o.loading_address,
        min_unit_price: o.min_unit_price,
        max_unit_price: o.max_unit_price,
        reserved_amount: o.reserved_amount,
        purchased_amount: o.purchased_amount,
        created_by: userIds[o.created_by],
        created_at: o.created_at,
        deleted_at: o.deleted_at,
      })),
    );
    const yesterday = isoDate(new Date(now.getTime() - 24 * 3600 * 1000));
    const reserveIds = await insertIds(
      tx,
      t.reserves,
      plan.reserves.map((r, index) => ({
        offer_id: offerIds[r.offer],
        status: r.status,
        amount: r.amount,
        packs_amount: r.packs_amount,
        unit_price: r.unit_price,
        total_sum: r.total_sum,
        unit_selling_price: r.unit_selling_price,
        total_selling_sum: r.total_selling_sum,
        min_selling_price: r.min_selling_price,
        max_selling_price: r.max_selling_price,
        marginality: r.marginality,
        route_marginality: r.route_marginality,
        estimated_date_implementation: isoDate(r.estimated_date_implementation),
        actual_date_implementation: r.actual_date_implementation && isoDate(r.actual_date_implementation),
        buyer_name: r.buyer_name,
        buyer_phone: r.buyer_phone,
        city_id: cityIds[r.city],
        delivery_address: r.delivery_address,
        delivery_cost: r.delivery_cost,
        delivery_days: r.delivery_days,
        responsible_id: employeeIds[r.responsible],
        // the terms each was priced on: its offer's and the demo's settings (domain/reserves/terms.ts)
        ...termsOf(
          currentTerms(
            { kg_price: plan.offers[r.offer].kg_price, unit_weight: plan.offers[r.offer].unit_weight },
            SETTINGS,
          ),
        ),
        // an active one holds from the day of the seed, never past an estimated date ahead; every 25th's
        // buyer went quiet: it was due yesterday, and the expiry job makes it 'Просрочен' at the first start
        reserved_until:
          r.status !== 'active'
            ? null
            : index % 25 === 0
              ? yesterday
              : defaultReservedUntil(
                  isoDate(now),
                  SETTINGS.reserve_hold_days,
                  isoDate(r.estimated_date_implementation),
                ),
        created_by: userIds[r.created_by],
        created_at: r.created_at,
        deleted_at: r.deleted_at,
      })),
    );

    await seedBuyers(tx, now);
    await seedSellOuts(tx, now);
    await seedDocuments(tx, now, plan, offerIds, userIds);

    // ---- comments and business settings
    await insertAll(
      tx,
      t.comments,
      plan.comments.map((c) => ({
        entity_type: c.entity,
        entity_id: c.entity === 'offers' ? offerIds[c.index] : reserveIds[c.index],
        author_id: userIds[c.author],
        text: c.text,
        created_at: c.created_at,
      })),
    );
    // migration 0011 wrote reserve_hold_days already: the demo's value replaces it
    await tx
      .insert(t.businessSettings)
      .values([
        ...Object.entries(SETTINGS).map(([name, value]) => ({ name, value: String(value) })),
        { name: TIME_ZONE_SETTING, value: TIME_ZONE_DEFAULT },
      ])
      .onConflictDoUpdate({ target: t.businessSettings.name, set: { value: sql`excluded.value` } });
    // the lots' papers as stored, by the settings just written: the seed writes offers directly
    await refreshDocumentsState(tx, sql`true`, false);
  });
}

/** The business day of a seeded instant (the demo's zone is the default one). */
const isoDate = (d: Date) => businessDayOf(d, TIME_ZONE_DEFAULT);
/** The demo's buyers: one per distinct buyer name and phone of the reserves (as migration 0018 makes them
 * from a database's reserves), with real-looking INNs; every third on 14 days' deferral with a limit, the rest on
 * prepayment. Most sales are paid within terms; a few buyers are overdue and two near their limit. */
async function seedBuyers(tx: Tx, now: Date) {
  const random = new Random('buyers');
  const made = rowsOf<{ id: number }>(
    await tx.execute(sql`INSERT INTO buyers (name, phone, city_id, delivery_address, responsible_id, created_by, created_at)
    SELECT DISTINCT ON (btrim(buyer_name), coalesce(buyer_phone, '')) btrim(buyer_name), buyer_phone, city_id, delivery_address, responsible_id, created_by, created_at
    FROM reserves WHERE buyer_name IS NOT NULL AND btrim(buyer_name) <> ''
    ORDER BY btrim(buyer_name), coalesce(buyer_phone, ''), created_at DESC, id DESC RETURNING id`),
  );
  for (const [i, { id }] of made.entries()) {
    const deferral = i % 3 === 0;
    await tx
      .update(t.buyers)
      .set({
        inn: companyInn(random, String(random.int(10, 78))),
        contact_person: null,
        payment_terms: deferral ? 'deferral' : 'prepay',
        deferral_days: deferral ? 14 : null,
        credit_limit: deferral ? '3000000.00' : null,
      })
      .where(sql`id = ${id}`);
  }
  await tx.execute(sql`UPDATE reserves r SET buyer_id = b.id FROM buyers b
    WHERE b.name = btrim(r.buyer_name) AND coalesce(b.phone, '') = coalesce(r.buyer_phone, '')`);
  // a believable credit story: prepayment buyers paid on the day; deferral buyers paid in full within their
  // terms (a third of the sales still within terms paid half ahead, the rest not yet due); a few buyers (every 50th
  // card) left their latest sale past its due day unpaid: the overdue ones
  const today = isoDate(now);
  const due = sql`r.actual_date_implementation + CASE WHEN b.payment_terms = 'deferral' THEN coalesce(b.deferral_days, 0) ELSE 0 END`;
  const late = sql`b.id % 50 = 7 AND r.id = (SELECT r2.id FROM reserves r2 WHERE r2.buyer_id = b.id AND r2.status = 'completed'
      AND r2.total_selling_sum > 0 AND r2.actual_date_implementation + CASE WHEN b.payment_terms = 'deferral' THEN coalesce(b.deferral_days, 0) ELSE 0 END < ${today}::date
    ORDER BY r2.actual_date_implementation DESC, r2.id DESC LIMIT 1)`;
  await tx.execute(sql`INSERT INTO payments (reserve_id, date, amount, comment, created_by, created_at)
    SELECT r.id, d.day, CASE WHEN ${due} < ${today}::date THEN r.total_selling_sum ELSE round(r.total_selling_sum / 2, 2) END,
      'Оплата по счету', r.created_by, d.day
    FROM reserves r JOIN buyers b ON b.id = r.buyer_id
    CROSS JOIN LATERAL (SELECT least(r.actual_date_implementation + CASE WHEN b.payment_terms = 'deferral' THEN r.id % (coalesce(b.deferral_days, 0) + 1) ELSE 0 END,
      ${today}::date) AS day) d
    WHERE r.status = 'completed' AND r.total_selling_sum > 0 AND r.actual_date_implementation <= ${today}::date
      AND (${due} < ${today}::date OR r.id % 3 = 0) AND NOT (${late})`);
  // the deferral buyers' limits: 3 000 000,00, or half as much again as a bigger buyer owes and holds; one or two near
  // their limit: the two who owe and hold the most, none overdue, get a limit a few per cent above it
  await tx.execute(sql`UPDATE buyers SET credit_limit = CASE WHEN e.near THEN ceil(e.exposure * 1.04 / 10000) * 10000
      ELSE greatest(3000000, ceil(e.exposure * 1.5 / 100000) * 100000) END
    FROM (SELECT x.id, x.exposure, x.id % 50 <> 7 AND x.exposure > 0
        AND row_number() OVER (PARTITION BY x.id % 50 <> 7 ORDER BY x.exposure DESC, x.id) <= 2 AS near
      FROM (SELECT b.id, (SELECT coalesce(sum(greatest(r.total_selling_sum - coalesce((SELECT sum(p.amount) FROM payments p WHERE p.reserve_id = r.id), 0), 0)), 0)
          FROM reserves r WHERE r.buyer_id = b.id AND r.status = 'completed')
        + (SELECT coalesce(sum(r.total_selling_sum), 0) FROM reserves r WHERE r.buyer_id = b.id AND r.status = 'active') AS exposure
      FROM buyers b WHERE b.payment_terms = 'deferral') x) e
    WHERE buyers.id = e.id`);
}
/** Which of the demo's active imported lots lack their phytosanitary certificate, and which hold one that runs out
 * within the notice days, by the lot's place among them: one in 25 missing, two in 25 expiring, the rest valid for
 * 45 days to a year (as a warehouse keeps them: most papers in order, a few to chase). */
export const DEMO_DOCUMENTS = { every: 25, missing: [4], expiring: [9, 21] } as const;

/** The demo lots' papers: the demo said almost no lot could ship ('Нет документов: Фитосанитарный
 * сертификат' on 234 of 238 price-list lines). Every imported lot gets its phytosanitary certificate (the type the
 * imported lots need), every third a quality certificate, a Russian lot its EAEU declaration; a few of the active
 * imported lots miss it or hold one that expires soon (DEMO_DOCUMENTS). Each document is a short text file in the
 * database's file store (so a copy of the database carries its files, on either engine), typed, numbered and dated,
 * the phytosanitary certificates shown to buyers. The stored documents state is written after it (refreshDocumentsState). */
async function seedDocuments(
  tx: Tx,
  now: Date,
  plan: ReturnType<typeof buildDemoPlan>,
  offerIds: number[],
  userIds: Record<UserKey, number>,
) {
  const types = Object.fromEntries(
    rowsOf<{ code: string; id: number; name: string }>(
      await tx.execute(sql`SELECT code, id, name FROM document_types WHERE code IS NOT NULL`),
    ).map((d) => [d.code, d]),
  );
  const today = isoDate(now);
  const shift = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const shown = (day: string) => day.split('-').reverse().join('.');
  const russian = (origin: string) => ['россия', 'рф', 'российская федерация'].includes(origin.trim().toLowerCase());
  type Doc = {
    offer: number;
    type: string;
    number: string;
    issued_on: string;
    valid_until: string;
    issuer: string;
    shareable: boolean;
  };
  const docs: Doc[] = [];
  let activeImported = 0;
  plan.offers.forEach((o, i) => {
    const issued = isoDate(o.created_at) < today ? isoDate(o.created_at) : today;
    const serial = String(100000 + i);
    if (russian(o.origin_country)) {
      docs.push({
        offer: i,
        type: 'eaeu_declaration',
        number: `ЕАЭС N RU Д-RU.РА01.В.${serial}/26`,
        issued_on: issued,
        valid_until: shift(today, 400 + (i % 200)),
        issuer: 'ООО «Центр сертификации»',
        shareable: true,
      });
      return;
    }
    let place = -1;
    if (o.status === 'active') place = activeImported++ % DEMO_DOCUMENTS.every;
    if ((DEMO_DOCUMENTS.missing as readonly number[]).includes(place)) return;
    const expiring = (DEMO_DOCUMENTS.expiring as readonly number[]).includes(place);
    const until = expiring ? shift(today, 3 + (i % 9)) : shift(today, 45 + ((i * 37) % 320));
    docs.push({
      offer: i,
      type: 'phytosanitary',
      number: `ФСС-${today.slice(0, 4)}-${serial}`,
      issued_on: issued,
      valid_until: until,
      issuer: `Служба карантина растений (${o.origin_country})`,
      shareable: true,
    });
    if (i % 3 === 0) {
      docs.push({
        offer: i,
        type: 'quality',
        number: `СК-${serial}`,
        issued_on: issued,
        valid_until: shift(until, 30),
        issuer: `Лаборатория поставщика (${o.origin_country})`,
        shareable: false,
      });
    }
  });
  const contents = docs.map((d) => {
    const o = plan.offers[d.offer];
    const lot = [
      plan.products[o.product].name,
      o.variety === null ? null : plan.varieties[o.variety].name,
      o.origin_country,
      `урожай ${o.harvest_year}`,
    ]
      .filter(Boolean)
      .join(', ');
    return Buffer.from(
      [
        `${types[d.type].name} № ${d.number}`,
        `Партия: предложение № ${offerIds[d.offer]}, ${lot}`,
        `Выдан: ${d.issuer}, ${shown(d.issued_on)}`,
        `Действует до: ${shown(d.valid_until)}`,
        'Демонстрационный документ NutDesk: образец для знакомства с программой.',
        '',
      ].join('\n'),
      'utf8',
    );
  });
  const keys = docs.map(() => newStorageKey());
  await insertAll(
    tx,
    t.fileChunks,
    docs.map((_d, i) => ({ storage_key: keys[i], seq: 0, data: contents[i] })),
  );
  const fileIds = await insertIds(
    tx,
    t.files,
    docs.map((d, i) => ({
      kind: 'document',
      entity_type: 'offers',
      entity_id: offerIds[d.offer],
      original_name: `${types[d.type].name} ${d.number.replace(/[/\\]/g, '-')}.txt`,
      mime: 'text/plain',
      size: contents[i].length,
      storage_path: keys[i],
      store: 'database',
      created_by: userIds[plan.offers[d.offer].created_by],
      created_at: plan.offers[d.offer].created_at,
    })),
  );
  await insertAll(
    tx,
    t.offerDocuments,
    docs.map((d, i) => ({
      offer_id: offerIds[d.offer],
      file_id: fileIds[i],
      type_id: types[d.type].id,
      number: d.number,
      issued_on: d.issued_on,
      valid_until: d.valid_until,
      issuer: d.issuer,
      shareable: d.shareable,
      created_by: userIds[plan.offers[d.offer].created_by],
      created_at: plan.offers[d.offer].created_at,
      // what the demo shows buyers is confirmed as shared when it was added
      ...(d.shareable && {
        share_confirmed_by: userIds[plan.offers[d.offer].created_by],
        share_confirmed_at: plan.offers[d.offer].created_at,
      }),
    })),
  );
}

/** The demo's sold-out offers carry the history entry the stock writer makes when a reserve takes an offer's last
 * units ('Статус: Активный → Выполнен', caused by 'Резерв № N завершен', by whoever placed it, at noon of its sale
 * day): the lots' turnover reads the sell-out day from it, so a role the reserves' sale dates are hidden from
 * (role 8) sees the days of the demo's lots too, as it does for every lot sold out since. */
async function seedSellOuts(tx: Tx, now: Date) {
  await tx.execute(sql`INSERT INTO record_history (section, record_id, action, user_id, at, changes, via)
    SELECT 'offers', o.id, 'stock', last.created_by, (last.day + time '12:00') AT TIME ZONE ${TIME_ZONE_DEFAULT},
      jsonb_build_array(jsonb_build_object('field', 'status', 'old', 'active', 'new', 'completed')),
      jsonb_build_object('section', 'reserves', 'step', 'complete', 'ids', jsonb_build_array(last.id))
    FROM offers o CROSS JOIN LATERAL (SELECT r.id, r.created_by, r.actual_date_implementation AS day FROM reserves r
      WHERE r.offer_id = o.id AND r.status = 'completed' AND r.actual_date_implementation <= ${isoDate(now)}::date
      ORDER BY r.actual_date_implementation DESC, r.id DESC LIMIT 1) last
    WHERE o.status = 'completed'`);
}
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const termsOf = (t: ReserveTerms) => ({
  offer_price_kg: text(t.offer_price_kg),
  unit_weight: text(t.unit_weight),
  costs_per_kg: text(t.costs_per_kg),
  min_markup: text(t.min_markup),
  max_markup: text(t.max_markup),
});

/** True when the database holds no offers yet: the signal to seed on first start. */
export async function hasNoOffers(db: Database): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(t.offers);
  return rows[0].n === 0;
}
