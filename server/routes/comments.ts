// Comments of any record: GET/POST /api/{section}/{id}/comments. Reading needs the record to be visible to
// the caller; writing needs the right to update it (that is what the card's canAddComment reflects).
import type { FastifyInstance } from 'fastify';
import { asc, eq, and, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { comments, users } from '../db/schema';
import { requireAuth } from '../http/auth';
import type { AuthenticatedUser } from '../accounts/users';
import { badRequest, forbidden, notFound } from '../errors';
import { scopeOf, type Action } from '../../domain/permissions';
import { SECTIONS, type Section } from '../../domain/sections';
import { offersSpec } from '../sections/offers';
import { reservesSpec } from '../sections/reserves';
import { employeesSpec, suppliersSpec } from '../sections/people';
import { citiesSpec, productsSpec } from '../sections/catalogue';

const SPECS = { offers: offersSpec, reserves: reservesSpec, employees: employeesSpec, suppliers: suppliersSpec, products: productsSpec, cities: citiesSpec };
export const COMMENT_MAX = 2000;

/** Is the record there and within the caller's scope for the action? */
export async function recordVisible(db: Database, auth: AuthenticatedUser, section: Section, id: number, action: Action = 'read'): Promise<boolean> {
  const scope = scopeOf(auth.permissions, section, action);
  if (scope === 'none') return false;
  const spec = SPECS[section];
  const a = sql.raw(spec.alias);
  const own = scope === 'own' ? sql`AND ${spec.own(auth)}` : sql``;
  const result = await db.execute(sql`SELECT 1 ${spec.from} WHERE ${a}.id = ${id} ${own} LIMIT 1`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Saves the comments typed on a create card; blank ones are ignored. */
export async function addComments(db: Database, auth: AuthenticatedUser, section: Section, entityId: number, input: unknown) {
  const texts = (Array.isArray(input) ? input : [])
    .map((c) => String(typeof c === 'object' && c !== null ? (c as { text?: unknown }).text ?? '' : c).trim())
    .filter(Boolean);
  if (texts.some((t) => t.length > COMMENT_MAX)) throw badRequest(`Комментарий длиннее ${COMMENT_MAX} символов`);
  if (texts.length) await db.insert(comments).values(texts.map((text) => ({ entity_type: section, entity_id: entityId, text, author_id: auth.user.id })));
}

export default async function commentsRoutes(app: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  const target = (params: unknown) => {
    const { section, id } = params as { section: string; id: string };
    if (!(SECTIONS as readonly string[]).includes(section) || !/^\d+$/.test(id)) throw notFound();
    return { section: section as Section, id: Number(id) };
  };

  app.get('/:section/:id/comments', { schema: { tags: ['comments'], summary: "A record's comments, oldest first" } }, async (request) => {
    const auth = requireAuth(request);
    const { section, id } = target(request.params);
    if (!(await recordVisible(db, auth, section, id))) throw notFound();
    return db
      .select({ id: comments.id, text: comments.text, author_id: comments.author_id, author_name: sql<string>`coalesce(${users.name}, ${users.email})`, created_at: comments.created_at })
      .from(comments)
      .leftJoin(users, eq(users.id, comments.author_id))
      .where(and(eq(comments.entity_type, section), eq(comments.entity_id, id)))
      .orderBy(asc(comments.created_at), asc(comments.id));
  });

  app.post('/:section/:id/comments', { schema: { tags: ['comments'], summary: 'Add a comment' } }, async (request, reply) => {
    const auth = requireAuth(request);
    const { section, id } = target(request.params);
    if (!(await recordVisible(db, auth, section, id))) throw notFound();
    if (!(await recordVisible(db, auth, section, id, 'update'))) throw forbidden();
    const text = String((request.body as { text?: unknown } | null)?.text ?? '').trim();
    if (!text) throw badRequest('Введите текст комментария');
    if (text.length > COMMENT_MAX) throw badRequest(`Комментарий длиннее ${COMMENT_MAX} символов`);
    const [row] = await db.insert(comments).values({ entity_type: section, entity_id: id, text, author_id: auth.user.id }).returning();
    reply.status(201);
    return { id: row.id, text: row.text, author_id: row.author_id, author_name: auth.user.name ?? auth.user.email, created_at: row.created_at };
  });
}
