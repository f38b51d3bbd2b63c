// A finance act (a payment recorded or taken back, a buyer's terms changed, a completed sale deleted, an
// opening balance entered) is told to the buyer's responsible, naming who did it; the record's history keeps who and
// what, in the act's own transaction.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { NOTIFICATION_TEXT } from '../../../domain/notifications';
import { columnsOf, select, selectRows } from '../../db/rows';
import { buyers } from '../../db/schema';
import { notify } from '../../records/notify';

/** Who did it, as the notice names them: the account's name, else its e-mail. */
const actor = (auth: AuthenticatedUser) => auth.user.name?.trim() || auth.user.email;

/** Tells each buyer's responsible (where it has one) of `what` was done to it. */
export async function tellResponsibles(
  tx: Database,
  auth: AuthenticatedUser,
  acts: { buyerId: number; what: string }[],
): Promise<void> {
  const ids = [...new Set(acts.map((a) => a.buyerId))];
  if (!ids.length) return;
  const found = new Map(
    (
      await selectRows(
        tx,
        select(columnsOf(buyers, 'id', 'name', 'responsible_id')),
        sql`FROM ${buyers} WHERE ${buyers.id} = ANY(${`{${ids.join(',')}}`}::int[])`,
      )
    ).map((b) => [b.id, b]),
  );
  for (const act of acts) {
    const buyer = found.get(act.buyerId);
    if (!buyer?.responsible_id) continue;
    await notify(tx, {
      to: sql`u.employee_id = ${buyer.responsible_id}`,
      kind: 'buyer_finance',
      section: 'buyers',
      recordId: buyer.id,
      text: NOTIFICATION_TEXT.buyer_finance(buyer.name, act.what, actor(auth)),
      by: auth.user.id,
    });
  }
}
