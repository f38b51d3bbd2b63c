// The offer card's form model: its texts, field labels, values from a record and the payload sent back.
import type { CommentItem } from '../../api/records';
import type { StoredFile } from '../../components/Card/FilesBlock';
import type { OfferRecord } from './offersApi';

export const OFFER_TEXTS = {
  productPlaceholder: 'Выберите товар',
  about: 'О предложении',
  computed: 'Вычисленные данные',
  reservation: 'Резервирование',
  photos: 'Фото',
  documents: 'Документы',
  created: 'Предложение добавлен',
  deleted: 'Предложение удалено: его можно только просматривать',
  title: 'Предложение',
  newTitle: 'Новое предложение',
} as const;

export const LABELS: Record<string, string> = {
  supplier_id: 'Поставщик', variety_id: 'Сорт', packing_id: 'Упаковка', city_id: 'Город погрузки', harvest_year: 'Год урожая',
  origin_country: 'Страна происхождения', unit_measure: 'Единица измерения', unit_weight: 'Вес одной единицы, кг',
  units_per_pack: 'Единиц в упаковке', unit_amount: 'Количество', unit_price: 'Цена за единицу, ₽',
  warehouse_cost: 'Стоимость доставки на склад, ₽', loading_address: 'Адрес погрузки', status: 'Статус',
};

export interface OfferFormValues {
  product_id: string;
  supplier_id: string;
  variety_id: string;
  packing_id: string;
  city_id: string;
  harvest_year: string;
  origin_country: string;
  unit_measure: string;
  unit_weight: string;
  units_per_pack: string;
  unit_amount: string;
  unit_price: string;
  warehouse_cost: string;
  loading_address: string;
  status: string;
  comments: CommentItem[];
  images: StoredFile[];
  documents: StoredFile[];
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
/** Stored amounts come with 2 decimals; the form shows them without trailing zeros. */
const num = (v: unknown) => (v === null || v === undefined || v === '' ? '' : String(Number(v)));

export function valuesOf(offer?: OfferRecord): OfferFormValues {
  return {
    product_id: str(offer?.product_id), supplier_id: str(offer?.supplier_id), variety_id: str(offer?.variety_id),
    packing_id: str(offer?.packing_id), city_id: str(offer?.city_id), harvest_year: str(offer?.harvest_year),
    origin_country: str(offer?.origin_country), unit_measure: str(offer?.unit_measure), unit_weight: num(offer?.unit_weight),
    units_per_pack: num(offer?.units_per_pack), unit_amount: num(offer?.unit_amount), unit_price: num(offer?.unit_price),
    warehouse_cost: num(offer?.warehouse_cost), loading_address: str(offer?.loading_address), status: offer?.status ?? 'active',
    comments: [], images: offer?.images ?? [], documents: offer?.documents ?? [],
  };
}

/** The fields the caller may write (ids as numbers, kg offers weigh 1 per unit), files by id. Status is the
 * edit card's business and comments the create card's. */
export function offerPayload(values: OfferFormValues, visible: (field: string) => boolean): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const key of Object.keys(LABELS).concat('product_id')) {
    if (!visible(key) || key === 'status') continue;
    const value = values[key as keyof OfferFormValues] as string;
    payload[key] = key.endsWith('_id') ? (value ? Number(value) : null) : value;
  }
  if (values.unit_measure === 'кг') payload.unit_weight = '1';
  payload.images = values.images.map((f) => f.id);
  payload.documents = values.documents.map((f) => f.id);
  return payload;
}
