// POST /api/offers/{id}/arrival, 'Принять поступление': a lot on its way arrives with what actually came
// on the day it came. In one transaction, on the version of the offer the user saw: the offer becomes 'На складе'
// with that quantity, and when less came than its active reserves hold (beyond what completed reserves bought),
// the shortfall is shared by the business setting shortfall_rule (domain/offers/logistics.ts): each cut reserve
// is changed (its version and history; one cut to nothing is cancelled) and its responsible told the new amount.
// The offer's reserved amount moves through the stock writer; its reserves are locked before it, as every writer
// of them does, so a reserve placed meanwhile waits for the arrival and then sees what is left.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { arrivalSchema } from '../../../domain/offers/arrival';
import {
  ARRIVAL_MSG,
  cutToNothing,
  cutTotal,
  leftForReserves,
  ON_STOCK,
  resizedFigures,
  shareShortfall,
  type ReserveCut,
} from '../../../domain/offers/logistics';
import { offerFigures, offerSellingBand } from '../../../domain/offers/figures';
import { NOTIFICATION_TEXT } from '../../../domain/notifications';
import { money } from '../../../domain/numbers';
import { readBusinessSettings, readShortfallRule } from '../../settings';
import { badRequest } from '../../errors';
import { todayOf } from '../../db/businessDay';
import { roundedOf, select, selectFirst, textOf, type SelectedRow } from '../../db/rows';
import { offers } from '../../db/schema';
import { validateCard } from '../../records/card';
import { changeRecord, type Author } from '../../records/history';
import { notify, recipients } from '../../records/notify';
import { type Row } from '../../records/pipeline';
import { recordStep } from '../../records/recordWrites';
import { activeReserves } from './logistics';
import { offerRecord } from './record';
import { arrivalChange } from './stock';

/** The offer's figures an arrival reads, as stored. */
const LOT = select({
  purchased: roundedOf(offers.purchased_amount),
  unit_measure: offers.unit_measure,
  unit_price: roundedOf(offers.unit_price),
  unit_weight: textOf(offers.unit_weight),
  units_per_pack: textOf(offers.units_per_pack),
  kg_price: roundedOf(offers.kg_price),
  warehouse_cost: roundedOf(offers.warehouse_cost),
  landed_kg_cost: roundedOf(offers.landed_kg_cost),
});
type Lot = SelectedRow<typeof LOT>;

/** One reserve cut by a short arrival: its amount and the sums that follow it, or cancelled when nothing is left. */
async function cutReserve(
  tx: Database,
  by: Author,
  offerId: number,
  cut: ReserveCut,
  reserve: { unit_price: string | null; unit_selling_price: string | null },
  lot: Lot,
) {
  const figures = resizedFigures(cut.to, reserve, lot.units_per_pack);
  const set = cutToNothing(cut)
    ? sql`status = 'cancelled'`
    : sql`amount = ${figures.amount}::numeric, total_sum = ${figures.total_sum}::numeric, total_selling_sum = ${figures.total_selling_sum}::numeric,
      packs_amount = ${figures.packs_amount}::numeric`;
  await changeRecord(tx, by, 'reserves', cut.reserve_id, set);
  await notify(tx, {
    to: recipients.responsibleOf(cut.reserve_id),
    kind: 'reserve_cut',
    section: 'reserves',
    recordId: cut.reserve_id,
    text: NOTIFICATION_TEXT.reserve_cut(cut.reserve_id, offerId, cut.from, cut.to),
    by,
  });
}

export async function acceptArrival(
  db: Database,
  auth: AuthenticatedUser,
  id: number,
  body: Row,
): Promise<{ offer: Row; cut: ReserveCut[] }> {
  let cut: ReserveCut[] = [];
  const offer = await recordStep(db, auth, offerRecord, id, body, 'arrival', async (tx, before) => {
    if (before.status !== 'active') throw badRequest(ARRIVAL_MSG.notActive);
    if ((before.logistics_state ?? ON_STOCK) === ON_STOCK) throw badRequest(ARRIVAL_MSG.onStock);
    // not after the business day (setting time_zone)
    const valid = await validateCard(arrivalSchema(before.unit_measure as string | null, await todayOf(tx)), body);
    const received = money(valid.amount as number)!;
    const lot = (await selectFirst(tx, LOT, sql`FROM ${offers} WHERE ${offers.id} = ${id}`))!;
    const left = leftForReserves(received, lot.purchased);
    if (left === null) throw badRequest(ARRIVAL_MSG.belowPurchased(lot.purchased));
    // every active reserve, the ones placed while the arrival waited for the lock included
    const reserves = await activeReserves(tx, id);
    cut = shareShortfall(reserves, left, await readShortfallRule(tx), lot.unit_measure);
    for (const c of cut)
      await cutReserve(
        tx,
        auth.user.id,
        id,
        c,
        reserves.find((r) => r.id === c.reserve_id)!,
        lot,
      );
    const stock = await arrivalChange(tx, id, received, cutTotal(cut));
    // the figures that follow the quantity, as an edit of it computes them
    const figures = offerFigures({ ...lot, unit_amount: received });
    const band = offerSellingBand({ ...lot, unit_amount: received }, await readBusinessSettings(tx));
    return sql`${stock}, total_sum = ${money(figures.total_sum)}::numeric, min_unit_price = ${money(band.min_unit_price)}::numeric,
      max_unit_price = ${money(band.max_unit_price)}::numeric, logistics_state = ${ON_STOCK}, expected_arrival = ${String(valid.date).slice(0, 10)}::date,
      status = CASE WHEN purchased_amount >= ${received}::numeric THEN 'completed' ELSE status END`;
  });
  return { offer, cut };
}
