// The price list as files for the buyer (issue 23): XLSX through exceljs (as the lists' export writes it, with its
// safe text cells and Russian file names) and an A4 PDF through pdfkit with the DejaVu fonts embedded (Cyrillic).
// Both carry only the buyer's columns: no delivery cost, no flag of how the delivery was priced.
import path from 'node:path';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { formatDate, formatFigure, formatNumber } from '../../domain/format';
import { toNumber } from '../../domain/numbers';
import { inertText } from '../../domain/spreadsheet';
import { PRICE_LIST_COLUMNS as T, PRICE_LIST_TEXTS } from '../../domain/priceList/texts';
import type { PriceList, PriceListLine } from './lines';
import { buyerAvailabilityText } from '../../domain/offers/logistics';

export const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

export const documentName = (list: PriceList, format: 'xlsx' | 'pdf') => `${PRICE_LIST_TEXTS.title} ${list.city.name} ${list.date}.${format}`;

/** The heading lines both files open with. */
export function headingOf(list: PriceList): string[] {
  return [
    `${PRICE_LIST_TEXTS.title}: ${list.company}`,
    `Город доставки: ${list.city.name}`,
    `Дата: ${formatDate(list.date)}${list.valid_until ? `, действует до ${formatDate(list.valid_until)}` : ''}`,
    'Цены указаны с доставкой до города покупателя.',
  ];
}

const amountText = (line: PriceListLine) => `${formatNumber(line.available_amount)} ${line.unit_measure ?? ''}`.trim();

/** Lines of one product after another, in the list's order. */
function byProduct(lines: PriceListLine[]): [string, PriceListLine[]][] {
  const groups = new Map<string, PriceListLine[]>();
  for (const line of lines) groups.set(line.product, [...(groups.get(line.product) ?? []), line]);
  return [...groups];
}

