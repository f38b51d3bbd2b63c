// What the papers' print forms (the invoice's, the УПД's) draw alike: a pdfkit document with the DejaVu fonts
// (Cyrillic) gathered into one Buffer, and the table of lines: each cell framed, its text cut to the cell, the head
// row again at the top of each new page. Each paper keeps its own layout, columns and sizes.
import path from 'node:path';
import PDFDocument from 'pdfkit';

const FONTS = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** Text as the fonts draw it: the narrow no-break space (the figures' thousands) becomes a plain no-break one. */
export const pdfText = (s: string) => s.replace(/\u202f/g, '\u00a0');

/** A new print form: the document with the fonts 'body' and 'bold', its width between the margins, and its bytes
 * once `pdf.end()` is called. */
export function openPdf(options: PDFKit.PDFDocumentOptions) {
  const pdf = new PDFDocument(options);
  pdf.registerFont('body', path.join(FONTS, 'DejaVuSans.ttf'));
  pdf.registerFont('bold', path.join(FONTS, 'DejaVuSans-Bold.ttf'));
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  return { pdf, done, left, width };
}

export interface PdfColumn<L> {
  title: string;
  width: number;
  right?: boolean;
  cell: (line: L) => string;
}

export interface PdfTableSizes {
  /** The font size of the head row and of any bold row. */
  head: number;
  /** The font size of a line. */
  body: number;
  headHeight: number;
  rowHeight: number;
}

/** The table of a paper's lines from the page's left margin: `lines` draws the head and the lines, `row` one more row
 * (the totals) under them. */
export function pdfTable<L>(pdf: PDFKit.PDFDocument, columns: readonly PdfColumn<L>[], sizes: PdfTableSizes) {
  const left = pdf.page.margins.left;
  const row = (values: string[], font: 'body' | 'bold', height: number) => {
    const top = pdf.y;
    let x = left;
    pdf.font(font).fontSize(font === 'bold' ? sizes.head : sizes.body);
    columns.forEach((c, i) => {
      pdf.rect(x, top, c.width, height).stroke();
      pdf.text(pdfText(values[i]), x + 2, top + 3, {
        width: c.width - 4,
        height: height - 4,
        align: c.right ? 'right' : 'left',
        ellipsis: true,
      });
      x += c.width;
    });
    pdf.x = left;
    pdf.y = top + height;
  };
  const head = () =>
    row(
      columns.map((c) => c.title),
      'bold',
      sizes.headHeight,
    );
  const lines = (items: readonly L[]) => {
    head();
    for (const line of items) {
      if (pdf.y + sizes.rowHeight > pdf.page.height - pdf.page.margins.bottom) {
        pdf.addPage();
        head();
      }
      row(
        columns.map((c) => c.cell(line)),
        'body',
        sizes.rowHeight,
      );
    }
  };
  return { lines, row };
}
