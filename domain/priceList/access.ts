// Who builds a buyer's price list: a role that creates reserves (the list is the reserve card's price
// for many offers at once) and sees what the price is made of: the selling band and the delivery cost. The lines
// name no loading city and the server works their prices out (the route from the offer's loading city, as for a
// reserve's delivered cost), so a role that may not see the loading city (role 1, the sales manager who quotes
// buyers) gets the list, its files and links too. A supplier's user never: the list is the trader's
// selling prices.
import { can, isFieldVisible, type Permissions } from '../permissions';
import { addDays } from '../businessDay';
import { formatDate, formatNumber } from '../format';

/** The fields a price list is built from; a role that does not see one of them gets no price list. */
export const PRICE_LIST_FIELDS = [
  ['reserves', 'min_selling_price'],
  ['reserves', 'max_selling_price'],
  ['reserves', 'delivery_cost'],
] as const;

export function canBuildPriceList(perms: Permissions | null | undefined): boolean {
  if (!perms || perms.user_type === 'supplier') return false;
  if (!can(perms, 'reserves', 'create') || !can(perms, 'offers', 'read') || !can(perms, 'cities', 'read')) return false;
  return PRICE_LIST_FIELDS.every(([resource, field]) => isFieldVisible(perms, resource, field));
}

export const PRICE_LIST_MSG = {
  forbidden:
    'Прайс-лист недоступен для вашей роли: нужны права на резервы и видимость диапазона цен продажи и стоимости доставки',
  city: 'Выберите город покупателя',
  cityMissing: 'Город покупателя не найден',
  markup: (min: string | number, max: string | number) =>
    `Наценка должна быть от ${formatNumber(min)} до ${formatNumber(max)} %`,
  markupMissing: 'Укажите наценку в процентах',
  validUntil: 'Срок действия не может быть раньше сегодняшнего дня',
  validUntilMissing: 'Укажите срок действия прайс-листа',
  validUntilTooFar: (last: string) =>
    `Срок действия — не больше ${PRICE_LIST_MAX_DAYS} дней: не позже ${formatDate(last)}`,
  linkGone: 'Ссылка на прайс-лист недействительна: срок её действия истёк или она отозвана',
  linkNotFound: 'Ссылка не найдена',
  /** 'Обновить цены' of a link that no longer works. */
  renewGone: 'Ссылка отозвана или истекла: создайте новую',
} as const;

/** A price list (and a buyer's link to it) is valid for at most this many days from the business day: a link
 * never outlives the prices it quotes by months (and '9999-12-31' is refused, not a 500). */
export const PRICE_LIST_MAX_DAYS = 90;

/** The validity day's rule, on the page and on the server: not before today, not past today + 90 days. */
export function validUntilError(day: string, today: string): string | null {
  if (day < today) return PRICE_LIST_MSG.validUntil;
  const last = addDays(today, PRICE_LIST_MAX_DAYS);
  return day > last ? PRICE_LIST_MSG.validUntilTooFar(last) : null;
}
