// The lot documents' expiry notices: every few minutes, and once at start, each document of a live offer
// that expires within the notice days (business setting documents_notice_days, 14 by default) is told to the
// offer's author and to the responsibles of its active reserves, once ('истекает через N дн.'), and again on its
// last day ('истекает сегодня'). Days are the business day, in the business time zone.
//
// One runner across the instances on one database, as the reserves' expiry job: the run's transaction takes a
// transaction-level advisory lock first and an instance that does not get it leaves the work to the one that has it;
// and each notice carries a dedupe key per document, kind and date (unique per user), so none is given twice
// whatever the timing.
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { select, selectFirst, selectRows } from '../../db/rows';
import { documentTypes, offerDocuments, offers, reserves } from '../../db/schema';
import { notify } from '../../records/notify';
import { documentNoticeText } from '../../../domain/offers/documents';
import { BUSINESS_TODAY, NOTICE_DAYS, refreshDocumentsState } from '../../records/documentsState';
import { scheduleJob } from '../../db/jobs';
import { clock, readTimeZone, todayOf } from '../../db/businessDay';
import { addDays, businessDayStart, businessToday } from '../../../domain/businessDay';

/** The advisory lock's key: 'NutDesk lot documents'. */
export const DOCUMENTS_LOCK = 2_039_0001;
export const DOCUMENTS_EVERY_MS = 5 * 60_000;

/** The tables under the aliases the run's statement gives them. */
const D = alias(offerDocuments, 'd');
const T = alias(documentTypes, 't');
const O = alias(offers, 'o');

/** A document due a notice: its type's name, its number, the day it expires (read where it is set) and the days left. */
const DUE = select({
  id: D.id,
  offer_id: D.offer_id,
  type: T.name,
  number: D.number,
  valid_until: sql<string>`${D.valid_until}::text`,
  days_left: sql<number>`(${D.valid_until} - ${BUSINESS_TODAY})::int`,
});

/** One run: the notices due today given (how many users were told), or 'busy' when another instance runs it. */
export async function runDocumentNotices(db: Database): Promise<number | 'busy'> {
  return db.transaction(async (tx) => {
    if (!(await selectFirst(tx, select({ got: sql<boolean>`pg_try_advisory_xact_lock(${DOCUMENTS_LOCK})` })))!.got)
      return 'busy' as const;
    const due = await selectRows(
      tx,
      DUE,
      sql`
      FROM ${offerDocuments} ${D} JOIN ${documentTypes} ${T} ON ${T.id} = ${D.type_id} JOIN ${offers} ${O} ON ${O.id} = ${D.offer_id}
      WHERE ${O.status} = 'active' AND ${D.valid_until} BETWEEN ${BUSINESS_TODAY} AND ${BUSINESS_TODAY} + ${NOTICE_DAYS}
      ORDER BY ${D.id}`,
    );
    let told = 0;
    for (const doc of due) {
      const today = doc.days_left <= 0;
      told += await notify(tx, {
        to: sql`(u.id = (SELECT ${offers.created_by} FROM ${offers} WHERE ${offers.id} = ${doc.offer_id})
          OR u.employee_id IN (SELECT ${reserves.responsible_id} FROM ${reserves} WHERE ${reserves.offer_id} = ${doc.offer_id} AND ${reserves.status} = 'active'))`,
        kind: today ? 'document_expires_today' : 'document_expiring',
        section: 'offers',
        recordId: Number(doc.offer_id),
        text: documentNoticeText(doc.type, doc.number, Number(doc.offer_id), doc.days_left, doc.valid_until),
        // once per document and kind for this expiry date: a changed date is told again
        dedupe: `document:${doc.id}:${today ? 'today' : 'ahead'}:${doc.valid_until}`,
      });
    }
    return told;
  });
}

/** The lots' papers moved by the calendar: every offer whose stored state turns on or before the
 * business day (documents_turns_on, by its index) judged again on it, its move announced; under the job's lock, so
 * one instance makes the moves. Answers the offers whose shown state moved, or 'busy'. */
export async function runDocumentMoves(db: Database): Promise<number[] | 'busy'> {
  return db.transaction(async (tx) => {
    if (!(await selectFirst(tx, select({ got: sql<boolean>`pg_try_advisory_xact_lock(${DOCUMENTS_LOCK})` })))!.got)
      return 'busy' as const;
    return refreshDocumentsState(tx, sql`o.documents_turns_on <= ${await todayOf(tx)}::date`);
  });
}

/** Makes the calendar's moves at the start of every business day, in the business time zone as it stands then
 * (read again each day), and once now; the returned stop ends it. The notices' job makes them too, every few
 * minutes, for a day whose start this process slept through. */
export function scheduleDocumentMoves(db: Database, log: (message: string) => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = async () => {
    try {
      const moved = await runDocumentMoves(db);
      if (Array.isArray(moved) && moved.length) log(`Состояние документов партий изменилось: ${moved.length}`);
    } catch (err) {
      log(`Задание состояния документов не выполнено: ${(err as Error).message}`);
    }
    if (stopped) return;
    // the next business day's start, a second after midnight there
    const zone = await readTimeZone(db).catch(() => undefined);
    const next = zone
      ? businessDayStart(addDays(businessToday(zone, clock.now()), 1), zone).getTime() + 1000
      : clock.now().getTime() + 60 * 60_000;
    timer = setTimeout(
      () => {
        void run();
      },
      Math.max(1000, Math.min(next - clock.now().getTime(), 24 * 60 * 60_000)),
    );
    timer.unref();
  };
  void run();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

/** Runs the job now and every few minutes until the returned stop is called; a failed run is logged and retried. */
export function scheduleDocumentNotices(
  db: Database,
  log: (message: string) => void,
  everyMs = DOCUMENTS_EVERY_MS,
): () => Promise<void> {
  // the calendar's moves first, so a notice and the list's 'Истекает' tell the same day
  return scheduleJob(
    async () => {
      await runDocumentMoves(db);
      return runDocumentNotices(db);
    },
    {
      done: (told) => {
        if (typeof told === 'number' && told > 0) log(`Уведомления об истечении документов: ${told}`);
      },
      failed: (err) => log(`Задание уведомлений о документах не выполнено: ${err.message}`),
    },
    everyMs,
  );
}
