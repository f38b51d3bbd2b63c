// A chart's data as an XLSX file ('Скачать XLSX' under each chart): the answer the caller got, figure by figure
// under their Russian titles, money with 2 decimals, weeks as dates (dd.mm.yyyy), as the lists' export writes them.
import ExcelJS from 'exceljs';
import { CHART, type ChartAnswer, type FigureDef, type FigureKind } from '../../domain/analytics';
import { inertText } from '../../domain/spreadsheet';

const FORMATS: Partial<Record<FigureKind, string>> = {
  money: '#,##0.00',
  kg: '#,##0.00',
  percent: '0.00',
  days: '0.0',
  week: 'dd.mm.yyyy',
};
const NUMERIC: FigureKind[] = ['money', 'kg', 'count', 'percent', 'days'];

function cellOf(kind: FigureKind, value: unknown): string | number | Date | null {
  if (value === null || value === undefined) return null;
  if (NUMERIC.includes(kind)) return Number(value);
  if (kind === 'week') return new Date(`${String(value)}T00:00:00Z`);
  if (kind === 'ref') return (value as { name?: string }).name ?? null;
  return inertText(String(value));
}

export async function chartWorkbook(answer: ChartAnswer): Promise<Buffer> {
  const def = CHART[answer.chart];
  const byKey = new Map<string, FigureDef>([...def.dimensions, ...def.figures].map((f) => [f.key, f]));
  const figures = answer.fields.map((key) => byKey.get(key)!);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(def.title.slice(0, 31));
  sheet.columns = figures.map((f) => ({
    key: f.key,
    header: f.title,
    width: Math.max(14, f.title.length + 4),
    style: FORMATS[f.kind] ? { numFmt: FORMATS[f.kind] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of answer.rows) sheet.addRow(figures.map((f) => cellOf(f.kind, row[f.key])));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** '<chart title> <from>–<to>.xlsx' */
export const chartFileName = (answer: ChartAnswer) => `${CHART[answer.chart].title} ${answer.from}–${answer.to}.xlsx`;
