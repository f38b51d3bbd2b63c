// Scenario of the papers issue, in Debian's Chromium against the real server and demo data: the administrator types
// the company's requisites; the manager chooses two active reserves of one buyer in the reserves list, 'Выставить
// счёт' opens the invoice made, 'Скачать PDF' gives its print form (read back with pdftotext and drawn as a PNG with
// pdftoppm, looked at by eye: the bank block, the lines, the totals in words). Later the two reserves are completed,
// 'Сформировать УПД' makes their УПД and 'Скачать для ЭДО' gives its XML, which the tax service's schema holds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { artifacts, scenario, signedInPage } from './harness';
import { businessToday, TIME_ZONE_DEFAULT } from '../domain/businessDay';
import { sumInWords } from '../domain/papers/words';
import { scaled } from '../domain/papers/lines';

const ctx = scenario();
const XSD = path.join(
  __dirname,
  '..',
  'server',
  'sections',
  'upd',
  '__tests__',
  'xsd',
  'ON_NSCHFDOPPR_1_997_01_05_03_05.xsd',
);

const api = async (page: Page, url: string, init: { method?: string; body?: unknown } = {}) => {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const res = await fetch(`${ctx.app.url}${url}`, {
    method: init.method ?? 'GET',
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  });
  return { status: res.status, body: await res.json() };
};

const COMPANY = {
  company_full_name: 'ООО «Орехи Востока»',
  company_inn: '7707083893',
  company_kpp: '773601001',
  company_address: 'г. Москва, ул. Щипок, д. 11',
  company_director: 'Орлов Андрей Викторович',
  company_accountant: 'Белова Ирина Сергеевна',
  company_bank_name: 'ПАО Сбербанк',
  company_bik: '044525225',
  company_account: '40702810938000012345',
  company_corr_account: '30101810400000000225',
  vat_regime: 'general',
};

type Row = { id: number; buyer?: { id: number } | null; buyer_id?: number | null };

/** Two of the manager's active reserves of one buyer's card: two the demo has, or else the second is put on the first's
 * buyer by the administrator. */
async function twoOfOneBuyer(manager: Page, admin: Page): Promise<{ buyerId: number; ids: [number, number] }> {
  const byBuyer = new Map<number, number[]>();
  for (let page = 1; page <= 10; page++) {
    const { body } = await api(manager, `/api/reserves?statuses_ids=active&perPage=200&page=${page}`);
    for (const r of body.data as Row[]) {
      const buyer = r.buyer?.id ?? r.buyer_id;
      if (buyer) byBuyer.set(buyer, [...(byBuyer.get(buyer) ?? []), r.id]);
    }
    const found = [...byBuyer].find(([, ids]) => ids.length >= 2);
    if (found) return { buyerId: found[0], ids: found[1].slice(0, 2).sort((a, b) => a - b) as [number, number] };
    if (page >= body.pagination.lastPage) break;
  }
  const [[buyerId, [first]], [, [second]]] = [...byBuyer];
  const { version } = (await api(admin, `/api/reserves/${second}`)).body;
  const moved = await api(admin, `/api/reserves/${second}`, { method: 'PATCH', body: { buyer_id: buyerId, version } });
  assert.equal(moved.status, 200, JSON.stringify(moved.body));
  return { buyerId, ids: [first, second].sort((a, b) => a - b) as [number, number] };
}

/** The rows of the reserves list filtered to the buyer and the status, both chosen, and the papers' button clicked. */
async function choose(page: Page, buyerId: number, status: string, ids: number[], button: string) {
  await page.goto(`${ctx.app.url}/reserves?buyers_ids=${buyerId}&statuses_ids=${status}`);
  for (const id of ids) await page.getByRole('checkbox', { name: `Выбрать строку ${id}` }).check();
  await page.getByRole('button', { name: button }).click();
}

