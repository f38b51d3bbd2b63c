// The suppliers list's columns (spec point 2 "Generic data table"): the table shows them, the server builds rows
// and sorts by them.
import { col, recordColumns, type ColumnDef } from '../lists';
import type { FieldRef } from '../permissions';

// A supplier's statistics are counted over its offers (and their reserves): they read which supplier an offer
// has, and a role that may not know an offer's supplier could match an offer to its supplier by them.
// counted over every offer (reserve) of the supplier: needs the offer's supplier and all of them readable
const BY_OFFERS: FieldRef[] = ['offers.supplier', 'offers.*'];
const BY_RESERVES: FieldRef[] = ['offers.supplier', 'offers.*', 'reserves.id', 'reserves.*'];

export const columns: ColumnDef[] = [
  recordColumns.id(),
  col('name', 'Название', 'text', { width: 220 }),
  col('inn', 'ИНН', 'text', { width: 130 }),
  col('contact_name', 'Контактное лицо', 'text', { width: 180 }),
  col('phone', 'Телефон', 'phone', { width: 170 }),
  col('email', 'Email', 'text', { width: 200 }),
  col('city', 'Город', 'entity_link', { entity: 'cities', width: 150 }),
  col('location', 'Адрес', 'text', { width: 220, hiddenByDefault: true }),
  recordColumns.status(),
  col('total_offers_created', 'Предложений', 'number', { reads: BY_OFFERS }),
  col('reserve_total_created', 'Резервов', 'number', { width: 110, reads: BY_RESERVES }),
  col('reserve_purchased_count', 'Выкуплено резервов', 'number', { width: 150, hiddenByDefault: true, reads: BY_RESERVES }),
  col('reserve_purchased_sum', 'Сумма выкупленных', 'money', { width: 160, reads: [...BY_RESERVES, 'reserves.total_selling_sum'] }),
  col('reserve_cancelled_count', 'Отменено резервов', 'number', { width: 150, hiddenByDefault: true, reads: BY_RESERVES }),
  col('available_amount', 'Доступно', 'number', { hiddenByDefault: true, reads: [...BY_OFFERS, 'offers.available_amount'] }),
  col('min_selling_price', 'Мин. цена', 'money', { width: 120, hiddenByDefault: true, reads: [...BY_OFFERS, 'offers.unit_price'] }),
  col('max_selling_price', 'Макс. цена', 'money', { width: 120, hiddenByDefault: true, reads: [...BY_OFFERS, 'offers.unit_price'] }),
  recordColumns.createdAt(),
  recordColumns.comments({ hiddenByDefault: true }),
];
