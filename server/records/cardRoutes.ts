// The three routes of a record's card, alike in every section: GET /{section}/{id} (a deleted record only with
// ?withDeleted), POST /{section} answering 201 with the new record, PATCH /{section}/{id} made on the version the
// user saw. Each goes through the record pipeline (records/pipeline.ts); the section names its card's body
// schema, the summaries /api/docs shows, and its record's hooks.
import { Type } from '@sinclair/typebox';
import type { App } from '../http/typed';
import type { Database } from '../db/client';
import { versionProperty } from '../../domain/versions';
import { requireAuth } from '../accounts/auth';
import { idOf, idParams, noQuery, withDeletedOf, withDeletedQuery } from '../http/schemas';
import { cardResponse, type CardSummaries } from './card';
import { readRecord, type RecordSection, type Row } from './pipeline';
import { updateRecord } from './recordWrites';
import { createRecord } from './create';
import { bulkRoutes } from './bulkRoutes';
import type { Section } from '../../domain/sections';

/** A card's body: its form's fields as JSON schema properties. */
export interface CardBody {
  type: 'object';
  properties: Record<string, object>;
}

export interface CardRoutes<Values, S extends Section = Section> {
  /** The JSON schema of the card's body, for POST and PATCH (PATCH adds the version). */
  body: CardBody;
  summaries: CardSummaries;
  record: RecordSection<Values, S>;
}

/** A change's body: the card's fields and the version of the record the user changed. */
export const changeBody = (body: CardBody) => ({
  ...body,
  properties: {
    ...body.properties,
    version: {
      ...versionProperty,
      description: 'the version of the record the change was made on (409 stale when newer)',
    },
  },
});

export function cardRoutes<Values, S extends Section>(app: App, db: Database, card: CardRoutes<Values, S>) {
  const { summaries, record } = card;
  const section = record.spec.section;
  const tags = [section];
  // the card's fields, whatever the section: its values by name (the section's hooks check them)
  const body = Type.Unsafe<Row>(card.body);

  app.get(
    `/${section}/:id`,
    {
      schema: {
        tags,
        summary: summaries.read,
        params: idParams,
        querystring: withDeletedQuery,
        response: cardResponse(200),
      },
    },
    async (request) => readRecord(db, requireAuth(request), record, idOf(request.params), withDeletedOf(request.query)),
  );
  app.post(
    `/${section}`,
    {
      schema: { tags, summary: summaries.create, querystring: noQuery, body, response: cardResponse(201) },
    },
    async (request, reply) => {
      const created = await createRecord(db, requireAuth(request), record, request.body);
      reply.status(201);
      return created;
    },
  );
  app.patch(
    `/${section}/:id`,
    {
      schema: {
        tags,
        summary: summaries.update,
        params: idParams,
        querystring: noQuery,
        body: Type.Unsafe<Row>(changeBody(card.body)),
        response: cardResponse(200),
      },
    },
    async (request) => updateRecord(db, requireAuth(request), record, idOf(request.params), request.body),
  );
  // bulk edit and the trash's restore, through the same record hooks
  bulkRoutes(app, db, record);
}
