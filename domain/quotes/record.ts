// A saved quote ('Сохранить предложение покупателю'): the lines named to a buyer's city with their prices
// and the terms they were priced on, held until its date; its status, the text a manager copies to the buyer, and
// the messages of its writes.
import { formatDate, formatFigure, formatNumber } from '../format';
import { addDays } from '../businessDay';
import { lotTitle, type LotKey } from '../offers/lot';
import type { ReserveTerms } from '../reserves/terms';
import type { QuoteOfferPart } from './search';

export const QUOTE_STATUSES = ['active', 'expired', 'accepted'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_TITLES: Record<QuoteStatus, string> = {
  active: 'Действует',
  expired: 'Истекла',
  accepted: 'Принята',
};

/** A stored quote's status on the business day: past its date an active quote has expired. */
export const quoteStatusOf = (stored: string, validUntil: string, today: string): QuoteStatus =>
  stored === 'accepted' ? 'accepted' : validUntil < today ? 'expired' : 'active';

/** One lot of a saved line, as the quote holds it: the search's part (its figures as quoted), and the terms the
 * price was worked out on (reserving from the quote uses these while it is valid). */
export type HeldPart = Pick<
  QuoteOfferPart,
  'offer_id' | 'amount' | 'kg' | 'unit_price' | 'price_kg' | 'delivery_cost' | 'route_days' | LotKey | 'band' | 'margin'
> & {
  terms: ReserveTerms;
  /** The day of the Bank's rate the held price was worked out at (none in rubles, at a fixed rate, or on a quote
   * saved before it was kept): the quote holds it with the price. */
  rate_date?: string | null;
};

export interface HeldLine {
  offers: HeldPart[];
  total_sum: string;
  total_kg: string;
  price_kg: string;
}

export const QUOTE_RECORD_MSG = {
  lines: 'Выберите хотя бы одну строку подбора',
  lineOffers: 'В строке подбора от одного до трёх лотов',
  price: 'Укажите цену за единицу для каждого лота',
  /** An amount or a price of a line that is no number above 0 (the search answers them as text, and text
   * is taken: '100.00', '12,5'). */
  amount: 'Количество в строке подбора: число больше 0',
  unitPrice: 'Цена за единицу в строке подбора: число больше 0',
  offerGone: (id: number) => `Лот № ${id} недоступен: его нет, он удалён или не активен`,
  short: (id: number, available: string | number) => `Лот № ${id}: доступно только ${formatNumber(available)}`,
  band: (id: number, min: string | number, max: string | number) =>
    `Цена лота № ${id} должна быть от ${formatNumber(min)} до ${formatNumber(max)}`,
  validUntil: 'Срок действия не может быть раньше сегодняшнего дня',
  expired: 'Котировка истекла: сохраните новое предложение',
  accepted: 'По котировке уже созданы резервы',
  deleted: 'Котировка удалена',
  lineMissing: (n: number) => `Строки № ${n} в котировке нет`,
  address: 'Укажите адрес доставки (минимум 5 символов)',
  buyer: 'Укажите покупателя (минимум 2 символа)',
  notFound: 'Котировка не найдена',
  linkGone: 'Ссылка на предложение недействительна: срок его действия истёк или она отозвана',
  reserveForbidden: 'Резервировать по котировке может роль с правом создавать резервы',
  /** A buyer named on a saved quote lives in the quote's city (its prices are worked out to that city). */
  buyerCity: (quoteCity: string, buyerCity: string | null) =>
    buyerCity
      ? `Покупатель из другого города (${buyerCity}): котировка рассчитана с доставкой в ${quoteCity}, сохраните новое предложение`
      : `У покупателя не указан город: котировка рассчитана с доставкой в ${quoteCity}`,
  buyerExpired: 'Котировка истекла: покупателя меняют только у действующей',
  // a quote holds its prices for a few days only, and reserves only for a buyer card
  validUntilMax: (last: string) => `Котировка действует не дольше ${formatDate(last)}`,
  reopen: 'Котировка истекла: срок истекшей котировки не продлевается, сохраните новое предложение',
  reserveBuyer: 'Выберите покупателя котировки: резерв ставится на карточку покупателя',
  belowBand: (id: number, price: string, min: string) =>
    `Цена лота № ${id} в котировке (${formatNumber(price)}) ниже текущего диапазона (от ${formatNumber(min)}): резерв по ней ставит роль с правом «Финансы»`,
} as const;

/** How long an administrator may hold a quote's prices: the business setting, in days from today. */
export const QUOTE_MAX_DAYS_SETTING = 'quote_max_days';
export const QUOTE_MAX_DAYS_DEFAULT = 14;

/** The last day a new or changed quote may be held to: the business day + reserve_hold_days, an administrator up to
 * the business day + quote_max_days (never less than the first). */
export const quoteLastDay = (today: string, holdDays: number, maxDays: number, admin: boolean) =>
  addDays(today, admin ? Math.max(holdDays, maxDays) : holdDays);

export const fromQuoteComment = (id: number) => `Создан из котировки № ${id}`;

/** A lot by what it is (domain/offers/lot.ts). */
export { lotTitle };

/** The plain Russian text a manager copies to the buyer: each lot with its amount and price per kg with delivery to
 * the city, the validity, and the trader's name and phone (business settings). */
export function quoteText(
  q: { number: string; city: string; valid_until: string; lines: HeldLine[] },
  trader: { name: string; phone: string | null },
): string {
  const lots = q.lines.flatMap((line) =>
    line.offers.map((p) => {
      const amount =
        p.unit_measure === 'шт'
          ? `${formatNumber(p.amount)} шт (${formatNumber(p.kg)} кг)`
          : `${formatNumber(p.amount)} кг`;
      return `${lotTitle(p)}: ${amount} по ${formatFigure(p.price_kg)} ₽/кг с доставкой в ${q.city}`;
    }),
  );
  return [
    `Предложение № ${q.number}`,
    ...lots,
    `Действует до ${formatDate(q.valid_until)}`,
    [trader.name, trader.phone].filter(Boolean).join(', '),
  ].join('\n');
}
