// Writes the demo data set (plan.ts) into an empty database in one transaction, table by table, in multi-row
// inserts. Ids come back from RETURNING, so the seed also works where an administrator already exists.
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import * as t from '../schema';
import { hashPassword } from '../../accounts/passwords';
import { DEMO_PASSWORD } from '../../../domain/api';
import { TIME_ZONE_DEFAULT, TIME_ZONE_SETTING } from '../../../domain/businessDay';
import { refreshDocumentsState } from '../../records/documentsState';
import { buildDemoPlan, SETTINGS, type UserKey } from './plan';
import { seedAccess } from './access';
import { seedBuyers } from './buyers';
import { seedDocuments } from './documents';
import { seedOffersAndReserves, seedSellOuts } from './offersReserves';
import { insertAll, insertIds } from './write';

export { buildDemoPlan } from './plan';
export { DEMO_DOCUMENTS } from './documents';

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
    const roleIds = await seedAccess(tx);

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

    const { offerIds, reserveIds } = await seedOffersAndReserves(tx, now, plan, {
      productIds,
      varietyIds,
      packingIds,
      cityIds,
      supplierIds,
      employeeIds,
      userIds,
    });
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

/** True when the database holds no offers yet: the signal to seed on first start. */
export async function hasNoOffers(db: Database): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(t.offers);
  return rows[0].n === 0;
}
