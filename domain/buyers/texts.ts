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
