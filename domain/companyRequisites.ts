// The seller's requisites an invoice and a УПД print: business settings saved and logged like the company's
// name (PUT /api/settings), each checked by domain/requisites.ts with its Russian message; the account is checked
// against the БИК beside it, so the form and the server judge the pair together.
import * as yup from 'yup';
import { accountError, bikError, corrAccountError, innError, kppError, ogrnError } from './requisites';
import { VAT_REGIMES, type VatRegime } from './papers/lines';

export const REQUISITE_SETTINGS = [
  'company_full_name',
  'company_inn',
  'company_kpp',
  'company_ogrn',
  'company_address',
  'company_bank_name',
  'company_bik',
  'company_account',
  'company_corr_account',
  'company_director',
  'company_accountant',
  'vat_regime',
] as const;
export type RequisiteSettingName = (typeof REQUISITE_SETTINGS)[number];

export const REQUISITE_TITLE: Record<RequisiteSettingName, { label: string; hint: string }> = {
  company_full_name: { label: 'Полное наименование', hint: 'Продавец в счёте и УПД: ООО «…»' },
  company_inn: { label: 'ИНН', hint: '10 цифр для организации, 12 для ИП' },
  company_kpp: { label: 'КПП', hint: '9 символов; у ИП нет' },
  company_ogrn: { label: 'ОГРН / ОГРНИП', hint: '13 цифр для организации, 15 для ИП' },
  company_address: { label: 'Юридический адрес', hint: 'Адрес продавца в счёте и УПД' },
  company_bank_name: { label: 'Банк', hint: 'Наименование банка получателя' },
  company_bik: { label: 'БИК', hint: '9 цифр' },
  company_account: { label: 'Расчётный счёт', hint: '20 цифр' },
  company_corr_account: { label: 'Корреспондентский счёт', hint: '20 цифр' },
  company_director: { label: 'Руководитель', hint: 'Подписывает счёт и УПД: Фамилия И. О.' },
  company_accountant: { label: 'Главный бухгалтер', hint: 'Подписывает счёт и УПД: Фамилия И. О.' },
  vat_regime: { label: 'Система налогообложения', hint: 'Упрощённая: счета и УПД без НДС' },
};

export const REQUISITE_MSG_TEXT = {
  long: (label: string, max: number) => `${label}: не длиннее ${max} символов`,
  regime: 'Выберите систему налогообложения',
  digits: (label: string) => `${label}: введите цифры`,
} as const;

/** A requisite's digits as typed, spaces dropped; capital letters for a КПП's reason code. */
const code = (name: RequisiteSettingName) =>
  yup
    .string()
    .typeError(REQUISITE_MSG_TEXT.digits(REQUISITE_TITLE[name].label))
    .transform((v) => (typeof v === 'string' ? v.replace(/\s/g, '').toUpperCase() : v));
const checked = (
  name: RequisiteSettingName,
  rule: (value: string | undefined, parent: Record<string, unknown>) => string | null,
) =>
  code(name).test('requisite', function check(value) {
    const refused = rule(value, this.parent as Record<string, unknown>);
    return refused ? this.createError({ message: refused }) : true;
  });
const text = (name: RequisiteSettingName, max: number) =>
  yup
    .string()
    .typeError(REQUISITE_MSG_TEXT.long(REQUISITE_TITLE[name].label, max))
    .trim()
    .max(max, REQUISITE_MSG_TEXT.long(REQUISITE_TITLE[name].label, max));
const bikOf = (parent: Record<string, unknown>) =>
  typeof parent.company_bik === 'string' ? parent.company_bik.replace(/\s/g, '') : undefined;

/** The requisites' rules; empty is allowed (a paper is refused later for what it lacks). */
export const requisiteRules = () => ({
  company_full_name: text('company_full_name', 300),
  company_inn: checked('company_inn', (v) => innError(v)),
  company_kpp: checked('company_kpp', (v) => kppError(v)),
  company_ogrn: checked('company_ogrn', (v) => ogrnError(v)),
  company_address: text('company_address', 500),
  company_bank_name: text('company_bank_name', 300),
  company_bik: checked('company_bik', (v) => bikError(v)),
  company_account: checked('company_account', (v, parent) => accountError(v, bikOf(parent))),
  company_corr_account: checked('company_corr_account', (v, parent) => corrAccountError(v, bikOf(parent))),
  company_director: text('company_director', 200),
  company_accountant: text('company_accountant', 200),
  vat_regime: yup
    .string()
    .typeError(REQUISITE_MSG_TEXT.regime)
    .oneOf(['', ...VAT_REGIMES.map((r) => r.value)], REQUISITE_MSG_TEXT.regime),
});

/** The regime a stored setting names; the general one until an administrator chooses another. */
export const vatRegimeOf = (stored: string | undefined | null): VatRegime =>
  stored === 'simplified' ? 'simplified' : 'general';
