// The buyers section, declared once (domain/resource.ts): the card's form fields (the name is the
// header's), the list's columns and filter keys, history, bulk edit and the roles tab's choices are derived from it;
// so are the server's body schema, SQL columns, joins, sorts and filters. What a buyer owes ('Долг', 'Просрочено')
// is counted over its completed reserves and their payments, so those columns read the reserves' selling sums.
import { f, recordColumns, recordFilters, type ColumnDef, type FilterDef } from '../lists';
import type { FieldRef } from '../fieldRefs';
import { defineResource } from '../resource';

const BY_SALES: FieldRef[] = ['reserves.buyer', 'reserves.*', 'reserves.total_selling_sum'];

export const PAYMENT_TERMS = [
  { value: 'prepay', title: 'Предоплата' },
  { value: 'deferral', title: 'Отсрочка' },
] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number]['value'];

export const paymentTermsTitle = (value: unknown) => PAYMENT_TERMS.find((t) => t.value === value)?.title ?? '';

export const buyersResource = defineResource({
  section: 'buyers',
  // in the form's order
  fields: {
    name: {
      label: 'Название',
      required: true,
      kind: 'text',
      column: { width: 220 },
      filter: true,
      import: { example: 'ООО «Кедр»' },
    },
    inn: {
      label: 'ИНН',
      kind: 'text',
      column: { width: 130 },
      filter: true,
      import: { example: '7707083893', note: '10 или 12 цифр; можно оставить пустым' },
    },
    kpp: {
      label: 'КПП',
      kind: 'text',
      column: { width: 110, hiddenByDefault: true },
      import: { example: '770701001', note: '9 цифр; можно оставить пустым' },
    },
    city_id: {
      label: 'Город',
      kind: 'reference',
      reference: { list: 'cities', as: 'city', alias: 'c', section: 'cities' },
      column: { width: 150 },
      filter: { key: 'cities' },
      bulk: 'set',
      import: { example: 'Москва', note: 'название из списка городов' },
    },
    delivery_address: {
      label: 'Адрес доставки',
      kind: 'text',
      column: { width: 220, hiddenByDefault: true },
      import: { example: 'Москва, ул. Складская, 4' },
    },
    // the address an invoice and a УПД print for the buyer
    legal_address: {
      label: 'Юридический адрес',
      kind: 'text',
      column: { width: 220, hiddenByDefault: true },
      import: { example: '123100, г. Москва, ул. Складская, д. 4' },
    },
    contact_person: {
      label: 'Контактное лицо',
      kind: 'text',
      column: { width: 180 },
      filter: true,
      import: { example: 'Иванов Иван' },
    },
    phone: {
      label: 'Телефон',
      kind: 'phone',
      column: { width: 170 },
      filter: true,
      import: { example: '+7 (912) 000-11-22' },
    },
    email: {
      label: 'Email',
      kind: 'email',
      column: { width: 200, hiddenByDefault: true },
      filter: true,
      import: { example: 'buy@kedr.ru' },
    },
    responsible_id: {
      label: 'Ответственный',
      kind: 'reference',
      reference: { list: 'employees', as: 'responsible', alias: 'e', name: 'full_name', section: 'employees' },
      column: { width: 180 },
      filter: { key: 'responsibles_ids' },
      bulk: 'set',
      import: { example: 'Тихонов Олег Юрьевич', note: 'ФИО сотрудника; пусто — вы' },
    },
    // stored as 'prepay' | 'deferral', listed by its title (server/sections/buyers/list.ts)
    payment_terms: {
      label: 'Условия оплаты',
      required: true,
      kind: 'choice',
      column: { width: 150 },
      filter: { type: 'enumeration', options: 'payment_terms' },
      import: { required: false, example: 'Отсрочка', note: 'Предоплата или Отсрочка; пусто — Предоплата' },
    },
    deferral_days: {
      label: 'Дней отсрочки',
      kind: 'count',
      column: { width: 130 },
      import: { example: 14, note: 'только для отсрочки, от 1 до 180' },
    },
    credit_limit: {
      label: 'Кредитный лимит, ₽',
      kind: 'money',
      column: { title: 'Кредитный лимит', width: 150 },
      filter: true,
      import: { example: 1000000, note: 'пусто — без лимита' },
    },
    balance: {
      label: 'Долг',
      kind: 'money',
      form: false,
      computed: true,
      history: false,
      column: { width: 140, reads: BY_SALES },
      filter: true,
    },
    overdue: {
      label: 'Просрочено',
      kind: 'money',
      form: false,
      computed: true,
      history: false,
      column: { width: 140, reads: BY_SALES },
      filter: true,
    },
  },
  columns: [
    recordColumns.id(),
    'name',
    'inn',
    'kpp',
    'city_id',
    'delivery_address',
    'legal_address',
    'contact_person',
    'phone',
    'email',
    'responsible_id',
    'payment_terms',
    'deferral_days',
    'credit_limit',
    'balance',
    'overdue',
    recordColumns.status(),
    recordColumns.createdBy(),
    recordColumns.createdAt(),
    recordColumns.comments({ hiddenByDefault: true }),
  ],
  filters: [
    f('buyers_ids', '№ покупателя', 'multiple', { options: 'buyers', field: 'id' }),
    // the reserve card's buyer picker: one text matched against the name, the INN and the phone's digits
    f('search', 'Название, ИНН или телефон', 'string', { reads: ['buyers.name', 'buyers.inn', 'buyers.phone'] }),
    'name',
    'inn',
    'contact_person',
    'phone',
    'email',
    'city_id',
    'responsible_id',
    'payment_terms',
    'credit_limit',
    'balance',
    'overdue',
    recordFilters.status(),
    recordFilters.createdAt(),
    recordFilters.withComments(),
  ],
  bulk: { order: ['responsible_id', 'city_id'] },
  importOrder: [
    'name',
    'inn',
    'kpp',
    'city_id',
    'delivery_address',
    'legal_address',
    'contact_person',
    'phone',
    'email',
    'responsible_id',
    'payment_terms',
    'deferral_days',
    'credit_limit',
  ],
  selectOrder: [
    'id',
    'name',
    'inn',
    'kpp',
    'delivery_address',
    'legal_address',
    'contact_person',
    'phone',
    'email',
    'deferral_days',
    'status',
    'created_at',
    'deleted_at',
  ],
});

/** The buyer's delivery address: the card's wide field, what a reserve's address is filled from when the buyer is
 * picked (domain/reserves/buyerFields.ts). */
export const BUYER_ADDRESS = 'delivery_address' satisfies keyof typeof buyersResource.spec.fields;
/** The buyer's legal address, the papers', drawn across the card's block like the delivery address. */
export const BUYER_LEGAL_ADDRESS = 'legal_address' satisfies keyof typeof buyersResource.spec.fields;

/** The buyer card's form fields, in the form's order (the name is the header's). */
export const BUYER_FIELDS = buyersResource.formFields;
export type BuyerFieldKey = (typeof BUYER_FIELDS)[number]['key'];
export const columns: ColumnDef[] = buyersResource.columns;
export const filters: FilterDef[] = buyersResource.filters;
