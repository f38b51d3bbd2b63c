// 'Оплаты' on a completed reserve: the card's dialog checks a payment as it is typed and the server
// checks it again, against what is left to pay, with the same Russian messages.
import * as yup from 'yup';
import { STORED_DECIMALS, decimalsMessage, fitsDecimals, toNumber, type Num } from '../numbers';
import { rub } from './credit';
import { FINANCE_MSG } from './finance';
import { formNumber } from '../schemas/card';
import { isCalendarDate } from '../businessDay';
import { isFieldVisible, type Permissions } from '../permissions';

export const PAYMENT_MSG = {
  date: 'Укажите дату оплаты',
  future: 'Дата оплаты не может быть позже сегодняшней',
  amount: 'Укажите сумму оплаты',
  number: 'Введите число',
  positive: 'Сумма оплаты должна быть больше нуля',
  tooMuch: (left: Num) => `Оплата больше остатка долга по резерву: осталось ${rub(left)}`,
  paidOff: 'Резерв уже оплачен полностью',
  comment: 'Максимум 500 символов',
  forbidden: 'Оплаты недоступны для вашей роли',
  deleteForbidden: FINANCE_MSG.deletePayment,
  addForbidden: FINANCE_MSG.payments,
  missing: 'Оплата не найдена',
} as const;

/** Who sees and adds a reserve's payments: a role that sees its selling sum (the debt is made of it). */
export const canSeePayments = (perms: Permissions | null | undefined) =>
  isFieldVisible(perms, 'reserves', 'total_selling_sum');

/** A payment of at most `left` (what is left to pay of the reserve), dated up to `today` (YYYY-MM-DD) and not before
 * the sale (`sale`: the day the reserve was completed). */
export function paymentSchema(left: Num, today: string, sale?: string | null) {
  const most = toNumber(left) ?? 0;
  return yup.object({
    date: yup
      .string()
      .required(PAYMENT_MSG.date)
      .test('date', PAYMENT_MSG.date, (v) => !v || isCalendarDate(v.slice(0, 10)))
      .test('future', PAYMENT_MSG.future, (v) => !v || v.slice(0, 10) <= today)
      .test(
        'sale',
        sale ? FINANCE_MSG.beforeSale(sale) : '',
        (v) => !v || !sale || v.slice(0, 10) >= sale.slice(0, 10),
      ),
    amount: formNumber(PAYMENT_MSG.number)
      .required(PAYMENT_MSG.amount)
      .test('positive', PAYMENT_MSG.positive, (v) => v === undefined || v > 0)
      .test('decimals', decimalsMessage(STORED_DECIMALS), (v) => fitsDecimals(v, STORED_DECIMALS))
      .test('left', function check(v) {
        if (v === undefined || v <= 0) return true;
        if (most <= 0) return this.createError({ message: PAYMENT_MSG.paidOff });
        return v <= most ? true : this.createError({ message: PAYMENT_MSG.tooMuch(left) });
      }),
    comment: yup.string().trim().max(500, PAYMENT_MSG.comment).nullable(),
  });
}
