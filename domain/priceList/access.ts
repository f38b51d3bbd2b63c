// Who builds a buyer's price list (issue 23): a role that creates reserves (the list is the reserve card's price
// for many offers at once) and sees what the price is made of: the selling band and the delivery cost. The lines
// name no loading city and the server works their prices out (the route from the offer's loading city, as for a
// reserve's delivered cost), so a role that may not see the loading city (role 1, the sales manager who quotes
// buyers) gets the list, its files and links too (issue 33). A supplier's user never: the list is the trader's
// selling prices.
import { can, isFieldVisible, type Permissions } from '../permissions';

/** The fields a price list is built from; a role that does not see one of them gets no price list. */
export const PRICE_LIST_FIELDS = [
  ['reserves', 'min_selling_price'], ['reserves', 'max_selling_price'], ['reserves', 'delivery_cost'],
] as const;

export function canBuildPriceList(perms: Permissions | null | undefined): boolean {
  if (!perms || perms.user_type === 'supplier') return false;
  if (!can(perms, 'reserves', 'create') || !can(perms, 'offers', 'read') || !can(perms, 'cities', 'read')) return false;
  return PRICE_LIST_FIELDS.every(([resource, field]) => isFieldVisible(perms, resource, field));
}

export const PRICE_LIST_MSG = {
  forbidden: 'Прайс-лист недоступен для вашей роли: нужны права на резервы и видимость диапазона цен продажи и стоимости доставки',
  city: 'Выберите город покупателя',
  cityMissing: 'Город покупателя не найден',
  markup: (min: string, max: string) => `Наценка должна быть от ${min} до ${max} %`,
  markupMissing: 'Укажите наценку в процентах',
  validUntil: 'Срок действия не может быть раньше сегодняшнего дня',
  validUntilMissing: 'Укажите срок действия прайс-листа',
  linkGone: 'Ссылка на прайс-лист недействительна: срок её действия истёк или она отозвана',
  linkNotFound: 'Ссылка не найдена',
} as const;
