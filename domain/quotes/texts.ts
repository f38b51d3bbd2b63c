// The quote's Russian texts ('Подбор'): the page's, the saved quote's and the buyer's page's.
import type { QuoteLevel, QuoteUnit } from './ranking';
import type { QuoteCredit } from './search';
import { rub } from '../buyers/credit';
import { formatDate } from '../format';
import type { FieldChange } from '../history';
import { kopecks } from '../buyers/ledger';
import { QUOTE_BUYER, QUOTE_BUYER_TITLE } from './buyer';

export const QUOTE_TEXTS = {
  title: 'Подбор',
  ask: 'Подобрать',
  product: 'Товар',
  varieties: 'Сорта',
  packings: 'Упаковка',
  years: 'Год урожая',
  origin: 'Происхождение',
  amount: 'Количество',
  unit: 'Единица',
  city: 'Город покупателя',
  level: 'Уровень цены',
  margin: 'Маржа, %',
  reserve: 'Зарезервировать',
  save: 'Сохранить предложение покупателю',
  quotes: 'Котировки',
  empty: 'Нет лотов, которые могут покрыть это количество',
  together: 'Вместе из нескольких лотов',
  defaultDelivery: 'доставка по умолчанию',
  askFirst: 'Выберите товар, количество и покупателя или город, чтобы подобрать лоты.',
  buyer: 'Покупатель из справочника',
  creditOk: 'Кредит: в лимите',
  credit: (messages: string[]) => `Кредит: ${messages.join('. ')}`,
  reason: 'Причина превышения лимита',
} as const;

/** The buyer's credit over the answer (the buyers' ledger's figures): its limit, what it owes plus its reserves, the overdue. */
export const creditSummary = (name: string, c: QuoteCredit) =>
  `${name}: ${[
    c.limit === null ? 'кредитный лимит не задан' : `кредитный лимит ${rub(c.limit)}`,
    `долг и резервы ${rub(c.exposure)}`,
    kopecks(c.overdue) > 0n && c.overdue_since ? `просрочено ${rub(c.overdue)} с ${formatDate(c.overdue_since)}` : null,
  ]
    .filter(Boolean)
    .join(', ')}`;

export const QUOTE_LEVEL_TITLES: Record<QuoteLevel, string> = {
  min: 'Минимум диапазона',
  middle: 'Середина диапазона',
  max: 'Максимум диапазона',
  margin: 'Маржа, %',
};

export const QUOTE_UNIT_TITLES: Record<QuoteUnit, string> = { кг: 'кг', шт: 'шт' };

/** The columns of a line. */
export const QUOTE_COLUMNS = {
  rank: '№',
  lot: 'Лот',
  available: 'Доступно',
  amount: 'Берём',
  delivered_kg_price: 'С доставкой, ₽/кг',
  delivered_unit_price: 'С доставкой, ₽/ед.',
  unit_price: 'Цена за ед., ₽',
  price_kg: 'Цена за кг, ₽',
  band: 'Диапазон, ₽',
  margin: 'Маржа, %',
  route_days: 'Срок доставки, дн.',
  earliest_delivery: 'Доставка не раньше',
  total_sum: 'Сумма, ₽',
} as const;

/** The saved quote's panel (its reserve form's buyer fields are labelled as the reserve's: RESERVE_BUYER_FIELDS). */
export const SAVED_QUOTE_TEXTS = {
  number: (n: number) => `Котировка № ${n}`,
  validUntil: 'Действует до',
  copy: 'Скопировать текст',
  copied: 'Текст скопирован',
  link: 'Ссылка для покупателя',
  revoke: 'Отозвать ссылку',
  revoked: 'Ссылка отозвана',
  reserved: (ids: number[]) => `Созданы резервы: ${ids.map((id) => `№ ${id}`).join(', ')}`,
  pick: 'В предложение',
  comments: 'Комментарии',
  newBuyer: 'Новый покупатель котировки',
  changeBuyer: 'Сменить покупателя',
  buyerChanged: (name: string) => `Покупатель изменён: ${name}`,
  /** The number the buyer knows the quote by (its text, page and PDF), not the internal one. */
  publicNumber: (n: string) => `Номер для покупателя: ${n}`,
  /** The card of another user's quote, for a role that does not change every reserve. */
  othersQuote:
    'Котировка другого пользователя: менять, отзывать ссылку и резервировать по ней может её автор или роль с правом изменять все резервы',
} as const;