test('the manager invoices two reserves of one buyer and downloads the PDF; their УПД downloads as XML of format 5.03', async () => {
  mkdirSync(artifacts, { recursive: true });
  const admin = await signedInPage(ctx);
  assert.equal((await api(admin, '/api/settings', { method: 'PUT', body: COMPANY })).status, 200);
  const manager = await signedInPage(ctx, 'manager@nutdesk.demo', { width: 1440, height: 1100 });
  const { buyerId, ids } = await twoOfOneBuyer(manager, admin);
  const buyer = (await api(admin, `/api/buyers/${buyerId}`)).body;
  const requisites = { inn: '7728168971', kpp: '772801001', legal_address: 'г. Казань, ул. Баумана, д. 5' };
  const saved = await api(admin, `/api/buyers/${buyerId}`, {
    method: 'PATCH',
    body: { ...requisites, version: buyer.version },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));

  // the invoice, made in the bulk bar, opens its card
  await choose(manager, buyerId, 'active', ids, 'Выставить счёт');
  await manager.waitForURL(/\/invoices\/\d+$/);
  const invoiceId = Number(new URL(manager.url()).pathname.split('/').pop());
  const invoice = (await api(manager, `/api/invoices/${invoiceId}`)).body;
  assert.deepEqual(
    invoice.lines.map((l: { reserve_id: number }) => l.reserve_id),
    ids,
  );
  await manager.getByRole('heading', { name: new RegExp(`^Счёт на оплату № ${invoice.number} от `) }).waitFor();
  await manager.getByRole('table', { name: 'Строки счёта' }).waitFor();
  await manager.screenshot({ path: path.join(artifacts, 'papers-invoice-card.png') });

  // its print form
  const download = manager.waitForEvent('download');
  await manager.getByRole('button', { name: 'Скачать PDF' }).click();
  const pdf = path.join(artifacts, 'papers-invoice.pdf');
  await (await download).saveAs(pdf);
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  for (const expected of [
    'ПАО Сбербанк',
    'Банк получателя',
    'БИК 044525225',
    '40702810938000012345',
    `Счёт на оплату № ${invoice.number} от`,
    'ООО «Орехи Востока»',
    'ИНН 7728168971',
    'Итого:',
    'В т.ч. НДС',
    `Всего наименований 2`,
    sumInWords(scaled(invoice.total, 2)),
    'Руководитель',
    'Бухгалтер',
  ])
    assert.ok(text.includes(expected), `the invoice's PDF says '${expected}': ${text}`);
  for (const line of invoice.lines as { name: string }[])
    assert.ok(text.includes(line.name.slice(0, 20)), `the PDF has the line '${line.name}'`);
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', pdf, path.join(artifacts, 'papers-invoice')]);

  // later the goods leave: both reserves completed today, their lots' declarations typed where imported
  const today = businessToday(TIME_ZONE_DEFAULT);
  for (const id of ids) {
    const reserve = (await api(admin, `/api/reserves/${id}`)).body;
    const done = await api(admin, `/api/reserves/${id}/complete`, {
      method: 'POST',
      body: { actual_date_implementation: today, version: reserve.version },
    });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    const offer = (await api(admin, `/api/offers/${reserve.offer_id}`)).body;
    if (!offer.customs_declaration) {
      const declared = await api(admin, `/api/offers/${offer.id}`, {
        method: 'PATCH',
        body: { customs_declaration: '10702070/051226/3001234', version: offer.version },
      });
      assert.equal(declared.status, 200, JSON.stringify(declared.body));
    }
  }
  await choose(manager, buyerId, 'completed', ids, 'Сформировать УПД');
  await manager.waitForURL(/\/upd\/\d+$/);
  const xmlDownload = manager.waitForEvent('download');
  await manager.getByRole('button', { name: 'Скачать для ЭДО' }).click();
  const xml = await xmlDownload;
  assert.match(
    xml.suggestedFilename(),
    /^ON_NSCHFDOPPR_7728168971772801001_7707083893773601001_\d{8}_[0-9a-f-]{36}\.xml$/,
  );
  const file = path.join(artifacts, xml.suggestedFilename());
  await xml.saveAs(file);
  execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
});
