// The price list's Russian texts: the page's, the files' and the buyer's page's. Kept apart from the
// access rules so the buyer's page, which knows nothing of permissions, carries only these.
import { PRICE_LIST_LOT, type LotKey } from '../offers/lot';

export const PRICE_LIST_TEXTS = {
  title: 'Прайс-лист',
  xlsx: 'Скачать XLSX',
  pdf: 'Скачать PDF',
  link: 'Ссылка для покупателя',
  reserve: 'Зарезервировать',
  defaultDelivery: 'доставка по умолчанию',
  levelMin: 'Минимальная цена диапазона',
  levelMax: 'Максимальная цена диапазона',
  levelPercent: 'Наценка, %',
  roundingNone: 'Без округления',
  rounding1: 'До 1 ₽',
  rounding10: 'До 10 ₽',
  validUntil: 'Действует до',
  city: 'Город покупателя',
  empty: 'Нет доступных предложений по выбранным условиям',
  links: 'Ссылки для покупателей',
  revoke: 'Отозвать',
  /** A link holds its prices until its date; this makes a new link with today's. */
  renew: 'Обновить цены',
  revoked: 'Отозвана',
  expired: 'Истекла',
  publicTitle: 'Прайс-лист',
} as const;

/** The columns of a line, the page's, the files' and the public page's titles: the lot's own words (its fields'
 * titles, domain/offers/lot.ts), then the price's. */
export const PRICE_LIST_COLUMNS = {
  ...(Object.fromEntries(PRICE_LIST_LOT.map((fd) => [fd.key, fd.title])) as Record<LotKey, string>),
  available_amount: 'Доступно',
  available_packs: 'Упаковок',
  unit_price: 'Цена за ед., ₽',
  kg_price: 'Цена за кг, ₽',
  delivery_cost: 'Доставка, ₽/кг',
  delivery_days: 'Срок доставки, дн.',
  availability: 'Наличие',
  /** The lot's documents marked for buyers (the buyer's page only). */
  documents: 'Документы',
} as const;
