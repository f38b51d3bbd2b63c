// The offer's form fields (spec point 3 "Offer create form fields"), written once: the card's labels, values and
// payload (src/features/offers/offerForm.ts), the form's field list and hiding rules (schema.ts), the server's
// JSON body schema (server/sections/offers/schema.ts) and the import template's columns (import.ts) read them here.
import { fieldTable } from '../fields';

/** In the form's order (the JSON body schema lists them so). */
export const OFFER_FIELDS = fieldTable([
  { key: 'product_id', label: 'Товар', kind: 'reference', visibleAs: 'product',
    import: { required: true, example: 'Кешью', note: 'название из списка товаров' } },
  { key: 'variety_id', label: 'Сорт', kind: 'reference', visibleAs: 'variety',
    import: { example: 'W240', note: 'название сорта этого товара; можно оставить пустым' } },
  { key: 'packing_id', label: 'Упаковка', kind: 'reference', visibleAs: 'packaging',
    import: { required: true, example: 'Коробка 22,68 кг', note: 'название из списка упаковок' } },
  { key: 'city_id', label: 'Город погрузки', kind: 'reference', visibleAs: 'city',
    import: { required: true, example: 'Москва', note: 'название из списка городов' } },
  { key: 'supplier_id', label: 'Поставщик', kind: 'reference', visibleAs: 'supplier',
    import: { required: true, example: '7707083893', note: 'название или ИНН поставщика' } },
  { key: 'harvest_year', label: 'Год урожая', kind: 'text', import: { required: true, example: '2025' } },
  { key: 'origin_country', label: 'Страна происхождения', kind: 'text', import: { required: true, example: 'Вьетнам' } },
  { key: 'unit_measure', label: 'Единица измерения', kind: 'choice',
    import: { aliases: ['Ед. изм.'], required: true, example: 'шт', note: 'шт или кг' } },
  { key: 'unit_weight', label: 'Вес одной единицы, кг', kind: 'amount',
    import: { aliases: ['Вес единицы, кг'], example: 22.68, note: 'только для шт' } },
  { key: 'units_per_pack', label: 'Единиц в упаковке', kind: 'amount', import: { required: true, example: 1 } },
  { key: 'unit_amount', label: 'Количество', kind: 'amount', import: { required: true, example: 300 } },
  { key: 'unit_price', label: 'Цена за единицу, ₽', kind: 'money', import: { aliases: ['Цена за единицу'], required: true, example: 25000 } },
  { key: 'warehouse_cost', label: 'Стоимость доставки на склад, ₽', kind: 'money',
    import: { aliases: ['Доставка на склад'], example: 1500, note: 'можно оставить пустым' } },
  { key: 'loading_address', label: 'Адрес погрузки', kind: 'text', import: { required: true, example: 'Москва, ул. Складская, 4' } },
]);

export type OfferFieldKey = (typeof OFFER_FIELDS)[number]['key'];

/** The import template's column order: what, how packed, how much, then where from and whose; not the form's. */
export const OFFER_IMPORT_ORDER: readonly OfferFieldKey[] = [
  'product_id', 'variety_id', 'packing_id', 'harvest_year', 'origin_country', 'unit_measure', 'unit_weight', 'units_per_pack',
  'unit_amount', 'unit_price', 'warehouse_cost', 'city_id', 'loading_address', 'supplier_id',
];
