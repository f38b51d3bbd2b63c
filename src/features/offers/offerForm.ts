// The offer card's form model: its texts, field labels, values from a record and the payload sent back.
import type { CommentItem } from '../../api/records';
import type { StoredFile } from '../../components/Card/FilesBlock';
import type { OfferRecord } from './offersApi';
import type { FieldKind } from '../../../domain/fields';
import { editableNumber, typedNumber } from '../../../domain/format';
import { OFFER_FIELDS, type OfferFieldKey } from '../../../domain/offers/resource';

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

/** The card's labels: each form field's (domain/offers/fields.ts) and the edit card's status. The header's product
 * select is drawn with its placeholder ('Выберите товар') as its label, over the field's 'Товар'. */
export const LABELS: Record<string, string> = {
  ...Object.fromEntries(OFFER_FIELDS.map((f) => [f.key, f.label])),
  status: 'Статус',
};

/** Every form field as the card holds it: a string ('' for none), as formik's inputs take it. */
export type OfferFormValues = Record<OfferFieldKey, string> & {
  status: string;
  comments: CommentItem[];
  images: StoredFile[];
  documents: StoredFile[];
};

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
/** Stored amounts come with 2 decimals; the form shows them with the Russian comma, without trailing zeros
 * ('3533.42' → '3533,42'). */
const isDecimal = (kind: FieldKind) => kind === 'amount' || kind === 'money';
const shown = (kind: FieldKind) => (isDecimal(kind) ? editableNumber : str);

export function valuesOf(offer?: OfferRecord): OfferFormValues {
  const fields = Object.fromEntries(OFFER_FIELDS.map((f) => [f.key, shown(f.kind)(offer?.[f.key])])) as Record<
    OfferFieldKey,
    string
  >;
  // a new offer is on stock until the card says it is on its way
  return {
    ...fields,
    logistics_state: fields.logistics_state || 'stock',
    status: offer?.status ?? 'active',
    comments: [],
    images: offer?.images ?? [],
    documents: (offer?.documents ?? []).map((d) => ({ id: d.file_id, url: d.url, name: d.name })),
  };
}

/** The fields the caller may write (ids as numbers, kg offers weigh 1 per unit), files by id. Status is the
 * edit card's business and comments the create card's. */
export function offerPayload(values: OfferFormValues, visible: (field: string) => boolean): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const { key, kind } of OFFER_FIELDS) {
    if (!visible(key)) continue;
    const value = values[key];
    // a number typed with a comma or a point travels with a point ('1200,5' → '1200.5')
    payload[key] = kind === 'reference' ? (value ? Number(value) : null) : isDecimal(kind) ? typedNumber(value) : value;
  }
  if (values.unit_measure === 'кг') payload.unit_weight = '1';
  payload.images = values.images.map((f) => f.id);
  payload.documents = values.documents.map((f) => f.id);
  return payload;
}
