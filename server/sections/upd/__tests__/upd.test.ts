// /api/upd on the demo data: a УПД made of two completed reserves (a domestic lot at 10 %, an imported one at 22 %),
// its XML (windows-1251, named by ИдФайл) validated against the tax service's schema, its figures in the database
// worked by hand, the print form, the refusals, cancel and make again, the ZIP for ЭДО, the country mapping and
// the rights (role 8 and a supplier's user read none).
import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { decodeCp1251 } from '../../../../domain/upd/cp1251';
import { rowsOf } from '../../../db/rows';
import { createDemoApp, type DemoContext } from '../../../__tests__/testApp';
import { FORM_BUYER, kilogramTrade, reserveForm, today, type Trade } from '../../../__tests__/trade';
import { updSchemaErrors } from './xsd';

let ctx: DemoContext;
let trade: Trade;
let buyerId: number;

const COMPANY = {
  company_full_name: 'ООО «Орехи Востока»',
  company_inn: '7707083893',
  company_kpp: '773601001',
  company_address: 'г. Москва, ул. Щипок, д. 11',
  company_director: 'Орлов Андрей Викторович',
  company_bank_name: 'ПАО Сбербанк',
  company_bik: '044525225',
  company_account: '40702810938000012345',
  company_corr_account: '30101810400000000225',
  vat_regime: 'general',
};

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1994);
  for (const [name, value] of Object.entries(COMPANY)) {
    await ctx.db.execute(
      sql`INSERT INTO business_settings (name, value) VALUES (${name}, ${value}) ON CONFLICT (name) DO UPDATE SET value = ${value}`,
    );
  }
  [{ id: buyerId }] = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`
    UPDATE buyers SET inn = '7728168971', kpp = '772801001', legal_address = 'г. Казань, ул. Баумана, д. 5'
    WHERE name = ${FORM_BUYER.name} AND phone = ${FORM_BUYER.phone} RETURNING id`),
  );
}, 120_000);

afterAll(() => ctx?.close());

const products: Partial<Record<'10' | '22', number>> = {};

/** A product of its own at the VAT rate (10 %: listed foods; 22 %: the general rate). */
async function productAt(rate: '10' | '22'): Promise<number> {
  if (!products[rate]) {
    const res = await ctx.call('POST', '/api/products', 'admin', {
      name: rate === '10' ? 'Миндаль для УПД' : 'Кешью для УПД',
    });
    expect(res.status).toBe(201);
    await ctx.db.execute(sql`UPDATE products SET vat_rate = ${rate} WHERE id = ${res.body.id as number}`);
    products[rate] = res.body.id as number;
  }
  return products[rate]!;
}

/** A completed reserve of `amount` kg at `price` on a fresh offer from `country` of a product at `rate`. */
async function sold(
  amount: string,
  price: string,
  country: string,
  rate: '10' | '22',
  declaration: string | null = null,
): Promise<number> {
  const offer = await trade.newOffer('100', { origin_country: country, product_id: await productAt(rate) });
  await ctx.db.execute(sql`UPDATE offers SET customs_declaration = ${declaration} WHERE id = ${offer.id}`);
  const res = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, { amount, unit_selling_price: price, packs_amount: null }),
  );
  expect(res.status).toBe(201);
  const done = await ctx.change('POST', `/api/reserves/${res.body.id}/complete`, 'admin', {
    actual_date_implementation: today,
  });
  expect(done.status).toBe(200);
  return res.body.id as number;
}

