// The routes of work on many records at once and of the trash, alike in every section with a card:
// PATCH /{section} {ids, set, adjust?} (bulk edit), POST /{section}/{id}/restore and POST /{section}/restore {ids}.
import type { App } from '../http/typed';
import type { Database } from '../db/client';
import { BULK_MAX, BULK_MSG, PERCENT_MAX, PERCENT_MIN, RESTORE_MSG, bulkFieldsOf } from '../../domain/bulk';
import { BULK_EDIT_RESULT, BULK_RESTORE_RESULT } from '../../domain/answers';
import { requireAuth } from '../accounts/auth';
import { ID, idOf, idParams, noQuery, responses } from '../http/schemas';
import { russianErrors } from '../http/validation';
import { bulkUpdate } from './bulk';
import { cardResponse, formValue } from './card';
import type { RecordSection } from './pipeline';
import type { Section } from '../../domain/sections';
import { bulkRestore, restoreRecord } from './restore';

/** A percentage of adjust, bounded here as the handler bounds it (the same Russian message either way). */
const percent = { type: 'number', minimum: PERCENT_MIN, maximum: PERCENT_MAX } as const;
const idsProperty = { type: 'array', minItems: 1, maxItems: BULK_MAX, items: ID } as const;

export function bulkRoutes<Values, S extends Section>(app: App, db: Database, record: RecordSection<Values, S>) {
  const section = record.spec.section;
  const tags = [section];
  const fields = bulkFieldsOf(section);
  if (fields.length) {
    const keys = fields.map((f) => f.key);
    app.patch(
      `/${section}`,
      {
        schema: {
          tags,
          summary: `${section}: change the selected records at once, each through its card's rules`,
          querystring: noQuery,
          body: {
            type: 'object',
            required: ['ids'],
            additionalProperties: false,
            properties: {
              ids: idsProperty,
              set: {
                type: 'object',
                description: `new values by field: ${keys.join(', ')}`,
                properties: Object.fromEntries(keys.map((k) => [k, formValue])),
              },
              adjust: {
                type: 'object',
                description: "percentages (−99.99…1000) by money field, of each record's own value",
                properties: Object.fromEntries(fields.filter((f) => f.adjustable).map((f) => [f.key, percent])),
                // any other field is the handler's to refuse by its label ('… нельзя изменить на процент')
                additionalProperties: percent,
              },
            },
          },
          response: responses({ 200: BULK_EDIT_RESULT }),
        },
        schemaErrorFormatter: russianErrors({
          fields: {
            '': BULK_MSG.noIds,
            ids: { default: BULK_MSG.noIds, maxItems: BULK_MSG.tooMany },
            adjust: BULK_MSG.badPercent,
          },
          unknown: (key) => BULK_MSG.notBulk(key),
        }),
      },
      async (request) => bulkUpdate(db, requireAuth(request), record, request.body),
    );
  }
  app.post(
    `/${section}/restore`,
    {
      schema: {
        tags,
        summary: `${section}: restore the selected deleted records`,
        querystring: noQuery,
        body: { type: 'object', required: ['ids'], properties: { ids: idsProperty } },
        response: responses({ 200: BULK_RESTORE_RESULT }),
      },
      schemaErrorFormatter: russianErrors({
        fields: { '': RESTORE_MSG.noIds, ids: { default: RESTORE_MSG.noIds, maxItems: RESTORE_MSG.tooMany } },
      }),
    },
    async (request) => bulkRestore(db, requireAuth(request), record, request.body),
  );
  app.post(
    `/${section}/:id/restore`,
    {
      schema: {
        tags,
        summary: `${section}: restore a deleted record (409 when an active twin exists)`,
        params: idParams,
        querystring: noQuery,
        response: cardResponse(200),
      },
    },
    async (request) => restoreRecord(db, requireAuth(request), record, idOf(request.params)),
  );
}
