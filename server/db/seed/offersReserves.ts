// The demo's offers and the reserves against them, written whole: their stock figures are the sums of the plan's
// reserves, and the sold-out lots carry the stock writer's history entry.
import { sql } from 'drizzle-orm';
import * as t from '../schema';
import { currentTerms, type ReserveTerms } from '../../../domain/reserves/terms';
import { defaultReservedUntil } from '../../../domain/reserves/schema';
import { TIME_ZONE_DEFAULT } from '../../../domain/businessDay';
import { SETTINGS, type buildDemoPlan, type UserKey } from './plan';
import { insertIds, isoDate, type Tx } from './write';

/** The ids the plan's indexes map to, written before the offers. */
export interface SeededIds {
  productIds: number[];
  varietyIds: number[];
  packingIds: number[];
  cityIds: number[];
  supplierIds: number[];
  employeeIds: number[];
  userIds: Record<UserKey, number>;
}

export async function seedOffersAndReserves(
  tx: Tx,
  now: Date,
  plan: ReturnType<typeof buildDemoPlan>,
  ids: SeededIds,
): Promise<{ offerIds: number[]; reserveIds: number[] }> {
  const { productIds, varietyIds, packingIds, cityIds, supplierIds, employeeIds, userIds } = ids;
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
            : defaultReservedUntil(isoDate(now), SETTINGS.reserve_hold_days, isoDate(r.estimated_date_implementation)),
      created_by: userIds[r.created_by],
      created_at: r.created_at,
      deleted_at: r.deleted_at,
    })),
  );

  return { offerIds, reserveIds };
}

/** The demo's sold-out offers carry the history entry the stock writer makes when a reserve takes an offer's last
 * units ('Статус: Активный → Выполнен', caused by 'Резерв № N завершен', by whoever placed it, at noon of its sale
 * day): the lots' turnover reads the sell-out day from it, so a role the reserves' sale dates are hidden from
 * (role 8) sees the days of the demo's lots too, as it does for every lot sold out since. */
export async function seedSellOuts(tx: Tx, now: Date) {
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
