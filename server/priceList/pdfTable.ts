// The PDF table the price list and the quote are printed as, drawn by pdfkit from text alone: every cell
// is worked out before (server/priceList/documents.ts), so the drawing can run on a worker thread
// (server/priceList/pdfThread.ts) and a list of 20 000 lots does not stop the server for seconds.
import path from 'node:path';
import PDFDocument from 'pdfkit';

/** A column of a PDF table on an A4 page (width 595 pt, margins 36: at most 523 pt in all). */
export interface PdfTableColumn {
  title: string;
  width: number;
  right?: boolean;
}

/** A PDF table as text: its rows in groups under a caption (or one group with none), each row its cells' texts. */
export interface PdfTable {
  title: string;
  author: string;
  heading: string[];
  columns: PdfTableColumn[];
  groups: [string | null, string[][]][];
  empty: string;
  closing?: string[];
}

const FONTS = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** Russian number formats group thousands with a narrow no-break space; the PDF writes a plain no-break one. */
const pdfText = (s: string) => s.replace(/\u202f/g, '\u00a0');

/** An A4 PDF for the buyer with the DejaVu fonts embedded (Cyrillic): a bold title, the heading's lines, a table of
 * rows (in groups under a bold caption, or one group without), the header repeated on each page, and closing lines. */
export function renderPdfTable(spec: PdfTable): Promise<Buffer> {
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
      doc.text(pdfText(values[i]), x + 2, y + 3, {
        width: c.width - 4,
        height: height - 4,
        align: c.right ? 'right' : 'left',
        ellipsis: true,
      });
      x += c.width;
    });
    doc.y = y + height;
    doc.x = left;
  };
  const tableWidth = columns.reduce((s, c) => s + c.width, 0);
  const header = () => {
    doc.rect(left, doc.y, tableWidth, headerHeight).fill('#e8eef5').fillColor('black');
    cells(
      columns.map((c) => c.title),
      'bold',
      headerHeight,
    );
  };
  const room = (rows: number) => {
    if (doc.y + rows * rowHeight > bottom()) {
      doc.addPage();
      header();
    }
  };
  header();
  if (!spec.groups.some(([, rows]) => rows.length))
    doc
      .font('body')
      .fontSize(10)
      .text(spec.empty, left, doc.y + 6);
  for (const [caption, rows] of spec.groups) {
    if (caption !== null) {
      room(2);
      const y = doc.y;
      doc
        .font('bold')
        .fontSize(9)
        .text(pdfText(caption), left + 2, y + 5, { lineBreak: false });
      doc.y = y + rowHeight + 4;
      doc.x = left;
    }
    rows.forEach((row, i) => {
      room(1);
      if (i % 2) doc.rect(left, doc.y, tableWidth, rowHeight).fill('#f6f6f6').fillColor('black');
      cells(row, 'body', rowHeight);
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
