// Settings (spec point 7): business settings by name, and each user's own table/card layouts and default
// filters, kept on the server so they follow the user between browsers.
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as yup from 'yup';
import type { Database } from '../db/client';
import { businessSettings, savedFilters, userSettings } from '../db/schema';
import { requireAuth } from '../http/auth';
import { badRequest, notFound } from '../errors';
import { SECTIONS } from '../../domain/sections';

const MAX_VALUE_BYTES = 64 * 1024;
const keysSchema = yup.array(yup.string().required().max(100, 'Слишком длинное имя настройки')).max(50);

export default async function settingsRoutes(app: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;

  // POST with the names wanted: delivery_cost_default, costs_per_kg, min_markup, max_markup
  app.post('/settings', { schema: { tags: ['settings'], summary: 'Business settings by name' } }, async (request) => {
    requireAuth(request);
    const names = await keysSchema.required('Ожидается список имён настроек').validate(request.body);
    if (!names.length) return {};
    const rows = await db.select().from(businessSettings).where(inArray(businessSettings.name, names));
    return Object.fromEntries(rows.map((r) => [r.name, r.value]));
  });

  app.get('/settings', { schema: { tags: ['settings'], summary: "The caller's layouts by key" } }, async (request) => {
    const { user } = requireAuth(request);
    const raw = (request.query as { keys?: string | string[] }).keys;
    const keys = await keysSchema.validate(raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]);
    const result: Record<string, unknown> = Object.fromEntries(keys!.map((k) => [k, null]));
    if (!keys!.length) return result;
    const rows = await db.select().from(userSettings).where(and(eq(userSettings.user_id, user.id), inArray(userSettings.key, keys!)));
    for (const row of rows) result[row.key] = row.value;
    return result;
  });

  app.put('/settings', { schema: { tags: ['settings'], summary: "Save the caller's layouts: {key: config}" } }, async (request) => {
    const { user } = requireAuth(request);
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('Ожидается объект настроек');
    const entries = Object.entries(body as Record<string, unknown>);
    await keysSchema.validate(entries.map(([k]) => k));
    for (const [key, value] of entries) {
      if (JSON.stringify(value ?? null).length > MAX_VALUE_BYTES) throw badRequest('Слишком большая настройка');
      if (value === null) await db.delete(userSettings).where(and(eq(userSettings.user_id, user.id), eq(userSettings.key, key)));
      else {
        await db.insert(userSettings).values({ user_id: user.id, key, value })
          .onConflictDoUpdate({ target: [userSettings.user_id, userSettings.key], set: { value: sql`excluded.value` } });
      }
    }
    return { status: 'success' };
  });

  const sectionOf = (params: unknown) => {
    const section = (params as { section: string }).section;
    if (!(SECTIONS as readonly string[]).includes(section)) throw notFound();
    return section;
  };

  app.get('/filters/:section', { schema: { tags: ['settings'], summary: "The caller's default filter of a section" } }, async (request) => {
    const { user } = requireAuth(request);
    const section = sectionOf(request.params);
    const [row] = await db.select().from(savedFilters).where(and(eq(savedFilters.user_id, user.id), eq(savedFilters.section, section)));
    return row?.value ?? {};
  });

  app.put('/filters/:section', { schema: { tags: ['settings'], summary: "Save the caller's default filter" } }, async (request) => {
    const { user } = requireAuth(request);
    const section = sectionOf(request.params);
    const value = request.body;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('Ожидается объект фильтра');
    if (JSON.stringify(value).length > MAX_VALUE_BYTES) throw badRequest('Слишком большой фильтр');
    await db.insert(savedFilters).values({ user_id: user.id, section, value })
      .onConflictDoUpdate({ target: [savedFilters.user_id, savedFilters.section], set: { value: sql`excluded.value` } });
    return { status: 'success' };
  });
}
