// GET /api/{section}/{id}/history for every section of the registry: the record's history, newest first, as the
// reader may see it (historyRead.ts).
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { requireAuth } from '../http/auth';
import { SECTIONS, type Section } from '../../domain/sections';
import type { SectionSpec } from '../spec/section';
import { anyValue, idParams, reference, responses, wantsDeleted, withDeletedQuery } from '../http/schemas';
import { readHistory } from './historyRead';

const change = {
  type: 'object',
  properties: {
    field: { type: 'string', description: 'the database column (domain/history.ts names its title and format)' },
    key: { type: 'integer', description: 'which part of the field changed: the destination city of a delivery change' },
    name: { type: ['string', 'null'], description: 'the name of what key stands for' },
    old: { ...anyValue, description: 'the value before; a reference as {id, name}' },
    new: { ...anyValue, description: 'the value after; a reference as {id, name}' },
  },
} as const;

const entry = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    at: { type: 'string', format: 'date-time' },
    action: { type: 'string', enum: ['create', 'update', 'delete', 'stock'] },
    user: { ...reference, description: 'who wrote it; null where the reader\'s role does not see who created records' },
    changes: { type: 'array', items: change },
    via: {
      type: ['object', 'null'],
      description: 'what changed an offer\'s stock: the reserves (those the reader may read) and their step',
      properties: {
        section: { type: 'string' },
        step: { type: 'string', enum: ['create', 'change', 'complete', 'cancel', 'delete', 'expire', 'renew'] },
        ids: { type: 'array', items: { type: 'integer' } },
      },
    },
  },
} as const;

export default async function historyRoutes(app: FastifyInstance, opts: { db: Database; specs: Record<Section, SectionSpec> }) {
  const { db, specs } = opts;
  for (const section of SECTIONS) {
    app.get(`/${section}/:id/history`, {
      schema: {
        tags: ['history'], summary: `${section}: who changed what in a record, newest first; a deleted record only with ?withDeleted`,
        params: idParams, querystring: withDeletedQuery, response: responses({ 200: { type: 'array', items: entry } }),
      },
    }, async (request) => readHistory(db, specs, requireAuth(request), section, (request.params as { id: number }).id,
      wantsDeleted((request.query as { withDeleted?: string }).withDeleted)));
  }
}
