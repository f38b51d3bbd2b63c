// /api/notifications: the signed-in user's own notifications (the bell), newest first, with the unread count;
// one marked read, or all ('Отметить все прочитанными'). A user reaches only its own: another's id is a 404.
import type { App } from '../http/typed';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { requireAuth } from '../accounts/auth';
import { idOf, idParams, noQuery, responses } from '../http/schemas';
import { columnsOf, rowsOf, select, selectFirst, selectRows } from '../db/rows';
import { notifications } from '../db/schema';
import { notFound } from '../errors';
import type { NotificationKind, NotificationList, NotificationSection } from '../../domain/notifications';

/** The latest this many are listed. */
export const NOTIFICATIONS_SHOWN = 50;

const item = {
  type: 'object',
  required: ['id', 'kind', 'section', 'record_id', 'text', 'created_at', 'read'],
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string' },
    section: { type: 'string' },
    record_id: { type: 'integer' },
    text: { type: 'string' },
    created_at: { type: 'string' },
    read: { type: 'boolean' },
  },
} as const;
const listResponse = responses({
  200: {
    type: 'object',
    required: ['items', 'unread'],
    properties: { items: { type: 'array', items: item }, unread: { type: 'integer' } },
  },
});
const marked = responses({
  200: { type: 'object', properties: { status: { type: 'string', enum: ['success'] }, marked: { type: 'integer' } } },
});
const noBody = { type: ['object', 'null'], properties: {}, additionalProperties: false } as const;

export async function listNotifications(db: Database, userId: number): Promise<NotificationList> {
  const n = notifications;
  const items = await selectRows(
    db,
    select({
      id: n.id,
      kind: sql<NotificationKind>`${n.kind}`,
      section: sql<NotificationSection>`${n.section}`,
      ...columnsOf(n, 'record_id', 'text', 'created_at'),
      read: sql<boolean>`${n.read_at} IS NOT NULL`,
    }),
    sql`FROM ${n} WHERE ${n.user_id} = ${userId} ORDER BY ${n.id} DESC LIMIT ${NOTIFICATIONS_SHOWN}`,
  );
  const { unread } = (await selectFirst(
    db,
    select({ unread: sql<number>`count(*)::int` }),
    sql`FROM ${n}
    WHERE ${n.user_id} = ${userId} AND ${n.read_at} IS NULL`,
  ))!;
  return {
    items: items.map((n) => ({
      ...n,
      id: Number(n.id),
      record_id: Number(n.record_id),
      created_at: new Date(n.created_at).toISOString(),
    })),
    unread: Number(unread),
  };
}

export default async function notificationsRoutes(app: App, opts: { db: Database }) {
  const { db } = opts;
  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The signed-in user's notifications, newest first (the latest 50), and how many are unread",
        querystring: noQuery,
        response: listResponse,
      },
    },
    async (request) => listNotifications(db, requireAuth(request).user.id),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: "Mark one of one's notifications read",
        params: idParams,
        querystring: noQuery,
        body: noBody,
        response: marked,
      },
    },
    async (request) => {
      const rows = rowsOf(
        await db.execute(sql`UPDATE notifications SET read_at = coalesce(read_at, now())
      WHERE id = ${idOf(request.params)} AND user_id = ${requireAuth(request).user.id} RETURNING id`),
      );
      if (!rows.length) throw notFound();
      return { status: 'success' as const, marked: 1 };
    },
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: "'Отметить все прочитанными'",
        querystring: noQuery,
        body: noBody,
        response: marked,
      },
    },
    async (request) => {
      const rows = rowsOf(
        await db.execute(sql`UPDATE notifications SET read_at = now()
      WHERE user_id = ${requireAuth(request).user.id} AND read_at IS NULL RETURNING id`),
      );
      return { status: 'success' as const, marked: rows.length };
    },
  );
}
