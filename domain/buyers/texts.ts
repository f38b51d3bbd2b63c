// The words of a buyer's 'Взаиморасчёты': the card's table and its XLSX say the same.
import { formatDate } from '../format';
import { countWith } from '../plural';

export const LEDGER_TEXTS = {
  tab: 'Взаиморасчёты',
  sheet: 'Взаиморасчёты',
  fileName: (id: number) => `Взаиморасчёты покупателя ${id}.xlsx`,
  columns: ['Дата', 'Операция', 'Резерв', 'Продажа, ₽', 'Оплата, ₽', 'Срок оплаты', 'Долг, ₽', 'Комментарий'],
  kind: { opening: 'Начальное сальдо', sale: 'Продажа', payment: 'Оплата' },
  opening: 'Начальное сальдо',
  sales: 'Продано',
  payments: 'Оплачено',
  balance: 'Долг',
  overdue: 'Просрочено',
  /** How long the oldest unpaid debt is overdue: 'Просрочено на 453 дня (с 08.09.2025)'. */
  overdueFor: (days: number, since: string) =>
    `Просрочено на ${countWith(days, ['день', 'дня', 'дней'])} (с ${formatDate(since)})`,
  overdueDays: 'Дней просрочки',
  empty: 'Продаж пока нет',
  export: 'Скачать XLSX',
} as const;

// 'Оплаты' on a completed reserve's card.
export const PAYMENT_TEXTS = {
  tab: 'Оплаты',
  sale: 'Сумма продажи',
  paid: 'Оплачено',
  left: 'Осталось оплатить',
  columns: ['Дата', 'Сумма, ₽', 'Комментарий'],
  empty: 'Оплат пока нет',
  date: 'Дата оплаты',
  amount: 'Сумма оплаты, ₽',
  comment: 'Комментарий',
  add: 'Добавить оплату',
  adding: 'Добавляем...',
  added: 'Оплата добавлена',
  delete: 'Удалить оплату',
  deleteText:
    'Оплата пропадет из взаиморасчётов покупателя, долг по резерву вырастет на ее сумму. В истории резерва она останется.',
  back: 'Назад',
} as const;
