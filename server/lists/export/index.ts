// GET /api/{section}/export: the list as it stands (the same filter, sort and scope as the page, the caller's
// visible columns in their order, with their Russian titles) as XLSX or CSV. The database builds the rows in one
// query (the engine's own filters, scopes and sort) read a page at a time (rows.ts), each value a cell by the
// cell rules (cells.ts), streamed to the response by a writer (writers.ts) at the reader's pace.
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { scopeOf } from '../../../domain/permissions';
import { SECTION } from '../../../domain/sections';
import { forbidden } from '../../errors';
import { selectFirst } from '../../db/rows';
import { COUNTED } from '../engine';
import { listParts } from '../engine';
import type { SectionSpec } from '../../contract/section';
import type { ExportFormat, RawQuery } from '../../../domain/listQuery';
import { businessToday } from '../../../domain/businessDay';
import { clock, readTimeZone } from '../../db/businessDay';
import { EXPORT_MSG, exportColumns } from './columns';
import { cursorRows } from './rows';
import { writeCsv, writeXlsx } from './writers';

export interface ExportRequest {
  format: ExportFormat;
  /** Column keys, as decodeExport reads them; every visible column when absent. */
  columns?: string[];
  /** The list's query without paging, for the engine to decode. */
  query: RawQuery;
  /** Rows per page (both engines); EXPORT_PAGE_SIZE or COPY_PAGE_SIZE unless a test pages through ties and blanks. */
  pageSize?: number;
  /** A reader that takes nothing for this long is left (the stream destroyed, the database given up); a minute
   * unless the configuration says otherwise. */
  stallMs?: number;
}

const DEFAULT_STALL_MS = 60_000;

export interface PreparedExport {
  fileName: string;
  contentType: string;
  total: number;
  /** Starts writing; the stream ends when the last row is out, or is destroyed on a failure. */
  stream: PassThrough;
  /** Settles once the writer is done with the database: after the last row, a failure, or a reader that left. */
  done: Promise<void>;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** Checks everything (rights, columns, filter, sort) before a byte is sent, so a refusal is a plain 403/400. */
export async function prepareExport(
  db: Database,
  spec: SectionSpec,
  auth: AuthenticatedUser,
  request: ExportRequest,
): Promise<PreparedExport> {
  if (
    scopeOf(auth.permissions, spec.section, 'read') === 'none' ||
    scopeOf(auth.permissions, spec.section, 'export') === 'none'
  ) {
    throw forbidden(EXPORT_MSG.forbidden);
  }
  const columns = exportColumns(spec, auth, request.columns);
  const parts = listParts(spec, auth, request.query, ['read', 'export']);
  const { total } = (await selectFirst(
    db,
    COUNTED,
    sql`${spec.from} WHERE ${sql.join(parts.conditions, sql` AND `)}`,
  ))!;

  const zone = await readTimeZone(db);
  const stream = new PassThrough();
  const cancelled = () => stream.destroyed;
  const rows = cursorRows(db, spec, columns, parts, request.pageSize, cancelled);
  const write = request.format === 'xlsx' ? writeXlsx : writeCsv;
  const out = { stream, stallMs: request.stallMs ?? DEFAULT_STALL_MS };
  const done = write(out, spec, columns, rows, zone).catch((error: Error) => {
    stream.destroy(error);
  });

  const date = businessToday(zone, clock.now());
  return {
    fileName: `${SECTION[spec.section].title} ${date}.${request.format}`,
    contentType: CONTENT_TYPES[request.format],
    total,
    stream,
    done,
  };
}

/** Content-Disposition for a Russian file name: an ASCII fallback and the real name (RFC 5987 / 6266). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