/** 'Котировки' (GET /api/quotes): the saved quotes' list and its columns, in the order shown. */
export const QUOTES_LIST_TEXTS = {
  title: 'Котировки',
  filter: 'Фильтр',
  reset: 'Сбросить фильтр',
  empty: 'Котировок нет',
  rows: (shown: string) => `Котировок: ${shown}`,
  back: 'Все котировки',
  columns: [
    ['number', '№'],
    ['status', 'Статус'],
    [QUOTE_BUYER, QUOTE_BUYER_TITLE],
    ['city', 'Город'],
    ['product', 'Товар'],
    ['total_sum', 'Сумма, ₽'],
    ['valid_until', 'Действует до'],
    ['created_at', 'Создана'],
  ] as const,
} as const;

/** The quote as a PDF for the buyer (GET /api/quotes/{id}/pdf): what the buyer's page shows, nothing internal. */
export const QUOTE_PDF_TEXTS = {
  download: 'Скачать PDF',
  downloaded: 'PDF скачан',
  file: (n: string) => `Предложение № ${n}.pdf`,
  title: (n: string, company: string) => `Предложение № ${n}: ${company}`,
  buyer: (name: string) => `${QUOTE_BUYER_TITLE}: ${name}`,
  city: (city: string) => `Город доставки: ${city}`,
  validUntil: (day: string) => `Действует до ${formatDate(day)}`,
  delivered: 'Цены указаны с доставкой до города покупателя.',
  columns: {
    lot: 'Товар',
    amount: 'Количество',
    price: 'Цена за ед., ₽',
    price_kg: 'Цена за кг, ₽',
    days: 'Срок доставки, дн.',
    sum: 'Сумма, ₽',
  },
  empty: 'В предложении нет строк',
  total: (sum: string) => `Итого: ${sum} ₽`,
} as const;

/** A quote's history as the card says it (GET /api/quotes/{id}/history). */
export const QUOTE_HISTORY_TEXTS = {
  title: 'История',
  create: 'Создана',
  delete: 'Удалена',
  empty: 'Записей нет',
} as const;

/** A changed field of a quote by its title, as a 409 'stale' names what changed since. */
export const QUOTE_FIELD_TITLES: Readonly<Record<string, string>> = {
  valid_until: 'Срок действия',
  buyer_id: QUOTE_BUYER_TITLE,
  [QUOTE_BUYER]: QUOTE_BUYER_TITLE,
  link: 'Ссылка',
  status: 'Статус',
  reserve_ids: 'Резервы',
};

const STATUS_WORD: Record<string, string> = { active: 'Действует', accepted: 'Принята', expired: 'Истекла' };

/** One change in words: the date, the buyer, the link, the status, the reserves made. A buyer picked from
 * 'Покупатели' is told by its name (the change of the buyer's name that goes with it): its number says nothing ('' then). */
export function quoteChangeText(c: FieldChange): string {
  const v = c as FieldChange & { new: unknown };
  if (c.field === 'buyer_id') return '';
  if (c.field === 'valid_until') return `Срок действия: ${formatDate(String(c.old))} → ${formatDate(String(v.new))}`;
  if (c.field === QUOTE_BUYER) return `${QUOTE_BUYER_TITLE}: ${c.old ?? '—'} → ${v.new ?? '—'}`;
  if (c.field === 'link') return 'Ссылка отозвана';
  if (c.field === 'status')
    return `Статус: ${STATUS_WORD[String(c.old)] ?? c.old} → ${STATUS_WORD[String(v.new)] ?? v.new}`;
  if (c.field === 'reserve_ids') return `Резервы: ${(v.new as number[]).map((id) => `№ ${id}`).join(', ')}`;
  return c.field;
}
