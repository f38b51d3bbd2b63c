// Lot documents: an offer's certificates typed and dated, which of them a lot needs, the state of its
// papers as the list, the card, the reserve card and the price list show it, and the Russian words of each. The
// state itself is computed by the server in SQL and stored on the offer (server/records/documentsState.ts)
// so the list can filter by it through an index; what it means and how it reads is written here once.
import * as yup from 'yup';
import { isCalendarDate } from '../businessDay';
import { fitsDecimals, toNumber } from '../numbers';
import { formatDate } from '../format';

/** The codes of the seeded document types (migration 0018): what the server knows them by whatever their names. */
export const DOCUMENT_TYPE_CODES = [
  'eaeu_declaration',
  'phytosanitary',
  'quarantine',
  'quality',
  'lab_protocol',
  'other',
] as const;
export type DocumentTypeCode = (typeof DOCUMENT_TYPE_CODES)[number];

/** A type of document as GET /api/lists/document_types/items answers it. */
export interface DocumentType {
  id: number;
  name: string;
  /** A document of the type must say until when it is valid. */
  expires: boolean;
}

/** An origin that makes a lot domestic: any other (a lot's origin is required) makes it imported. */
export const DOMESTIC_ORIGINS = ['россия', 'рф', 'российская федерация'] as const;
export const isImported = (origin: string | null | undefined): boolean => {
  const text = (origin ?? '').trim().toLocaleLowerCase('ru');
  return text !== '' && !(DOMESTIC_ORIGINS as readonly string[]).includes(text);
};

export type DocumentsStateKey = 'ok' | 'expiring' | 'expired' | 'missing';
export const DOCUMENTS_STATES: readonly DocumentsStateKey[] = ['ok', 'expiring', 'expired', 'missing'];

/** An offer's documents state (`documents_state` of its read and list row). */
export interface DocumentsState {
  state: DocumentsStateKey;
  /** The required types the lot has no document of, by name. */
  missing: string[];
  /** The types whose latest document has lapsed, by name. */
  expired: string[];
  /** The required types missing or lapsed: what keeps the lot from shipping (the reserve's warning or refusal). */
  blocking: string[];
  /** The first expiry: of a lapsed document when one lapsed, else the first valid-until ahead. */
  expires_on: string | null;
  /** Days from the business day to expires_on (negative once lapsed). */
  days_left: number | null;
}

/** The filter's options (`documents_state`). */
export const DOCUMENTS_STATE_OPTIONS: Record<DocumentsStateKey, string> = {
  ok: 'В порядке',
  expiring: 'Истекает',
  expired: 'Истёк',
  missing: 'Не хватает документов',
};

/** How the state reads in the list, the card and the price list: 'В порядке' / 'Истекает через N дн.' / 'Истёк' /
 * 'Не хватает: …'. */
export function documentsStateTitle(s: Pick<DocumentsState, 'state' | 'missing' | 'days_left'>): string {
  switch (s.state) {
    case 'missing':
      return `Не хватает: ${s.missing.join(', ')}`;
    case 'expired':
      return 'Истёк';
    case 'expiring':
      return s.days_left === 0 ? 'Истекает сегодня' : `Истекает через ${s.days_left} дн.`;
    default:
      return 'В порядке';
  }
}

/** The date beside the title: the first expiry ('до 12.12.2026', 'истёк 01.12.2026'), '' when nothing expires. */
export function documentsStateDate(s: Pick<DocumentsState, 'expires_on' | 'days_left'>): string {
  if (!s.expires_on) return '';
  return (s.days_left ?? 0) < 0 ? `истёк ${formatDate(s.expires_on)}` : `до ${formatDate(s.expires_on)}`;
}

/** The state as one text, the list's cell and the export's: 'Истекает через 10 дн. · до 07.12.2026'. */
export function documentsStateText(s: Pick<DocumentsState, 'state' | 'missing' | 'days_left' | 'expires_on'>): string {
  const date = documentsStateDate(s);
  return date ? `${documentsStateTitle(s)} · ${date}` : documentsStateTitle(s);
}

