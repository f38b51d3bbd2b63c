// POST /api/buyers/opening-balances: the buyers' opening balances ('Начальное сальдо') from an XLSX of
// ИНН, balance and as-of date, the finance right's. Every row is read first (domain/buyers/opening.ts); any refused
// row answers 400 naming each bad row and nothing is written. Otherwise each buyer's balance is written (a new one
// replaces his old one) with his row locked, as a reserve's credit check locks it; his history keeps who and what,
// and his responsible is told. GET …/template: the file to fill.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { requireAuth } from '../../accounts/auth';
import { hasFinance } from '../../../domain/permissions';
import {
  OPENING_COLUMNS,
  OPENING_MSG,
  OPENING_TEXTS,
  openingChange,
  readOpeningRow,
  type OpeningRow,
} from '../../../domain/buyers/opening';
import { FINANCE_NOTICE } from '../../../domain/buyers/finance';
import { IMPORT_MSG } from '../../../domain/import';
import { badRequest, forbidden } from '../../errors';
import { noQuery, responses } from '../../http/schemas';
import { russianErrors } from '../../http/validation';
import { matchHeader, readSheet, templateXlsx } from '../../lists/import';
import { spreadsheetUploads, uploadedFile } from '../../lists/importUpload';
import { attachment } from '../../lists/export';
import { select, selectRows, roundedOf, textOf } from '../../db/rows';
import { buyerOpeningBalances, buyers } from '../../db/schema';
import { todayOf } from '../../db/businessDay';
import { recordHistory } from '../../records/history';
import { tellResponsibles } from './tell';

function requireFinance(auth: AuthenticatedUser) {
  if (!hasFinance(auth.permissions)) throw forbidden(OPENING_MSG.forbidden);
}

export interface OpeningReport {
  imported: number;
  buyers: { id: number; name: string; amount: string; as_of: string }[];
}

