// The invoice's Russian texts: refusals that name what to fix, the statuses of its payment and the print form's words.
import type { InvoicePayment } from './status';

const refs = (ids: number[]) => ids.map((id) => `№${id}`).join(', ');

export const INVOICE_MSG = {
  forbidden: 'Счета недоступны для вашей роли: нужны право на резервы и видимость цен продажи',
  none: 'Выберите резервы для счёта',
  status: (ids: number[]) => `Счёт выставляется по действующим и завершённым резервам; не подходят: ${refs(ids)}`,
  deleted: (ids: number[]) => `Резервы удалены: ${refs(ids)}`,
  noBuyer: (ids: number[]) => `У резервов нет карточки покупателя: ${refs(ids)}`,
  buyers: (names: string[]) => `Резервы разных покупателей: ${names.join(', ')}. Один счёт — один покупатель`,
  zeroPrice: (ids: number[]) => `Цена продажи не указана или равна нулю: ${refs(ids)}`,
  taken: (id: number, number: string) =>
    `Резерв №${id} уже в счёте № ${number}: отмените тот счёт, чтобы выставить новый`,
  seller: (missing: string[]) => `Заполните реквизиты компании в настройках: ${missing.join(', ')}`,
  cancelled: 'Счёт уже отменён',
  notFound: 'Счёт не найден',
  paymentNotOnInvoice: (reserveId: number, number: string) => `Резерв №${reserveId} не входит в счёт № ${number}`,
  paymentInvoiceCancelled: (number: string) => `Счёт № ${number} отменён: оплату к нему не привязать`,
} as const;

export const INVOICE_PAYMENT_TITLES: Record<InvoicePayment, string> = {
  unpaid: 'Не оплачен',
  partly_paid: 'Оплачен частично',
  paid: 'Оплачен',
  overdue: 'Просрочен',
  cancelled: 'Отменён',
};

export const INVOICE_TEXTS = {
  section: 'Счета',
  title: (number: string, date: string) => `Счёт на оплату № ${number} от ${date}`,
  file: (number: string, date: string) => `Счёт ${number} от ${date}`,
  bankOfPayee: 'Банк получателя',
  payee: 'Получатель',
  bik: 'БИК',
  account: 'Сч. №',
  supplier: 'Поставщик',
  payer: 'Покупатель',
  columns: ['№', 'Товар', 'Кол-во', 'Ед.', 'Цена', 'Ставка НДС', 'Сумма НДС', 'Сумма'],
  total: 'Итого:',
  vatInside: (rate: string) => `В т.ч. НДС (${rate}):`,
  noVat: 'Без налога (НДС)',
  count: (n: number, sum: string) => `Всего наименований ${n}, на сумму ${sum} руб.`,
  due: (date: string) => `Оплатить не позднее ${date}`,
  director: 'Руководитель',
  accountant: 'Бухгалтер',
} as const;

const MONTHS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];

/** 'YYYY-MM-DD' as an invoice's title writes it: '5 декабря 2026 г.' */
export const longDay = (day: string) => {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return `${d} ${MONTHS[m - 1]} ${y} г.`;
};
