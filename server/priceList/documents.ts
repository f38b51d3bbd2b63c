// The price list as files for the buyer: XLSX through exceljs (as the lists' export writes it, with its
// safe text cells and Russian file names) and an A4 PDF through pdfkit with the DejaVu fonts embedded (Cyrillic).
// Both carry only the buyer's columns: no delivery cost, no flag of how the delivery was priced.
import ExcelJS from 'exceljs';
import { renderOffThread } from './pdfThread';
import type { PdfTableColumn } from './pdfTable';
import { formatDate, formatFigure, formatNumber } from '../../domain/format';
import { toNumber } from '../../domain/numbers';
import { inertText } from '../../domain/spreadsheet';
import { PRICE_LIST_COLUMNS as T, PRICE_LIST_TEXTS } from '../../domain/priceList/texts';
import type { PriceList, PriceListLine } from './lines';
import { byProduct } from '../../domain/priceList/lines';
import { rateNote } from '../../domain/priceList/rateNote';
import { buyerAvailabilityText } from '../../domain/offers/logistics';
import { LOT_COLUMNS, PRICE_LIST_LOT, type LotColumnPart, type LotPart } from '../../domain/offers/lot';

export const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

export const documentName = (list: PriceList, format: 'xlsx' | 'pdf') =>
  `${PRICE_LIST_TEXTS.title} ${list.city.name} ${list.date}.${format}`;

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

/** The lot's columns of the sheet (domain/offers/lot.ts: all but the unit, which follows the amount), their widths
 * in characters and the lot's columns of the PDF's page (under the product's heading), theirs in points. */
const XLSX_LOT = PRICE_LIST_LOT.filter((fd) => fd.part !== 'unit');
const XLSX_WIDTHS: Record<Exclude<LotPart, 'unit'>, number> = {
  product: 24,
  variety: 16,
  year: 9,
  origin: 16,
  packing: 14,
};
const PDF_WIDTHS: Record<LotColumnPart, number> = { variety: 56, year: 34, origin: 58, packing: 64 };

export async function priceListXlsx(list: PriceList): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(PRICE_LIST_TEXTS.title);
  const columns: { key: string; header: string; width: number; numFmt?: string }[] = [
    ...XLSX_LOT.map((fd) => ({
      key: fd.key,
      header: fd.title,
      width: XLSX_WIDTHS[fd.part as Exclude<LotPart, 'unit'>],
    })),
    { key: 'available_amount', header: T.available_amount, width: 12, numFmt: '#,##0.00' },
    { key: 'unit_measure', header: 'Ед.', width: 5 },
    { key: 'available_packs', header: T.available_packs, width: 10, numFmt: '#,##0.0' },
    { key: 'unit_price', header: T.unit_price, width: 14, numFmt: '#,##0.00' },
    { key: 'kg_price', header: T.kg_price, width: 14, numFmt: '#,##0.00' },
    { key: 'availability', header: T.availability, width: 14 },
    { key: 'delivery_days', header: T.delivery_days, width: 12 },
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
      ...XLSX_LOT.map((fd) => text(line[fd.key])),
      toNumber(line.available_amount),
      line.unit_measure,
      toNumber(line.available_packs),
      toNumber(line.unit_price),
      toNumber(line.kg_price),
      buyerAvailabilityText(line),
      line.delivery_days,
    ]);
  }
  const note = rateNote(list.lines);
  if (note) {
    sheet.addRow([]);
    sheet.addRow([note]);
  }
  sheet.views = [{ state: 'frozen', ySplit: headerRow }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The table's columns on an A4 page (width 595 pt, margins 36): title, width, alignment, cell. */
const PDF_COLUMNS: PdfColumn<PriceListLine>[] = [
  ...LOT_COLUMNS.map((fd): PdfColumn<PriceListLine> => ({
    title: fd.title,
    width: PDF_WIDTHS[fd.part],
    cell: (l) => l[fd.key] ?? '',
  })),
  { title: T.available_amount, width: 60, right: true, cell: amountText },
  { title: T.available_packs, width: 40, right: true, cell: (l) => formatNumber(l.available_packs) },
  { title: T.unit_price, width: 56, right: true, cell: (l) => formatFigure(l.unit_price) },
  { title: T.kg_price, width: 54, right: true, cell: (l) => formatFigure(l.kg_price) },
  { title: T.availability, width: 64, cell: buyerAvailabilityText },
  {
    title: 'Срок, дн.',
    width: 36,
    right: true,
    cell: (l) => (l.delivery_days === null ? '' : String(l.delivery_days)),
  },
];

/** A column of a PDF table on an A4 page and how a row's cell reads in it. */
export interface PdfColumn<R> extends PdfTableColumn {
  cell: (row: R) => string;
}

/** A PDF table of rows: each cell's text worked out here, the drawing done off the main thread. The price list and
 * the quote are written by it. */
export function tablePdf<R>(spec: {
  title: string;
  author: string;
  heading: string[];
  columns: PdfColumn<R>[];
  groups: [string | null, R[]][];
  empty: string;
  closing?: string[];
}): Promise<Buffer> {
  const { columns, groups, ...rest } = spec;
  return renderOffThread({
    ...rest,
    columns: columns.map(({ title, width, right }) => ({ title, width, right })),
    groups: groups.map(([caption, rows]) => [caption, rows.map((row) => columns.map((c) => c.cell(row)))]),
  });
}

export const priceListPdf = (list: PriceList): Promise<Buffer> =>
  tablePdf({
    title: `${PRICE_LIST_TEXTS.title} ${list.city.name}`,
    author: list.company,
    heading: headingOf(list),
    columns: PDF_COLUMNS,
    groups: byProduct(list.lines),
    empty: PRICE_LIST_TEXTS.empty,
    closing: [rateNote(list.lines)].filter((l): l is string => l !== null),
  });
