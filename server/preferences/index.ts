// Each user's own table and card layouts (GET/PUT /api/settings by key) and default filters per section
// (GET/PUT /api/filters/{section}), kept on the server so they follow the user between browsers. A default filter
// is checked by the list query codec as the list will read it, so what is saved is a filter the list takes.
import { Type } from '@sinclair/typebox';
import type { App } from '../http/typed';
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as yup from 'yup';
import type { Database } from '../db/client';
import { savedFilters, userSettings } from '../db/schema';
import { requireAuth } from '../accounts/auth';
import { badRequest } from '../errors';
import { rowsOf } from '../db/rows';
import { SECTIONS, type Section } from '../../domain/sections';
import { noQuery, responses, success } from '../http/schemas';
import { russianErrors } from '../http/validation';
import { isBusinessSetting } from '../../domain/settings';
import { ADMIN_MSG } from '../../domain/admin';
import { forbidden } from '../errors';
import { saveBusinessSettings, saveCompanySettings, saveImportVatRecovered, saveShortfallRule } from '../settings';
import { IMPORT_VAT_SETTING } from '../../domain/shipments/importVat';
import { relandImportVat } from '../sections/shipments';
import { isCompanySetting } from '../../domain/settingsSchema';
import { SHORTFALL_RULE_SETTING } from '../../domain/offers/logistics';
import { LIST_MSG, decodeFilter } from '../../domain/listQuery';
import { savedFilterSchema } from '../../domain/listQuerySchemas';
import type { FilterState } from '../../domain/lists';
import { checked } from '../lists/query';
import { LAYOUTS, SAVED_FILTER } from '../../domain/answers';

const KEY = Type.String({ maxLength: 100 });
const keysQuery = Type.Object({ keys: Type.Optional(Type.Array(KEY, { maxItems: 50 })) });
const layoutsBody = { type: 'object', maxProperties: 50, propertyNames: KEY, additionalProperties: true } as const;
const settingsTexts = russianErrors({
  fields: { '': 'Ожидается объект настроек', keys: 'Слишком длинное имя настройки' },
});

const savedAnswer = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['success'] },
    /** The business settings as stored, when the call changed them; and how many offers' selling bands moved. */
    settings: { type: 'object', additionalProperties: { type: 'string' } },
    offers: { type: 'integer' },
    /** How many lots' landed cost the import-VAT setting moved. */
    lots: { type: 'integer' },
  },
} as const;

const MAX_VALUE_BYTES = 64 * 1024;
/** A user's own layouts, all keys together: the screens keep a few dozen; the caps stop a client filling the disk. */
export const MAX_KEYS_PER_USER = 300;
export const MAX_BYTES_PER_USER = 1024 * 1024;

export const PREFERENCES_MSG = {
  tooBig: 'Слишком большая настройка',
  tooMany: `Слишком много настроек: не больше ${MAX_KEYS_PER_USER}`,
  tooMuch: 'Настройки пользователя заняли бы больше 1 МБ',
} as const;
const keysSchema = yup.array(yup.string().required().max(100, 'Слишком длинное имя настройки')).max(50);

