// The facts the papers need, through the API: the seller's requisites saved and logged like the company's
// name, each refused in Russian when its check fails (the account against the БИК stored beside it); a product's VAT
// rate chosen on its card, listed by its title and told in its history; a buyer's legal address.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { firstRow } from '../db/rows';
import { entryLines } from '../../domain/history';

let ctx: DemoContext;

beforeAll(async () => {
  ctx = await createDemoApp();
}, 120_000);
afterAll(() => ctx?.close());

const REQUISITES = {
  company_full_name: 'ООО «Орехторг»',
  company_inn: '7707083893',
  company_kpp: '773601001',
  company_ogrn: '1027700132195',
  company_address: '117997, г. Москва, ул. Вавилова, д. 19',
  company_bank_name: 'ПАО Сбербанк',
  company_bik: '044525225',
  company_account: '40702810938000012345',
  company_corr_account: '30101810400000000225',
  company_director: 'Орехов И. И.',
  company_accountant: 'Миндальная А. А.',
  vat_regime: 'general',
};

test("the seller's requisites: an administrator's, each checked, stored as sent and logged", async () => {
  const put = (who: 'admin' | 'manager', body: Record<string, unknown>) => ctx.call('PUT', '/api/settings', who, body);
  expect((await put('manager', { company_inn: '7707083893' })).status).toBe(403);
  const bad = await put('admin', {
    ...REQUISITES,
    company_inn: '7707083894',
    company_ogrn: '1027700132194',
    company_account: '40702810038000012345',
  });
  expect([bad.status, bad.body.messages]).toEqual([
    400,
    [
      'Неверное контрольное число ИНН',
      'Неверное контрольное число ОГРН',
      'Расчётный счёт не сходится с БИК: проверьте оба номера',
    ],
  ]);
  expect(
    firstRow(await ctx.db.execute(sql`SELECT 1 FROM business_settings WHERE name = 'company_inn'`)),
  ).toBeUndefined();
  expect((await put('admin', { ...REQUISITES, company_account: '4070 2810 9380 0001 2345' })).status).toBe(200);
  expect((await ctx.call('POST', '/api/settings', 'admin', Object.keys(REQUISITES))).body).toEqual(REQUISITES);
  const log = firstRow<{ summary: string }>(
    await ctx.db.execute(sql`SELECT summary FROM admin_log ORDER BY id DESC LIMIT 1`),
  );
  expect(log?.summary).toContain('БИК «» → «044525225»');
  // a new БИК alone is judged with the stored accounts: the settlement account's key (over the БИК's last 3 digits,
  // '974') fails; the correspondent account's (over its 5th and 6th, '25' in both) still holds
  const moved = await put('admin', { company_bik: '044525974' });
  expect([moved.status, moved.body.messages]).toEqual([
    400,
    ['Расчётный счёт не сходится с БИК: проверьте оба номера'],
  ]);
  const regime = await put('admin', { vat_regime: 'patent' });
  expect([regime.status, regime.body.messages]).toEqual([400, ['Выберите систему налогообложения']]);
});

test("a product's VAT rate: 22 % when made, chosen on its card, listed by its title, told in its history", async () => {
  const made = await ctx.call('POST', '/api/products', 'admin', { name: 'Фисташки для счёта' });
  expect([made.status, made.body.vat_rate]).toEqual([201, '22']);
  const bad = await ctx.change('PATCH', `/api/products/${made.body.id}`, 'admin', { vat_rate: '20' });
  expect([bad.status, bad.body.messages]).toEqual([400, ['Ставка НДС: 22 %, 10 %, 0 % или без НДС']]);
  const changed = await ctx.change('PATCH', `/api/products/${made.body.id}`, 'admin', { vat_rate: '10' });
  expect([changed.status, changed.body.vat_rate, changed.body.name]).toEqual([200, '10', 'Фисташки для счёта']);
  const history = (await ctx.call('GET', `/api/products/${made.body.id}/history`)).body;
  expect(entryLines('products', history[0])).toEqual(['Ставка НДС: 22 % → 10 %']);
  const listed = (await ctx.call('GET', `/api/products?products_ids=${made.body.id}`)).body.data;
  expect(listed).toEqual([expect.objectContaining({ id: made.body.id, vat_rate: '10' })]);
  const own = await ctx.call('POST', '/api/products', 'admin', { name: 'Пакеты без НДС', vat_rate: 'none' });
  expect(own.body.vat_rate).toBe('none');
});

test("a buyer's legal address: saved from its card, read back, its КПП checked for the papers", async () => {
  const base = { name: 'ООО «Юрадрес»', payment_terms: 'prepay', inn: '500100732259' };
  const bad = await ctx.call('POST', '/api/buyers', 'admin', { ...base, kpp: '50010' });
  expect([bad.status, bad.body.messages]).toEqual([
    400,
    ['КПП состоит из 9 символов: 4 цифры, 2 цифры или заглавные латинские буквы, 3 цифры'],
  ]);
  const made = await ctx.call('POST', '/api/buyers', 'admin', {
    ...base,
    legal_address: '420111, г. Казань, ул. Баумана, д. 5',
  });
  expect([made.status, made.body.legal_address]).toEqual([201, '420111, г. Казань, ул. Баумана, д. 5']);
  const changed = await ctx.change('PATCH', `/api/buyers/${made.body.id}`, 'admin', {
    legal_address: '420111, г. Казань, ул. Баумана, д. 7',
  });
  expect(changed.body.legal_address).toBe('420111, г. Казань, ул. Баумана, д. 7');
  const history = (await ctx.call('GET', `/api/buyers/${made.body.id}/history`)).body;
  expect(entryLines('buyers', history[0])).toEqual([
    'Юридический адрес: 420111, г. Казань, ул. Баумана, д. 5 → 420111, г. Казань, ул. Баумана, д. 7',
  ]);
});
