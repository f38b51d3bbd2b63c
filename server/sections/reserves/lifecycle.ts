// A reserve's way through its statuses: created (taking stock), changed while active (its amount moving
// stock), completed (the amount becomes purchased) or cancelled and deleted (the amount goes back). Each step
// moves the offer's stock through offers/stock.ts in the step's own transaction, with the reserve row locked
// first and the offer row after it (the order bulk delete locks them in too), so concurrent steps serialise
// instead of overselling or deadlocking. Each step records the reserve's change and (through the stock writer)
// the offer's in their histories, in the step's transaction.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { can, scopeOf } from '../../../domain/permissions';
import { RESERVE_WRITE_MSG, type ReserveStep } from '../../../domain/reserves/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import { rowsOf } from '../../http/rows';
import { addComments } from '../../records/comments';
import { recordVisible } from '../../records/access';
import { changeRecord, recordCreated, type Author } from '../../records/history';
import { complete, release, reserve, resize, type StockCause } from '../offers/stock';
import type { HistoryCause } from '../../../domain/history';
import { reservesSpec } from './list';
import {
  offerOfReserve, offerToReserve, prepareReserve, readReserve, refuseHidden, storedReserve, today, type ReserveValues, type StoredReserve,
} from './record';

type Row = Record<string, unknown>;
const tx$ = (tx: unknown) => tx as Database;

/** POST /api/reserves: the form's values become an active reserve holding its amount of the offer's stock. */
export async function createReserve(db: Database, auth: AuthenticatedUser, body: Row): Promise<Row> {
  if (!can(auth.permissions, 'reserves', 'create')) throw forbidden();
  refuseHidden(auth, body);
  const offer = await offerToReserve(db, body.offer_id);
  const values = await prepareReserve(db, auth, offer, body);
  if (scopeOf(auth.permissions, 'reserves', 'create') === 'own' && values.responsible_id !== auth.user.employee_id) {
    throw forbidden(RESERVE_WRITE_MSG.responsibleLocked);
  }
  const id = await db.transaction(async (tx) => {
    // the reserve's number first, so the offer's history names it; the offer is locked before the reserve is
    // written (inserting it first would hold a key lock on the offer that two creators then deadlock on)
    const [{ id: reserveId }] = rowsOf<{ id: number }>(await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('reserves', 'id'))::int AS id`));
    // the form was checked against the stock read above; the locked offer has the last word
    await reserve(tx$(tx), offer.id, values.amount, { by: auth.user.id, via: { section: 'reserves', step: 'create', ids: [reserveId] } });
    await tx.execute(sql`
      INSERT INTO reserves (id, offer_id, ${columnsOf(values)}, created_by)
      VALUES (${reserveId}, ${offer.id}, ${valuesOf(values)}, ${auth.user.id})`);
    await addComments(tx$(tx), auth, 'reserves', reserveId, body.comments);
    await recordCreated(tx$(tx), auth.user.id, 'reserves', reserveId);
    return reserveId;
  });
  return readReserve(db, auth, id, false);
}

const columnsOf = (values: ReserveValues) => sql.join(Object.keys(values).map((k) => sql.identifier(k)), sql`, `);
const valuesOf = (values: ReserveValues) => sql.join(Object.values(values).map((v) => sql`${v}`), sql`, `);

/** The reserve the step is about, within the caller's update scope: 404 when unknown or unreadable, 403 when
 * readable but not the caller's to change. */
async function reserveToChange(db: Database, auth: AuthenticatedUser, id: number): Promise<void> {
  await readReserve(db, auth, id, true);
  if (!(await recordVisible(db, reservesSpec, auth, id, 'update'))) throw forbidden();
}

/** What the offer's history tells of a step of one reserve. */
const stepOf = (auth: AuthenticatedUser, id: number, step: HistoryCause['step']): StockCause => ({ by: auth.user.id, via: { section: 'reserves', step, ids: [id] } });

/** Locks the reserve and checks it is still active: a step from any other status is refused in Russian. */
async function lockActive(tx: Database, id: number, step: ReserveStep): Promise<StoredReserve> {
  const current = await storedReserve(tx, id, true);
  if (!current) throw notFound();
  if (current.status !== 'active') throw badRequest(RESERVE_WRITE_MSG.notActive(current.status, step));
  return current;
}

/** PATCH /api/reserves/{id}: an active reserve's fields; a new amount moves the offer's stock. */
export async function updateReserve(db: Database, auth: AuthenticatedUser, id: number, body: Row): Promise<Row> {
  await reserveToChange(db, auth, id);
  refuseHidden(auth, body);
  if (body.offer_id !== undefined && body.offer_id !== null && Number(body.offer_id) !== Number((await storedReserve(db, id))?.offer_id)) {
    throw badRequest(RESERVE_WRITE_MSG.offerFixed);
  }
  await db.transaction(async (tx) => {
    const current = await lockActive(tx$(tx), id, 'change');
    const offer = (await offerOfReserve(tx$(tx), current.offer_id))!;
    const values = await prepareReserve(tx$(tx), auth, offer, body, current);
    await resize(tx$(tx), current.offer_id, current.amount, values.amount, stepOf(auth, id, 'change'));
    const set = Object.entries(values).map(([k, v]) => sql`${sql.identifier(k)} = ${v}`);
    await changeRecord(tx$(tx), auth.user.id, 'reserves', id, sql.join(set, sql`, `));
  });
  return readReserve(db, auth, id, false);
}

/** The end of an active reserve's life, completed or cancelled: its amount moves as `move` says and the reserve
 * takes the columns `set` gives, in one transaction. */
async function endReserve(db: Database, auth: AuthenticatedUser, id: number, step: 'complete' | 'cancel', move: typeof complete, set: SQL): Promise<Row> {
  await reserveToChange(db, auth, id);
  await db.transaction(async (tx) => {
    const current = await lockActive(tx$(tx), id, step);
    await move(tx$(tx), current.offer_id, current.amount, stepOf(auth, id, step));
    await changeRecord(tx$(tx), auth.user.id, 'reserves', id, set);
  });
  return readReserve(db, auth, id, false);
}

/** POST /api/reserves/{id}/complete: the buyer took the goods; the amount becomes purchased and the day is noted. */
export const completeReserve = (db: Database, auth: AuthenticatedUser, id: number) =>
  endReserve(db, auth, id, 'complete', complete, sql`status = 'completed', actual_date_implementation = ${today()}::date`);

/** POST /api/reserves/{id}/cancel: the deal is off; the amount returns to the offer's stock. */
export const cancelReserve = (db: Database, auth: AuthenticatedUser, id: number) =>
  endReserve(db, auth, id, 'cancel', release, sql`status = 'cancelled'`);

/** Before reserves are marked deleted: the active ones among them give their amounts back to their offers,
 * offer by offer in id order so two concurrent deletes lock offers in the same order. */
export async function releaseBeforeDelete(tx: Database, reserveIds: number[], by: Author): Promise<void> {
  const held = rowsOf<{ offer_id: number; amount: string; ids: number[] }>(await tx.execute(sql`
    SELECT offer_id, sum(amount)::text AS amount, array_agg(id ORDER BY id) AS ids FROM reserves
    WHERE id IN (${sql.join(reserveIds.map((id) => sql`${id}`), sql`, `)}) AND status = 'active'
    GROUP BY offer_id ORDER BY offer_id`));
  for (const { offer_id, amount, ids } of held) await release(tx, offer_id, amount, { by, via: { section: 'reserves', step: 'delete', ids: ids.map(Number) } });
}
