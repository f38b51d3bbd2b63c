// The offer's purchase in a currency (domain/offers/purchase.ts), declared as the offers' fields: the supplier's price
// per unit in it, and how the ruble price follows the rate. Purchase terms: hidden where the warehouse cost is, and
// wherever the price is (domain/permissions.ts DERIVED_FIELDS), under every name.
import type { FieldSpec } from '../resource';
import { RATE_POLICY_TITLES } from './purchase';

export const PURCHASE_FIELD_SPECS = {
  purchase_currency: {
    label: 'Валюта закупки',
    hiddenFrom: ['8'],
    kind: 'choice',
    column: { title: 'Валюта', width: 100, hiddenByDefault: true },
    filter: { key: 'purchase_currencies_ids', type: 'enumeration', options: 'currencies' },
    import: { example: 'USD', note: 'RUB, USD, EUR, CNY, TRY, AED, KZT или UZS; пусто — RUB' },
  },
  purchase_price: {
    label: 'Цена закупки в валюте',
    hiddenFrom: ['8'],
    kind: 'amount',
    column: { width: 150, hiddenByDefault: true },
    filter: true,
    import: { example: 9, note: 'за единицу, в валюте закупки; обязательно, если валюта не RUB' },
  },
  rate_policy: {
    label: 'Курс пересчёта',
    hiddenFrom: ['8'],
    kind: 'choice',
    column: { width: 170, titles: RATE_POLICY_TITLES, hiddenByDefault: true },
    filter: { key: 'rate_policies_ids', type: 'enumeration', options: 'rate_policies' },
    import: { example: 'По курсу ЦБ на день', note: 'или Фиксированный курс; пусто — по курсу ЦБ на день' },
  },
  fixed_rate: {
    label: 'Фиксированный курс, ₽',
    hiddenFrom: ['8'],
    kind: 'amount',
    // the list's title, without ₽, is the one a Windows-1251 file can carry
    column: { title: 'Фиксированный курс', width: 150, hiddenByDefault: true },
    filter: true,
    import: { example: 88.5, note: 'рублей за единицу валюты; только для фиксированного курса' },
  },
  fixed_rate_date: {
    label: 'Дата фиксированного курса',
    hiddenFrom: ['8'],
    kind: 'date',
    column: { width: 150, hiddenByDefault: true },
    filter: true,
    import: { example: '01.12.2026', note: 'дд.мм.гггг; только для фиксированного курса' },
  },
  // the rate the stored ruble price was computed at, and its day (the server's, never typed)
  purchase_rate: {
    label: 'Курс в цене, ₽',
    hiddenFrom: ['8'],
    kind: 'amount',
    form: false,
    column: { title: 'Курс в цене', width: 130, hiddenByDefault: true },
    filter: true,
  },
  purchase_rate_date: {
    label: 'Дата курса в цене',
    hiddenFrom: ['8'],
    kind: 'date',
    form: false,
    column: { width: 140, hiddenByDefault: true },
    filter: true,
  },
} as const satisfies Record<string, FieldSpec>;
