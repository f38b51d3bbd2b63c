// The reference lists behind selects: GET /api/lists/{name}/items → [{id, name}] of active records.
// One route per list, so an unknown list is the router's 404 and /api/docs names every one.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { requireAuth } from '../http/auth';
import { rowsOf } from '../http/rows';
import { noQuery, responses } from '../http/schemas';

const items = responses({
  200: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, product_id: { type: ['integer', 'null'] } } } },
});

export const REFERENCES: Record<string, string> = {
  cities: `SELECT id, name FROM cities WHERE status = 'active' ORDER BY name`,
  employees: `SELECT id, full_name AS name FROM employees WHERE status = 'active' ORDER BY full_name`,
  positions: `SELECT id, name FROM positions ORDER BY name`,
  suppliers: `SELECT id, name FROM suppliers WHERE status = 'active' ORDER BY name`,
  varieties: `SELECT id, name, product_id FROM varieties ORDER BY name`,
  packing: `SELECT id, name FROM packing ORDER BY name`,
  products: `SELECT id, name FROM products WHERE status = 'active' ORDER BY name`,
};

export default async function referencesRoutes(app: FastifyInstance, opts: { db: Database }) {
  const read = async (name: string) => rowsOf(await opts.db.execute(sql.raw(REFERENCES[name])));
  for (const name of Object.keys(REFERENCES)) {
    app.get(`/lists/${name}/items`, { schema: { tags: ['lists'], summary: `${name} as [{id, name}]`, querystring: noQuery, response: items } }, async (request) => {
      requireAuth(request);
      return read(name);
    });
  }
  app.get('/lists/cities', { schema: { tags: ['lists'], summary: 'Cities as [{id, name}]', querystring: noQuery, response: items } }, async (request) => {
    requireAuth(request);
    return read('cities');
  });
}
