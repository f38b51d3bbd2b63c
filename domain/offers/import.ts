// The offers' import template (issue 12): one column per field of the offer card, titled as the card labels it,
// the references by name (the supplier also by INN). The server reads a file by these titles, the template
// download writes them, and the report names a row's problem by them.
import type { ImportColumn } from '../import';

/** Template columns, in order. `key` is the card's form field (a reference's id field for a name). */
export const OFFER_IMPORT_COLUMNS: ImportColumn[] = [
  { key: 'product_id', title: 'Товар', required: true, example: 'Кешью', note: 'название из списка товаров' },
  { key: 'variety_id', title: 'Сорт', example: 'W240', note: 'название сорта этого товара; можно оставить пустым' },
  { key: 'packing_id', title: 'Упаковка', required: true, example: 'Коробка 22,68 кг', note: 'название из списка упаковок' },
  { key: 'harvest_year', title: 'Год урожая', required: true, example: '2025' },
  { key: 'origin_country', title: 'Страна происхождения', required: true, example: 'Вьетнам' },
  { key: 'unit_measure', title: 'Единица измерения', aliases: ['Ед. изм.'], required: true, example: 'шт', note: 'шт или кг' },
  { key: 'unit_weight', title: 'Вес одной единицы, кг', aliases: ['Вес единицы, кг'], example: 22.68, note: 'только для шт' },
  { key: 'units_per_pack', title: 'Единиц в упаковке', required: true, example: 1 },
  { key: 'unit_amount', title: 'Количество', required: true, example: 300 },
  { key: 'unit_price', title: 'Цена за единицу, ₽', aliases: ['Цена за единицу'], required: true, example: 25000 },
  { key: 'warehouse_cost', title: 'Стоимость доставки на склад, ₽', aliases: ['Доставка на склад'], example: 1500, note: 'можно оставить пустым' },
  { key: 'city_id', title: 'Город погрузки', required: true, example: 'Москва', note: 'название из списка городов' },
  { key: 'loading_address', title: 'Адрес погрузки', required: true, example: 'Москва, ул. Складская, 4' },
  { key: 'supplier_id', title: 'Поставщик', required: true, example: '7707083893', note: 'название или ИНН поставщика' },
  { key: 'comments', title: 'Комментарий', aliases: ['Комментарии'], example: 'Партия после сортировки', note: 'можно оставить пустым' },
];

/** Titles of the offers list's columns an import reads past: an exported list loads back, its computed columns
 * (number, status, sums, stock) are the server's to fill. */
export const OFFER_IMPORT_IGNORED = [
  '№', 'Фото', 'Статус', 'Цена за кг', 'Сумма', 'В резерве', 'Сумма резервов', 'Выкуплено', 'Доступно', 'Доступно на сумму',
  'Мин. цена продажи', 'Макс. цена продажи', 'Создал', 'Дата создания',
];

/** Unit measure as a file may write it: the value or the card's label. */
export const UNIT_MEASURE_NAMES: Record<string, string> = { шт: 'шт', штуки: 'шт', 'шт.': 'шт', кг: 'кг', килограммы: 'кг', 'кг.': 'кг' };
