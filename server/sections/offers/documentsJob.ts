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
import type { Database } from '../../db/client';
import { firstRow, rowsOf } from '../../db/rows';
import { notify } from '../../records/notify';
import { documentNoticeText } from '../../../domain/offers/documents';
import { BUSINESS_TODAY, NOTICE_DAYS } from '../../records/documentsState';
import { scheduleJob } from '../../db/jobs';

/** The advisory lock's key: 'NutDesk lot documents'. */
export const DOCUMENTS_LOCK = 2_039_0001;
export const DOCUMENTS_EVERY_MS = 5 * 60_000;

interface Due {
  id: number;
  offer_id: number;
  type: string;
  number: string | null;
  valid_until: string;
  days_left: number;
}

/** One run: the notices due today given (how many users were told), or 'busy' when another instance runs it. */
export async function runDocumentNotices(db: Database): Promise<number | 'busy'> {
  return db.transaction(async (tx) => {
    if (!firstRow<{ got: boolean }>(await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${DOCUMENTS_LOCK}) AS got`))!.got) return 'busy' as const;
    const due = rowsOf<Due>(await tx.execute(sql`
      SELECT d.id, d.offer_id, t.name AS type, d.number, d.valid_until::text AS valid_until, (d.valid_until - ${BUSINESS_TODAY})::int AS days_left
      FROM offer_documents d JOIN document_types t ON t.id = d.type_id JOIN offers o ON o.id = d.offer_id
      WHERE o.status = 'active' AND d.valid_until BETWEEN ${BUSINESS_TODAY} AND ${BUSINESS_TODAY} + ${NOTICE_DAYS}
      ORDER BY d.id`));
    let told = 0;
    for (const doc of due) {
      const today = doc.days_left <= 0;
      told += await notify(tx, {
        to: sql`(u.id = (SELECT created_by FROM offers WHERE id = ${doc.offer_id})
          OR u.employee_id IN (SELECT responsible_id FROM reserves WHERE offer_id = ${doc.offer_id} AND status = 'active'))`,
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
