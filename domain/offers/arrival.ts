// 'Принять поступление': what the dialog on the offer card asks, checked as it is typed and again by
// POST /api/offers/{id}/arrival with the same Russian messages. How a short arrival is shared is logistics.ts.
import * as yup from 'yup';
import { STORED_DECIMALS, decimalsMessage, fitsDecimals } from '../numbers';
import { formNumber } from '../schemas/card';
import { isCalendarDate } from '../businessDay';
import { WHOLE_MSG, isWholeFor } from './figures';
import { OFFER_MAX_NUMBER, OFFER_MSG } from './schema';
import { ARRIVAL_MSG } from './logistics';

/** The amount that came (at least 1, stored to the hundredth, whole pieces for 'шт') and the day it came, a real
 * day not after `today` (YYYY-MM-DD, the office's day). */
export const arrivalSchema = (unitMeasure: string | null | undefined, today: string) =>
  yup.object({
    amount: formNumber(OFFER_MSG.number)
      .required(ARRIVAL_MSG.amountRequired)
      .min(1, OFFER_MSG.min1)
      .max(OFFER_MAX_NUMBER, OFFER_MSG.max)
      .test('decimals', decimalsMessage(STORED_DECIMALS), (v) => fitsDecimals(v, STORED_DECIMALS))
      .test('whole', WHOLE_MSG, (v) => isWholeFor(unitMeasure, v)),
    date: yup
      .string()
      .required(ARRIVAL_MSG.dateRequired)
      .test('date', ARRIVAL_MSG.dateRequired, (v) => !v || isCalendarDate(v.slice(0, 10)))
      .test('not-after-today', ARRIVAL_MSG.dateAfterToday, (v) => !v || v.slice(0, 10) <= today),
  });
