// A reserve's status steps besides its card's save: completed or cancelled (the end of its life), renewed after it
// expired, and the terms a re-pricing would take. Each runs through the record pipeline on the version the user
// saw and moves the offer's stock through offers/stock.ts in the step's own transaction.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { isFieldVisible } from '../../../domain/permissions';
import {
  RESERVE_WRITE_MSG,
  defaultReservedUntil,
  renewDate,
  reservedUntilError,
} from '../../../domain/reserves/schema';
import { canReprice, currentTerms, TERMS_MSG, type ReserveTerms } from '../../../domain/reserves/terms';
import { completionDateError } from '../../../domain/reserves/completion';
import { badRequest, forbidden } from '../../errors';
import { select, selectFirst } from '../../db/rows';
import { readRecord, type Row } from '../../records/pipeline';
import { recordChangeStep, recordStep } from '../../records/recordWrites';
import { readBusinessSettings } from '../../settings';
import { complete, lockOffer, release, reserve } from '../offers';
import { notify, recipients } from '../../records/notify';
import { NOTIFICATION_TEXT } from '../../../domain/notifications';
import { pendingArrival } from '../../../domain/offers/logistics';
import { formatNumber } from '../../../domain/format';
import { clock, readTimeZone, todayOf } from '../../db/businessDay';
import { businessDayOf, businessToday } from '../../../domain/businessDay';
import { checkCredit } from './credit';
import { offerOfReserve, storedReserve } from './stored';
import { todaysTermsOf } from './record';
import { reserveRecord, setOf, stepOf } from './lifecycle';

/** GET /api/reserves/{id}/reprice: the terms a re-pricing would take now (the offer's prices, today's settings),
 * read from the database so the preview shows what 'Применить' applies. */
export async function repriceTerms(
  db: Database,
  auth: AuthenticatedUser,
  id: number,
): Promise<Record<keyof ReserveTerms, string | null>> {
  const reserve = await readRecord(db, auth, reserveRecord, id, false);
  if (!canReprice(auth.permissions)) throw forbidden(TERMS_MSG.forbidden);
  const refused = reserveRecord.refuseStatus?.(String(reserve.status), 'change');
  if (refused) throw badRequest(refused);
  const terms = currentTerms((await offerOfReserve(db, Number(reserve.offer_id)))!, await readBusinessSettings(db));
  return Object.fromEntries(
    Object.entries(terms).map(([k, v]) => [k, v === null || v === undefined ? null : String(v)]),
  ) as Record<keyof ReserveTerms, string | null>;
}

/** The end of an active reserve's life, completed or cancelled, made on the version the user saw: its amount
 * moves as `move` says and the reserve takes the columns `set` gives, in one transaction. */
const endReserve = (
  db: Database,
  auth: AuthenticatedUser,
  id: number,
  body: Row,
  step: 'complete' | 'cancel',
  move: typeof complete,
  set: (tx: Database, before: Row) => SQL | Promise<SQL>,
) =>
  recordStep(db, auth, reserveRecord, id, body, step, async (tx, before) => {
    const stepSet = await set(tx, before); // refused before any stock moves
    const current = (await storedReserve(tx, id))!;
    // an expired reserve gave its amount back when it expired: cancelling it moves no stock
    if (current.status === 'active') await move(tx, current.offer_id, current.amount, stepOf(auth, id, step));
    const kind = step === 'complete' ? 'reserve_completed' : 'reserve_cancelled';
    await notify(tx, {
      to: recipients.authorOf(current.offer_id),
      kind,
      section: 'reserves',
      recordId: id,
      text: NOTIFICATION_TEXT[kind](id, current.offer_id),
      by: auth.user.id,
    });
    return stepSet;
  });

/** POST /api/reserves/{id}/complete: the buyer took the goods on `actual_date_implementation` (YYYY-MM-DD; today
 * when not given), not after today nor before the reserve was made; the amount becomes purchased. */
export const completeReserve = (
  db: Database,
  auth: AuthenticatedUser,
  id: number,
  body: { actual_date_implementation?: string | null; version?: number },
) =>
  endReserve(db, auth, id, body, 'complete', complete, async (tx, before) => {
    const zone = await readTimeZone(tx);
    const day = businessToday(zone, clock.now());
    const asked = body.actual_date_implementation;
    const date = asked === undefined || asked === null || asked === '' ? day : asked;
    // the day the reserve was made is the business day its creation fell on
    const refused = completionDateError(date, businessDayOf(String(before.created_at), zone), day);
    if (refused) throw badRequest(refused);
    return sql`status = 'completed', actual_date_implementation = ${date}::date`;
  });

/** POST /api/reserves/{id}/renew ('Продлить'): an expired reserve takes its amount from the offer again, if the
 * offer is still active and has that much free (else a 400 saying so), and holds for the setting's days anew, by a
 * normal edit's date rule: not past its 'Дата реализации'; one already passed needs a new
 * estimated_date_implementation in the body (domain renewDate), else a 400 asking for it and nothing changes. It is
 * renewed on today's terms (the offer's prices and today's settings, at its own selling price). It becomes
 * active again, so the buyer's credit is checked as a new reserve's, the buyer locked before the offer. */
export const renewReserve = (db: Database, auth: AuthenticatedUser, id: number, body: Row) =>
  recordChangeStep(db, auth, reserveRecord, id, body, 'renew', async (tx) => {
    const current = (await storedReserve(tx, id))!;
    const today = await todayOf(tx);
    const arrival = pendingArrival((await offerOfReserve(tx, current.offer_id))!);
    // a role the date is hidden from names none (it cannot see what it would replace)
    const asked = isFieldVisible(auth.permissions, 'reserves', 'estimated_date_implementation')
      ? (body as { estimated_date_implementation?: string | null } | null)?.estimated_date_implementation
      : null;
    const { estimated, error } = renewDate(asked, current.estimated_date_implementation, today, arrival);
    if (error) throw badRequest(error);
    const override = await checkCredit(tx, auth, {
      buyerId: current.buyer_id === null ? null : Number(current.buyer_id),
      reserveId: id,
      sum: current.total_selling_sum,
      takesMore: true,
      override: (body as { credit_override?: unknown } | null)?.credit_override,
    });
    const offer = await lockOffer(tx, current.offer_id);
    if (offer.status !== 'active') throw badRequest(RESERVE_WRITE_MSG.renewOffer);
    const { short } = (await selectFirst(
      tx,
      select({ short: sql<boolean>`${current.amount}::numeric > ${offer.available_amount}::numeric` }),
    ))!;
    if (short) throw badRequest(RESERVE_WRITE_MSG.renewShort(formatNumber(offer.available_amount)));
    await reserve(tx, current.offer_id, current.amount, stepOf(auth, id, 'renew'));
    const settings = await readBusinessSettings(tx);
    const until = defaultReservedUntil(today, settings.reserve_hold_days, estimated, arrival);
    const refused = reservedUntilError(until, estimated, today, arrival);
    if (refused) throw badRequest(refused);
    const terms = await todaysTermsOf(tx, current, (await offerOfReserve(tx, current.offer_id))!);
    return {
      set: sql`status = 'active', reserved_until = ${until}::date, estimated_date_implementation = ${estimated}::date, ${setOf(terms)}`,
      extra: override,
    };
  });

/** POST /api/reserves/{id}/cancel: the deal is off; the amount returns to the offer's stock. */
export const cancelReserve = (db: Database, auth: AuthenticatedUser, id: number, body: Row) =>
  endReserve(db, auth, id, body, 'cancel', release, () => sql`status = 'cancelled'`);
