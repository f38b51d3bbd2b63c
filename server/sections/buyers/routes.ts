// /api/buyers: the list, bulk delete, the filter config, the export and the import; one buyer's card; its ledger
// ('Взаиморасчёты') as JSON and as an XLSX.
import type { App } from '../../http/typed';
import type { Database } from '../../db/client';
import { listRoutes } from '../../lists/routes';
import { cardRoutes } from '../../records/cardRoutes';
import { requireAuth } from '../../accounts/auth';
import { idOf, idParams, noQuery, responses } from '../../http/schemas';
import { attachment } from '../../lists/export';
import { LEDGER_TEXTS } from '../../../domain/buyers/texts';
import { buyersSpec } from './list';
import { buyerBody, buyerSummaries, ledgerResponse } from './schema';
import { buyerRecord } from './record';
import { ledgerXlsx, readLedger } from './ledger';
import importRoutes from '../../lists/importRoutes';
import { buyerImportTemplate, importBuyers, requireBuyerImportRight } from './import';
import openingRoutes from './opening';

export default async function buyersPlugin(app: App, opts: { db: Database }) {
  const { db } = opts;
  listRoutes(app, db, buyersSpec);
  // the import in a plugin of its own: the multipart parser serves its routes only
  await app.register(importRoutes, {
    db,
    import: {
      section: 'buyers',
      templateName: 'Шаблон импорта покупателей.xlsx',
      requireRight: requireBuyerImportRight,
      template: buyerImportTemplate,
      run: importBuyers,
    },
  });
  // opening balances, an upload of their own (the finance right's)
  await app.register(openingRoutes, { db });
  cardRoutes(app, db, { body: buyerBody, summaries: buyerSummaries, record: buyerRecord });
  app.get(
    '/buyers/:id/ledger',
    {
      schema: {
        tags: ['buyers'],
        summary: 'What the buyer owes: its sales (completed reserves), payments, balance and overdue debt',
        params: idParams,
        querystring: noQuery,
        response: ledgerResponse,
      },
    },
    async (request) => readLedger(db, requireAuth(request), idOf(request.params)),
  );
  app.get(
    '/buyers/:id/ledger/export',
    {
      schema: {
        tags: ['buyers'],
        summary: "The buyer's ledger as an XLSX",
        params: idParams,
        querystring: noQuery,
        response: responses({ 200: { description: 'the XLSX file', type: 'string', format: 'binary' } }),
      },
    },
    async (request, reply) => {
      const id = idOf(request.params);
      const file = await ledgerXlsx(await readLedger(db, requireAuth(request), id));
      reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      reply.header('Content-Disposition', attachment(LEDGER_TEXTS.fileName(id)));
      reply.header('Cache-Control', 'no-store');
      return reply.send(file);
    },
  );
}
