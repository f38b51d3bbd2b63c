// The lot documents' expiry notices (issue 39): every few minutes, and once at start, each document of a live offer
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
import { BUSINESS_TODAY, NOTICE_DAYS } from '../../records/documentsState';
import { scheduleJob } from '../../db/jobs';

/** The advisory lock's key: 'NutDesk lot documents'. */
export const DOCUMENTS_LOCK = 2_039_0001;
export const DOCUMENTS_EVERY_MS = 5 * 60_000;

/** The tables under the aliases the run's statement gives them. */
const D = alias(offerDocuments, 'd');
const T = alias(documentTypes, 't');
const O = alias(offers, 'o');

/** A document due a notice: its type's name, its number, the day it expires (read where it is set) and the days left. */
const DUE = select({
  id: D.id, offer_id: D.offer_id, type: T.name, number: D.number, valid_until: sql<string>`${D.valid_until}::text`,
  days_left: sql<number>`(${D.valid_until} - ${BUSINESS_TODAY})::int`,
});

/** One run: the notices due today given (how many users were told), or 'busy' when another instance runs it. */
export async function runDocumentNotices(db: Database): Promise<number | 'busy'> {
  return db.transaction(async (tx) => {
    if (!(await selectFirst(tx, select({ got: sql<boolean>`pg_try_advisory_xact_lock(${DOCUMENTS_LOCK})` })))!.got) return 'busy' as const;
    const due = await selectRows(tx, DUE, sql`
      FROM ${offerDocuments} ${D} JOIN ${documentTypes} ${T} ON ${T.id} = ${D.type_id} JOIN ${offers} ${O} ON ${O.id} = ${D.offer_id}
      WHERE ${O.status} = 'active' AND ${D.valid_until} BETWEEN ${BUSINESS_TODAY} AND ${BUSINESS_TODAY} + ${NOTICE_DAYS}
      ORDER BY ${D.id}`);
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

/** Runs the job now and every few minutes until the returned stop is called; a failed run is logged and retried. */
export function scheduleDocumentNotices(db: Database, log: (message: string) => void, everyMs = DOCUMENTS_EVERY_MS): () => Promise<void> {
  return scheduleJob(() => runDocumentNotices(db), {
    done: (told) => { if (typeof told === 'number' && told > 0) log(`Уведомления об истечении документов: ${told}`); },
    failed: (err) => log(`Задание уведомлений о документах не выполнено: ${err.message}`),
  }, everyMs);
}
