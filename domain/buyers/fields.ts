// The buyer card's form fields (issue 37), written once: the card's labels and values, the form's field list and
// hiding rules (schema.ts), the server's JSON body schema and the history read them here.
import { fieldTable } from '../fields';

/** In the form's order (the JSON body schema lists them so). The name is the header's. */
export const BUYER_FIELDS = fieldTable([
  { key: 'name', label: 'Название', kind: 'text' },
  { key: 'inn', label: 'ИНН', kind: 'text' },
  { key: 'kpp', label: 'КПП', kind: 'text' },
  { key: 'city_id', label: 'Город', kind: 'reference', visibleAs: 'city' },
  { key: 'delivery_address', label: 'Адрес доставки', kind: 'text' },
  { key: 'contact_person', label: 'Контактное лицо', kind: 'text' },
  { key: 'phone', label: 'Телефон', kind: 'phone' },
  { key: 'email', label: 'Email', kind: 'email' },
  { key: 'responsible_id', label: 'Ответственный', kind: 'reference', visibleAs: 'responsible' },
  { key: 'payment_terms', label: 'Условия оплаты', kind: 'choice' },
  { key: 'deferral_days', label: 'Дней отсрочки', kind: 'count' },
  { key: 'credit_limit', label: 'Кредитный лимит, ₽', kind: 'money' },
]);

export type BuyerFieldKey = (typeof BUYER_FIELDS)[number]['key'];

export const PAYMENT_TERMS = [
  { value: 'prepay', title: 'Предоплата' },
  { value: 'deferral', title: 'Отсрочка' },
] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number]['value'];

export const paymentTermsTitle = (value: unknown) => PAYMENT_TERMS.find((t) => t.value === value)?.title ?? '';
