// GET /api/upd/{id}/pdf: the print form of the same document the XML carries, on a landscape A4 page: status '1',
// number and date, seller and buyer with their requisites, the table of the format's columns, the totals and the
// signatures. Drawn by pdfkit with the DejaVu fonts (Cyrillic), in-process: a УПД has a few lines.
import { formatFigure } from '../../../domain/format';
import { vatRateText, type UpdDocument, type UpdParty } from '../../../domain/upd/document';
import { UPD_TEXTS } from '../../../domain/upd/texts';
import { openPdf, pdfTable, pdfText as text, type PdfColumn } from '../papers';

const SIZES = { head: 6.5, body: 7, headHeight: 26, rowHeight: 14 };

// 784 pt of the landscape page's 786 between the margins: the declaration's number (8 + 6 + 7 digits) and 'без
// акциза' whole on one line at 7 pt; a long name is cut with an ellipsis, the XML carries it whole
const COLUMNS: PdfColumn<UpdDocument['lines'][number]>[] = [
  { title: '№', width: 22, cell: (l) => String(l.n) },
  { title: 'Наименование товара', width: 140, cell: (l) => l.name },
  { title: 'Код ед. (ОКЕИ)', width: 40, cell: (l) => l.okei },
  { title: 'Ед.', width: 28, cell: (l) => l.unitName },
  { title: 'Количество', width: 50, right: true, cell: (l) => formatFigure(l.quantity) },
  { title: 'Цена за ед. без НДС', width: 64, right: true, cell: (l) => formatFigure(l.price) },
  { title: 'Стоимость без НДС', width: 68, right: true, cell: (l) => formatFigure(l.sumWithoutVat) },
  { title: 'Акциз', width: 46, cell: () => 'без акциза' },
  { title: 'Ставка', width: 40, cell: (l) => vatRateText(l.vatRate) },
  {
    title: 'Сумма НДС',
    width: 58,
    right: true,
    cell: (l) => (l.vatRate === 'none' ? 'без НДС' : formatFigure(l.vatSum)),
  },
  { title: 'Стоимость с НДС', width: 68, right: true, cell: (l) => formatFigure(l.sumWithVat) },
  { title: 'Страна (код)', width: 54, cell: (l) => (l.origin ? `${l.origin.code} ${l.origin.short}` : '—') },
  { title: 'Номер ДТ', width: 106, cell: (l) => l.origin?.declaration ?? '—' },
];

const partyLines = (label: string, p: UpdParty) => [
  `${label}: ${p.name}`,
  `Адрес: ${p.address}`,
  `ИНН/КПП: ${p.inn}${p.kpp ? `/${p.kpp}` : ''}`,
];

export function updPdf(doc: UpdDocument, cancelled: boolean): Promise<Buffer> {
  const { pdf, done, left, width } = openPdf({
    size: 'A4',
    layout: 'landscape',
    margin: 28,
    info: { Title: UPD_TEXTS.file(doc.number, doc.date), Author: doc.seller.name },
  });

  pdf.font('bold').fontSize(13).text(text(UPD_TEXTS.title));
  pdf
    .font('body')
    .fontSize(9)
    .text(text(`${UPD_TEXTS.status} (${UPD_TEXTS.statusHint})`));
  pdf
    .font('bold')
    .fontSize(10)
    .text(text(`Счёт-фактура № ${doc.number} от ${doc.date}`));
  if (cancelled)
    pdf.font('bold').fontSize(10).fillColor('#b00020').text(text(UPD_TEXTS.statuses.cancelled)).fillColor('black');
  pdf.font('body').fontSize(8);
  for (const line of [
    ...partyLines('Продавец', doc.seller),
    'Грузоотправитель: он же',
    ...partyLines('Покупатель', doc.buyer),
    `Грузополучатель: ${doc.buyer.name}, ${doc.buyer.address}`,
    'Валюта: наименование, код: Российский рубль, 643',
    `Дата отгрузки: ${doc.shipmentDate}`,
  ]) {
    pdf.text(text(line), { width });
  }
  pdf.moveDown(0.6);

  const table = pdfTable(pdf, COLUMNS, SIZES);
  table.lines(doc.lines);
  const withoutVat = doc.lines.every((l) => l.vatRate === 'none');
  const totals = [
    '',
    'Всего к оплате',
    '',
    '',
    '',
    '',
    formatFigure(doc.totals.sumWithoutVat),
    '',
    '',
    withoutVat ? 'без НДС' : formatFigure(doc.totals.vatSum),
    formatFigure(doc.totals.sumWithVat),
    '',
    '',
  ];
  table.row(totals, 'bold', SIZES.rowHeight);
  pdf.moveDown(1.2);
  pdf.font('body').fontSize(8);
  const signer = [doc.signer.surname, doc.signer.name, doc.signer.patronymic].filter(Boolean).join(' ');
  pdf.text(text(`${doc.signer.position} ______________ ${signer}`), left, pdf.y, { width });
  pdf.text(text(`Главный бухгалтер или иное уполномоченное лицо ______________`), { width });
  pdf.moveDown(0.6);
  pdf.text(text(`Товар (груз) передал ______________ ${signer}        Дата отгрузки ${doc.shipmentDate}`), { width });
  pdf.text(text('Товар (груз) получил ______________        Дата получения «___» ____________ 20__ г.'), { width });
  pdf.moveDown(0.6);
  pdf
    .fontSize(6.5)
    .fillColor('#555')
    .text(text(`Идентификатор файла: ${doc.fileId}`), { width });
  pdf.end();
  return done;
}
