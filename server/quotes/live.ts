// Who hears of a saved quote on the live streams: who may read it (its author, or a role that reads every reserve),
// and only a role that quotes at all; the streams carry its id, version and kind, never a field of it.
import { sql } from 'drizzle-orm';
import type { WingAudience } from '../events/audience';
import { canQuote } from '../../domain/quotes/access';
import { scopeOf } from '../../domain/permissions';

export const quoteAudience: WingAudience = {
  section: 'quotes',
  alias: 'q',
  from: sql`FROM quotes q`,
  scope: (auth) => {
    if (!canQuote(auth.permissions)) return 'none';
    return scopeOf(auth.permissions, 'reserves', 'read') === 'all' ? 'all' : sql`q.created_by = ${auth.user.id}`;
  },
};
