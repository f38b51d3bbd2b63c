// The offers' bulk edit: a chunk of locked offers changed by the card's rules, the database asked once per rule.
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { OFFER_WRITE_MSG, unitMoved } from '../../../domain/offers/schema';
import { ratesOfDay } from './purchase';
import { todayOf } from '../../db/businessDay';
import { OFFER_RESERVES_MSG } from '../../../domain/reserves/messages';
import { readBusinessSettings } from '../../settings';
import { badRequest, conflict } from '../../errors';
import { select, selectRows } from '../../db/rows';
import { offers, reserves } from '../../db/schema';
import type { BulkOutcome, BulkRow, Row } from '../../records/pipeline';
import { chunkTwins, findDuplicates } from './duplicates';
import { HELD_RESERVES, changedStatus, changedValues, withSellingBand } from './offerValues';
import { goneOfferReferences } from './insertOffers';

const O = alias(offers, 'o');
const R = alias(reserves, 'r');

/** The offers' bulk edit as sets: the card's change (changedValues, changedStatus, the product on offer, no
 * completion while reserves hold goods, the quantity not below what is taken, the selling band, the duplicate
 * rule) for a chunk of locked offers, the database asked once per rule for all of them. Each offer is judged as
 * the card would judge it had the offers before it (in id order) been changed one by one: a duplicate is checked
 * against the other offers as they stand and the earlier ones of the chunk as they were changed. */
export async function changeOffers(
  tx: Database,
  auth: AuthenticatedUser,
  batch: BulkRow[],
  hidden: ReadonlySet<string>,
): Promise<BulkOutcome[]> {
  const settings = await readBusinessSettings(tx);
  const today = await todayOf(tx);
  const rates = await ratesOfDay(tx, today);
  const outcomes = new Map<number, BulkOutcome>();
  const refuse = (id: number, refused: unknown) => outcomes.set(id, { id, refused });
  const checked: { id: number; stored: Row; status: string; values: Awaited<ReturnType<typeof changedValues>> }[] = [];
  for (const { id, before, body } of batch) {
    try {
      const values = await changedValues(auth, before, body, hidden, today, rates);
      checked.push({ id, stored: before, values, status: changedStatus(before, body, values) });
    } catch (e) {
      refuse(id, e);
    }
  }
  // the product on offer, the reserves holding goods and the stock taken, for every offer in one statement
  // v: the changed offers' ids and new quantities
  const facts = new Map(
    (
      await selectRows(
        tx,
        select({
          id: sql<number>`v.id`,
          taken: sql<string>`round(${O.reserved_amount} + ${O.purchased_amount}, 2)::text`,
          below: sql<boolean>`v.unit_amount < ${O.reserved_amount} + ${O.purchased_amount}`,
          active_reserves: sql<number>`(SELECT count(*)::int FROM ${reserves} ${R} WHERE ${R.offer_id} = v.id AND ${R.status} = 'active')`,
          held: HELD_RESERVES(sql`v.id`),
        }),
        sql`
    FROM jsonb_to_recordset(${JSON.stringify(checked.map((c) => ({ id: c.id, unit_amount: c.values.unit_amount })))}::jsonb)
      AS v(id int, unit_amount numeric)
    JOIN ${offers} ${O} ON ${O.id} = v.id`,
      )
    ).map((f) => [Number(f.id), f]),
  );
  const gone = await goneOfferReferences(
    tx,
    checked.map((c) => ({ values: c.values, stored: c.stored })),
  );
  const passed: typeof checked = [];
  for (const [i, c] of checked.entries()) {
    const fact = facts.get(c.id)!;
    if (gone[i]) refuse(c.id, badRequest(gone[i]!));
    else if (c.status === 'completed' && c.stored.status !== 'completed' && fact.active_reserves > 0)
      refuse(c.id, badRequest(OFFER_RESERVES_MSG.completeWithActive(fact.active_reserves)));
    else if (fact.held > 0 && unitMoved(c.stored, c.values))
      refuse(c.id, badRequest(OFFER_WRITE_MSG.unitFixed(fact.held)));
    else if (fact.below) refuse(c.id, badRequest(OFFER_WRITE_MSG.belowReserved(fact.taken)));
    else passed.push(c);
  }
  // duplicates: the offers outside the chunk in one statement; inside it, as the earlier ones were changed
  const active = passed.filter((c) => c.status === 'active');
  const outside = await findDuplicates(
    tx,
    active.map((c) => c.values),
    batch.map((r) => r.id),
  );
  const outsideOf = new Map(active.map((c, i) => [c.id, outside[i]]));
  const twins = chunkTwins(
    batch.map((r) => r.before),
    passed.map((c) => ({
      id: c.id,
      to: c.status === 'active' ? c.values : null,
      outside: outsideOf.get(c.id) ?? null,
    })),
  );
  const accepted = new Set(passed.map((c) => c.id));
  for (const [id, twin] of twins) {
    refuse(id, conflict(OFFER_WRITE_MSG.duplicate(auth.permissions), 'Предложение', twin));
    accepted.delete(id);
  }
  for (const c of passed) {
    if (!accepted.has(c.id)) continue;
    outcomes.set(c.id, { id: c.id, set: { ...withSellingBand(c.values, settings, c.stored), status: c.status } });
  }
  return batch.map((r) => outcomes.get(r.id)!);
}
