// Comments by the demo accounts on some offers and reserves, a little after each was made.
import { OFFER_COMMENTS, RESERVE_COMMENTS } from '../data/comments';
import { addDays, officeTime, type PlanContext } from './helpers';
import type { PlanComment, PlanOffer, PlanReserve, UserKey } from './model';

export function planComments(
  { random }: PlanContext,
  offers: PlanOffer[],
  reserves: PlanReserve[],
  demoSupplier: number,
): PlanComment[] {
  const comments: PlanComment[] = [];
  offers.forEach((o, i) => {
    if (!random.chance(0.15)) return;
    const author: UserKey =
      o.supplier === demoSupplier && random.chance(0.5)
        ? 'supplier'
        : random.pick(['admin', 'manager', 'warehouse'] as const);
    comments.push({
      entity: 'offers',
      index: i,
      author,
      text: random.pick(OFFER_COMMENTS),
      created_at: officeTime(random, addDays(o.created_at, random.int(0, 3))),
    });
  });
  reserves.forEach((r, i) => {
    if (!random.chance(0.15)) return;
    const text =
      r.status === 'cancelled' || r.status === 'deleted'
        ? 'Покупатель отказался из-за цены, резерв отменён.'
        : random.pick(RESERVE_COMMENTS.slice(0, -1));
    comments.push({
      entity: 'reserves',
      index: i,
      author: r.created_by,
      text,
      created_at: officeTime(random, addDays(r.created_at, random.int(0, 2))),
    });
  });
  return comments;
}
