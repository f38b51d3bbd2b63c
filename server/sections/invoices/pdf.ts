// GET /api/invoices/{id}/pdf: the layout Russian buyers expect of a 'Счёт на оплату' — the bank block on top (the
// payee's bank, БИК, accounts, ИНН/КПП, the payee), the title with the number and the day, supplier and buyer, the lines,
// 'Итого', 'В т.ч. НДС' per rate, the count and the sum in words, the due day and the signatures. Drawn by pdfkit with
// the DejaVu fonts (Cyrillic); an invoice has a few lines.
import { formatFigure } from '../../../domain/format';
import { vatByRate } from '../../../domain/invoices/build';
import { INVOICE_PAYMENT_TITLES, INVOICE_TEXTS as T, longDay } from '../../../domain/invoices/texts';
import { moneyText, VAT_RATE_TITLE } from '../../../domain/papers/lines';
import { sumInWords } from '../../../domain/papers/words';
import { scaled } from '../../../domain/papers/lines';
import { openPdf, pdfTable, pdfText as text, type PdfColumn } from '../papers';
import type { InvoiceLineRow, InvoiceRow } from './read';
const dayText = (day: string) => day.slice(0, 10).split('-').reverse().join('.');

// the widths add up to the A4 page's 523 pt between its margins
const CELLS: Omit<PdfColumn<InvoiceLineRow>, 'title'>[] = [
  { width: 22, cell: (l) => String(l.n) },
  { width: 165, cell: (l) => l.name },
  { width: 50, right: true, cell: (l) => formatFigure(l.amount) },
  { width: 28, cell: (l) => l.unit_name },
  { width: 62, right: true, cell: (l) => formatFigure(l.price) },
  { width: 60, cell: (l) => VAT_RATE_TITLE[l.vat_rate] },
  { width: 62, right: true, cell: (l) => (l.vat_rate === 'none' ? '—' : formatFigure(l.vat_sum)) },
  { width: 74, right: true, cell: (l) => formatFigure(l.total) },
];
const COLUMNS = CELLS.map((c, i) => ({ ...c, title: T.columns[i] }));
const SIZES = { head: 7.5, body: 7.5, headHeight: 16, rowHeight: 16 };

const requisites = (p: { name: string; inn: string | null; kpp: string | null; address: string | null }) =>
  [p.name, p.inn && `ИНН ${p.inn}`, p.kpp && `КПП ${p.kpp}`, p.address].filter(Boolean).join(', ');

export function invoicePdf(invoice: InvoiceRow, lines: InvoiceLineRow[]): Promise<Buffer> {
  const number = String(invoice.number);
  const { pdf, done, left, width } = openPdf({
    size: 'A4',
    margin: 36,
    info: { Title: T.file(number, dayText(invoice.date)), Author: invoice.seller.name },
  });
  const s = invoice.seller;

  // the bank block: two rows of the payee's bank, then the payee with its ИНН/КПП and account
  const cell = (x: number, y: number, w: number, h: number, value: string, font: 'body' | 'bold' = 'body') => {
    pdf.rect(x, y, w, h).stroke();
    pdf
      .font(font)
      .fontSize(8)
      .text(text(value), x + 3, y + 3, { width: w - 6, height: h - 4, ellipsis: true });
  };
  const wide = width - 190;
  let y = pdf.y;
  cell(left, y, wide, 30, `${s.bank_name}\n${T.bankOfPayee}`);
  cell(left + wide, y, 50, 15, T.bik);
  cell(left + wide + 50, y, 140, 15, s.bik);
  cell(left + wide, y + 15, 50, 15, T.account);
  cell(left + wide + 50, y + 15, 140, 15, s.corr_account ?? '');
  y += 30;
  cell(left, y, wide / 2, 15, `ИНН ${s.inn ?? ''}`);
  cell(left + wide / 2, y, wide / 2, 15, s.kpp ? `КПП ${s.kpp}` : '');
  cell(left + wide, y, 50, 45, T.account);
  cell(left + wide + 50, y, 140, 45, s.account);
  cell(left, y + 15, wide, 30, `${s.name}\n${T.payee}`);
  pdf.x = left;
  pdf.y = y + 60;

  pdf
    .font('bold')
    .fontSize(14)
    .text(text(T.title(number, longDay(invoice.date))), left, pdf.y, { width });
  if (invoice.status === 'cancelled')
    pdf.fontSize(10).fillColor('#b00020').text(INVOICE_PAYMENT_TITLES.cancelled).fillColor('black');
  pdf
    .moveTo(left, pdf.y + 2)
    .lineTo(left + width, pdf.y + 2)
    .lineWidth(1.5)
    .stroke()
    .lineWidth(1);
  pdf.moveDown(0.6);
  pdf.font('body').fontSize(9);
  pdf.text(text(`${T.supplier}: ${requisites(s)}`), { width });
  pdf.moveDown(0.3);
  pdf.text(text(`${T.payer}: ${requisites(invoice.buyer)}`), { width });
  pdf.moveDown(0.6);

  pdfTable(pdf, COLUMNS, SIZES).lines(lines);
  pdf.moveDown(0.4);
  const right = (label: string, value: string) =>
    pdf
      .font('bold')
      .fontSize(9)
      .text(text(`${label} ${value}`), left, pdf.y, { width, align: 'right' });
  right(T.total, formatFigure(invoice.total));
  const vat = vatByRate(lines);
  if (!vat.length) right(T.noVat, '—');
  for (const [rate, sum] of vat) right(T.vatInside(VAT_RATE_TITLE[rate]), formatFigure(moneyText(sum)));
  pdf.moveDown(0.6);
  pdf
    .font('body')
    .fontSize(9)
    .text(text(T.count(lines.length, formatFigure(invoice.total))), left, pdf.y, { width });
  pdf.font('bold').text(text(sumInWords(scaled(invoice.total, 2))), { width });
  pdf.font('body').text(text(T.due(dayText(invoice.due_date))), { width });
  pdf
    .moveTo(left, pdf.y + 4)
    .lineTo(left + width, pdf.y + 4)
    .lineWidth(1.5)
    .stroke()
    .lineWidth(1);
  pdf.moveDown(1.5);
  pdf.text(text(`${T.director} ______________ ${s.director ?? ''}`), left, pdf.y, { width });
  pdf.moveDown(0.8);
  pdf.text(text(`${T.accountant} ______________ ${s.accountant ?? ''}`), { width });
  pdf.end();
  return done;
}