export async function priceListXlsx(list: PriceList): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(PRICE_LIST_TEXTS.title);
  const columns = [
    { key: 'product', header: T.product, width: 24 }, { key: 'variety', header: T.variety, width: 16 },
    { key: 'harvest_year', header: T.harvest_year, width: 9 }, { key: 'origin_country', header: T.origin_country, width: 16 },
    { key: 'packing', header: T.packing, width: 14 }, { key: 'available_amount', header: T.available_amount, width: 12, numFmt: '#,##0.00' },
    { key: 'unit_measure', header: 'Ед.', width: 5 }, { key: 'available_packs', header: T.available_packs, width: 10, numFmt: '#,##0.0' },
    { key: 'unit_price', header: T.unit_price, width: 14, numFmt: '#,##0.00' }, { key: 'kg_price', header: T.kg_price, width: 14, numFmt: '#,##0.00' },
    { key: 'availability', header: T.availability, width: 14 }, { key: 'delivery_days', header: T.delivery_days, width: 12 },
  ];
  const heading = headingOf(list);
  heading.forEach((text, i) => {
    sheet.getCell(i + 1, 1).value = text;
    if (i === 0) sheet.getCell(i + 1, 1).font = { bold: true, size: 14 };
  });
  const headerRow = heading.length + 2;
  columns.forEach((c, i) => {
    sheet.getColumn(i + 1).width = c.width;
    if (c.numFmt) sheet.getColumn(i + 1).numFmt = c.numFmt;
    const cell = sheet.getCell(headerRow, i + 1);
    cell.value = c.header;
    cell.font = { bold: true };
  });
  const text = (v: string | null) => (v === null ? null : inertText(v));
  for (const line of list.lines) {
    sheet.addRow([
      text(line.product), text(line.variety), text(line.harvest_year), text(line.origin_country), text(line.packing),
      toNumber(line.available_amount), line.unit_measure, toNumber(line.available_packs), toNumber(line.unit_price), toNumber(line.kg_price),
      buyerAvailabilityText(line), line.delivery_days,
    ]);
  }
  sheet.views = [{ state: 'frozen', ySplit: headerRow }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const FONTS = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** The table's columns on an A4 page (width 595 pt, margins 36): title, width, alignment, cell. */
const PDF_COLUMNS: PdfColumn<PriceListLine>[] = [
  { title: T.variety, width: 56, cell: (l) => l.variety ?? '' },
  { title: T.harvest_year, width: 34, cell: (l) => l.harvest_year ?? '' },
  { title: T.origin_country, width: 58, cell: (l) => l.origin_country ?? '' },
  { title: T.packing, width: 64, cell: (l) => l.packing ?? '' },
  { title: T.available_amount, width: 60, right: true, cell: amountText },
  { title: T.available_packs, width: 40, right: true, cell: (l) => formatNumber(l.available_packs) },
  { title: T.unit_price, width: 56, right: true, cell: (l) => formatFigure(l.unit_price) },
  { title: T.kg_price, width: 54, right: true, cell: (l) => formatFigure(l.kg_price) },
  { title: T.availability, width: 64, cell: buyerAvailabilityText },
  { title: 'Срок, дн.', width: 36, right: true, cell: (l) => (l.delivery_days === null ? '' : String(l.delivery_days)) },
];


/** A column of a PDF table on an A4 page (width 595 pt, margins 36: at most 523 pt in all). */
export interface PdfColumn<R> {
  title: string;
  width: number;
  right?: boolean;
  cell: (row: R) => string;
}

/** Russian number formats group thousands with a narrow no-break space; the PDF writes a plain no-break one. */
const pdfText = (s: string) => s.replace(/\u202f/g, '\u00a0');

/** An A4 PDF for the buyer with the DejaVu fonts embedded (Cyrillic): a bold title, the heading's lines, a table of
 * rows (in groups under a bold caption, or one group without), the header repeated on each page, and closing lines.
 * The price list and the quote (issue 38) are written by it. */
export function tablePdf<R>(spec: {
  title: string; author: string; heading: string[]; columns: PdfColumn<R>[]; groups: [string | null, R[]][]; empty: string; closing?: string[];
}): Promise<Buffer> {
  const { columns } = spec;
  const doc = new PDFDocument({ size: 'A4', margin: 36, info: { Title: spec.title, Author: spec.author } });
  doc.registerFont('body', path.join(FONTS, 'DejaVuSans.ttf'));
  doc.registerFont('bold', path.join(FONTS, 'DejaVuSans-Bold.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const [title, ...rest] = spec.heading;
  doc.font('bold').fontSize(15).text(pdfText(title));
  doc.font('body').fontSize(10);
  for (const line of rest) doc.text(pdfText(line));
  doc.moveDown(0.8);

  const rowHeight = 14;
  const headerHeight = 22;
  /** One row of cells; a body cell is one line, cut with an ellipsis, the header's may take two. */
  const cells = (values: string[], font: 'body' | 'bold', height: number) => {
    doc.font(font).fontSize(font === 'bold' ? 6.8 : 7.5);
    let x = left;
    const y = doc.y;
    columns.forEach((c, i) => {
      doc.text(pdfText(values[i]), x + 2, y + 3, { width: c.width - 4, height: height - 4, align: c.right ? 'right' : 'left', ellipsis: true });
      x += c.width;
    });
    doc.y = y + height;
    doc.x = left;
  };
  const tableWidth = columns.reduce((s, c) => s + c.width, 0);
  const header = () => {
    doc.rect(left, doc.y, tableWidth, headerHeight).fill('#e8eef5').fillColor('black');
    cells(columns.map((c) => c.title), 'bold', headerHeight);
  };
  const room = (rows: number) => {
    if (doc.y + rows * rowHeight > bottom()) {
      doc.addPage();
      header();
    }
  };
  header();
  if (!spec.groups.some(([, rows]) => rows.length)) doc.font('body').fontSize(10).text(spec.empty, left, doc.y + 6);
  for (const [caption, rows] of spec.groups) {
    if (caption !== null) {
      room(2);
      const y = doc.y;
      doc.font('bold').fontSize(9).text(pdfText(caption), left + 2, y + 5, { lineBreak: false });
      doc.y = y + rowHeight + 4;
      doc.x = left;
    }
    rows.forEach((row, i) => {
      room(1);
      if (i % 2) doc.rect(left, doc.y, tableWidth, rowHeight).fill('#f6f6f6').fillColor('black');
      cells(columns.map((c) => c.cell(row)), 'body', rowHeight);
    });
  }
  if (spec.closing?.length) {
    doc.moveDown(0.8);
    doc.font('body').fontSize(10);
    for (const line of spec.closing) doc.text(pdfText(line), left);
  }
  doc.end();
  return done;
}

export const priceListPdf = (list: PriceList): Promise<Buffer> => tablePdf({
  title: `${PRICE_LIST_TEXTS.title} ${list.city.name}`, author: list.company, heading: headingOf(list), columns: PDF_COLUMNS,
  groups: byProduct(list.lines), empty: PRICE_LIST_TEXTS.empty,
});
