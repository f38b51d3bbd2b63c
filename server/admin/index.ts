// Business settings live in admin/ (not preferences/): they are the company's, the same for every user, and
// the admin page will edit them. Reading them by name is for those who need them (domain/settings.ts
// canReadSetting: an admin, or a role that writes reserves and sees the figure a setting is part of).
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import type { Database } from '../db/client';
import { requireAuth } from '../accounts/auth';
import { settingsByName } from '../settings';
import { SETTINGS_MSG } from '../../domain/settings';
import { canReadSetting } from '../../domain/permissions';
import { forbidden } from '../errors';
import { noQuery, responses } from '../http/schemas';
import { russianErrors } from '../http/validation';
import { BUSINESS_SETTINGS } from '../../domain/answers';

const namesBody = { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 100 } } as const;

const namesSchema = yup.array(yup.string().required().max(100, 'Слишком длинное имя настройки')).max(50);

export default async function adminRoutes(app: FastifyInstance, opts: { db: Database }) {
  // POST with the names wanted: delivery_cost_default, costs_per_kg, min_markup, max_markup
  app.post(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'Business settings by name',
        querystring: noQuery,
        body: namesBody,
        response: responses({ 200: BUSINESS_SETTINGS }),
      },
      schemaErrorFormatter: russianErrors({
        fields: { '': { default: 'Ожидается список имён настроек', maxLength: 'Слишком длинное имя настройки' } },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const names = (await namesSchema.required('Ожидается список имён настроек').validate(request.body)) as string[];
      const refused = names.filter((name) => !canReadSetting(auth.permissions, name));
      if (refused.length) throw forbidden(SETTINGS_MSG.forbidden(refused));
      return settingsByName(opts.db, names);
    },
  );
}
