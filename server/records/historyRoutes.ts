// GET /api/{section}/{id}/history for every section of the registry: the record's history, newest first, as the
// reader may see it (historyRead.ts).
import type { App } from '../http/typed';
import type { Database } from '../db/client';
import { requireAuth } from '../accounts/auth';
import { SECTIONS, type Section } from '../../domain/sections';
import type { SectionSpec } from '../contract/section';
import { idParams, responses, wantsDeleted, withDeletedQuery } from '../http/schemas';
import { readHistory } from './historyRead';
import { HISTORY } from '../../domain/answers';

export default async function historyRoutes(app: App, opts: { db: Database; specs: Record<Section, SectionSpec> }) {
  const { db, specs } = opts;
  for (const section of SECTIONS) {
    app.get(
      `/${section}/:id/history`,
      {
        schema: {
          tags: ['history'],
          summary: `${section}: who changed what in a record, newest first; a deleted record only with ?withDeleted`,
          params: idParams,
          querystring: withDeletedQuery,
          response: responses({ 200: HISTORY }),
        },
      },
      async (request) =>
        readHistory(
          db,
          specs,
          requireAuth(request),
          section,
          request.params.id,
          wantsDeleted(request.query.withDeleted),
        ),
    );
  }
}
