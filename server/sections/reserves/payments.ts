// 'Оплаты' on a completed reserve: POST /api/reserves/{id}/payments adds one, never above what is left
// to pay; DELETE /api/reserves/{id}/payments/{paymentId} takes one back. Both are the finance right's. Each is a step of the
// reserve made on the version the user saw: the reserve is locked, its version moves, its history tells of it.
import { and, eq, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { leftToPay } from '../../../domain/buyers/ledger';
import { PAYMENT_MSG, canSeePayments, paymentSchema } from '../../../domain/buyers/payments';
import { forbidden, notFound } from '../../errors';
import { columnsOf, roundedOf, select, selectFirst, selectRows, textOf, type SelectedRow } from '../../db/rows';
import { payments as paymentsTable, reserves } from '../../db/schema';
import { validateCard } from '../../records/card';
import { type Row } from '../../records/pipeline';
import { recordChangeStep } from '../../records/recordWrites';
import { reserveRecord } from './lifecycle';
import { todayOf } from '../../db/businessDay';
import { hasFinance } from '../../../domain/permissions';
import { FINANCE_NOTICE } from '../../../domain/buyers/finance';
import { tellResponsibles } from '../buyers';

/** A payment as the card lists it (its date and creation time as their text). */
const PAYMENT = select({
  id: paymentsTable.id,
  date: textOf(paymentsTable.date),
  amount: roundedOf(paymentsTable.amount),
  ...columnsOf(paymentsTable, 'comment', 'created_at'),
});
export type PaymentRow = SelectedRow<typeof PAYMENT>;

/** A reserve's payments that stand (not taken back). */
const standing = (reserveId: number) => and(eq(paymentsTable.reserve_id, reserveId), not(paymentsTable.deleted));

async function paidOf(
  tx: Database,
  reserveId: number,
): Promise<{ sum: string; paid: string[]; day: string | null; buyerId: number | null }> {
  const sale = await selectFirst(
    tx,
    select({
      sum: sql<string>`round(coalesce(${reserves.total_selling_sum}, 0), 2)::text`,
      day: textOf(reserves.actual_date_implementation),
      buyerId: reserves.buyer_id,
    }),
    sql`FROM ${reserves} WHERE ${reserves.id} = ${reserveId}`,
  );
  const paid = await selectRows(
    tx,
    select({ amount: textOf(paymentsTable.amount) }),
    sql`FROM ${paymentsTable} WHERE ${standing(reserveId)}`,
  );
  return {
    sum: sale?.sum ?? '0',
    paid: paid.map((p) => p.amount),
    day: sale?.day ?? null,
    buyerId: sale?.buyerId ?? null,
  };
}

/** GET /api/reserves/{id}/payments: its payments and what is left, for a reader of the reserve who sees its sums. */
export async function readPayments(db: Database, auth: AuthenticatedUser, id: number, read: () => Promise<Row>) {
  await read();
  if (!canSeePayments(auth.permissions)) throw forbidden(PAYMENT_MSG.forbidden);
  const payments = await selectRows(
    db,
    PAYMENT,
    sql`FROM ${paymentsTable} WHERE ${standing(id)} ORDER BY ${paymentsTable.date}, ${paymentsTable.id}`,
  );
  const { sum, paid } = await paidOf(db, id);
  return { payments, left: leftToPay(sum, paid) };
}

/** POST /api/reserves/{id}/payments {date, amount, comment, version}: the finance right's, dated from the
 * sale's day to today; the buyer's responsible is told who recorded it and why (its comment). */
export function addPayment(db: Database, auth: AuthenticatedUser, id: number, body: Row) {
  if (!canSeePayments(auth.permissions)) throw forbidden(PAYMENT_MSG.forbidden);
  if (!hasFinance(auth.permissions)) throw forbidden(PAYMENT_MSG.addForbidden);
  return recordChangeStep(db, auth, reserveRecord, id, body, 'pay', async (tx) => {
    const { sum, paid, day, buyerId } = await paidOf(tx, id);
    const values = await validateCard(paymentSchema(leftToPay(sum, paid), await todayOf(tx), day), body);
    const comment = values.comment ? String(values.comment).trim() || null : null;
    const [payment] = await tx
      .insert(paymentsTable)
      .values({
        reserve_id: id,
        date: sql`${String(values.date).slice(0, 10)}::date`,
        amount: sql`round(${String(values.amount)}::numeric, 2)`,
        comment,
        created_by: auth.user.id,
      })
      .returning({ id: paymentsTable.id, amount: textOf(paymentsTable.amount) });
    if (buyerId !== null)
      await tellResponsibles(tx, auth, [{ buyerId, what: FINANCE_NOTICE.payment(id, payment.amount, comment) }]);
    return {
      set: sql`status = t.status`,
      extra: [{ field: 'payments', key: payment.id, old: null, new: payment.amount }],
    };
  });
}

/** DELETE /api/reserves/{id}/payments/{paymentId} {version}: the finance right takes a payment back (kept, marked
 * deleted); the buyer's responsible is told. */
export function deletePayment(db: Database, auth: AuthenticatedUser, id: number, paymentId: number, body: Row) {
  if (!hasFinance(auth.permissions)) throw forbidden(PAYMENT_MSG.deleteForbidden);
  return recordChangeStep(db, auth, reserveRecord, id, body, 'pay', async (tx) => {
    const [gone] = await tx
      .update(paymentsTable)
      .set({ deleted: true, deleted_at: sql`now()` })
      .where(and(eq(paymentsTable.id, paymentId), standing(id)))
      .returning({ amount: textOf(paymentsTable.amount) });
    if (!gone) throw notFound(PAYMENT_MSG.missing);
    const { buyerId } = await paidOf(tx, id);
    if (buyerId !== null)
      await tellResponsibles(tx, auth, [{ buyerId, what: FINANCE_NOTICE.paymentDeleted(id, gone.amount) }]);
    return { set: sql`status = t.status`, extra: [{ field: 'payments', key: paymentId, old: gone.amount, new: null }] };
  });
}
