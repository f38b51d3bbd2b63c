// The words of a buyer's 'Взаиморасчёты' (issue 37): the card's table and its XLSX say the same.
export const LEDGER_TEXTS = {
  tab: 'Взаиморасчёты',
  sheet: 'Взаиморасчёты',
  fileName: (id: number) => `Взаиморасчёты покупателя ${id}.xlsx`,
  columns: ['Дата', 'Операция', 'Резерв', 'Продажа, ₽', 'Оплата, ₽', 'Срок оплаты', 'Долг, ₽', 'Комментарий'],
  kind: { sale: 'Продажа', payment: 'Оплата' },
  sales: 'Продано',
  payments: 'Оплачено',
  balance: 'Долг',
  overdue: 'Просрочено',
  overdueSince: 'Просрочено с',
  overdueDays: 'Дней просрочки',
  empty: 'Продаж пока нет',
  export: 'Скачать XLSX',
} as const;

// 'Оплаты' on a completed reserve's card (issue 37).
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
  deleteText: 'Оплата пропадет из взаиморасчётов покупателя, долг по резерву вырастет на ее сумму. В истории резерва она останется.',
  back: 'Назад',
} as const;
