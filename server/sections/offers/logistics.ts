// A lot on its way, on the server: the offer's active reserves
// locked before the offer (a reserve's own steps lock it, then its offer: one order for every writer), and the
// reserves' dates moving with the lot's expected arrival.
import { sql } from 'drizzle-orm';
import dayjs from 'dayjs';
import type { Database } from '../../db/client';
import { roundedOf, select, selectRows, textOf } from '../../db/rows';
import { reserves } from '../../db/schema';
import { pendingArrival } from '../../../domain/offers/logistics';
import { defaultReservedUntil } from '../../../domain/reserves/schema';
import { readBusinessSettings } from '../../settings';
import { NOTIFICATION_TEXT } from '../../../domain/notifications';
import { changeRecord, type Author } from '../../records/history';
import { notify, recipients } from '../../records/notify';

/** The offer's active reserves, oldest first, locked until the transaction ends. */
export async function activeReserves(tx: Database, offerId: number) {
  const r = reserves;
  return (
    await selectRows(
      tx,
      select({
        id: r.id,
        amount: roundedOf(r.amount),
        unit_price: roundedOf(r.unit_price),
        unit_selling_price: roundedOf(r.unit_selling_price),
        estimated: textOf(r.estimated_date_implementation),
        until: textOf(r.reserved_until),
      }),
      sql`FROM ${r} WHERE ${r.offer_id} = ${offerId} AND ${r.status} = 'active' ORDER BY ${r.created_at}, ${r.id} FOR UPDATE`,
    )
  ).map((row) => ({ ...row, id: Number(row.id) }));
}

/** RecordSection.lockFirst of offers: the reserves an offer's write may move, locked before the offer. */
export const lockOfferReserves = async (tx: Database, offerId: number) => {
  await tx.execute(
    sql`SELECT id FROM reserves WHERE offer_id = ${offerId} AND status = 'active' ORDER BY id FOR UPDATE`,
  );
};

export interface LotWay {
  logistics_state?: string | null;
  expected_arrival?: string | null;
}

const later = (a: string, b: string) => (a > b ? a : b);

/**
 * The offer's expected arrival moved from `before` to `after` (an edit of the card). A reserve on a lot on its way is
 * due no earlier than the lot and holds until it comes, so when the lot is expected later, its active reserves'
 * estimated date and 'Резерв до' move later by as many days (never to before the new day), each a change of the
 * reserve (its version and history), and each reserve's responsible is told the old and the new day. A lot put
 * on its way that was on stock has no old day: its reserves' dates that fall before the new day move to it, and
 * a hold that ends before it runs the hold days from it.
 * Answers how many reserves moved.
 */
export async function moveReservesWithArrival(
  tx: Database,
  by: Author,
  offerId: number,
  before: LotWay,
  after: LotWay,
): Promise<number> {
  const to = pendingArrival(after);
  const from = pendingArrival(before);
  if (!to || (from && to <= from)) return 0;
  const delay = from ? dayjs(to).diff(dayjs(from), 'day') : 0;
  const moved = (day: string | null) => (day ? later(dayjs(day).add(delay, 'day').format('YYYY-MM-DD'), to) : null);
  // a lot put on its way: a hold that would end before it comes runs its hold days from the day it is expected
  //, as a new reserve's would, within the date of implementation
  const holdDays = from ? undefined : (await readBusinessSettings(tx)).reserve_hold_days;
  const held = (until: string | null, estimated: string | null) =>
    from || !until || until >= to ? moved(until) : defaultReservedUntil(to, holdDays, estimated, to);
  let count = 0;
  for (const reserve of await activeReserves(tx, offerId)) {
    const estimated = moved(reserve.estimated);
    const until = held(reserve.until, estimated);
    if (estimated !== reserve.estimated || until !== reserve.until) {
      await changeRecord(
        tx,
        by,
        'reserves',
        reserve.id,
        sql`estimated_date_implementation = ${estimated}::date, reserved_until = ${until}::date`,
      );
      count++;
    }
    if (from) {
      await notify(tx, {
        to: recipients.responsibleOf(reserve.id),
        kind: 'arrival_moved',
        section: 'reserves',
        recordId: reserve.id,
        text: NOTIFICATION_TEXT.arrival_moved(reserve.id, offerId, from, to),
        by,
      });
    }
  }
  return count;
}
