// /api/invoices on the demo data: an invoice of two reserves of one buyer (a 22 % and a 10 % line) worked by hand in
// the database, numbered per business year, due by the buyer's terms; its print form read back as text; the refusals;
// payments of its reserves tied to it and its payment status following them; cancel and make again; the history, the
// list's filters and spreadsheet; and the rights (role 8 and a supplier's user read none).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { addDays } from '../../../../domain/businessDay';
import { rowsOf } from '../../../db/rows';
import { createDemoApp, type DemoContext } from '../../../__tests__/testApp';
import { FORM_BUYER, kilogramTrade, reserveForm, today, type Trade } from '../../../__tests__/trade';

let ctx: DemoContext;
let trade: Trade;
let buyerId: number;

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

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1995);
  for (const [name, value] of Object.entries(COMPANY)) {
    await ctx.db.execute(
      sql`INSERT INTO business_settings (name, value) VALUES (${name}, ${value}) ON CONFLICT (name) DO UPDATE SET value = ${value}`,
    );
  }
  [{ id: buyerId }] = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`
    UPDATE buyers SET inn = '7728168971', kpp = '772801001', legal_address = 'г. Казань, ул. Баумана, д. 5',
      payment_terms = 'deferral', deferral_days = 14
    WHERE name = ${FORM_BUYER.name} AND phone = ${FORM_BUYER.phone} RETURNING id`),
  );
}, 120_000);

afterAll(() => ctx?.close());

const products: Partial<Record<'10' | '22', number>> = {};
async function productAt(rate: '10' | '22'): Promise<number> {
  if (!products[rate]) {
    const res = await ctx.call('POST', '/api/products', 'admin', {
      name: rate === '10' ? 'Миндаль для счёта' : 'Кешью для счёта',
    });
    expect(res.status).toBe(201);
    await ctx.db.execute(sql`UPDATE products SET vat_rate = ${rate} WHERE id = ${res.body.id as number}`);
    products[rate] = res.body.id as number;
  }
  return products[rate]!;
}

/** An active reserve of `amount` kg at `price` (with VAT) of a product at `rate`, on a lot whose selling band holds
 * the price (the delivered cost, its price + 27 ₽/kg of delivery and costs, at price / 1,2). */
async function reserved(amount: string, price: string, rate: '10' | '22'): Promise<number> {
  const unitPrice = String(Math.round(Number(price) / 1.2) - 27);
  const offer = await trade.newOffer('500', { product_id: await productAt(rate), unit_price: unitPrice });
  const res = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, { amount, unit_selling_price: price, packs_amount: null }),
  );
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.id as number;
}

