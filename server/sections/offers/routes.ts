// /api/offers: the list, bulk delete, the filter config, the export and import, the summary tiles and one offer's card.
import { Type } from '@sinclair/typebox';
import type { Row } from '../../records/pipeline';
import type { App } from '../../http/typed';
import type { Database } from '../../db/client';
import { requireAuth } from '../../accounts/auth';
import { idOf, idParams, noQuery } from '../../http/schemas';
import { arrivalBody, arrivalResponse, offerBody, offerSummaries, summaryResponse } from './schema';
import { listRoutes } from '../../lists/routes';
import { cardRoutes } from '../../records/cardRoutes';
import { offersSpec } from './list';
import { offerRecord } from './record';
import { offersSummary } from './summary';
import importRoutes from '../../lists/importRoutes';
import { importOffers, offerImportTemplate, requireImportRight } from './import';
import { acceptArrival } from './arrival';

export default async function offersPlugin(app: App, opts: { db: Database }) {
  const { db } = opts;
  listRoutes(app, db, offersSpec);
  // the import in a plugin of its own: the multipart parser serves its routes only
  await app.register(importRoutes, {
    db,
    import: {
      section: 'offers',
      templateName: 'Шаблон импорта предложений.xlsx',
      requireRight: requireImportRight,
      template: offerImportTemplate,
      run: importOffers,
    },
  });

  app.get(
    '/offers/summary',
    {
      schema: {
        tags: ['offers'],
        summary: 'The three tiles of the offers page',
        querystring: noQuery,
        response: summaryResponse,
      },
    },
    async (request) => offersSummary(db, requireAuth(request), app.sectionSpecs.reserves),
  );

  cardRoutes(app, db, { body: offerBody, summaries: offerSummaries, record: offerRecord });

  app.post(
    '/offers/:id/arrival',
    {
      schema: {
        tags: ['offers'],
        params: idParams,
        querystring: noQuery,
        body: Type.Unsafe<Row | null>(arrivalBody),
        response: arrivalResponse,
        summary:
          'Accept a lot on its way: it is on stock with what came; a shortfall cuts its reserves by the business setting shortfall_rule',
      },
    },
    async (request) => acceptArrival(db, requireAuth(request), idOf(request.params), request.body ?? {}),
  );
}