describe('УПД', () => {
  let domestic: number;
  let foreign: number;
  let updId: number;

  it('a completed reserve makes a УПД whose XML, named by its ИдФайл, passes the schema', async () => {
    domestic = await sold('20', '400', 'Россия', '10');
    const made = await ctx.call('POST', '/api/upd', 'admin', { reserve_ids: [domestic] });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      number: expect.any(Number),
      status: 'active',
      buyer_id: buyerId,
      sum_with_vat: '8000.00',
      vat_sum: '727.27',
      sum_without_vat: '7272.73',
    });
    expect(made.body.lines).toEqual([
      expect.objectContaining({
        n: 1,
        reserve_id: domestic,
        quantity: '20.000',
        price: '363.64',
        vat_rate: '10',
        origin_code: null,
      }),
    ]);
    updId = made.body.id;

    const xml = await ctx.app.inject({
      method: 'GET',
      url: `/api/upd/${updId}/xml`,
      headers: { authorization: `Bearer ${ctx.tokens.admin}` },
    });
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toBe('application/xml; charset=windows-1251');
    const fileId = made.body.file_id as string;
    expect(fileId).toMatch(
      new RegExp(`^ON_NSCHFDOPPR_7728168971772801001_7707083893773601001_${today.replace(/-/g, '')}_[0-9a-f-]{36}$`),
    );
    expect(xml.headers['content-disposition']).toContain(`filename="${fileId}.xml"`);
    expect(updSchemaErrors(xml.rawPayload, fileId)).toEqual([]);
    const text = decodeCp1251(xml.rawPayload);
    expect(text).toContain(`<СвСчФакт НомерДок="${made.body.number}"`);
    expect(text).toContain('НалСт="10%" СтТовУчНал="8000.00"');
  });

  it('an imported lot at 22 % carries its country and declaration; without a declaration it is refused naming the lot', async () => {
    foreign = await sold('12.5', '415.50', 'Вьетнам', '22');
    const refused = await ctx.call('POST', '/api/upd', 'admin', { reserve_ids: [foreign] });
    expect(refused.status).toBe(400);
    expect(refused.body.messages[0]).toMatch(
      /^Импортный лот без номера декларации на товары: лот №\d+, .+, Вьетнам\. Укажите номер ДТ в карточке предложения$/,
    );
    await ctx.db.execute(
      sql`UPDATE offers SET customs_declaration = '10702070/051226/3001234' WHERE id = (SELECT offer_id FROM reserves WHERE id = ${foreign})`,
    );
    // a reserve already on a live УПД is refused with that document's number
    const twice = await ctx.call('POST', '/api/upd', 'admin', { reserve_ids: [domestic, foreign] });
    expect(twice.status).toBe(400);
    expect(twice.body.messages[0]).toMatch(
      new RegExp(`^Резерв №${domestic} уже в УПД № \\d+/\\d{4}: отмените тот УПД, чтобы составить новый$`),
    );
  });

  it('cancelled, the УПД keeps its number and the reserves make a new one with both lines, worked by hand', async () => {
    const before = (await ctx.call('GET', `/api/upd/${updId}`)).body;
    const stale = await ctx.call('POST', `/api/upd/${updId}/cancel`, 'admin', { version: before.version + 1 });
    expect(stale.status).toBe(409);
    const cancelled = await ctx.call('POST', `/api/upd/${updId}/cancel`, 'admin', { version: before.version });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      number: before.number,
      cancelled_by_name: expect.any(String),
    });
    expect(
      (await ctx.call('POST', `/api/upd/${updId}/cancel`, 'admin', { version: cancelled.body.version })).body.messages,
    ).toEqual(['УПД уже отменён']);

    const again = await ctx.call('POST', '/api/upd', 'admin', { reserve_ids: [domestic, foreign] });
    expect(again.status).toBe(201);
    expect(again.body.number).toBe(before.number + 1);
    // 20 × 400.00 = 8 000.00 (VAT 10 %: 727.27); 12.5 × 415.50 = 5 193.75 (VAT 22 %: 936.58)
    expect(again.body).toMatchObject({ sum_with_vat: '13193.75', vat_sum: '1663.85', sum_without_vat: '11529.90' });
    expect(again.body.lines[1]).toMatchObject({
      vat_rate: '22',
      vat_sum: '936.58',
      price: '340.57',
      origin_code: '704',
      origin_short: 'ВЬЕТНАМ',
      declaration: '10702070/051226/3001234',
    });
    const xml = await ctx.app.inject({
      method: 'GET',
      url: `/api/upd/${again.body.id}/xml`,
      headers: { authorization: `Bearer ${ctx.tokens.admin}` },
    });
    expect(updSchemaErrors(xml.rawPayload, again.body.file_id)).toEqual([]);
    expect(decodeCp1251(xml.rawPayload)).toContain('<СвДТ КодПроисх="704" НомерДТ="10702070/051226/3001234"/>');

    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/upd/${again.body.id}/pdf`,
      headers: { authorization: `Bearer ${ctx.tokens.admin}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // the print form carries the declaration's number whole, not cut to its first part
    const printed = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload, encoding: 'utf8' });
    expect(printed).toContain('10702070/051226/3001234');
    expect(printed).toContain('без акциза');

    const zip = await ctx.app.inject({
      method: 'GET',
      url: `/api/upd/edo.zip?buyer_id=${buyerId}`,
      headers: { authorization: `Bearer ${ctx.tokens.admin}` },
    });
    expect(zip.statusCode).toBe(200);
    const files = Object.keys((await JSZip.loadAsync(zip.rawPayload)).files);
    expect(files).toEqual([`${again.body.file_id}.xml`]);

    const list = await ctx.call('GET', `/api/upd?buyer_id=${buyerId}`);
    expect(list.body.data.map((d: { id: number; status: string }) => [d.id, d.status])).toEqual([
      [again.body.id, 'active'],
      [updId, 'cancelled'],
    ]);
  });

  it('refuses an active reserve and a zero price naming them; bad input is a 400 in Russian', async () => {
    const active = (
      await ctx.call(
        'POST',
        '/api/reserves',
        'admin',
        reserveForm(trade, (await trade.newOffer('50')).id, { unit_selling_price: '400', packs_amount: null }),
      )
    ).body.id;
    expect((await ctx.call('POST', '/api/upd', 'admin', { reserve_ids: [active] })).body.messages).toEqual([
      `УПД составляется по завершённым резервам; не завершены: №${active}`,
    ]);
    const zero = await sold('5', '400', 'Россия', '10');
    await ctx.db.execute(sql`UPDATE reserves SET unit_selling_price = 0 WHERE id = ${zero}`);
    expect((await ctx.call('POST', '/api/upd', 'admin', { reserve_ids: [zero] })).body.messages).toEqual([
      `Цена продажи равна нулю: №${zero}. Формат УПД не принимает нулевую цену`,
    ]);
    const bad = await ctx.call('POST', '/api/upd', 'admin', { reserve_ids: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.messages).toEqual(['Выберите завершённые резервы для УПД']);
    expect((await ctx.call('POST', '/api/upd', 'admin', { reserve_ids: [2147483647] })).status).toBe(404);
  });

  it("a lot that came in a shipment with a declaration carries the shipment's number, not the lot's own", async () => {
    const [{ id: shipment }] = rowsOf<{ id: number }>(
      await ctx.db.execute(sql`
      INSERT INTO shipments (name, dt_number, dt_date) VALUES ('Контейнер MSKU 7001', '10702030/051226/0054321', '2026-12-05')
      RETURNING id`),
    );
    const reserve = await sold('3', '400', 'Турция', '22', '10702070/011226/0000001');
    const lot = sql`(SELECT offer_id FROM reserves WHERE id = ${reserve})`;
    await ctx.db.execute(sql`UPDATE offers SET shipment_id = ${shipment} WHERE id = ${lot}`);
    const made = await ctx.call('POST', '/api/upd', 'admin', { reserve_ids: [reserve] });
    expect(made.status).toBe(201);
    expect(made.body.lines[0]).toMatchObject({ origin_code: '792', declaration: '10702030/051226/0054321' });
    // a shipment without a declaration leaves the lot's own number
    await ctx.db.execute(sql`UPDATE shipments SET dt_number = NULL WHERE id = ${shipment}`);
    const cancelled = await ctx.call('POST', `/api/upd/${made.body.id}/cancel`, 'admin', {
      version: made.body.version,
    });
    expect(cancelled.status).toBe(200);
    const again = await ctx.call('POST', '/api/upd', 'admin', { reserve_ids: [reserve] });
    expect(again.body.lines[0]).toMatchObject({ declaration: '10702070/011226/0000001' });
  });

  it("role 8 (no selling prices) and a supplier's user read no УПД; the manager does", async () => {
    for (const who of ['warehouse', 'supplier'] as const) {
      const res = await ctx.call('GET', '/api/upd', who);
      expect(res.status).toBe(403);
      expect((await ctx.call('GET', `/api/upd/${updId}/xml`, who)).status).toBe(403);
    }
    expect((await ctx.call('GET', '/api/upd', 'warehouse')).body.message).toBe(
      'УПД недоступны для вашей роли: нужны право на резервы и видимость цен продажи',
    );
    expect((await ctx.call('GET', `/api/upd/${updId}`, 'manager')).status).toBe(200);
  });

  it('a lot country the classifier does not name is listed for the administrator and mapped once', async () => {
    const offer = await trade.newOffer('10', { origin_country: 'Вьетнам (Хошимин)' });
    const listed = await ctx.call('GET', '/api/upd/countries');
    expect(listed.body.unmapped).toEqual(expect.arrayContaining([{ text: 'Вьетнам (Хошимин)', offers: 1 }]));
    expect((await ctx.call('GET', '/api/upd/countries', 'manager')).status).toBe(403);
    const mapped = await ctx.call('PUT', '/api/upd/countries', 'admin', { text: 'Вьетнам (Хошимин)', code: '704' });
    expect(mapped.status).toBe(200);
    expect(mapped.body.unmapped.some((t: { text: string }) => t.text === 'Вьетнам (Хошимин)')).toBe(false);
    expect(mapped.body.mapped).toEqual(
      expect.arrayContaining([{ text: 'вьетнам хошимин', code: '704', short: 'ВЬЕТНАМ' }]),
    );
    expect(
      (await ctx.call('PUT', '/api/upd/countries', 'admin', { text: 'Атлантида', code: '999' })).body.messages,
    ).toEqual(['Код ОКСМ 999 не найден в справочнике стран']);
    expect(offer.id).toBeGreaterThan(0);
  });
});
