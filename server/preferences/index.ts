// Each user's own table and card layouts (GET/PUT /api/settings by key) and default filters per section
// (GET/PUT /api/filters/{section}), kept on the server so they follow the user between browsers.
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as yup from 'yup';
import type { Database } from '../db/client';
import { savedFilters, userSettings } from '../db/schema';
import { requireAuth } from '../http/auth';
import { badRequest } from '../errors';
import { SECTIONS, type Section } from '../../domain/sections';
import { anyObject, noQuery, responses, success } from '../http/schemas';
import { russianErrors } from '../http/validation';

const KEY = { type: 'string', maxLength: 100 } as const;
const keysQuery = { type: 'object', properties: { keys: { type: 'array', maxItems: 50, items: KEY } } } as const;
const layoutsBody = { type: 'object', maxProperties: 50, propertyNames: KEY, additionalProperties: true } as const;
const settingsTexts = russianErrors({ fields: { '': 'Ожидается объект настроек', keys: 'Слишком длинное имя настройки' } });
const filterTexts = russianErrors({ fields: { '': 'Ожидается объект фильтра' } });

const MAX_VALUE_BYTES = 64 * 1024;
const keysSchema = yup.array(yup.string().required().max(100, 'Слишком длинное имя настройки')).max(50);

export default async function preferencesRoutes(app: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;

  app.get('/settings', {
    schema: { tags: ['settings'], summary: "The caller's layouts by key", querystring: keysQuery, response: responses({ 200: anyObject }) },
    schemaErrorFormatter: settingsTexts,
  }, async (request) => {
    const { user } = requireAuth(request);
    const raw = (request.query as { keys?: string | string[] }).keys;
    const keys = await keysSchema.validate(raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]);
    // a Map, so a key named '__proto__' is a key like any other
    const result = new Map<string, unknown>(keys!.map((k) => [k, null]));
    if (keys!.length) {
      const rows = await db.select().from(userSettings).where(and(eq(userSettings.user_id, user.id), inArray(userSettings.key, keys!)));
      for (const row of rows) result.set(row.key, row.value);
    }
    return Object.fromEntries(result);
  });

  app.put('/settings', {
    schema: { tags: ['settings'], summary: "Save the caller's layouts: {key: config}", querystring: noQuery, body: layoutsBody, response: responses({ 200: success }) },
    schemaErrorFormatter: settingsTexts,
  }, async (request) => {
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

  // One route per section of the registry: an unknown section is the router's 404.
  for (const section of SECTIONS) filterRoutes(app, db, section);
}

function filterRoutes(app: FastifyInstance, db: Database, section: Section) {
  app.get(`/filters/${section}`, {
    schema: { tags: ['settings'], summary: `The caller's default filter of ${section}`, querystring: noQuery, response: responses({ 200: anyObject }) },
  }, async (request) => {
    const { user } = requireAuth(request);
    const [row] = await db.select().from(savedFilters).where(and(eq(savedFilters.user_id, user.id), eq(savedFilters.section, section)));
    return row?.value ?? {};
  });

  app.put(`/filters/${section}`, {
    schema: {
      tags: ['settings'], summary: `Save the caller's default filter of ${section}`, querystring: noQuery, body: anyObject, response: responses({ 200: success }),
    },
    schemaErrorFormatter: filterTexts,
  }, async (request) => {
    const { user } = requireAuth(request);
    const value = request.body;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('Ожидается объект фильтра');
    if (JSON.stringify(value).length > MAX_VALUE_BYTES) throw badRequest('Слишком большой фильтр');
    await db.insert(savedFilters).values({ user_id: user.id, section, value })
      .onConflictDoUpdate({ target: [savedFilters.user_id, savedFilters.section], set: { value: sql`excluded.value` } });
    return { status: 'success' };
  });
}
