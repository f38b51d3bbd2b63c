// Writing an export's rows out as XLSX or CSV, at the reader's pace: a slow reader holds the database back, not
// memory, and one that takes nothing for a minute is left.
import type { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ColumnDef } from '../../../domain/lists';
import { SECTION } from '../../../domain/sections';
import type { SectionSpec } from '../../contract/section';
import { cellOf, csvField, csvFieldOf } from './cells';
import type { Rows } from './rows';
import { sheetRowWriter } from './sheetRows';

/** The error a download ends with when its reader stopped taking it. */
export const STALLED = 'the reader took nothing for too long: the download is ended';

/** Where a download is written, and how long its reader may take nothing before it is left. */
export interface Out {
  stream: PassThrough;
  stallMs: number;
}

/** Waits while the reader is behind (the streams given, the download's own among them), so a slow download holds
 * back the database, not memory; a reader that takes nothing for out.stallMs is left: the download's stream is
 * destroyed, which stops the rows and frees the database connection. */
async function caughtUp(out: Out, streams: Writable[]): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      out.stream.destroy(new Error(STALLED));
      resolve();
    }, out.stallMs);
  });
  try {
    await Promise.race([Promise.all(streams.map(drained)), stalled]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits while one stream is behind. */
function drained(stream: Writable): Promise<void> {
  // the zip's entry streams are readable-stream's (archiver 5), which keep the flag in their state alone
  const needDrain =
    stream.writableNeedDrain ?? (stream as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain;
  if (!needDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** The zip entry streams the sheet's rows go to. exceljs (4.4) hands them its 64 KB buffers without waiting for
 * them: rows made faster than they are deflated piled up there (the whole sheet's XML, 100 MB for 100 000 offers),
 * so a page waits for them as it waits for the reader. */
const zipEntries = (sheet: ExcelJS.Worksheet): Writable[] =>
  (sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes ?? [];

/** Characters of sheet XML per write: short-lived chunks, as the CSV's. */
const XML_CHUNK = 64 * 1024;

export async function writeXlsx(out: Out, spec: SectionSpec, columns: ColumnDef[], rows: Rows, zone: string) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out.stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(SECTION[spec.section].title.slice(0, 31));
  sheet.columns = columns.map((c) => ({
    key: c.key,
    header: c.title,
    width: Math.max(10, Math.round((c.width ?? 120) / 8)),
    style: c.type === 'money' ? { numFmt: '#,##0.00' } : c.type === 'date' ? { numFmt: 'dd.mm.yyyy' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  // exceljs gives each new cell a style object of its own and works out its style id again from it (rendering it
  // as XML to look it up), which cost more than the rest of the export; it remembers an id by the object, so each
  // column's cells share one object per kind of value (a number's id differs from a text's where no number format
  // is set): the same ids, worked out once
  const shared = columns.map((_, i) => {
    const style = sheet.getColumn(i + 1).style ?? {};
    return { number: { ...style }, other: { ...style } };
  });
  sheet.getRow(1).commit();
  const sheetRows = sheetRowWriter(workbook, sheet, (i, value) =>
    typeof value === 'number' ? shared[i].number : shared[i].other,
  );
  await rows(async (page) => {
    let xml = '';
    for (const row of page) {
      xml += sheetRows.row(columns.map((c, i) => cellOf(spec.section, c, row[i], zone)));
      if (xml.length >= XML_CHUNK) {
        sheetRows.write(xml);
        xml = '';
      }
    }
    sheetRows.write(xml);
    await caughtUp(out, [out.stream, ...zipEntries(sheet)]);
  });
  if (out.stream.destroyed) return;
  sheet.commit();
  await workbook.commit();
}

/** A page of CSV lines: the fields joined by ';', each line ended by CRLF. */
const csvLines = (lines: string[][]) => lines.map((fields) => `${fields.map(csvField).join(';')}\r\n`).join('');

/** Characters per write of CSV: chunks the size of the stream's buffer stay short-lived garbage, where a page
 * written at once (a third of a megabyte) is kept by the heap until a full collection. */
const CSV_CHUNK = 16 * 1024;

export async function writeCsv(
  { stream: out, ...rest }: Out,
  spec: SectionSpec,
  columns: ColumnDef[],
  rows: Rows,
  zone: string,
) {
  // The byte order mark tells Excel the file is UTF-8; ';' is the list separator of a Russian Windows.
  out.write(`\uFEFF${csvLines([columns.map((c) => c.title)])}`);
  const fields = columns.map((c) => csvFieldOf(spec.section, c, zone));
  // lines joined into chunks: csv-stringify's per-record machinery cost more than the database
  await rows(async (page) => {
    let chunk = '';
    for (const row of page) {
      let line = fields[0](row[0]);
      for (let i = 1; i < fields.length; i++) line += `;${fields[i](row[i])}`;
      chunk += `${line}\r\n`;
      if (chunk.length >= CSV_CHUNK) {
        out.write(chunk);
        chunk = '';
      }
    }
    if (chunk) out.write(chunk);
    await caughtUp({ stream: out, ...rest }, [out]);
  });
  if (!out.destroyed) out.end();
}
