// /api/offers: the list, bulk delete, the filter config and the summary tiles of the offers page.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { requireAuth } from '../http/auth';
import { listRoutes } from '../lists/routes';
import { offersSpec } from '../sections/offers';
import { scopeOf } from '../../domain/permissions';
import { forbidden, notFound } from '../errors';
import { createOffer, readOffer, updateOffer } from '../sections/offerRecord';

export default async function offersRoutes(app: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  listRoutes(app, db, offersSpec);

  // Placed reserves, realized reserves and the value of realized offers, over the offers the caller may see.
  app.get('/offers/summary', { schema: { tags: ['offers'], summary: 'The three tiles of the offers page' } }, async (request) => {
    const auth = requireAuth(request);
    const scope = scopeOf(auth.permissions, 'offers', 'read');
    if (scope === 'none') throw forbidden();
    const visible = scope === 'own' ? offersSpec.own(auth) : sql`true`;
    const result = await db.execute(sql`
      SELECT count(*) FILTER (WHERE r.status = 'active')::int AS placed_count,
             round(coalesce(sum(r.total_selling_sum) FILTER (WHERE r.status = 'active'), 0), 2)::text AS placed_sum,
             count(*) FILTER (WHERE r.status = 'completed')::int AS realized_count,
             round(coalesce(sum(r.total_selling_sum) FILTER (WHERE r.status = 'completed'), 0), 2)::text AS realized_sum,
             round(coalesce(sum(r.total_sum) FILTER (WHERE r.status = 'completed'), 0), 2)::text AS realized_value
      FROM reserves r JOIN offers o ON o.id = r.offer_id
      WHERE o.status <> 'deleted' AND ${visible}`);
    const [row] = (result as unknown as { rows: Record<string, string & number>[] }).rows;
    return {
      placed_reserves: { count: row.placed_count, sum: row.placed_sum },
      realized_reserves: { count: row.realized_count, sum: row.realized_sum },
      realized_value: row.realized_value,
    };
  });

  const idOf = (params: unknown) => {
    const id = (params as { id: string }).id;
    if (!/^\d+$/.test(id)) throw notFound();
    return Number(id);
  };
  const flag = (query: unknown) => {
    const v = (query as { withDeleted?: string }).withDeleted;
    return v !== undefined && v !== 'false' && v !== '0';
  };

  app.get('/offers/:id', { schema: { tags: ['offers'], summary: 'One offer; a deleted one only with ?withDeleted' } }, async (request) =>
    readOffer(db, requireAuth(request), idOf(request.params), flag(request.query)),
  );
  app.post('/offers', { schema: { tags: ['offers'], summary: 'Create an offer (409 with the id of an active duplicate)' } }, async (request, reply) => {
    const offer = await createOffer(db, requireAuth(request), (request.body ?? {}) as Record<string, unknown>);
    reply.status(201);
    return offer;
  });
  app.patch('/offers/:id', { schema: { tags: ['offers'], summary: 'Change an offer' } }, async (request) =>
    updateOffer(db, requireAuth(request), idOf(request.params), (request.body ?? {}) as Record<string, unknown>),
  );
}