/** A value that is a documents state (the offers list's `documents_state`), whatever column carries it. */
export const isDocumentsState = (v: unknown): v is DocumentsState =>
  typeof v === 'object' &&
  v !== null &&
  DOCUMENTS_STATES.includes((v as { state?: unknown }).state as DocumentsStateKey) &&
  Array.isArray((v as { missing?: unknown }).missing);

/** Most bytes one offer's documents may hold together: a lot's certificates, declarations and lab reports. */
export const OFFER_DOCUMENTS_MAX_BYTES = 100 * 1024 * 1024;

export const DOCUMENT_MSG = {
  /** A supplier's shared document waits for staff. */
  confirmForbidden: 'Подтверждать документы для покупателей может сотрудник с правом изменять предложения',
  confirmNotShared: 'Документ не отмечен «Можно показывать покупателю»: подтверждать нечего',
  offerFull: `Документы предложения заняли бы больше ${OFFER_DOCUMENTS_MAX_BYTES / 1024 / 1024} МБ: удалите лишние, чтобы добавить новый`,
  type: 'Выберите тип документа',
  typeMissing: 'Такого типа документа нет',
  file: 'Выберите файл документа',
  date: 'Введите дату в формате ДД.ММ.ГГГГ',
  validUntilRequired: (type: string) => `Укажите, до какого числа действует документ «${type}»`,
  validBeforeIssued: 'Срок действия не может заканчиваться раньше даты выдачи',
  issuedInFuture: 'Дата выдачи не может быть позже сегодняшнего дня',
  tooLong: (max: number) => `Не длиннее ${max} символов`,
  number: 'Введите число',
  aflatoxin: 'Афлатоксин B1: от 0 до 1000 мкг/кг, не больше 3 знаков после запятой',
  moisture: 'Влажность: от 0 до 100 %, не больше 2 знаков после запятой',
  values: 'Показатели переданы неверно',
  notFound: 'Документ не найден',
  forbidden: 'Документы этого предложения вам менять нельзя',
  stale: 'Документ уже изменили: обновите карточку',
  /** A lot that cannot ship, as the price list's and the quote's lines mark it. */
  blocking: (types: string[]) => `Нет документов: ${types.join(', ')}`,
  /** The reserve's refusal under 'Запрещать резерв без документов', and its warning otherwise. */
  reserveRefused: (types: string[]) => `Резерв запрещён: у партии нет действующих документов — ${types.join(', ')}`,
  reserveWarning: (types: string[]) =>
    `У партии нет действующих документов: ${types.join(', ')}. Отгрузить её нельзя, пока их нет`,
} as const;

/** The seeded type whose documents carry measured values (aflatoxin B1, moisture): the card asks for them there. */
export const LAB_PROTOCOL_TYPE = 'Протокол испытаний';

