// The bell's notifications: what each tells, in the words the user reads, and where it leads. A
// supplier's user is told of its own offer alone, never of a buyer.
import type { Section } from './sections';
import { formatDate, formatNumber } from './format';

export type NotificationKind =
  | 'reserve_expiring'
  | 'reserve_expired'
  | 'reserve_overdue'
  | 'reserve_placed'
  | 'reserve_completed'
  | 'reserve_cancelled'
  | 'offer_sold_out'
  // no free stock left, all of it held by reserves that may still expire or be cancelled
  | 'offer_fully_reserved'
  // a lot's document expires in the notice days, or today (domain/offers/documents.ts words them)
  | 'document_expiring'
  | 'document_expires_today'
  | 'arrival_moved'
  | 'reserve_cut'
  // a supplier's price list re-priced a lot that active reserves hold (their terms stay as they were)
  | 'offer_repriced'
  | 'buyer_overdue'
  | 'credit_override'
  // a payment, a buyer's terms, a deleted sale or an opening balance, by a role with the finance right
  | 'buyer_finance'
  // someone other than the author changed, revoked, reserved or deleted a quote
  | 'quote_changed'
  // a reserve on a lot bought at the daily rate whose margin a new rate put at risk (domain/reserves/margins.ts words it)
  | 'margin_at_risk';

/** What a notification is about: a section's record, or a saved quote ('Котировки', /quotes/{id}). */
export type NotificationSection = Section | 'quotes';

export const NOTIFICATION_TEXT = {
  reserve_expiring: (reserve: number) => `Резерв № ${reserve} истекает завтра`,
  reserve_expired: (reserve: number) => `Резерв № ${reserve} просрочен`,
  reserve_overdue: (reserve: number) => `Резерв № ${reserve}: дата реализации прошла, резерв не завершен`,
  reserve_placed: (reserve: number, offer: number) => `На предложение № ${offer} поставлен резерв № ${reserve}`,
  reserve_completed: (reserve: number, offer: number) => `Резерв № ${reserve} на предложение № ${offer} завершен`,
  reserve_cancelled: (reserve: number, offer: number) => `Резерв № ${reserve} на предложение № ${offer} отменен`,
  /** Purchased out: every unit sold by completed reserves (not when it is only reserved). */
  offer_sold_out: (offer: number) => `Предложение № ${offer} распродано`,
  /** No free stock, all of it reserved: told only to those who read reserves. */
  offer_fully_reserved: (offer: number) =>
    `Предложение № ${offer} полностью зарезервировано: свободного остатка нет, пока резервы не отменены или не истекли`,
  // a lot on its way
  arrival_moved: (reserve: number, offer: number, from: string, to: string) =>
    `Поступление по предложению № ${offer} перенесено с ${formatDate(from)} на ${formatDate(to)}: даты резерва № ${reserve} сдвинуты`,
  reserve_cut: (reserve: number, offer: number, from: string, to: string) =>
    Number(to) === 0
      ? `Резерв № ${reserve} отменен: по предложению № ${offer} поступило меньше ожидаемого (было ${formatNumber(from)})`
      : `Резерв № ${reserve} сокращен: по предложению № ${offer} поступило меньше ожидаемого, теперь ${formatNumber(to)} вместо ${formatNumber(from)}`,
  offer_repriced: (offer: number, oldPrice: string, newPrice: string) =>
    `Цена предложения № ${offer} изменена по прайсу поставщика: ${oldPrice} → ${newPrice}; резервы сохраняют свои условия`,
  // told to the buyer's responsible
  buyer_overdue: (buyer: string, reserve: number) => `Покупатель «${buyer}» просрочил оплату резерва № ${reserve}`,
  credit_override: (buyer: string, reserve: number, reason: string) =>
    `Резерв № ${reserve} для «${buyer}» поставлен сверх кредитного лимита: ${reason}`,
  buyer_finance: (buyer: string, what: string, by: string) => `Покупатель «${buyer}»: ${what} (${by})`,
} as const;

/** Told to a quote's author when another user (a role that changes every reserve) wrote it. */
export const QUOTE_NOTICE = {
  changed: (quote: number, fields: string[]) =>
    `Котировка № ${quote} изменена другим пользователем: ${fields.join(', ')}`,
  revoked: (quote: number) => `Ссылка котировки № ${quote} отозвана другим пользователем`,
  reserved: (quote: number, reserves: number[]) =>
    `По котировке № ${quote} другой пользователь поставил резервы № ${reserves.join(', ')}`,
  deleted: (quote: number) => `Котировка № ${quote} удалена другим пользователем`,
} as const;

export const NOTIFICATION_UI = {
  title: 'Уведомления',
  bell: 'Уведомления',
  empty: 'Уведомлений нет',
  markAll: 'Отметить все прочитанными',
} as const;

/** One notification as GET /api/notifications answers it. */
export interface NotificationItem {
  id: number;
  kind: NotificationKind;
  section: NotificationSection;
  record_id: number;
  text: string;
  created_at: string;
  read: boolean;
}

export interface NotificationList {
  items: NotificationItem[];
  unread: number;
}

/** Where a notification leads: the record's card. */
export const notificationLink = (n: Pick<NotificationItem, 'section' | 'record_id'>) => `/${n.section}/${n.record_id}`;
