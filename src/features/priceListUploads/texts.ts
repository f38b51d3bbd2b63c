// The supplier price-list dialog's texts.
import { NOT_MATCHED_TITLE, PRICE_LIST_MSG } from '../../../domain/suppliers/priceList';
import { countsText } from '../../../domain/suppliers/priceListPreview';
import { OFFER_LOADING_ADDRESS, offersResource } from '../../../domain/offers/resource';
import { LOT } from '../../../domain/offers/lot';
import { IMPORT_LIMITS } from '../../../domain/import';
import { countWith } from '../../../domain/plural';
import type { ApplyResult } from './api';

export const PRICE_LIST_TEXTS = {
  title: PRICE_LIST_MSG.button,
  intro: `Файл поставщика как есть: XLSX или CSV, до ${IMPORT_LIMITS.maxBytes / 1024 / 1024} МБ и ${IMPORT_LIMITS.maxRows.toLocaleString('ru-RU').replace(/\u00a0/g, ' ')} строк. Сопоставление столбцов запоминается для поставщика.`,
  supplier: 'Поставщик',
  choose: 'Выбрать файл',
  noFile: 'Файл не выбран',
  upload: 'Загрузить',
  mapping: 'Сопоставление столбцов',
  sheet: 'Лист',
  headerRow: 'Строка заголовка',
  columnOf: (n: number, title: string) => `Столбец ${n}${title ? ` «${title}»` : ''}`,
  defaults: 'Если в файле нет',
  // the defaults as the offer's card labels its fields
  city: offersResource.field('city_id').label,
  address: offersResource.field(OFFER_LOADING_ADDRESS).label,
  unit: LOT.unit.label,
  unitAuto: 'По фасовке',
  year: LOT.year.label,
  origin: LOT.origin.label,
  names: 'Наименования поставщика',
  namesHint: 'Выберите наш товар для каждого наименования: ответ запоминается для поставщика',
  nameOf: (name: string) => `Товар для «${name}»`,
  originOf: (name: string) => `Страна для «${name}»`,
  notAnswered: NOT_MATCHED_TITLE,
  show: 'Показать изменения',
  back: 'Назад к сопоставлению',
  apply: PRICE_LIST_MSG.apply,
  close: 'Закрыть',
  cancel: 'Отмена',
  applied: (counts: ApplyResult['counts']) => `Прайс применён: ${countsText(counts)}`,
  keptNote: (ids: number[]) => `Оставлены, потому что на них есть активные резервы: № ${ids.join(', ')}`,
  shown: (shown: number, total: number) => `Показаны первые ${shown} из ${total}`,
  line: 'Строка',
  offer: '№ предложения',
  product: 'Товар',
  packing: 'Упаковка',
  price: 'Цена за единицу',
  amount: 'Количество',
  name: 'Наименование',
  column: 'Столбец',
  message: 'Ошибка',
  kept: 'останется: есть резервы',
  rowsOf: (n: number) => countWith(n, ['строка', 'строки', 'строк']),
} as const;
