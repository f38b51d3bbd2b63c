// The reference lists behind selects: GET /api/lists/{name}/items → [{id, name}] of active records, as the reader
// may see them (records/references.ts: the reader's scope of the section, hidden fields refused).
// One route per list, so an unknown list is the router's 404 and /api/docs names every one.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { requireAuth } from '../accounts/auth';
import { noQuery, responses } from '../http/schemas';
import { REFERENCE_NAMES, referenceItems, type ReferenceName } from '../records/references';
import { REFERENCE_ITEMS } from '../../domain/answers';

const items = responses({
  200: REFERENCE_ITEMS,
});

export default async function referencesRoutes(app: FastifyInstance, opts: { db: Database }) {
  const route = (path: string, name: ReferenceName) =>
    app.get(
      path,
      { schema: { tags: ['lists'], summary: `${name} as [{id, name}]`, querystring: noQuery, response: items } },
      async (request) => referenceItems(opts.db, app.sectionSpecs, requireAuth(request), name, true),
    );
  for (const name of REFERENCE_NAMES) route(`/lists/${name}/items`, name);
  route('/lists/cities', 'cities');
}
