// Notifications are written here, in the transaction of the write they tell of (so a rolled-back write leaves
// none), and told live to their users once it commits (db/changes.ts). Who is told is a condition over users;
// the acting user is not told of what it did itself, and no user is told what it may not open. A dedupe key keeps a notice the job repeats every minute to
// one per user.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { announceNotifications } from '../db/changes';
import { namesOf, returningRows, select } from '../db/rows';
import { notifications } from '../db/schema';
import type { NotificationKind, NotificationSection } from '../../domain/notifications';
import type { Section } from '../../domain/sections';
import { KIND_FORBIDDEN } from '../../domain/permissions';
import type { Author } from './history';

/** The users a notification goes to, as a condition over `users u`. */
export const recipients = {
  /** The employee responsible for the reserve. */
  responsibleOf: (reserveId: number): SQL =>
    sql`u.employee_id = (SELECT responsible_id FROM reserves WHERE id = ${reserveId})`,
  /** The account that created the offer. */
  authorOf: (offerId: number): SQL => sql`u.id = (SELECT created_by FROM offers WHERE id = ${offerId})`,
  /** The supplier's users of the offer's supplier. */
  supplierOf: (offerId: number): SQL =>
    sql`u.user_type = 'supplier' AND u.supplier_id = (SELECT supplier_id FROM offers WHERE id = ${offerId})`,
  /** Users who read reserves at all (their role's read of reserves is not none): those who may know a lot is held. */
  readsReserves: (): SQL => sql`(u.is_admin OR EXISTS (SELECT 1 FROM role_permissions p WHERE p.role_id = u.role_id
    AND p.resource = 'reserves' AND p.action = 'read' AND p.scope IN ('all', 'own')))`,
};

export interface Notice {
  to: SQL;
  kind: NotificationKind;
  section: NotificationSection;
  recordId: number;
  text: string;
  /** Unique per user: a notice with a key already given is not given again. */
  dedupe?: string;
  /** The user whose action this tells of: not told. */
  by?: Author;
}

/** A record is a reader's own (its role reads the section 'own'), as the lists judge it, over `users u`: an offer
 * it created or of its supplier, a reserve or buyer its employee is responsible for (an account with none: that
 * it created), any other record that it created. */
const OWNS: Partial<Record<Section, (id: SQL) => SQL>> = {
  offers: (id) =>
    sql`EXISTS (SELECT 1 FROM offers o WHERE o.id = ${id} AND (o.created_by = u.id OR o.supplier_id = u.supplier_id))`,
  reserves: (id) => sql`EXISTS (SELECT 1 FROM reserves r WHERE r.id = ${id}
    AND CASE WHEN u.employee_id IS NULL THEN r.created_by = u.id ELSE r.responsible_id = u.employee_id END)`,
  buyers: (id) => sql`EXISTS (SELECT 1 FROM buyers b WHERE b.id = ${id}
    AND CASE WHEN u.employee_id IS NULL THEN b.created_by = u.id ELSE b.responsible_id = u.employee_id END)`,
};

/** Only a user who may open the record told of is told: its role reads the section, all of it or this
 * record as its own. A supplier's user who created an offer hears that it sold out, not the numbers of the
 * reserves placed on it (reserves are not its to read); a manager reading only its own reserves is not told of
 * one another is responsible for. */
function opens(section: NotificationSection, recordId: SQL): SQL {
  // a saved quote is read by its author, or by a role that reads every reserve (server/quotes/records.ts readScope)
  if (section === 'quotes') {
    return sql`(u.is_admin OR EXISTS (SELECT 1 FROM quotes x WHERE x.id = ${recordId} AND x.created_by = u.id)
      OR EXISTS (SELECT 1 FROM role_permissions p WHERE p.role_id = u.role_id AND p.resource = 'reserves' AND p.action = 'read' AND p.scope = 'all'))`;
  }
  const forbidden = Object.entries(KIND_FORBIDDEN)
    .filter(([, sections]) => sections?.includes(section))
    .map(([kind]) => kind);
  const owns =
    OWNS[section]?.(recordId) ??
    sql`EXISTS (SELECT 1 FROM ${sql.identifier(section)} x WHERE x.id = ${recordId} AND x.created_by = u.id)`;
  return sql`(u.is_admin OR (EXISTS (SELECT 1 FROM role_permissions p WHERE p.role_id = u.role_id AND p.resource = ${section}
    AND p.action = 'read' AND (p.scope = 'all' OR (p.scope = 'own' AND ${owns})))
    ${
      forbidden.length
        ? sql`AND u.user_type NOT IN (${sql.join(
            forbidden.map((k) => sql`${k}`),
            sql`, `,
          )})`
        : sql``
    }))`;
}

/** Who a written notice went to. */
const TOLD = select({ user_id: notifications.user_id });

/** Writes the notice for every active user it goes to; answers how many were told. */
export async function notify(tx: Database, notice: Notice): Promise<number> {
  const n = notifications;
  const rows = await returningRows(
    tx,
    sql`
    INSERT INTO ${n} (${namesOf(n.user_id, n.kind, n.section, n.record_id, n.text, n.dedupe_key)})
    SELECT u.id, ${notice.kind}, ${notice.section}, ${notice.recordId}, ${notice.text}, ${notice.dedupe ?? null}
    FROM users u WHERE u.status = 'active' AND (${notice.to}) AND ${opens(notice.section, sql`${notice.recordId}`)}
      ${notice.by ? sql`AND u.id <> ${notice.by}` : sql``}
    ON CONFLICT (${namesOf(n.user_id, n.dedupe_key)}) DO NOTHING`,
    TOLD,
  );
  await announceNotifications(
    tx,
    rows.map((r) => Number(r.user_id)),
  );
  return rows.length;
}

/** Notices of one kind about many records, in one statement: `to` is a condition over `users u` and the notice
 * `n` (n.record_id, n.text), each notice going to its own users. Answers how many notices were written. */
export async function notifyMany(
  tx: Database,
  notices: { recordId: number; text: string }[],
  common: { to: SQL; kind: NotificationKind; section: Section; by?: Author },
): Promise<number> {
  if (!notices.length) return 0;
  const t = notifications;
  const rows = await returningRows(
    tx,
    sql`
    INSERT INTO ${t} (${namesOf(t.user_id, t.kind, t.section, t.record_id, t.text)})
    SELECT u.id, ${common.kind}, ${common.section}, n.record_id, n.text
    FROM jsonb_to_recordset(${JSON.stringify(notices.map((x, i) => ({ i, record_id: x.recordId, text: x.text })))}::jsonb) AS n(i int, record_id int, text text)
    JOIN users u ON u.status = 'active' AND (${common.to}) AND ${opens(common.section, sql`n.record_id`)}
      ${common.by ? sql`AND u.id <> ${common.by}` : sql``}
    ORDER BY n.i, u.id`,
    TOLD,
  );
  await announceNotifications(
    tx,
    rows.map((r) => Number(r.user_id)),
  );
  return rows.length;
}
