// What the papers' screens share: the filters of a list of papers (buyer, day, status), a file not downloaded, and
// the buyer card's block of its papers.
export const PAPER_LIST_TEXTS = {
  buyer: 'Покупатель',
  dateFrom: 'Дата с',
  dateTo: 'Дата по',
  status: 'Статус',
  anyStatus: 'Все',
  downloadFailed: 'Не удалось скачать файл: попробуйте ещё раз',
} as const;

/** The buyer card's block of its papers: its invoices and its УПД, each a small table of links. */
export const BUYER_PAPERS_TEXTS = {
  title: 'Счета и УПД',
  invoices: 'Счета',
  upd: 'УПД',
  noInvoices: 'Счетов нет',
  noUpd: 'УПД нет',
  columns: [
    ['number', '№'],
    ['date', 'Дата'],
    ['sum', 'Сумма'],
    ['status', 'Статус'],
  ],
} as const;