/** Reads the file's rows and writes them all, or refuses naming every bad row. */
export async function importOpeningBalances(
  db: Database,
  auth: AuthenticatedUser,
  rows: { line: number; cells: Record<string, unknown> }[],
): Promise<OpeningReport> {
  requireFinance(auth);
  if (!rows.length) throw badRequest(OPENING_MSG.empty);
  return db.transaction(async (tx) => {
    const today = await todayOf(tx);
    const problems: string[] = [];
    const read: OpeningRow[] = [];
    const firstLine = new Map<string, number>();
    for (const { line, cells } of rows) {
      const { row, problems: why } = readOpeningRow(cells, today);
      if (!row) {
        problems.push(OPENING_MSG.row(line, why.join(', ')));
        continue;
      }
      const first = firstLine.get(row.inn);
      if (first !== undefined) {
        problems.push(OPENING_MSG.row(line, OPENING_MSG.twice(row.inn, first)));
        continue;
      }
      firstLine.set(row.inn, line);
      read.push({ line, ...row });
    }
    // the buyers by INN, their rows locked in id order (the credit check's lock: no reserve is judged meanwhile)
    const inns = read.map((r) => r.inn);
    const found = inns.length
      ? await selectRows(
          tx,
          select({ id: buyers.id, inn: buyers.inn, name: buyers.name }),
          sql`FROM ${buyers}
      WHERE ${buyers.inn} = ANY(${`{${inns.join(',')}}`}::text[]) AND ${buyers.status} <> 'deleted' ORDER BY ${buyers.id} FOR UPDATE`,
        )
      : [];
    const byInn = new Map(found.map((b) => [String(b.inn), b]));
    for (const r of read) if (!byInn.has(r.inn)) problems.push(OPENING_MSG.row(r.line, OPENING_MSG.buyer(r.inn)));
    if (problems.length)
      throw badRequest(...problems.sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0])));
    const ids = read.map((r) => byInn.get(r.inn)!.id);
    const before = new Map(
      (
        await selectRows(
          tx,
          select({
            buyer_id: buyerOpeningBalances.buyer_id,
            amount: roundedOf(buyerOpeningBalances.amount),
            as_of: textOf(buyerOpeningBalances.as_of),
          }),
          sql`FROM ${buyerOpeningBalances} WHERE ${buyerOpeningBalances.buyer_id} = ANY(${`{${ids.join(',')}}`}::int[])`,
        )
      ).map((o) => [o.buyer_id, o]),
    );
    const report: OpeningReport = { imported: read.length, buyers: [] };
    for (const r of read) {
      const buyer = byInn.get(r.inn)!;
      await tx.execute(sql`INSERT INTO buyer_opening_balances (buyer_id, amount, as_of, created_by) VALUES (${buyer.id}, ${r.amount}, ${r.as_of}::date, ${auth.user.id})
        ON CONFLICT (buyer_id) DO UPDATE SET amount = excluded.amount, as_of = excluded.as_of, created_by = excluded.created_by, created_at = now()`);
      const old = before.get(buyer.id);
      await recordHistory(tx, auth.user.id, [
        {
          section: 'buyers',
          recordId: buyer.id,
          action: 'update',
          changes: [
            {
              field: 'opening_balance',
              old: old ? openingChange(old.amount!, old.as_of!) : null,
              new: openingChange(r.amount, r.as_of),
            },
          ],
        },
      ]);
      report.buyers.push({ id: buyer.id, name: buyer.name, amount: r.amount, as_of: r.as_of });
    }
    await tellResponsibles(
      tx,
      auth,
      read.map((r) => ({ buyerId: byInn.get(r.inn)!.id, what: FINANCE_NOTICE.opening(r.amount, r.as_of) })),
    );
    return report;
  });
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export default async function openingRoutes(app: FastifyInstance, opts: { db: Database }) {
  await spreadsheetUploads(app, { fields: 1, check: (request) => requireFinance(requireAuth(request)) });
  app.get(
    '/buyers/opening-balances/template',
    {
      schema: {
        tags: ['buyers'],
        summary: "The opening balances' template (XLSX: ИНН, balance, as-of date)",
        querystring: noQuery,
        response: responses({ 200: { description: 'the XLSX file', type: 'string', format: 'binary' } }),
      },
    },
    async (request, reply) => {
      requireFinance(requireAuth(request));
      reply.header('Content-Type', XLSX);
      reply.header('Content-Disposition', attachment(OPENING_TEXTS.templateName));
      reply.header('Cache-Control', 'no-store');
      return reply.send(await templateXlsx(OPENING_TEXTS.title, OPENING_COLUMNS));
    },
  );
  app.post(
    '/buyers/opening-balances',
    {
      schema: {
        tags: ['buyers'],
        summary:
          "Buyers' opening balances from an XLSX (ИНН, balance, as-of date): all rows or none, each bad row named",
        consumes: ['multipart/form-data'],
        querystring: noQuery,
        body: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: { file: { description: 'the XLSX or CSV file' } },
              },
            },
          },
        },
        response: responses({
          200: {
            type: 'object',
            properties: {
              imported: { type: 'integer' },
              buyers: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer' },
                    name: { type: 'string' },
                    amount: { type: 'string' },
                    as_of: { type: 'string' },
                  },
                },
              },
            },
          },
        }),
      },
      schemaErrorFormatter: russianErrors({ fields: { '': IMPORT_MSG.noFile, file: IMPORT_MSG.noFile } }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const sheet = await readSheet(uploadedFile(request));
      const columns = matchHeader(sheet.header, OPENING_COLUMNS, { hidden: () => false });
      const rows = sheet.rows.map(({ line, cells }) => ({
        line,
        cells: Object.fromEntries([...columns].map(([key, index]) => [key, cells[index] ?? ''])),
      }));
      return importOpeningBalances(opts.db, auth, rows);
    },
  );
}
