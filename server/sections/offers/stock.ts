// The one writer of an offer's stock figures: reserved_amount, purchased_amount and (through unit_amount)
// available_amount = unit_amount − reserved − purchased. Every operation runs inside the caller's transaction
// with the offer row locked (SELECT … FOR UPDATE), so two reserves on one offer cannot both take the last
// units, and compares amounts in SQL numerics, never floats. The CHECK constraints of migration 0003 are the
// second line behind this file. Each change a reserve causes is recorded in the offer's history here, in the
// same transaction, with the reserve(s) and the step that caused it.
import { sql, type Column, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { alias } from 'drizzle-orm/pg-core';
import { assign, bare, returningRows, select, selectFirst, selectRows, type SelectedRow } from '../../db/rows';
import { offers } from '../../db/schema';
import { OFFER_WRITE_MSG } from '../../../domain/offers/schema';
import { STOCK_MSG } from '../../../domain/reserves/messages';
import type { HistoryCause } from '../../../domain/history';
import { diff, recordHistory, type Author } from '../../records/history';
import { notify, recipients } from '../../records/notify';
import { NOTIFICATION_TEXT } from '../../../domain/notifications';

/** The transaction handle the caller holds (drizzle's tx, typed as the database it runs on). */
type Tx = Database;
/** An amount as the database keeps it: a numeric string ('12.50'). */
type Amount = string;

/** Who moves the stock and which reserves' step: what the offer's history tells of the change. */
export interface StockCause {
  by: Author;
  via: HistoryCause;
}

/** An amount of the offer rounded to two places, as the stock's figures read it. */
const round2 = (column: Column) => sql<Amount>`round(${column}, 2)::text`;

/** The offers table under the alias `o`, for the statements over many offers. */
const O = alias(offers, 'o');

/** An offer's stock figures (of the table, or of its alias in a statement that names it so). */
const stockOf = (o: typeof offers | typeof O) =>
  select({
    id: o.id,
    status: o.status,
    unit_amount: round2(o.unit_amount),
    reserved_amount: round2(o.reserved_amount),
    purchased_amount: round2(o.purchased_amount),
    available_amount: round2(o.available_amount),
  });
const STOCK = stockOf(offers);

/** An offer's stock figures: its id and status, its amounts as numeric strings rounded to two places. */
export type OfferStock = SelectedRow<typeof STOCK>;

/** Locks the offer row until the caller's transaction ends and returns its figures; 404 when there is none. */
export async function lockOffer(tx: Tx, offerId: number): Promise<OfferStock> {
  const offer = await selectFirst(tx, STOCK, sql`FROM ${offers} WHERE ${offers.id} = ${offerId} FOR UPDATE`);
  if (!offer) throw notFound(STOCK_MSG.offerMissing);
  return offer;
}

/** Writes the locked offer's figures; with a cause, records their change in the offer's history. */
async function write(tx: Tx, before: OfferStock, set: SQL, cause?: StockCause): Promise<OfferStock> {
  const [after] = await returningRows(tx, sql`UPDATE ${offers} SET ${set} WHERE ${offers.id} = ${before.id}`, STOCK);
  if (cause)
    await recordHistory(tx, cause.by, [
      {
        section: 'offers',
        recordId: before.id,
        action: 'stock',
        changes: diff('offers', before, after),
        via: cause.via,
      },
    ]);
  await tellStockGone(tx, before, after, cause?.by);
  return after;
}

/** The offer's author and its supplier's users (once each), of an offer whose stock just ran out:
 * 'распродано' when it is purchased out (nothing free, nothing held); when the last free unit went to a reserve, that
 * it is fully reserved, in those words and only to those of them who read reserves, since a reserve may
 * still expire or be cancelled and a supplier's user is not told of reserves. */
async function tellStockGone(tx: Tx, before: OfferStock, after: OfferStock, by: Author | undefined): Promise<void> {
  const free = (o: OfferStock) => Number(o.available_amount) > 0;
  const held = (o: OfferStock) => Number(o.reserved_amount) > 0;
  const to = sql`(${recipients.authorOf(before.id)}) OR (${recipients.supplierOf(before.id)})`;
  if (free(after)) return;
  if (!held(after) && (free(before) || held(before)) && Number(after.purchased_amount) > 0) {
    await notify(tx, {
      to,
      kind: 'offer_sold_out',
      section: 'offers',
      recordId: before.id,
      text: NOTIFICATION_TEXT.offer_sold_out(before.id),
      by,
    });
  } else if (held(after) && free(before)) {
    await notify(tx, {
      to: sql`(${to}) AND ${recipients.readsReserves()}`,
      kind: 'offer_fully_reserved',
      section: 'offers',
      recordId: before.id,
      text: NOTIFICATION_TEXT.offer_fully_reserved(before.id),
      by,
    });
  }
}

/** The reserved amount given back (a release, a reserve made smaller, one completed). */
const giveBack = (amount: Amount): SQL =>
  assign(offers.reserved_amount, sql`${offers.reserved_amount} - ${amount}::numeric`);

/** Refuses to take stock from an offer that is not active (deleted, or completed). */
function assertReservable(offer: OfferStock) {
  if (offer.status === 'deleted') throw badRequest(STOCK_MSG.offerDeleted);
  if (offer.status !== 'active') throw badRequest(STOCK_MSG.offerNotActive);
}

async function take(tx: Tx, offer: OfferStock, amount: Amount, cause: StockCause): Promise<OfferStock> {
  const short = (await selectFirst(
    tx,
    select({ short: sql<boolean>`${amount}::numeric > ${offer.available_amount}::numeric` }),
  ))!.short;
  if (short) throw badRequest(STOCK_MSG.notEnough(offer.available_amount));
  return write(tx, offer, assign(offers.reserved_amount, sql`${offers.reserved_amount} + ${amount}::numeric`), cause);
}

/** A reserve takes `amount` of an active offer's available stock (400 when not that much is free). */
export async function reserve(tx: Tx, offerId: number, amount: Amount, cause: StockCause): Promise<OfferStock> {
  const offer = await lockOffer(tx, offerId);
  assertReservable(offer);
  return take(tx, offer, amount, cause);
}

/** An active reserve's amount edited from `from` to `to`: more takes from what is available (as a new reserve
 * would), less gives the difference back. The difference is computed in SQL numerics. */
export async function resize(
  tx: Tx,
  offerId: number,
  from: Amount,
  to: Amount,
  cause: StockCause,
): Promise<OfferStock> {
  const offer = await lockOffer(tx, offerId);
  const { delta, grows } = (await selectFirst(
    tx,
    select({
      delta: sql<Amount>`abs(${to}::numeric - ${from}::numeric)::text`,
      grows: sql<boolean>`${to}::numeric > ${from}::numeric`,
    }),
  ))!;
  if (!grows) return write(tx, offer, giveBack(delta), cause);
  assertReservable(offer);
  return take(tx, offer, delta, cause);
}

/** An active reserve cancelled or deleted gives its amount back. */
export async function release(tx: Tx, offerId: number, amount: Amount, cause: StockCause): Promise<OfferStock> {
  const offer = await lockOffer(tx, offerId);
  return write(tx, offer, giveBack(amount), cause);
}

/** An active reserve completed: its amount moves from reserved to purchased (available does not change). An
 * offer whose whole amount is now purchased is done: its status becomes completed ('Выполнен'). */
export async function complete(tx: Tx, offerId: number, amount: Amount, cause: StockCause): Promise<OfferStock> {
  const offer = await lockOffer(tx, offerId);
  return write(
    tx,
    offer,
    sql.join(
      [
        giveBack(amount),
        assign(offers.purchased_amount, sql`${offers.purchased_amount} + ${amount}::numeric`),
        assign(
          offers.status,
          sql`CASE WHEN ${offers.status} = 'active' AND ${offers.purchased_amount} + ${amount}::numeric >= ${offers.unit_amount}
      THEN 'completed' ELSE ${offers.status} END`,
        ),
      ],
      sql`, `,
    ),
    cause,
  );
}

/** An offer's quantity changed by an edit: never below what is reserved and purchased. The offer row is locked
 * here and stays so; the edit writes the assignment this answers in its own UPDATE, so the quantity and the other
 * fields change in one write of the offer (one version, one history entry: the pipeline's change). */
export async function unitAmountChange(tx: Tx, offerId: number, unitAmount: Amount): Promise<SQL> {
  const offer = await lockOffer(tx, offerId);
  const held = sql`${offers.reserved_amount} + ${offers.purchased_amount}`;
  const taken = (await selectFirst(
    tx,
    select({ below: sql<boolean>`${unitAmount}::numeric < ${held}`, taken: sql<Amount>`round(${held}, 2)::text` }),
    sql`FROM ${offers} WHERE ${offers.id} = ${offer.id}`,
  ))!;
  if (taken.below) throw badRequest(OFFER_WRITE_MSG.belowReserved(taken.taken));
  // the pipeline's UPDATE names the table `t`: the SET list's columns stand unqualified
  return assign(offers.unit_amount, sql`${unitAmount}::numeric`);
}

/** A lot on its way arrived: its quantity becomes what came, and its reserved amount falls by what the
 * reserves cut for a short arrival gave up (`released`), in the arrival's own UPDATE of the offer (the SET list
 * answered here, as for an edit's quantity), so the offer changes once, in one version. The offer row is locked
 * here and stays so. What is reserved and purchased after it never exceeds what came: checked here, and the
 * CHECK constraints stand behind it. */
export async function arrivalChange(tx: Tx, offerId: number, received: Amount, released: Amount): Promise<SQL> {
  const offer = await lockOffer(tx, offerId);
  const { over } = (await selectFirst(
    tx,
    select({
      over: sql<boolean>`${offers.reserved_amount} - ${released}::numeric + ${offers.purchased_amount} > ${received}::numeric`,
    }),
    sql`FROM ${offers} WHERE ${offers.id} = ${offer.id}`,
  ))!;
  if (over) throw new Error(`arrival of offer ${offerId}: the reserves would hold more than came`);
  // the arrival's UPDATE names the table `t`: the SET list's columns stand unqualified
  return sql`${assign(offers.unit_amount, sql`${received}::numeric`)}, ${assign(offers.reserved_amount, sql`${bare(offers.reserved_amount)} - ${released}::numeric`)}`;
}

/** Many offers locked at once (a bulk write of reserves), in id order so that two such writes queue rather than
 * deadlock, with their figures; an offer not there is not in the answer. */
export async function lockOffers(tx: Tx, offerIds: number[]): Promise<Map<number, OfferStock>> {
  const ids = [...new Set(offerIds)].sort((x, y) => x - y);
  if (!ids.length) return new Map();
  const locked = await selectRows(
    tx,
    stockOf(O),
    sql`FROM ${offers} ${O} WHERE ${O.id} = ANY(${`{${ids.join(',')}}`}::int[])
    ORDER BY ${O.id} FOR UPDATE OF ${O}`,
  );
  return new Map(locked.map((o) => [Number(o.id), o]));
}

/** One offer's reserved amount moved by a set-based write: by how much (negative: given back), and which reserves'
 * step moved it (what its history tells). */
export interface ReservedMove {
  offerId: number;
  delta: Amount;
  via: HistoryCause;
}

/** Many offers' reserved amounts moved at once, the offers locked by lockOffers (`locked`: their figures then), in
 * one UPDATE, their history rows in one INSERT, an offer whose last free unit went told as `write` tells it (tellStockGone). The
 * caller checked that each move fits (a restore takes only what is free); the CHECK constraints stand behind it. */
export async function moveReserved(
  tx: Tx,
  locked: Map<number, OfferStock>,
  moves: ReservedMove[],
  by: Author,
): Promise<void> {
  if (!moves.length) return;
  const after = new Map(
    (
      await returningRows(
        tx,
        sql`UPDATE ${offers} ${O} SET ${assign(offers.reserved_amount, sql`${O.reserved_amount} + v.delta`)}
    FROM jsonb_to_recordset(${JSON.stringify(moves.map((m) => ({ id: m.offerId, delta: m.delta })))}::jsonb) AS v(id int, delta numeric)
    WHERE ${O.id} = v.id`,
        stockOf(O),
      )
    ).map((row) => [Number(row.id), row]),
  );
  await recordHistory(
    tx,
    by,
    moves.map((m) => ({
      section: 'offers' as const,
      recordId: m.offerId,
      action: 'stock' as const,
      changes: diff('offers', locked.get(m.offerId)!, after.get(m.offerId)!),
      via: m.via,
    })),
  );
  for (const m of moves) await tellStockGone(tx, locked.get(m.offerId)!, after.get(m.offerId)!, by);
}

/** Bulk delete's rule for offers, on the locked row: an offer holding reserved stock (active reserves) stays.
 * It reads the row's own figure rather than the reserves table, so a reserve placed while the delete waited
 * for the lock is seen. */
export const unreserved = (alias: string): SQL => sql`${sql.raw(alias)}.${bare(offers.reserved_amount)} = 0`;
