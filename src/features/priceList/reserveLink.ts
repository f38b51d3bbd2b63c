// 'Зарезервировать' from a line: the new reserve's card with the offer, the buyer's city, the quoted price and the
// delivery it was priced with (domain/reserves/prefill.ts).
import { reserveCreateUrl } from '../../../domain/reserves/prefill';
import type { PriceListLine } from './priceListApi';

export const reserveUrl = (line: PriceListLine, cityId: number) =>
  reserveCreateUrl({
    offer: line.offer_id,
    city_id: cityId,
    unit_selling_price: line.unit_price,
    delivery_cost: line.delivery_cost,
    delivery_days: line.delivery_days === null ? undefined : String(line.delivery_days),
  });
