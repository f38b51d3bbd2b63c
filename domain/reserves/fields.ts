// The reserve form's fields (spec point 5 "Reserve create"), written once: the card's labels, values and payload
// (src/features/reserves/reserveForm.ts), the form's field list and hiding rules (schema.ts) and the server's JSON
// body schema read them here.
import { fieldTable } from '../fields';

/** In the form's order (the JSON body schema lists them so). The offer is the one the card was opened from. */
export const RESERVE_FIELDS = fieldTable([
  { key: 'offer_id', label: 'Предложение', kind: 'reference' },
  { key: 'amount', label: 'Количество', kind: 'amount' },
  { key: 'packs_amount', label: 'Количество упаковок', kind: 'amount' },
  { key: 'unit_selling_price', label: 'Цена продажи за единицу, ₽', kind: 'money' },
  { key: 'estimated_date_implementation', label: 'Дата реализации', kind: 'date' },
  // issue 22: the day the reserve holds the stock until (empty: today + reserve_hold_days)
  { key: 'reserved_until', label: 'Резерв до', kind: 'date' },
  { key: 'buyer_name', label: 'Покупатель', kind: 'text' },
  { key: 'buyer_phone', label: 'Телефон покупателя', kind: 'phone' },
  // spec point 6 names the delivery city 'city'
  { key: 'city_id', label: 'Город доставки', kind: 'reference', visibleAs: 'city' },
  { key: 'delivery_address', label: 'Адрес доставки', kind: 'text' },
  { key: 'delivery_cost', label: 'Стоимость доставки, ₽/кг', kind: 'money' },
  { key: 'delivery_days', label: 'Дней доставки', kind: 'count' },
  { key: 'responsible_id', label: 'Ответственный', kind: 'reference' },
]);

export type ReserveFieldKey = (typeof RESERVE_FIELDS)[number]['key'];