export default async function preferencesRoutes(app: App, opts: { db: Database }) {
  const { db } = opts;

  app.get(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        summary: "The caller's layouts by key",
        querystring: keysQuery,
        response: responses({ 200: LAYOUTS }),
      },
      schemaErrorFormatter: settingsTexts,
    },
    async (request) => {
      const { user } = requireAuth(request);
      const keys = await keysSchema.validate(request.query.keys ?? []);
      // a Map, so a key named '__proto__' is a key like any other
      const result = new Map<string, unknown>(keys!.map((k) => [k, null]));
      if (keys!.length) {
        const rows = await db
          .select()
          .from(userSettings)
          .where(and(eq(userSettings.user_id, user.id), inArray(userSettings.key, keys!)));
        for (const row of rows) result.set(row.key, row.value);
      }
      return Object.fromEntries(result);
    },
  );

  app.put(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        summary:
          "Save the caller's layouts: {key: config}; the business settings by name (administrators only), each offer's selling band recomputed",
        querystring: noQuery,
        body: layoutsBody,
        response: responses({ 200: savedAnswer }),
      },
      schemaErrorFormatter: settingsTexts,
    },
    async (request) => {
      const auth = requireAuth(request);
      const { user } = auth;
      const body = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw badRequest('Ожидается объект настроек');
      const all = Object.entries(body);
      await keysSchema.validate(all.map(([k]) => k));
      // the company's business settings share the call (spec point 7) but not the owner: only an admin writes them
      const business = all.filter(([k]) => isBusinessSetting(k));
      const shortfall = all.find(([k]) => k === SHORTFALL_RULE_SETTING);
      const importVat = all.find(([k]) => k === IMPORT_VAT_SETTING);
      const company = all.filter(([k]) => isCompanySetting(k));
      const entries = all.filter(
        ([k]) =>
          !isBusinessSetting(k) && k !== SHORTFALL_RULE_SETTING && k !== IMPORT_VAT_SETTING && !isCompanySetting(k),
      );
      if ((business.length || shortfall || importVat || company.length) && !user.is_admin)
        throw forbidden(ADMIN_MSG.adminOnly);
      if (shortfall) await saveShortfallRule(db, auth, shortfall[1]);
      // the lots of the shipments with an import VAT line are costed again under the regime saved
      const lots = importVat
        ? await saveImportVatRecovered(db, auth, importVat[1], (tx) => relandImportVat(tx, user.id))
        : undefined;
      if (company.length) await saveCompanySettings(db, auth, Object.fromEntries(company));
      const saved = business.length ? await saveBusinessSettings(db, auth, Object.fromEntries(business)) : undefined;
      for (const [, value] of entries) {
        if (JSON.stringify(value ?? null).length > MAX_VALUE_BYTES) throw badRequest(PREFERENCES_MSG.tooBig);
      }
      // all or nothing, and bounded per user: the user's row locked, so two saves at once cannot pass the caps together
      if (entries.length) {
        await db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1 FROM users WHERE id = ${user.id} FOR UPDATE`);
          for (const [key, value] of entries) {
            if (value === null)
              await tx.delete(userSettings).where(and(eq(userSettings.user_id, user.id), eq(userSettings.key, key)));
            else {
              await tx
                .insert(userSettings)
                .values({ user_id: user.id, key, value })
                .onConflictDoUpdate({
                  target: [userSettings.user_id, userSettings.key],
                  set: { value: sql`excluded.value` },
                });
            }
          }
          const [stored] = rowsOf<{ keys: number; bytes: number }>(
            await tx.execute(sql`
          SELECT count(*)::int AS keys, coalesce(sum(octet_length(value::text)), 0)::int AS bytes FROM user_settings WHERE user_id = ${user.id}`),
          );
          if (stored.keys > MAX_KEYS_PER_USER) throw badRequest(PREFERENCES_MSG.tooMany);
          if (stored.bytes > MAX_BYTES_PER_USER) throw badRequest(PREFERENCES_MSG.tooMuch);
        });
      }
      return { status: 'success', ...(saved ?? {}), ...(lots === undefined ? {} : { lots }) };
    },
  );

  // One route per section of the registry: an unknown section is the router's 404.
  for (const section of SECTIONS) filterRoutes(app, db, section);
}

function filterRoutes(app: App, db: Database, section: Section) {
  const filter = savedFilterSchema(app.sectionSpecs[section].filterDefs);
  app.get(
    `/filters/${section}`,
    {
      schema: {
        tags: ['settings'],
        summary: `The caller's default filter of ${section}`,
        querystring: noQuery,
        response: responses({ 200: SAVED_FILTER }),
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const [row] = await db
        .select()
        .from(savedFilters)
        .where(and(eq(savedFilters.user_id, user.id), eq(savedFilters.section, section)));
      return row?.value ?? {};
    },
  );

  app.put(
    `/filters/${section}`,
    {
      schema: {
        tags: ['settings'],
        summary: `Save the caller's default filter of ${section}`,
        querystring: noQuery,
        body: Type.Unsafe<FilterState>(filter.schema),
        response: responses({ 200: success }),
      },
      schemaErrorFormatter: russianErrors(filter.texts),
    },
    async (request) => {
      const { user } = requireAuth(request);
      const value: FilterState | undefined = request.body;
      // a request without a body is not validated by its schema
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest(LIST_MSG.savedFilter);
      if (JSON.stringify(value).length > MAX_VALUE_BYTES) throw badRequest('Слишком большой фильтр');
      checked(() => decodeFilter(value, app.sectionSpecs[section].filterDefs));
      await db
        .insert(savedFilters)
        .values({ user_id: user.id, section, value })
        .onConflictDoUpdate({
          target: [savedFilters.user_id, savedFilters.section],
          set: { value: sql`excluded.value` },
        });
      return { status: 'success' };
    },
  );
}
