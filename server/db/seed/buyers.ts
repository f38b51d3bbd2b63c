// The demo's buyers, made from its reserves, with their payments and credit limits.
import { sql } from 'drizzle-orm';
import * as t from '../schema';
import { companyInn } from './inn';
import { Random } from './random';
import { rowsOf } from '../rows';
import { isoDate, type Tx } from './write';

/** The demo's buyers: one per distinct buyer name and phone of the reserves (as migration 0018 makes them
 * from a database's reserves), with real-looking INNs; every third on 14 days' deferral with a limit, the rest on
 * prepayment. Most sales are paid within terms; a few buyers are overdue and two near their limit. */
export async function seedBuyers(tx: Tx, now: Date) {
  const random = new Random('buyers');
  const made = rowsOf<{ id: number }>(
    await tx.execute(sql`INSERT INTO buyers (name, phone, city_id, delivery_address, responsible_id, created_by, created_at)
    SELECT DISTINCT ON (btrim(buyer_name), coalesce(buyer_phone, '')) btrim(buyer_name), buyer_phone, city_id, delivery_address, responsible_id, created_by, created_at
    FROM reserves WHERE buyer_name IS NOT NULL AND btrim(buyer_name) <> ''
    ORDER BY btrim(buyer_name), coalesce(buyer_phone, ''), created_at DESC, id DESC RETURNING id`),
  );
  for (const [i, { id }] of made.entries()) {
    const deferral = i % 3 === 0;
    await tx
      .update(t.buyers)
      .set({
        inn: companyInn(random, String(random.int(10, 78))),
        contact_person: null,
        payment_terms: deferral ? 'deferral' : 'prepay',
        deferral_days: deferral ? 14 : null,
        credit_limit: deferral ? '3000000.00' : null,
      })
      .where(sql`id = ${id}`);
  }
  await tx.execute(sql`UPDATE reserves r SET buyer_id = b.id FROM buyers b
    WHERE b.name = btrim(r.buyer_name) AND coalesce(b.phone, '') = coalesce(r.buyer_phone, '')`);
  // a believable credit story: prepayment buyers paid on the day; deferral buyers paid in full within their
  // terms (a third of the sales still within terms paid half ahead, the rest not yet due); a few buyers (every 50th
  // card) left their latest sale past its due day unpaid: the overdue ones
  const today = isoDate(now);
  const due = sql`r.actual_date_implementation + CASE WHEN b.payment_terms = 'deferral' THEN coalesce(b.deferral_days, 0) ELSE 0 END`;
  const late = sql`b.id % 50 = 7 AND r.id = (SELECT r2.id FROM reserves r2 WHERE r2.buyer_id = b.id AND r2.status = 'completed'
      AND r2.total_selling_sum > 0 AND r2.actual_date_implementation + CASE WHEN b.payment_terms = 'deferral' THEN coalesce(b.deferral_days, 0) ELSE 0 END < ${today}::date
    ORDER BY r2.actual_date_implementation DESC, r2.id DESC LIMIT 1)`;
  await tx.execute(sql`INSERT INTO payments (reserve_id, date, amount, comment, created_by, created_at)
    SELECT r.id, d.day, CASE WHEN ${due} < ${today}::date THEN r.total_selling_sum ELSE round(r.total_selling_sum / 2, 2) END,
      'Оплата по счету', r.created_by, d.day
    FROM reserves r JOIN buyers b ON b.id = r.buyer_id
    CROSS JOIN LATERAL (SELECT least(r.actual_date_implementation + CASE WHEN b.payment_terms = 'deferral' THEN r.id % (coalesce(b.deferral_days, 0) + 1) ELSE 0 END,
      ${today}::date) AS day) d
    WHERE r.status = 'completed' AND r.total_selling_sum > 0 AND r.actual_date_implementation <= ${today}::date
      AND (${due} < ${today}::date OR r.id % 3 = 0) AND NOT (${late})`);
  // the deferral buyers' limits: 3 000 000,00, or half as much again as a bigger buyer owes and holds; one or two near
  // their limit: the two who owe and hold the most, none overdue, get a limit a few per cent above it
  await tx.execute(sql`UPDATE buyers SET credit_limit = CASE WHEN e.near THEN ceil(e.exposure * 1.04 / 10000) * 10000
      ELSE greatest(3000000, ceil(e.exposure * 1.5 / 100000) * 100000) END
    FROM (SELECT x.id, x.exposure, x.id % 50 <> 7 AND x.exposure > 0
        AND row_number() OVER (PARTITION BY x.id % 50 <> 7 ORDER BY x.exposure DESC, x.id) <= 2 AS near
      FROM (SELECT b.id, (SELECT coalesce(sum(greatest(r.total_selling_sum - coalesce((SELECT sum(p.amount) FROM payments p WHERE p.reserve_id = r.id), 0), 0)), 0)
          FROM reserves r WHERE r.buyer_id = b.id AND r.status = 'completed')
        + (SELECT coalesce(sum(r.total_selling_sum), 0) FROM reserves r WHERE r.buyer_id = b.id AND r.status = 'active') AS exposure
      FROM buyers b WHERE b.payment_terms = 'deferral') x) e
    WHERE buyers.id = e.id`);
}
