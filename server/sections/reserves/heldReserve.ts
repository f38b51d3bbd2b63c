// A reserve made from a valid quote: the reserve card's own rules, on the terms the quote's price was worked out on.
import { forbidden } from '../../errors';
import { hasFinance } from '../../../domain/permissions';
import { currentTerms, pricedBy, type ReserveTerms } from '../../../domain/reserves/terms';
import { reserveFigures } from '../../../domain/reserves/figures';
import { money, toNumber } from '../../../domain/numbers';
import { QUOTE_RECORD_MSG } from '../../../domain/quotes/record';
import type { RecordSection, Row } from '../../records/pipeline';
import { readBusinessSettings } from '../../settings';
import { prepareNewReserve, reserveRecord } from './lifecycle';
import type { ReservedOffer } from './stored';
import type { ReserveValues } from './record';

/** A reserve made from a valid quote: the reserve's own rules (band, stock, papers, rights), on the terms
 * the quote's price was worked out on, and it keeps the quote's number. */
export const heldReserveRecord = (
  held: ReserveTerms,
  quoteId: number,
): RecordSection<{ offer: ReservedOffer; values: ReserveValues; newBuyer?: Row | null }, 'reserves'> => ({
  ...reserveRecord,
  prepareCreate: async (db, auth, body) => {
    const prepared = await prepareNewReserve(db, auth, body, held);
    // a price held below the lot's band as it stands today (its purchase price rose since) is the finance
    // right's to reserve at
    if (!hasFinance(auth.permissions)) {
      const settings = await readBusinessSettings(db);
      const today = currentTerms(prepared.offer, settings);
      const { values, offer } = prepared;
      const now = reserveFigures(
        {
          amount: values.amount,
          unit_selling_price: values.unit_selling_price,
          delivery_cost: values.delivery_cost,
          unit_price: today.unit_price,
          kg_price: today.offer_price_kg,
          unit_weight: today.unit_weight,
          units_per_pack: offer.units_per_pack,
        },
        pricedBy(today, offer, settings).settings,
      );
      const price = toNumber(values.unit_selling_price);
      if (price !== null && now.min_selling_price !== null && price < now.min_selling_price) {
        throw forbidden(
          QUOTE_RECORD_MSG.belowBand(offer.id, values.unit_selling_price!, money(now.min_selling_price)!),
        );
      }
    }
    // the quote's number is one more column of the reserve's row (insert writes the values' columns)
    return { ...prepared, values: Object.assign({ ...prepared.values }, { quote_id: quoteId }) };
  },
});