const get = (url: string, who: 'admin' | 'manager' | 'warehouse' | 'supplier' = 'admin') =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${ctx.tokens[who]}` } });

describe('invoices', () => {
  let first: number;
  let second: number;
  let invoiceId: number;

  it('two reserves of one buyer, 22 % and 10 %, make invoice № 1 of the year, worked by hand', async () => {
    first = await reserved('120', '850.50', '22');
    second = await reserved('37.5', '412.34', '10');
    const made = await ctx.call('POST', '/api/invoices', 'manager', { reserve_ids: [second, first] });
    expect(made.status).toBe(201);
    // 120 × 850,50 = 102 060,00, VAT 102 060 × 22 / 122 = 18 404,26; 37,5 × 412,34 = 15 462,75, VAT × 10 / 110 = 1 405,70
    expect(made.body).toMatchObject({
      number: 1,
      year: Number(today.slice(0, 4)),
      date: today,
      due_date: addDays(today, 14),
      buyer_id: buyerId,
      total: '117522.75',
      vat_sum: '19809.96',
      paid_sum: '0.00',
      payment: 'unpaid',
      status: 'active',
      words: 'Сто семнадцать тысяч пятьсот двадцать два рубля 75 копеек',
    });
    expect(made.body.lines.map((l: Record<string, string>) => [l.reserve_id, l.total, l.vat_rate, l.vat_sum])).toEqual([
      [first, '102060.00', '22', '18404.26'],
      [second, '15462.75', '10', '1405.70'],
    ]);
    invoiceId = made.body.id;
    const [stored] = rowsOf<Record<string, string>>(
      await ctx.db.execute(
        sql`SELECT total::text, vat_sum::text, (SELECT sum(total)::text FROM invoice_lines WHERE invoice_id = ${invoiceId}) AS lines
            FROM invoices WHERE id = ${invoiceId}`,
      ),
    );
    expect(stored).toEqual({ total: '117522.75', vat_sum: '19809.96', lines: '117522.75' });
  });

  it('the print form has the bank block, the lines, the totals with VAT by rate and the sum in words', async () => {
    const res = await get(`/api/invoices/${invoiceId}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'invoice-'));
    writeFileSync(path.join(dir, 'i.pdf'), res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'i.pdf'), '-'], { encoding: 'utf8' });
    for (const expected of [
      'ПАО Сбербанк',
      'Банк получателя',
      'БИК',
      '044525225',
      '40702810938000012345',
      'ИНН 7707083893',
      'КПП 773601001',
      'Получатель',
      'Счёт на оплату № 1 от',
      'Поставщик: ООО «Орехи Востока»',
      'Покупатель: ООО «Орех», ИНН 7728168971, КПП 772801001, г. Казань, ул. Баумана, д. 5',
      'Итого: 117 522,75',
      'В т.ч. НДС (22 %): 18 404,26',
      'В т.ч. НДС (10 %): 1 405,70',
      'Всего наименований 2, на сумму 117 522,75 руб.',
      'Сто семнадцать тысяч пятьсот двадцать два рубля 75 копеек',
      'Руководитель',
      'Орлов Андрей Викторович',
      'Бухгалтер',
      'Белова Ирина Сергеевна',
    ])
      expect(text.replace(/\u00a0/g, ' ')).toContain(expected);
  });

  it('refuses reserves of two buyers, a cancelled one and one already invoiced, naming them; bad input is a Russian 400', async () => {
    const other = await reserved('2', '100', '22');
    const [{ id: otherBuyer }] = rowsOf<{ id: number }>(
      await ctx.db.execute(sql`INSERT INTO buyers (name, phone) VALUES ('ИП Козлов', '79120000001') RETURNING id`),
    );
    await ctx.db.execute(
      sql`UPDATE reserves SET buyer_id = ${otherBuyer}, buyer_name = 'ИП Козлов' WHERE id = ${other}`,
    );
    const mixed = await ctx.call('POST', '/api/invoices', 'admin', { reserve_ids: [first, other] });
    expect(mixed.status).toBe(400);
    expect(mixed.body.messages[0]).toBe(
      `Резерв №${first} уже в счёте № 1/${today.slice(0, 4)}: отмените тот счёт, чтобы выставить новый`,
    );
    const third = await reserved('2', '100', '22');
    const two = await ctx.call('POST', '/api/invoices', 'admin', { reserve_ids: [third, other] });
    expect(two.body.messages[0]).toBe('Резервы разных покупателей: ИП Козлов, ООО «Орех». Один счёт — один покупатель');
    expect((await ctx.change('POST', `/api/reserves/${third}/cancel`, 'admin', {})).status).toBe(200);
    const gone = await ctx.call('POST', '/api/invoices', 'admin', { reserve_ids: [third] });
    expect(gone.body.messages[0]).toBe(
      `Счёт выставляется по действующим и завершённым резервам; не подходят: №${third}`,
    );
    const bad = await ctx.call('POST', '/api/invoices', 'admin', { reserve_ids: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.messages[0]).toContain('Выберите резервы для счёта');
    const badDay = await ctx.call('GET', '/api/invoices?date_from=9999-12-31', 'admin');
    expect(badDay.status).toBe(400);
    const count = rowsOf<{ n: number }>(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM invoices`));
    expect(count[0].n).toBe(1);
  });

  it('payments of its reserves pay the invoice: partly paid, then paid; the filters follow', async () => {
    for (const id of [first, second])
      expect(
        (await ctx.change('POST', `/api/reserves/${id}/complete`, 'admin', { actual_date_implementation: today }))
          .status,
      ).toBe(200);
    const pay = (id: number, amount: string) =>
      ctx.change('POST', `/api/reserves/${id}/payments`, 'admin', { date: today, amount, comment: null });
    expect((await pay(first, '100000.00')).status).toBe(200);
    let card = await ctx.call('GET', `/api/invoices/${invoiceId}`, 'admin');
    expect(card.body).toMatchObject({ paid_sum: '100000.00', payment: 'partly_paid' });
    const partly = await ctx.call('GET', '/api/invoices?payment=partly_paid', 'admin');
    expect(partly.body.data.map((i: { id: number }) => i.id)).toEqual([invoiceId]);
    expect((await pay(first, '2060.00')).status).toBe(200);
    expect((await pay(second, '15462.75')).status).toBe(200);
    card = await ctx.call('GET', `/api/invoices/${invoiceId}`, 'admin');
    expect(card.body).toMatchObject({ paid_sum: '117522.75', payment: 'paid' });
    // the card lists the payments tied to it
    expect(card.body.payments.map((p: { reserve_id: number; amount: string }) => [p.reserve_id, p.amount])).toEqual([
      [first, '100000.00'],
      [first, '2060.00'],
      [second, '15462.75'],
    ]);
    expect((await ctx.call('GET', '/api/invoices?payment=unpaid', 'admin')).body.data).toEqual([]);
    const tied = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`SELECT count(*)::int AS n FROM payments WHERE invoice_id = ${invoiceId}`),
    );
    expect(tied[0].n).toBe(3);
    // a payment taken back leaves it partly paid again
    const [{ id: paymentId }] = rowsOf<{ id: number }>(
      await ctx.db.execute(sql`SELECT id FROM payments WHERE invoice_id = ${invoiceId} ORDER BY id DESC LIMIT 1`),
    );
    expect((await ctx.change('DELETE', `/api/reserves/${second}/payments/${paymentId}`, 'admin', {})).status).toBe(200);
    card = await ctx.call('GET', `/api/invoices/${invoiceId}`, 'admin');
    expect(card.body).toMatchObject({ paid_sum: '102060.00', payment: 'partly_paid' });
  });

  it('past its due day an invoice not paid in full is overdue', async () => {
    await ctx.db.execute(sql`UPDATE invoices SET due_date = ${addDays(today, -1)} WHERE id = ${invoiceId}`);
    const overdue = await ctx.call('GET', `/api/invoices?payment=overdue&buyer_id=${buyerId}`, 'admin');
    expect(overdue.body.data.map((i: { id: number; payment: string }) => [i.id, i.payment])).toEqual([
      [invoiceId, 'overdue'],
    ]);
  });

  it('two invoices made at once get different numbers', async () => {
    const [a, b] = [await reserved('2', '100', '22'), await reserved('2', '100', '22')];
    const made = await Promise.all([
      ctx.call('POST', '/api/invoices', 'admin', { reserve_ids: [a] }),
      ctx.call('POST', '/api/invoices', 'admin', { reserve_ids: [b] }),
    ]);
    expect(made.map((m) => m.status)).toEqual([201, 201]);
    expect(made.map((m) => m.body.number).sort()).toEqual([2, 3]);
  });

  it('cancelled, it keeps its number and history; its reserves make a new invoice', async () => {
    const { version } = (await ctx.call('GET', `/api/invoices/${invoiceId}`, 'admin')).body;
    const cancelled = await ctx.call('POST', `/api/invoices/${invoiceId}/cancel`, 'admin', { version });
    expect(cancelled.body).toMatchObject({ number: 1, status: 'cancelled', payment: 'cancelled' });
    const again = await ctx.call('POST', '/api/invoices', 'admin', { reserve_ids: [first, second] });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ number: 4, total: '117522.75', paid_sum: '102060.00' });
    const history = await ctx.call('GET', `/api/invoices/${invoiceId}/history`, 'admin');
    expect(history.body.data.map((h: { action: string; changes: unknown[] }) => [h.action, h.changes])).toEqual([
      ['create', []],
      ['update', [{ field: 'status', old: 'active', new: 'cancelled' }]],
    ]);
  });

  it('the filtered list exports as a spreadsheet', async () => {
    const res = await get(`/api/invoices/export?buyer_id=${buyerId}&payment=cancelled`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows.map((r) => r.slice(1))).toEqual([
      ['№', 'Дата', 'Покупатель', 'Сумма, ₽', 'НДС, ₽', 'Оплачено, ₽', 'Оплатить до', 'Статус'],
      [
        `1/${today.slice(0, 4)}`,
        today.split('-').reverse().join('.'),
        'ООО «Орех»',
        117522.75,
        19809.96,
        0,
        expect.any(String),
        'Отменён',
      ],
    ]);
  });

  it("role 8 (no selling prices) and a supplier's user read and make no invoice", async () => {
    for (const who of ['warehouse', 'supplier'] as const) {
      expect((await get('/api/invoices', who)).statusCode).toBe(403);
      expect((await get(`/api/invoices/${invoiceId}`, who)).statusCode).toBe(403);
      expect((await get(`/api/invoices/${invoiceId}/pdf`, who)).statusCode).toBe(403);
      const made = await ctx.call('POST', '/api/invoices', who, { reserve_ids: [first] });
      expect(made.status).toBe(403);
    }
    expect((await get('/api/invoices', 'manager')).statusCode).toBe(200);
  });
});
