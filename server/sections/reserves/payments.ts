// 'Оплаты' on a completed reserve (issue 37): POST /api/reserves/{id}/payments adds one, never above what is left
// to pay; DELETE /api/reserves/{id}/payments/{paymentId} takes one back (an administrator's). Each is a step of the
// reserve made on the version the user saw: the reserve is locked, its version moves, its history tells of it.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { leftToPay } from '../../../domain/buyers/ledger';
import { PAYMENT_MSG, canSeePayments, paymentSchema } from '../../../domain/buyers/payments';
import { forbidden, notFound } from '../../errors';
import { firstRow, rowsOf } from '../../db/rows';
import { validateCard } from '../../records/card';
import { recordChangeStep, type Row } from '../../records/pipeline';
import { reserveRecord } from './lifecycle';
import { todayOf } from '../../db/businessDay';

/** A payment as the card lists it. */
export interface PaymentRow {
  id: number;
  date: string;
  amount: string;
  comment: string | null;
  created_at: string;
}

async function paidOf(tx: Database, reserveId: number): Promise<{ sum: string; paid: string[] }> {
  const sale = firstRow<{ sum: string }>(await tx.execute(sql`SELECT round(coalesce(total_selling_sum, 0), 2)::text AS sum FROM reserves WHERE id = ${reserveId}`));
  const paid = rowsOf<{ amount: string }>(await tx.execute(sql`SELECT amount::text AS amount FROM payments WHERE reserve_id = ${reserveId} AND NOT deleted`));
  return { sum: sale?.sum ?? '0', paid: paid.map((p) => p.amount) };
}

/** GET /api/reserves/{id}/payments: its payments and what is left, for a reader of the reserve who sees its sums. */
export async function readPayments(db: Database, auth: AuthenticatedUser, id: number, read: () => Promise<Row>) {
  await read();
  if (!canSeePayments(auth.permissions)) throw forbidden(PAYMENT_MSG.forbidden);
  const payments = rowsOf<PaymentRow>(await db.execute(sql`SELECT id, date::text AS date, round(amount, 2)::text AS amount, comment, created_at
    FROM payments WHERE reserve_id = ${id} AND NOT deleted ORDER BY date, id`));
  const { sum, paid } = await paidOf(db, id);
  return { payments, left: leftToPay(sum, paid) };
}

/** POST /api/reserves/{id}/payments {date, amount, comment, version}. */
export function addPayment(db: Database, auth: AuthenticatedUser, id: number, body: Row) {
  if (!canSeePayments(auth.permissions)) throw forbidden(PAYMENT_MSG.forbidden);
  return recordChangeStep(db, auth, reserveRecord, id, body, 'pay', async (tx) => {
    const { sum, paid } = await paidOf(tx, id);
    const values = await validateCard(paymentSchema(leftToPay(sum, paid), await todayOf(tx)), body);
    const comment = values.comment ? String(values.comment).trim() || null : null;
    const [payment] = rowsOf<{ id: number; amount: string }>(await tx.execute(sql`INSERT INTO payments (reserve_id, date, amount, comment, created_by)
      VALUES (${id}, ${String(values.date).slice(0, 10)}::date, round(${String(values.amount)}::numeric, 2), ${comment}, ${auth.user.id})
      RETURNING id, amount::text AS amount`));
    return { set: sql`status = t.status`, extra: [{ field: 'payments', key: payment.id, old: null, new: payment.amount }] };
  });
}

/** DELETE /api/reserves/{id}/payments/{paymentId} {version}: an administrator takes a payment back (kept, marked deleted). */
export function deletePayment(db: Database, auth: AuthenticatedUser, id: number, paymentId: number, body: Row) {
  if (!auth.permissions.is_admin) throw forbidden(PAYMENT_MSG.deleteForbidden);
  return recordChangeStep(db, auth, reserveRecord, id, body, 'pay', async (tx) => {
    const [gone] = rowsOf<{ amount: string }>(await tx.execute(sql`UPDATE payments SET deleted = true, deleted_at = now()
      WHERE id = ${paymentId} AND reserve_id = ${id} AND NOT deleted RETURNING amount::text AS amount`));
    if (!gone) throw notFound(PAYMENT_MSG.missing);
    return { set: sql`status = t.status`, extra: [{ field: 'payments', key: paymentId, old: gone.amount, new: null }] };
  });
}
