// What the offer card's 'Документы' say: the block's and its dialog's texts, and how a document is named in them.
import type { OfferDocument } from '../../../domain/offers/documents';

export const DOCUMENT_TEXTS = {
  state: 'Состояние документов',
  none: 'Нет документов',
  add: 'Добавить документ',
  addTitle: 'Новый документ',
  editTitle: (doc: string) => `Документ «${doc}»`,
  edit: (doc: string) => `Изменить документ «${doc}»`,
  remove: (doc: string) => `Удалить документ «${doc}»`,
  removeText: (doc: string) => `Удалить документ «${doc}» вместе с его файлом?`,
  chooseFile: 'Выбрать файл',
  fileInput: 'Файл документа',
  values: 'Показатели',
  yes: 'Да',
  no: 'Нет',
  /** A supplier's account marked it for buyers; staff have not confirmed it yet. */
  pending: 'Да, ждёт подтверждения',
  confirm: 'Подтвердить',
  confirmLabel: (doc: string) => `Подтвердить документ «${doc}» для покупателей`,
  save: 'Сохранить',
  cancel: 'Отмена',
  afterSave:
    'Тип, номер и сроки документов указываются после сохранения предложения: до тех пор файлы становятся «Другое»',
} as const;

/** How a document is named in its buttons and dialogs: 'Фитосанитарный сертификат № ФС-1'. */
export const docName = (d: OfferDocument) => `${d.type.name}${d.number ? ` № ${d.number}` : ''}`;
