// A deleted reserve restored (the pipeline's beforeRestore hook): a reserve that was active when it was deleted
// gave its amount back to the offer then (release.ts), so coming back active it takes that amount again through
// the stock writer, with the offer row locked: refused in Russian when the offer is gone, no longer active or has
// not that much free any more. A completed or cancelled reserve holds no stock: it comes back as it was. A bulk
// restore (restoreMany) does the same for a chunk at once: the offers locked in one statement, each
// reserve judged in id order against what the ones before it took, the offers written in one UPDATE.
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { RESERVE_RESTORE_MSG, STOCK_MSG } from '../../../domain/reserves/messages';
import { badRequest, HttpError } from '../../errors';
import type { RestoreRow, Row } from '../../records/pipeline';
import { lockOffers, moveReserved, reserve } from '../offers';
import { checkCredit, checkCreditMany } from './credit';

export async function takeStockAgain(
  tx: Database,
  auth: AuthenticatedUser,
  record: Row,
  status: string,
): Promise<void> {
  if (status !== 'active') return;
  const id = Number(record.id);
  // active again, it takes the buyer's credit as a new reserve would; the buyer locked before the offer
  await checkCredit(tx, auth, {
    buyerId: record.buyer_id === null || record.buyer_id === undefined ? null : Number(record.buyer_id),
    reserveId: id,
    sum: record.total_selling_sum as string | null,
    takesMore: true,
    override: undefined,
  });
  try {
    await reserve(tx, Number(record.offer_id), String(record.amount), {
      by: auth.user.id,
      via: { section: 'reserves', step: 'restore', ids: [id] },
    });
  } catch (e) {
    if (e instanceof HttpError && e.statusCode < 500) throw badRequest(RESERVE_RESTORE_MSG.refused(e.message));
    throw e;
  }
}

/** An amount in kopecks of its unit (the database keeps two decimals): exact sums and comparisons in memory. */
const cents = (amount: unknown) => Math.round(Number(amount) * 100);
const amountOf = (c: number) => (c / 100).toFixed(2);

/** takeStockAgain for a chunk of locked deleted reserves: those coming back active take their amounts from their
 * offers, each in id order as if restored one by one (one refused for want of stock leaves it to the next), the
 * refusals in the single restore's words; each offer's history names the reserves that took from it. */
export async function takeStockAgainMany(
  tx: Database,
  auth: AuthenticatedUser,
  rows: RestoreRow[],
): Promise<{ id: number; refused?: unknown }[]> {
  const coming = rows.filter((r) => r.status === 'active').sort((x, y) => x.id - y.id);
  // the buyers' credit first (their rows locked before any offer), each reserve judged as a new one
  const refused = new Map<number, unknown>(
    await checkCreditMany(
      tx,
      coming.map((r) => ({
        id: r.id,
        buyerId: r.record.buyer_id === null || r.record.buyer_id === undefined ? null : Number(r.record.buyer_id),
        sum: r.record.total_selling_sum as string | null,
      })),
    ),
  );
  const back = coming.filter((r) => !refused.has(r.id));
  const offers = await lockOffers(
    tx,
    back.map((r) => Number(r.record.offer_id)),
  );
  const free = new Map([...offers].map(([id, o]) => [id, cents(o.available_amount)]));
  const taken = new Map<number, number[]>();
  for (const r of back) {
    const offerId = Number(r.record.offer_id);
    const offer = offers.get(offerId);
    const amount = cents(r.record.amount);
    const why = !offer
      ? STOCK_MSG.offerMissing
      : offer.status === 'deleted'
        ? STOCK_MSG.offerDeleted
        : offer.status !== 'active'
          ? STOCK_MSG.offerNotActive
          : amount > free.get(offerId)!
            ? STOCK_MSG.notEnough(amountOf(free.get(offerId)!))
            : null;
    if (why) {
      refused.set(r.id, badRequest(RESERVE_RESTORE_MSG.refused(why)));
      continue;
    }
    free.set(offerId, free.get(offerId)! - amount);
    taken.set(offerId, [...(taken.get(offerId) ?? []), r.id]);
  }
  const amounts = new Map(back.map((r) => [r.id, cents(r.record.amount)]));
  await moveReserved(
    tx,
    offers,
    [...taken]
      .sort(([x], [y]) => x - y)
      .map(([offerId, ids]) => ({
        offerId,
        delta: amountOf(ids.reduce((sum, id) => sum + amounts.get(id)!, 0)),
        via: { section: 'reserves', step: 'restore', ids },
      })),
    auth.user.id,
  );
  return rows.map(({ id }) => (refused.has(id) ? { id, refused: refused.get(id) } : { id }));
}
