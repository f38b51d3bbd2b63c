// An export's sheet rows written as the XML exceljs' streaming writer makes of them, without its per-row model:
// exceljs builds a Row, a Cell and a value object per cell, a model of each, then renders the model through an
// XML builder that pushes every tag, attribute and text to an array: for 100 000 offers of 40 columns that cost
// more than the rest of the export. Here each row is one string, its cells' style ids asked from exceljs' own
// styles in the order exceljs asks them (so styles.xml and every s="…" stay the same); the sheet's head, its
// header row and its end stay exceljs'. The test compares the sheet and the styles byte for byte with exceljs'.
import ExcelJS from 'exceljs';

type Cell = string | number | Date | null;

/** What of exceljs' streaming sheet and workbook this writer uses: their own methods, not in the typings. */
interface StreamingSheet {
  _write(text: string): void;
}
interface Styles {
  addStyleModel(style: object, cellType?: ExcelJS.ValueType): number;
}

/** The characters exceljs' xmlEncode escapes (quotes, &, <, >) or drops (control characters XML 1.0 cannot hold). */
const XML_SPECIAL = /[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/;
const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&apos;', '<': '&lt;', '>': '&gt;' };

/** Text as exceljs' xmlEncode writes it. */
export function xmlText(text: string): string {
  if (!XML_SPECIAL.test(text)) return text;
  return text.replace(/[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/g, (c) => ESCAPES[c] ?? '');
}

/** A column's letters as a cell's address has them: 1 → A, 27 → AA. */
function letters(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Excel's serial day of a date, as exceljs' dateToExcel counts it (1900 system). */
const excelDay = (d: Date) => 25569 + d.getTime() / (24 * 3600 * 1000);

/**
 * A writer of the sheet's data rows, from row 2 on (the header row committed by exceljs before it). `styleOf(i,
 * value)` is the style object exceljs would give column i's cell of that value; its id is asked of the workbook's
 * styles (which remembers it by the object) cell by cell, as exceljs' row prepare does, so a style first met in
 * row 5 gets the id it got before. A row of empty cells alone is skipped, as exceljs skips it, its number taken.
 */
export function sheetRowWriter(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  sheet: ExcelJS.Worksheet,
  styleOf: (column: number, value: Cell) => object,
) {
  const styles = (workbook as unknown as { styles: Styles }).styles;
  const out = sheet as unknown as StreamingSheet;
  const names: string[] = [];
  let number = 2;
  let rowStyle: number | undefined;
  return {
    /** The row's XML, or '' for a row exceljs would not write; the next row's number taken either way. */
    row(values: Cell[]): string {
      const r = number++;
      if (values.every((v) => v === null)) return '';
      if (names.length < values.length) for (let i = names.length; i < values.length; i++) names.push(letters(i + 1));
      // the row's own style (a new empty one per row in exceljs, so the same id each time): asked before its
      // cells' as exceljs asks it
      rowStyle ??= styles.addStyleModel({});
      let xml = `<row r="${r}" spans="1:${values.length}"${rowStyle ? ` s="${rowStyle}" customFormat="1"` : ''} x14ac:dyDescent="0.25">`;
      for (let i = 0; i < values.length; i++) {
        const v = values[i];
        const type =
          v === null
            ? ExcelJS.ValueType.Null
            : typeof v === 'number'
              ? ExcelJS.ValueType.Number
              : typeof v === 'string'
                ? ExcelJS.ValueType.String
                : ExcelJS.ValueType.Date;
        const id = styles.addStyleModel(styleOf(i, v), type);
        if (v === null && !id) continue;
        xml += `<c r="${names[i]}${r}"${id ? ` s="${id}"` : ''}`;
        if (v === null) xml += '/>';
        else if (typeof v === 'number') xml += `><v>${xmlText(String(v))}</v></c>`;
        else if (typeof v === 'string') xml += ` t="str"><v>${xmlText(v)}</v></c>`;
        else xml += `><v>${String(excelDay(v))}</v></c>`;
      }
      return `${xml}</row>`;
    },
    /** Rows' XML into the sheet's stream, as exceljs writes a committed row's. */
    write(xml: string) {
      if (xml) out._write(xml);
    },
  };
}
