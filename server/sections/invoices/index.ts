// /api/invoices: the 'Счёт на оплату' made from active or completed reserves of one buyer, read as a card with its
// payment status (its reserves' payments are tied to it), its print form, its history, the filtered list and its
// spreadsheet, and cancelled (never edited in place). Papers follow the reserves' read right (domain/papers/access.ts):
// a role that does not see selling prices (role 8) and a supplier's user get 403; 'own' reads the invoices made of the
// caller's reserves. The public face of the section: another part of the server imports only from this file.
import ExcelJS from 'exceljs';
import type { App } from '../../http/typed';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { requireAuth } from '../../accounts/auth';
import { idParams, noQuery } from '../../http/schemas';
import { russianErrors } from '../../http/validation';
import { forbidden, notFound } from '../../errors';
import { attachment } from '../../lists/export';
import { todayOf } from '../../db/businessDay';
import { canReadPapers } from '../../../domain/papers/access';
import { isRefVisible } from '../../../domain/permissions';
import { INVOICE_MSG, INVOICE_PAYMENT_TITLES, INVOICE_TEXTS } from '../../../domain/invoices/texts';
import { sumInWords } from '../../../domain/papers/words';
import { scaled } from '../../../domain/papers/lines';
import { inertText } from '../../../domain/spreadsheet';
import {
  cancelBody,
  cardResponse,
  createdResponse,
  exportQuery,
  fileResponse,
  LIST_MSG,
  listQuery,
  listResponse,
  makeBody,
} from './schema';
import { cancelInvoice, makeInvoice } from './make';
import { invoiceLines, invoiceList, invoicePayments, invoiceRow, type InvoiceRow, type ReserveScope } from './read';
import { invoicePdf } from './pdf';
import { paperHistory, paperHistoryResponse, requireVisibleReserves, reserveScope } from '../papers';

const errors = russianErrors({ fields: LIST_MSG });
const dayText = (day: string) => day.slice(0, 10).split('-').reverse().join('.');

export default async function invoicesRoutes(app: App, opts: { db: Database }) {
  const { db } = opts;
  const caller = (request: Parameters<typeof requireAuth>[0]) => {
    const auth = requireAuth(request);
    if (!canReadPapers(auth.permissions)) throw forbidden(INVOICE_MSG.forbidden);
    return auth;
  };
  const scopeOf = (auth: AuthenticatedUser): ReserveScope => reserveScope(app.sectionSpecs.reserves, auth);
  const found = async (auth: AuthenticatedUser, id: number): Promise<InvoiceRow> => {
    const row = await invoiceRow(db, id, scopeOf(auth), await todayOf(db));
    if (!row) throw notFound(INVOICE_MSG.notFound);
    return row;
  };
  const card = async (auth: AuthenticatedUser, id: number) => {
    const row = await found(auth, id);
    const [lines, payments] = await Promise.all([invoiceLines(db, id), invoicePayments(db, id)]);
    return { ...row, words: sumInWords(scaled(row.total, 2)), lines, payments };
  };

  app.get(
    '/invoices',
    {
      schema: {
        tags: ['invoices'],
        summary:
          'Invoices, newest first, by buyer, reserve, payment status (unpaid, partly paid, paid, overdue) and date',
        querystring: listQuery,
        response: listResponse,
      },
      schemaErrorFormatter: errors,
    },
    async (request) => {
      const auth = caller(request);
      return { data: await invoiceList(db, request.query, scopeOf(auth), await todayOf(db)) };
    },
  );

  app.get(
    '/invoices/export',
    {
      schema: {
        tags: ['invoices'],
        summary: 'The filtered list as an XLSX spreadsheet',
        querystring: exportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: fileResponse,
      },
      schemaErrorFormatter: errors,
    },
    async (request, reply) => {
      const auth = caller(request);
      const { format: _format, ...filter } = request.query;
      const rows = await invoiceList(db, filter, scopeOf(auth), await todayOf(db), 10_000);
      const body = await app.heavyGate.run(auth.user.id, async () => {
        const book = new ExcelJS.Workbook();
        const sheet = book.addWorksheet(INVOICE_TEXTS.section);
        sheet.addRow(['№', 'Дата', 'Покупатель', 'Сумма, ₽', 'НДС, ₽', 'Оплачено, ₽', 'Оплатить до', 'Статус']);
        for (const r of rows)
          sheet.addRow([
            `${r.number}/${r.year}`,
            dayText(r.date),
            inertText(r.buyer_name),
            Number(r.total),
            Number(r.vat_sum),
            Number(r.paid_sum),
            dayText(r.due_date),
            INVOICE_PAYMENT_TITLES[r.payment],
          ]);
        return Buffer.from(await book.xlsx.writeBuffer());
      });
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', attachment(`${INVOICE_TEXTS.section}.xlsx`))
        .send(body);
    },
  );

  app.get(
    '/invoices/:id',
    {
      schema: {
        tags: ['invoices'],
        summary: 'One invoice with its lines and payment status',
        params: idParams,
        querystring: noQuery,
        response: cardResponse,
      },
    },
    async (request) => card(caller(request), request.params.id),
  );

  app.get(
    '/invoices/:id/history',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Who made and who cancelled the invoice, and when',
        params: idParams,
        querystring: noQuery,
        response: paperHistoryResponse,
      },
    },
    async (request) => {
      const auth = caller(request);
      await found(auth, request.params.id);
      const people = isRefVisible(auth.permissions, 'reserves.created_by');
      return { data: await paperHistory(db, 'invoices', request.params.id, people) };
    },
  );

  app.post(
    '/invoices',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Make an invoice of active or completed reserves of one buyer',
        querystring: noQuery,
        body: makeBody,
        response: createdResponse,
      },
      schemaErrorFormatter: errors,
    },
    async (request, reply) => {
      const auth = caller(request);
      const ids = request.body.reserve_ids;
      await requireVisibleReserves(db, app.sectionSpecs.reserves, auth, ids);
      const id = await makeInvoice(db, auth.user.id, ids);
      return reply.code(201).send(await card(auth, id));
    },
  );

  app.post(
    '/invoices/:id/cancel',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Cancel an invoice: its number and lines stay, its reserves are free for a new one',
        params: idParams,
        querystring: noQuery,
        body: cancelBody,
        response: cardResponse,
      },
      schemaErrorFormatter: errors,
    },
    async (request) => {
      const auth = caller(request);
      await found(auth, request.params.id);
      await cancelInvoice(db, auth.user.id, request.params.id, request.body.version);
      return card(auth, request.params.id);
    },
  );

  app.get(
    '/invoices/:id/pdf',
    {
      schema: {
        tags: ['invoices'],
        summary:
          "The print form: the bank block, the lines, the totals with 'В т.ч. НДС', the sum in words, signatures",
        params: idParams,
        querystring: noQuery,
        produces: ['application/pdf'],
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const row = await found(auth, request.params.id);
      const lines = await invoiceLines(db, row.id);
      const body = await app.heavyGate.run(auth.user.id, () => invoicePdf(row, lines));
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachment(`${INVOICE_TEXTS.file(String(row.number), dayText(row.date))}.pdf`))
        .send(body);
    },
  );
}