/** A lab protocol's values as the card lists them: 'Афлатоксин B1 0,002 мкг/кг · Влажность 6,5 %', '' when none. */
export function documentValuesText(values: { aflatoxin_b1: string | null; moisture: string | null }): string {
  const shown = (v: string) => String(Number(v)).replace('.', ',');
  return [
    values.aflatoxin_b1 !== null && values.aflatoxin_b1 !== ''
      ? `Афлатоксин B1 ${shown(values.aflatoxin_b1)} мкг/кг`
      : '',
    values.moisture !== null && values.moisture !== '' ? `Влажность ${shown(values.moisture)} %` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A document as a buyer's page lists it: 'Фитосанитарный сертификат № ФС-1, до 07.12.2026'. */
export const buyerDocumentTitle = (d: { type: string; number: string | null; valid_until: string | null }) =>
  `${d.type}${d.number ? ` № ${d.number}` : ''}${d.valid_until ? `, до ${formatDate(d.valid_until)}` : ''}`;

/** The name a buyer's download of a document carries: its type, number and lot, never the name the file
 * was uploaded under ('Фитосанитарный сертификат № ФС-1 — Кешью, W320, 2024.pdf'); the uploaded name's extension
 * alone is kept. */
export function buyerDocumentFileName(
  d: { type: string; number: string | null },
  lot: string,
  uploaded: string,
): string {
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(uploaded)?.[1]?.toLowerCase();
  // a slash (a harvest year '2024/25', a number) would make a path: a dash; what a header or a disk refuses: a space
  const base = `${d.type}${d.number ? ` № ${d.number}` : ''} — ${lot}`
    .replace(/[\\/]/g, '-')
    .replace(/[:*?"<>|\u0000-\u001f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 150);
  return ext ? `${base}.${ext}` : base;
}

export const DOCUMENT_TEXT_MAX = { number: 100, issuer: 200 } as const;
export const AFLATOXIN_MAX = 1000;
export const MOISTURE_MAX = 100;

/** The document card's labels. */
export const DOCUMENT_LABELS = {
  type_id: 'Тип документа',
  number: 'Номер',
  issued_on: 'Дата выдачи',
  valid_until: 'Действует до',
  issuer: 'Кем выдан',
  shareable: 'Можно показывать покупателю',
  aflatoxin_b1: 'Афлатоксин B1, мкг/кг',
  moisture: 'Влажность, %',
  file: 'Файл',
  share_confirmed: 'Подтверждён для покупателей',
} as const;

/** A document's fields its history records and a stale change names, in the card's order, by DOCUMENT_LABELS. */
export const DOCUMENT_FIELDS = [
  'type_id',
  'number',
  'issued_on',
  'valid_until',
  'issuer',
  'shareable',
  'aflatoxin_b1',
  'moisture',
] as const;
export type DocumentField = (typeof DOCUMENT_FIELDS)[number];

/** A document as its history names it: 'Фитосанитарный сертификат № ФС-1'. */
export const documentName = (type: string, number: string | null | undefined) =>
  `${type}${number ? ` № ${number}` : ''}`;

/** A form's optional date: '' and null are none, anything else a real YYYY-MM-DD (the pickers send that). */
const day = () =>
  yup
    .string()
    .nullable()
    .transform((v: unknown) => (v === '' || v === undefined || v === null ? null : String(v).slice(0, 10)))
    .test('date', DOCUMENT_MSG.date, (v) => v === null || v === undefined || isCalendarDate(v));

const text = (max: number) =>
  yup
    .string()
    .nullable()
    .transform((v: unknown) => (v === undefined || v === null ? null : String(v).trim() || null))
    .max(max, DOCUMENT_MSG.tooLong(max));

const measured = (max: number, places: number, message: string) =>
  yup
    .number()
    .nullable()
    .transform((_v: unknown, original: unknown) =>
      original === '' || original === null || original === undefined ? null : (toNumber(original as string) ?? NaN),
    )
    .typeError(message)
    .min(0, message)
    .max(max, message)
    .test('places', message, (v) => v === null || v === undefined || fitsDecimals(v, places));

/** A document's fields as the card and POST/PATCH …/documents check them. `types` are the document types (a type
 * that expires needs its valid-until); `today` the business day (no document is issued in the future). */
export function documentSchema(types: readonly DocumentType[], today: string) {
  return yup.object({
    type_id: yup
      .number()
      .transform((_v: unknown, original: unknown) =>
        original === '' || original === null || original === undefined ? undefined : Number(original),
      )
      .typeError(DOCUMENT_MSG.type)
      .required(DOCUMENT_MSG.type)
      .test('known', DOCUMENT_MSG.typeMissing, (v) => v === undefined || types.some((t) => t.id === v)),
    number: text(DOCUMENT_TEXT_MAX.number),
    issued_on: day().test('past', DOCUMENT_MSG.issuedInFuture, (v) => !v || !isCalendarDate(v) || v <= today),
    valid_until: day()
      .test('required', '', function required(v) {
        const type = types.find((t) => t.id === Number(this.parent.type_id));
        return (
          !type?.expires || Boolean(v) || this.createError({ message: DOCUMENT_MSG.validUntilRequired(type.name) })
        );
      })
      .test('after-issue', DOCUMENT_MSG.validBeforeIssued, function afterIssue(v) {
        const issued = this.parent.issued_on as string | null;
        return !v || !issued || !isCalendarDate(v) || !isCalendarDate(issued) || v >= issued;
      }),
    issuer: text(DOCUMENT_TEXT_MAX.issuer),
    shareable: yup
      .boolean()
      .transform((v: unknown, original: unknown) =>
        original === 'true' || original === '1' || original === true
          ? true
          : original === 'false' || original === '0' || original === '' || original === false || original == null
            ? false
            : v,
      )
      .default(false),
    aflatoxin_b1: measured(AFLATOXIN_MAX, 3, DOCUMENT_MSG.aflatoxin),
    moisture: measured(MOISTURE_MAX, 2, DOCUMENT_MSG.moisture),
  });
}

export type DocumentValues = yup.InferType<ReturnType<typeof documentSchema>>;

/** An offer's document as its read (`documents`) and the document routes answer it. */
export interface OfferDocument {
  id: number;
  file_id: number;
  url: string;
  name: string;
  size: number;
  mime: string;
  type: { id: number; name: string };
  number: string | null;
  issued_on: string | null;
  valid_until: string | null;
  issuer: string | null;
  shareable: boolean;
  /** A shareable document reaches buyers once staff confirmed it (a supplier's mark waits for it). */
  share_confirmed: boolean;
  values: { aflatoxin_b1: string | null; moisture: string | null };
  version: number;
}

// ---- the business settings of lot documents
export const DOCUMENT_SETTING_NAMES = [
  'documents_imported_types',
  'documents_forbid_reserve',
  'documents_notice_days',
] as const;
export type DocumentSettingName = (typeof DOCUMENT_SETTING_NAMES)[number];

/** What an imported lot needs besides its product's types (default: the phytosanitary certificate), whether a lot
 * missing a required document may be reserved at all, and how many days ahead an expiry is told. */
export interface DocumentSettings {
  documents_imported_types: number[];
  documents_forbid_reserve: boolean;
  documents_notice_days: number;
}

export const DOCUMENT_NOTICE_DAYS_DEFAULT = 14;
export const DOCUMENT_NOTICE_DAYS_MAX = 365;

export const DOCUMENT_SETTING_TITLE: Record<DocumentSettingName, string> = {
  documents_imported_types: 'Документы для импортных партий',
  documents_forbid_reserve: 'Запрещать резерв без документов',
  documents_notice_days: 'Предупреждать об истечении документа за, дней',
};

export const DOCUMENT_SETTING_MSG = {
  noticeDays: `Целое число дней от 0 до ${DOCUMENT_NOTICE_DAYS_MAX}`,
  types: 'Выберите типы документов из списка',
} as const;

export const documentSettingsSchema = (typeIds: readonly number[]) =>
  yup.object({
    documents_imported_types: yup
      .array(yup.number().integer().required())
      .default([])
      .test('known', DOCUMENT_SETTING_MSG.types, (ids) => (ids ?? []).every((id) => typeIds.includes(Number(id)))),
    documents_forbid_reserve: yup.boolean().typeError(DOCUMENT_SETTING_MSG.types).required(),
    documents_notice_days: yup
      .number()
      .transform((v: unknown, original: unknown) =>
        typeof original === 'string' ? (original.trim() === '' ? undefined : (toNumber(original) ?? NaN)) : v,
      )
      .typeError(DOCUMENT_SETTING_MSG.noticeDays)
      .required(DOCUMENT_SETTING_MSG.noticeDays)
      .integer(DOCUMENT_SETTING_MSG.noticeDays)
      .min(0, DOCUMENT_SETTING_MSG.noticeDays)
      .max(DOCUMENT_NOTICE_DAYS_MAX, DOCUMENT_SETTING_MSG.noticeDays),
  });

/** The day a document's expiry is told of: `days` ahead of it. Both YYYY-MM-DD. */
export const documentNoticeText = (
  type: string,
  number: string | null,
  offerId: number,
  daysLeft: number,
  validUntil: string,
) =>
  `${type}${number ? ` № ${number}` : ''} предложения № ${offerId} ${daysLeft <= 0 ? 'истекает сегодня' : `истекает через ${daysLeft} дн.`} (${formatDate(validUntil)})`;
