// /api/cities: the list, bulk delete and the filter config; one city's card (created with its delivery rows and
// comments); its delivery matrix; and /api/delivery, the matrix's lookup of one route.
import type { App } from '../../http/typed';
import type { Database } from '../../db/client';
import { cardRoutes } from '../../records/cardRoutes';
import { deliveryMatrixRoutes } from './matrix';
import { listRoutes } from '../../lists/routes';
import { citiesSpec } from './list';
import { deliveryRoutes } from './delivery';
import { cityBody, citySummaries } from './schema';
import { cityRecord } from './record';

export default async function citiesPlugin(app: App, opts: { db: Database }) {
  cardRoutes(app, opts.db, { body: cityBody, summaries: citySummaries, record: cityRecord });
  deliveryMatrixRoutes(app, opts.db);
  listRoutes(app, opts.db, citiesSpec);
  deliveryRoutes(app, opts.db);
}
