// The change log of the settings page: every administrative change, written by the transaction that makes it,
// so a change without its entry (or an entry without its change) cannot happen.
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { adminLog, users } from '../db/schema';
import type { AuthenticatedUser } from '../accounts/users';
import type { AdminLogAnswer } from '../../domain/admin';
import { pageUrl } from '../lists/query';

export type AdminAction =
  | 'settings'
  | 'invitation'
  | 'user'
  | 'role'
  | 'permissions'
  | 'hidden_fields'
  | 'positions'
  | 'packing'
  | 'document_types';

export async function recordChange(
  tx: Database,
  auth: AuthenticatedUser,
  action: AdminAction,
  summary: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(adminLog).values({ user_id: auth.user.id, action, summary, details });
}

/** A page of the log, newest first. */
export async function readLog(db: Database, page: number, perPage: number, path: string): Promise<AdminLogAnswer> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(adminLog);
  const pageCount = Math.max(1, Math.ceil(n / perPage));
  const rows = await db
    .select({
      id: adminLog.id,
      created_at: adminLog.created_at,
      summary: adminLog.summary,
      user_id: users.id,
      name: users.name,
      email: users.email,
    })
    .from(adminLog)
    .leftJoin(users, eq(users.id, adminLog.user_id))
    .orderBy(desc(adminLog.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    data: rows.map((r) => ({
      id: r.id,
      created_at: new Date(r.created_at).toISOString(),
      user: r.user_id === null ? null : { id: r.user_id, name: r.name ?? r.email ?? '' },
      summary: r.summary,
    })),
    pagination: {
      totalItems: n,
      currentPage: page,
      firstPage: 1,
      lastPage: pageCount,
      perPage,
      pageCount,
      nextPage: page < pageCount ? pageUrl(path, { perPage: String(perPage) }, page + 1) : null,
      previousPage: page > 1 ? pageUrl(path, { perPage: String(perPage) }, Math.min(page - 1, pageCount)) : null,
      pageURI: pageUrl(path, { perPage: String(perPage) }, page),
    },
  };
}
