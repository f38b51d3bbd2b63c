// The three routes of a record's card, alike in every section: GET /{section}/{id} (a deleted record only with
// ?withDeleted), POST /{section} answering 201 with the new record, PATCH /{section}/{id}. The section names its
// card's body schema, the summaries /api/docs shows, and the record service behind each route.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import type { Section } from '../../domain/sections';
import { requireAuth } from '../http/auth';
import { idOf, idParams, noQuery, withDeletedOf, withDeletedQuery } from '../http/schemas';
import { cardResponse, type CardSummaries, type Row } from './card';

export interface CardRoutes {
  section: Section;
  /** The JSON schema of the card's body, for POST and PATCH. */
  body: object;
  summaries: CardSummaries;
  read: (db: Database, auth: AuthenticatedUser, id: number, withDeleted: boolean) => Promise<Row>;
  create: (db: Database, auth: AuthenticatedUser, body: Row) => Promise<Row>;
  update: (db: Database, auth: AuthenticatedUser, id: number, body: Row) => Promise<Row>;
}

export function cardRoutes(app: FastifyInstance, db: Database, card: CardRoutes) {
  const { section, body, summaries } = card;
  const tags = [section];
  const bodyOf = (value: unknown) => (value ?? {}) as Row;

  app.get(`/${section}/:id`, {
    schema: { tags, summary: summaries.read, params: idParams, querystring: withDeletedQuery, response: cardResponse(200) },
  }, async (request) => card.read(db, requireAuth(request), idOf(request.params), withDeletedOf(request.query)));
  app.post(`/${section}`, {
    schema: { tags, summary: summaries.create, querystring: noQuery, body, response: cardResponse(201) },
  }, async (request, reply) => {
    const record = await card.create(db, requireAuth(request), bodyOf(request.body));
    reply.status(201);
    return record;
  });
  app.patch(`/${section}/:id`, {
    schema: { tags, summary: summaries.update, params: idParams, querystring: noQuery, body, response: cardResponse(200) },
  }, async (request) => card.update(db, requireAuth(request), idOf(request.params), bodyOf(request.body)));
}
