// The reserves' expiry job: every minute, and once at start, each active reserve past its 'Резерв до'
// becomes 'expired' ('Просрочен') and gives its amount back to the offer through the stock writer, one reserve per
// transaction, recorded in the offer's history as 'Резерв № {id} просрочен' and in the reserve's as its status
// change. Its responsible is told; so is it the day before ('истекает завтра') and when its estimated date passed
// with the reserve not completed. A buyer's debt that falls overdue today moves its stored overdue part (within the
// minute the business day starts) and is told to the buyer's responsible.
//
// One runner across the instances on one database: each transaction first takes a transaction-level advisory
// lock (pg_try_advisory_xact_lock) and an instance that does not get it stops, leaving the work to the one that
// has it; the reserve is picked FOR UPDATE and must still be active and due, so none is expired twice whatever
// the timing. On PGlite there is one instance and the lock is always free.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { assign, roundedOf, select, selectFirst, selectRows } from '../../db/rows';
import { reserves } from '../../db/schema';
import { changeRecord } from '../../records/history';
import { notify, recipients } from '../../records/notify';
import { NOTIFICATION_TEXT } from '../../../domain/notifications';
import { release } from '../offers';
import { todayOf } from '../../db/businessDay';
import { addDays } from '../../../domain/businessDay';
import { scheduleJob } from '../../db/jobs';
import { remindOverdueDebts } from '../buyers';
import { debtTurns, refreshBuyersDebt } from '../../records/buyersDebt';

/** The advisory lock's key: 'NutDesk reserves expiry'. */
export const EXPIRY_LOCK = 2_022_0001;
export const EXPIRY_EVERY_MS = 60_000;

const locked = async (tx: Database) =>
  (await selectFirst(tx, select({ got: sql<boolean>`pg_try_advisory_xact_lock(${EXPIRY_LOCK})` })))!.got;

/** Expires one due reserve in its own transaction: its id, null when none is due, 'busy' when another runs. */
async function expireOne(db: Database, today: string): Promise<number | null | 'busy'> {
  return db.transaction(async (tx) => {
    if (!(await locked(tx))) return 'busy' as const;
    const due = await selectFirst(
      tx,
      select({ id: reserves.id, offer_id: reserves.offer_id, amount: roundedOf(reserves.amount) }),
      sql`FROM ${reserves}
      WHERE ${reserves.status} = 'active' AND ${reserves.reserved_until} < ${today}::date ORDER BY ${reserves.id} LIMIT 1 FOR UPDATE`,
    );
    if (!due) return null;
    const id = Number(due.id);
    await release(tx, due.offer_id, due.amount, { by: null, via: { section: 'reserves', step: 'expire', ids: [id] } });
    await changeRecord(tx, null, 'reserves', id, assign(reserves.status, sql`'expired'`));
    await notify(tx, {
      to: recipients.responsibleOf(id),
      kind: 'reserve_expired',
      section: 'reserves',
      recordId: id,
      text: NOTIFICATION_TEXT.reserve_expired(id),
      dedupe: `expired:${id}`,
    });
    return id;
  });
}

/** The reminders: expires tomorrow (once per reserve and date), estimated date passed and not completed (once per
 * reserve and estimated date). */
async function remind(db: Database, today: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await locked(tx))) return;
    const tomorrow = await selectRows(
      tx,
      select({ id: reserves.id, until: sql<string>`${reserves.reserved_until}::text` }),
      sql`FROM ${reserves}
      WHERE ${reserves.status} = 'active' AND ${reserves.reserved_until} = ${addDays(today, 1)}::date`,
    );
    for (const r of tomorrow) {
      await notify(tx, {
        to: recipients.responsibleOf(r.id),
        kind: 'reserve_expiring',
        section: 'reserves',
        recordId: r.id,
        text: NOTIFICATION_TEXT.reserve_expiring(r.id),
        dedupe: `expiring:${r.id}:${r.until}`,
      });
    }
    const overdue = await selectRows(
      tx,
      select({ id: reserves.id, date: sql<string>`${reserves.estimated_date_implementation}::text` }),
      sql`FROM ${reserves}
      WHERE ${reserves.status} IN ('active', 'expired') AND ${reserves.estimated_date_implementation} < ${today}::date`,
    );
    for (const r of overdue) {
      await notify(tx, {
        to: recipients.responsibleOf(r.id),
        kind: 'reserve_overdue',
        section: 'reserves',
        recordId: r.id,
        text: NOTIFICATION_TEXT.reserve_overdue(r.id),
        dedupe: `overdue:${r.id}:${r.date}`,
      });
    }
    // the buyers whose debt fell overdue since the day began: their stored overdue part moved (and announced, so
    // the buyers list follows), then told to their responsibles
    await refreshBuyersDebt(tx, debtTurns(today), today);
    await remindOverdueDebts(tx, today);
  });
}

/** One run of the job: the due reserves expired (their ids), then the reminders. The day is the business day
 * (setting time_zone) by the server's clock: a reserve held until the 27th expires at 00:00 of the 28th in Moscow,
 * not at 03:00 when the UTC day turns. */
export async function runReserveExpiry(db: Database): Promise<number[]> {
  const today = await todayOf(db);
  const expired: number[] = [];
  for (;;) {
    const id = await expireOne(db, today);
    if (id === null || id === 'busy') break;
    expired.push(id);
  }
  await remind(db, today);
  return expired;
}

/** Runs the job now and every minute until the returned stop is called; a failed run is logged and retried. */
export function scheduleReserveExpiry(
  db: Database,
  log: (message: string) => void,
  everyMs = EXPIRY_EVERY_MS,
): () => Promise<void> {
  return scheduleJob(
    () => runReserveExpiry(db),
    {
      done: (ids) => {
        if (ids.length) log(`Просрочены резервы: ${ids.join(', ')}`);
      },
      failed: (err) => log(`Задание просрочки резервов не выполнено: ${err.message}`),
    },
    everyMs,
  );
}
