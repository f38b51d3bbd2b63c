// Who quotes ('Подбор'): a role that reads offers and sees what a delivered price is made of (the selling
// band and the delivery cost of a reserve). Role 8 sees no money, so no quote; a supplier's user never (the quote is
// the trader's selling prices). The loading city and the supplier are not needed: a role that does not see them
// (role 1) quotes all the same and is shown neither (the route's cost is a reserve's field it sees).
import { can, isFieldVisible, scopeOf, type Permissions } from '../permissions';
import { canSeePayments } from '../buyers/payments';
import { formatNumber } from '../format';

/** The reserve figures a quote line shows; a role that does not see one of them gets no quote. */
export const QUOTE_FIELDS = [
  ['reserves', 'min_selling_price'],
  ['reserves', 'max_selling_price'],
  ['reserves', 'delivery_cost'],
  ['reserves', 'marginality'],
] as const;

export function canQuote(perms: Permissions | null | undefined): boolean {
  if (!perms || perms.user_type === 'supplier') return false;
  if (!can(perms, 'offers', 'read') || !can(perms, 'cities', 'read')) return false;
  return QUOTE_FIELDS.every(([resource, field]) => isFieldVisible(perms, resource, field));
}

/** Reserving from a quote takes the reserve's own create right on top. */
export const canReserveFromQuote = (perms: Permissions | null | undefined) =>
  canQuote(perms) && can(perms, 'reserves', 'create');

/** A quote's writes (its date or buyer, its link, reserving from it, deleting it) belong to its author, or to a role
 * that changes or deletes every reserve (any quoting role changed, revoked and deleted other people's quotes). */
export const canChangeQuote = (
  perms: Permissions | null | undefined,
  userId: number,
  createdBy: number | null,
): boolean =>
  Boolean(perms) &&
  (createdBy === userId ||
    scopeOf(perms, 'reserves', 'update') === 'all' ||
    scopeOf(perms, 'reserves', 'delete') === 'all');

/** The buyer's credit on a quote's lines (the buyers' ledger's figures): a role that reads buyers and reserves and sees their
 * selling sums, as the buyer's ledger is shown. */
export const canSeeQuoteCredit = (perms: Permissions | null | undefined) =>
  Boolean(perms && can(perms, 'buyers', 'read') && can(perms, 'reserves', 'read') && canSeePayments(perms));

export const QUOTE_MSG = {
  changeForbidden:
    'Изменять, отзывать, резервировать и удалять котировку может её автор или роль с правом изменять все резервы',
  forbidden: 'Подбор недоступен для вашей роли: нужны права на предложения и видимость цен продажи и доставки',
  product: 'Выберите товар',
  productMissing: 'Товар не найден',
  amount: 'Укажите количество больше 0',
  unit: 'Единица количества: кг или шт',
  whole: 'Количество в штуках: только целое число',
  city: 'Выберите покупателя или город',
  buyer: 'Покупатель: номер из справочника «Покупатели»',
  cityMissing: 'Город покупателя не найден',
  buyerNoCity: 'У покупателя не указан город: выберите город доставки',
  level: 'Уровень цены: min, middle, max или margin',
  marginMissing: 'Укажите маржу в процентах',
  margin: (min: string | number, max: string | number) =>
    `Маржа должна быть от ${formatNumber(min)} до ${formatNumber(max)} %`,
} as const;
