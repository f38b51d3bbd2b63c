// A deleted reserve restored (the pipeline's beforeRestore hook): a reserve that was active when it was deleted
// gave its amount back to the offer then (release.ts), so coming back active it takes that amount again through
// the stock writer, with the offer row locked: refused in Russian when the offer is gone, no longer active or has
// not that much free any more. A completed or cancelled reserve holds no stock: it comes back as it was.
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { RESERVE_RESTORE_MSG } from '../../../domain/reserves/messages';
import { badRequest, HttpError } from '../../errors';
import type { Row } from '../../records/pipeline';
import { reserve } from '../offers/stock';

export async function takeStockAgain(tx: Database, auth: AuthenticatedUser, record: Row, status: string): Promise<void> {
  if (status !== 'active') return;
  const id = Number(record.id);
  try {
    await reserve(tx, Number(record.offer_id), String(record.amount), { by: auth.user.id, via: { section: 'reserves', step: 'restore', ids: [id] } });
  } catch (e) {
    if (e instanceof HttpError && e.statusCode < 500) throw badRequest(RESERVE_RESTORE_MSG.refused(e.message));
    throw e;
  }
}
