// The reserves a paper is made of must all be within the caller's read scope: one out of it answers 404, as its card
// would, so a paper never tells that a reserve the caller may not see exists.
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import type { SectionSpec } from '../../contract/section';
import { notFound } from '../../errors';
import { visibleIds } from '../../records/access';

export async function requireVisibleReserves(
  db: Database,
  reserves: Pick<SectionSpec, 'section' | 'alias' | 'from' | 'own'>,
  auth: AuthenticatedUser,
  ids: number[],
): Promise<void> {
  const visible = await visibleIds(db, reserves, auth, ids);
  if (ids.some((id) => !visible.has(id))) throw notFound();
}
