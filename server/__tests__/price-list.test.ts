// A buyer's price list (issue 23): a line worked out by hand from the stored offer, settings and matrix, to the
// kopeck; who may build one (403s in Russian); the files; the buyer's link (expiry, revocation, live stock) and
// that its public answer holds nothing of the trader's internals.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createDemoApp, type DemoContext } from './testApp';
import { firstRow } from '../db/rows';
import { kilogramTrade, reserveForm, today, tomorrow, type Trade } from './trade';
import { addDays } from '../../domain/businessDay';
import { businessDayStart, TIME_ZONE_DEFAULT } from '../../domain/businessDay';
import { PRICE_LIST_MSG } from '../../domain/priceList/access';

let ctx: DemoContext;
let trade: Trade;
let kazan: number;
let productId: number;
let kgOffer: number;
let pieceOffer: number;
let noRouteCity: number;

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1990);
  kazan = firstRow<{ id: number }>(await ctx.db.execute(sql`SELECT id FROM cities WHERE name = 'Казань'`))!.id;
  // a product of its own, so the list holds exactly the two offers below
  productId = (await ctx.call('POST', '/api/products', 'admin', { name: 'Орех макадамия' })).body.id;
  // by the kilogram, 300 ₽/kg, loaded in the first city; the matrix: 7.50 ₽/kg and 4 days to Kazan
  kgOffer = (await trade.newOffer('500', { product_id: productId })).id;
  await ctx.db
    .execute(sql`INSERT INTO city_delivery (from_city_id, to_city_id, cost, days) VALUES (${trade.cityIds[0]}, ${kazan}, 7.5, 4)
    ON CONFLICT (from_city_id, to_city_id) DO UPDATE SET cost = 7.5, days = 4`);
  // by the piece: 0.25 kg at 100 ₽, packs of 12, loaded in a city with no route to Kazan
  noRouteCity = trade.cityIds[2] === kazan ? trade.cityIds[1] : trade.cityIds[2];
  await ctx.db.execute(sql`DELETE FROM city_delivery WHERE from_city_id = ${noRouteCity} AND to_city_id = ${kazan}`);
  pieceOffer = (
    await trade.newOffer('240', {
      product_id: productId,
      unit_measure: 'шт',
      unit_weight: '0.25',
      unit_price: '100',
      units_per_pack: '12',
      city_id: noRouteCity,
    })
  ).id;
}, 120_000);

afterAll(() => ctx?.close());

const listUrl = (extra = '') => `/api/price-list?city_id=${kazan}&product_id=${productId}${extra}`;

test("a line is the reserve calculation with the matrix's delivery, to the kopeck", async () => {
  // what is stored: the offers, the settings (trade.ts) and the route
  const stored = firstRow<{ kg: string; w: string; pkg: string; pw: string; cost: string; days: number }>(
    await ctx.db.execute(sql`
    SELECT a.kg_price::text AS kg, a.unit_weight::text AS w, b.kg_price::text AS pkg, b.unit_weight::text AS pw, d.cost::text AS cost, d.days
    FROM offers a, offers b, city_delivery d
    WHERE a.id = ${kgOffer} AND b.id = ${pieceOffer} AND d.from_city_id = a.city_id AND d.to_city_id = ${kazan}`),
  )!;
  expect(stored).toEqual({ kg: '300.00', w: '1.000', pkg: '400.00', pw: '0.250', cost: '7.50', days: 4 });
  const settings = Object.fromEntries(
    (
      (await ctx.db.execute(sql`SELECT name, value FROM business_settings`)) as unknown as {
        rows: { name: string; value: string }[];
      }
    ).rows.map((r) => [r.name, r.value]),
  );
  expect(settings).toMatchObject({
    delivery_cost_default: '15',
    costs_per_kg: '12',
    min_markup: '0.1',
    max_markup: '0.35',
  });

  // markup 20 %: cost = (7.50 + 300.00 + 12) × 1 = 319.50; price = 319.50 × 1.20 = 383.40; per kg the same
  // the piece: no route, so delivery 15 (default); cost = (15 + 400.00 + 12) × 0.25 = 106.75;
  // price = 106.75 × 1.20 = 128.10; per kg 128.10 / 0.25 = 512.40
  const res = await ctx.call('GET', listUrl('&level=percent&markup=20'));
  expect(res.status).toBe(200);
  expect(res.body.city).toEqual({ id: kazan, name: 'Казань' });
  expect(res.body.lines).toEqual([
    {
      offer_id: kgOffer,
      product: 'Орех макадамия',
      variety: null,
      harvest_year: '1990/91',
      origin_country: 'Иран',
      packing: expect.any(String),
      unit_measure: 'кг',
      available_amount: '500.00',
      available_packs: '50.0',
      unit_price: '383.40',
      kg_price: '383.40',
      delivery_cost: '7.50',
      delivery_days: 4,
      default_delivery: false,
      // an imported lot without its phytosanitary certificate (issue 39): marked
      documents_blocking: ['Фитосанитарный сертификат'],
      logistics_state: 'stock',
      expected_arrival: null,
      // in rubles: no rate of the Bank
      rate_date: null,
    },
    {
      offer_id: pieceOffer,
      product: 'Орех макадамия',
      variety: null,
      harvest_year: '1991/92',
      origin_country: 'Иран',
      packing: expect.any(String),
      unit_measure: 'шт',
      available_amount: '240.00',
      available_packs: '20.0',
      unit_price: '128.10',
      kg_price: '512.40',
      delivery_cost: '15.00',
      delivery_days: null,
      default_delivery: true,
      documents_blocking: ['Фитосанитарный сертификат'],
      logistics_state: 'stock',
      expected_arrival: null,
      // in rubles: no rate of the Bank
      rate_date: null,
    },
  ]);

  // sorted by the price per kg: 383.40 before 512.40
  // the band's minimum: 319.50 × 1.10 = 351.45; 106.75 × 1.10 = 117.425 → 117.43 (half up), per kg
  // 117.43 / 0.25 = 469.72
  const min = await ctx.call('GET', listUrl('&level=min'));
  expect(min.body.lines.map((l: { unit_price: string; kg_price: string }) => [l.unit_price, l.kg_price])).toEqual([
    ['351.45', '351.45'],
    ['117.43', '469.72'],
  ]);
  // the maximum: 319.50 × 1.35 = 431.325 → 431.33; 106.75 × 1.35 = 144.1125 → 144.11
  const max = await ctx.call('GET', listUrl('&level=max'));
  expect(max.body.lines.map((l: { unit_price: string }) => l.unit_price)).toEqual(['431.33', '144.11']);
  // to 10 ₽: 383.40 → 380, 128.10 → 130; to 1 ₽: 383, 128; the minimum to 10 ₽: 351.45 → 350 is under the
  // band's 351.45, so one step up: 360; 117.43 → 120
  expect(
    (await ctx.call('GET', listUrl('&level=percent&markup=20&rounding=10'))).body.lines.map(
      (l: { unit_price: string }) => l.unit_price,
    ),
  ).toEqual(['380.00', '130.00']);
  expect(
    (await ctx.call('GET', listUrl('&level=percent&markup=20&rounding=1'))).body.lines.map(
      (l: { unit_price: string }) => l.unit_price,
    ),
  ).toEqual(['383.00', '128.00']);
  expect(
    (await ctx.call('GET', listUrl('&level=min&rounding=10'))).body.lines.map(
      (l: { unit_price: string }) => l.unit_price,
    ),
  ).toEqual(['360.00', '120.00']);
});

test('the quoted price is one the reserve card accepts for the same offer, city and delivery', async () => {
  const line = (await ctx.call('GET', listUrl('&level=min&rounding=10'))).body.lines.find(
    (l: { offer_id: number }) => l.offer_id === kgOffer,
  );
  const res = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, kgOffer, {
      amount: '10',
      city_id: kazan,
      delivery_cost: line.delivery_cost,
      delivery_days: String(line.delivery_days),
      unit_selling_price: line.unit_price,
    }),
  );
  expect(res.status).toBe(201);
  expect(res.body.unit_selling_price).toBe('360.00');
  // the stock the list shows is live: 500 − 10
  const after = await ctx.call('GET', listUrl('&level=min'));
  expect(after.body.lines.find((l: { offer_id: number }) => l.offer_id === kgOffer).available_amount).toBe('490.00');
});

test('filters: minimum available amount, harvest year, origin', async () => {
  expect(
    (await ctx.call('GET', listUrl('&min_available=300'))).body.lines.map((l: { offer_id: number }) => l.offer_id),
  ).toEqual([kgOffer]);
  expect(
    (await ctx.call('GET', listUrl('&harvest_year=1991/92'))).body.lines.map((l: { offer_id: number }) => l.offer_id),
  ).toEqual([pieceOffer]);
  expect((await ctx.call('GET', listUrl('&origin_country=Турция'))).body.lines).toEqual([]);
});

test('bad requests answer 400 in Russian', async () => {
  expect((await ctx.call('GET', '/api/price-list')).body.messages).toEqual([PRICE_LIST_MSG.city]);
  // validity: at most 90 days from the business day (issue 34: '9999-12-31' answered 500)
  const [y, m, d] = addDays(today, 90).split('-');
  for (const far of [addDays(today, 91), '9999-12-31']) {
    const res = await ctx.call('POST', '/api/price-list/links', 'admin', { city_id: kazan, valid_until: far });
    expect([far, res.status, res.body.messages]).toEqual([
      far,
      400,
      [`Срок действия — не больше 90 дней: не позже ${d}.${m}.${y}`],
    ]);
  }
  expect((await ctx.call('GET', listUrl(`&valid_until=${addDays(today, 91)}`))).status).toBe(400);
  expect((await ctx.call('GET', listUrl(`&valid_until=${addDays(today, 90)}`))).status).toBe(200);
  expect(
    await ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM price_list_links WHERE valid_until > ${addDays(today, 90)}`,
    ),
  ).toMatchObject({ rows: [{ n: 0 }] });
  const outside = await ctx.call('GET', listUrl('&level=percent&markup=50'));
  expect(outside.status).toBe(400);
  expect(outside.body.messages).toEqual(['Наценка должна быть от 10 до 35 %']);
  expect((await ctx.call('GET', listUrl('&level=percent'))).body.messages).toEqual([PRICE_LIST_MSG.markupMissing]);
  expect((await ctx.call('GET', listUrl('&valid_until=2000-01-01'))).body.messages).toEqual([
    PRICE_LIST_MSG.validUntil,
  ]);
  expect((await ctx.call('GET', `/api/price-list?city_id=999999`)).body.messages).toEqual([PRICE_LIST_MSG.cityMissing]);
  expect((await ctx.call('GET', listUrl('&level=cheap'))).status).toBe(400);
});

test('role 1, the sales manager who quotes buyers, gets the price list, its files and links: lines priced on the server, no loading city (issue 33)', async () => {
  // role 1 does not see the offers' loading city; the lines name none, so its list is the administrator's to the kopeck
  const asManager = await ctx.call('GET', listUrl('&level=percent&markup=20'), 'manager');
  const asAdmin = await ctx.call('GET', listUrl('&level=percent&markup=20'), 'admin');
  expect(asManager.status).toBe(200);
  expect(asManager.body).toEqual(asAdmin.body);
  // (7.50 + 300 + 12) × 1.20 = 383.40 by the route from the loading city it does not see; the piece on the default 15
  expect(
    asManager.body.lines.map((l: Record<string, unknown>) => [
      l.unit_price,
      l.kg_price,
      l.delivery_cost,
      l.delivery_days,
      l.default_delivery,
    ]),
  ).toEqual([
    ['383.40', '383.40', '7.50', 4, false],
    ['128.10', '512.40', '15.00', null, true],
  ]);
  expect(JSON.stringify(asManager.body)).not.toMatch(/city_id|loading/);
  expect(Object.keys(asManager.body.lines[0])).not.toContain('city');
  const pdf = await ctx.app.inject({
    method: 'GET',
    url: `/api/price-list/export?format=pdf&city_id=${kazan}&product_id=${productId}&level=max`,
    headers: { authorization: `Bearer ${ctx.tokens.manager}` },
  });
  expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
  const link = await ctx.call('POST', '/api/price-list/links', 'manager', {
    city_id: kazan,
    product_id: [productId],
    level: 'max',
    valid_until: tomorrow,
  });
  expect(link.status).toBe(201);
  const token = String(link.body.url).split('/').pop();
  const buyer = await ctx.app.inject({ method: 'GET', url: `/api/public/price-list/${token}` });
  expect(buyer.statusCode).toBe(200);
  // max level: (7.50 + 300 + 12) × 1.35 = 431.325 → 431.33
  expect(buyer.json().lines.map((l: { price: string }) => l.price)[0]).toBe('431.33');
});

test('roles that do not see the selling band, and suppliers, get 403 in Russian', async () => {
  // role 8 (warehouse) sees no selling band; a supplier's user never
  for (const who of ['warehouse', 'supplier'] as const) {
    for (const [method, url] of [
      ['GET', listUrl()],
      ['GET', `${listUrl()}&format=pdf`.replace('/api/price-list?', '/api/price-list/export?')],
      ['GET', '/api/price-list/links'],
      ['POST', '/api/price-list/links'],
    ] as const) {
      const res = await ctx.call(
        method,
        url,
        who,
        method === 'POST' ? { city_id: kazan, valid_until: tomorrow } : undefined,
      );
      expect([who, url, res.status, res.body.message]).toEqual([who, url, 403, PRICE_LIST_MSG.forbidden]);
    }
  }
});

test('XLSX and PDF carry the list for the buyer', async () => {
  const xlsx = await ctx.app.inject({
    method: 'GET',
    url: `/api/price-list/export?format=xlsx&city_id=${kazan}&product_id=${productId}&level=max&valid_until=${tomorrow}`,
    headers: { authorization: `Bearer ${ctx.tokens.admin}` },
  });
  expect(xlsx.statusCode).toBe(200);
  expect(xlsx.headers['content-disposition']).toContain(encodeURIComponent('Прайс-лист Казань'));
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  expect(sheet.getCell(2, 1).value).toBe('Город доставки: Казань');
  const header = sheet.getRow(6).values as unknown[];
  expect(header).toContain('Цена за ед., ₽');
  expect(header).not.toContain('Доставка, ₽/кг');
  expect(sheet.getRow(7).getCell(9).value).toBe(431.33);

  const pdf = await ctx.app.inject({
    method: 'GET',
    url: `/api/price-list/export?format=pdf&city_id=${kazan}&product_id=${productId}&level=max`,
    headers: { authorization: `Bearer ${ctx.tokens.admin}` },
  });
  expect(pdf.statusCode).toBe(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  const bytes = pdf.rawPayload.toString('latin1');
  expect(bytes.startsWith('%PDF-')).toBe(true);
  expect(bytes).toMatch(/\/FontFile2/); // the TrueType font embedded
  expect(bytes).toMatch(/DejaVuSans/);
  expect(bytes).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/); // A4
});

/** Every name the trader's own records carry that a buyer must never see. */
const INTERNAL_NAMES = [
  'offer_id',
  'unit_price',
  'kg_price',
  'total_sum',
  'warehouse_cost',
  'warehouse_delivery_cost',
  'min_unit_price',
  'max_unit_price',
  'supplier',
  'supplier_id',
  'suppliers_ids',
  'inn',
  'city_id',
  'loading_address',
  'created_by',
  'user_id',
  'cost',
  'delivery_cost',
  'costs_per_kg',
  'min_markup',
  'max_markup',
  'markup',
  'marginality',
  'margin',
  'min_selling_price',
  'max_selling_price',
  'cost_per_unit',
  'default_delivery',
  'reserved_amount',
  'purchased_amount',
  'unit_amount',
  'token',
  'id',
];

test("the buyer's link: public, only the buyer's columns, live, expiring and revocable", async () => {
  const created = await ctx.call('POST', '/api/price-list/links', 'admin', {
    city_id: kazan,
    product_id: [productId],
    level: 'percent',
    markup: 20,
    rounding: '10',
    valid_until: today,
  });
  expect(created.status).toBe(201);
  expect(created.body.url).toMatch(/\/p\/[A-Za-z0-9_-]{43}$/);
  const token = created.body.url.split('/p/')[1];
  // no sign-in
  const read = await ctx.app.inject({ method: 'GET', url: `/api/public/price-list/${token}` });
  expect(read.statusCode).toBe(200);
  const body = read.json();
  expect(body).toEqual({
    company: 'NutDesk',
    city: 'Казань',
    date: today,
    valid_until: today,
    // its lots are in rubles: no rate of the Bank to name
    rate_note: null,
    lines: [
      {
        product: 'Орех макадамия',
        variety: null,
        harvest_year: '1990/91',
        origin_country: 'Иран',
        packing: expect.any(String),
        unit_measure: 'кг',
        available_amount: '490.00',
        available_packs: '49.0',
        price: '380.00',
        price_per_kg: '380.00',
        delivery_days: 4,
        logistics_state: 'stock',
        expected_arrival: null,
        documents: [],
      },
      {
        product: 'Орех макадамия',
        variety: null,
        harvest_year: '1991/92',
        origin_country: 'Иран',
        packing: expect.any(String),
        unit_measure: 'шт',
        available_amount: '240.00',
        available_packs: '20.0',
        price: '130.00',
        price_per_kg: '520.00',
        delivery_days: null,
        logistics_state: 'stock',
        expected_arrival: null,
        documents: [],
      },
    ],
    // issue 34: a page of the list (public-pages.test.ts)
    pagination: { totalItems: 2, currentPage: 1, firstPage: 1, lastPage: 1, perPage: 100, pageCount: 1 },
  });
  // the leak scan: no internal key anywhere, and none of the internal values (purchase prices, the supplier, the
  // loading address and city, delivery costs)
  const keys = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        keys.add(k);
        walk(x);
      }
  };
  walk(body);
  expect([...keys].filter((k) => INTERNAL_NAMES.includes(k))).toEqual([]);
  const supplier = firstRow<{ name: string; inn: string; city: string }>(
    await ctx.db.execute(sql`
    SELECT s.name, s.inn, c.name AS city FROM suppliers s, offers o JOIN cities c ON c.id = o.city_id WHERE o.id = ${kgOffer} AND s.id = o.supplier_id`),
  )!;
  for (const secret of [
    supplier.name,
    supplier.inn,
    supplier.city,
    'Складская',
    '300.00',
    '400.00',
    '7.50',
    '15.00',
    String(kgOffer),
    String(pieceOffer),
  ]) {
    expect([secret, read.body.includes(secret)]).toEqual([secret, false]);
  }

  // live: a reserve of 40 more takes the stock down at the next read
  await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, kgOffer, { amount: '40', city_id: kazan, unit_selling_price: '360' }),
  );
  expect(
    (await ctx.app.inject({ method: 'GET', url: `/api/public/price-list/${token}` })).json().lines[0].available_amount,
  ).toBe('450.00');

  // listed on the page, then revoked: 410 with the reason; someone else cannot revoke it
  const links = await ctx.call('GET', '/api/price-list/links');
  expect(links.body[0]).toMatchObject({
    id: created.body.id,
    url: created.body.url,
    status: 'active',
    valid_until: today,
    city: { id: kazan, name: 'Казань' },
  });
  expect((await ctx.call('DELETE', `/api/price-list/links/${created.body.id}`, 'warehouse')).status).toBe(403);
  // role 1 builds price lists of its own (issue 33), but another's link is not its to revoke
  expect((await ctx.call('DELETE', `/api/price-list/links/${created.body.id}`, 'manager')).status).toBe(404);
  expect((await ctx.call('DELETE', '/api/price-list/links/999999')).status).toBe(404);
  expect((await ctx.call('DELETE', `/api/price-list/links/${created.body.id}`)).body).toEqual({ status: 'success' });
  const revoked = await ctx.app.inject({ method: 'GET', url: `/api/public/price-list/${token}` });
  expect([revoked.statusCode, revoked.json().message]).toEqual([410, PRICE_LIST_MSG.linkGone]);
  expect((await ctx.call('GET', '/api/price-list/links')).body[0].status).toBe('revoked');
});

test('a link expires with its validity day; a token nobody issued is not found', async () => {
  const created = await ctx.call('POST', '/api/price-list/links', 'admin', { city_id: kazan, valid_until: today });
  const token = created.body.url.split('/p/')[1];
  // it ends at the start of the next day
  const expires = new Date(created.body.expires_at);
  // (the business day's end: 00:00 of the next day in the business zone, Europe/Moscow)
  expect(expires.toISOString()).toBe(businessDayStart(tomorrow, TIME_ZONE_DEFAULT).toISOString());
  expect((await ctx.app.inject({ method: 'GET', url: `/api/public/price-list/${token}` })).statusCode).toBe(200);
  // the day is over
  await ctx.db.execute(
    sql`UPDATE price_list_links SET expires_at = now() - interval '1 second' WHERE id = ${created.body.id}`,
  );
  const expired = await ctx.app.inject({ method: 'GET', url: `/api/public/price-list/${token}` });
  expect([expired.statusCode, expired.json().message]).toEqual([410, PRICE_LIST_MSG.linkGone]);
  expect(
    (await ctx.call('GET', '/api/price-list/links')).body.find((l: { id: number }) => l.id === created.body.id).status,
  ).toBe('expired');
  const unknown = await ctx.app.inject({ method: 'GET', url: `/api/public/price-list/${'x'.repeat(43)}` });
  expect([unknown.statusCode, unknown.json().message]).toEqual([404, PRICE_LIST_MSG.linkNotFound]);
  // a link needs its validity, and one in the past is refused
  expect((await ctx.call('POST', '/api/price-list/links', 'admin', { city_id: kazan })).body.messages).toEqual([
    PRICE_LIST_MSG.validUntilMissing,
  ]);
  expect(
    (await ctx.call('POST', '/api/price-list/links', 'admin', { city_id: kazan, valid_until: '2000-01-01' })).body
      .messages,
  ).toEqual([PRICE_LIST_MSG.validUntil]);
});

test("a lot on its way is sold before it arrives: the list, the files and the buyer's link say when it is expected (issue 40)", async () => {
  const arrival = addDays(today, 12);
  const [y, m, d] = arrival.split('-');
  await ctx.db.execute(
    sql`UPDATE offers SET logistics_state = 'in_transit', expected_arrival = ${arrival} WHERE id = ${pieceOffer}`,
  );
  const lines = (await ctx.call('GET', listUrl('&level=max'))).body.lines;
  expect(
    lines.map((l: { offer_id: number; logistics_state: string; expected_arrival: string | null }) => [
      l.offer_id,
      l.logistics_state,
      l.expected_arrival,
    ]),
  ).toEqual([
    [kgOffer, 'stock', null],
    [pieceOffer, 'in_transit', arrival],
  ]);

  // the XLSX's 'Наличие' column: the lot on stock, the one expected
  const xlsx = await ctx.app.inject({
    method: 'GET',
    url: `/api/price-list/export?format=xlsx&city_id=${kazan}&product_id=${productId}&level=max`,
    headers: { authorization: `Bearer ${ctx.tokens.admin}` },
  });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const column = (sheet.getRow(6).values as unknown[]).indexOf('Наличие');
  expect(column).toBeGreaterThan(0);
  expect([sheet.getRow(7).getCell(column).value, sheet.getRow(8).getCell(column).value]).toEqual([
    'на складе',
    `с ${d}.${m}.${y}`,
  ]);

  // the buyer's link carries the state and the day, nothing else of the lot's way
  const created = await ctx.call('POST', '/api/price-list/links', 'admin', {
    city_id: kazan,
    product_id: [productId],
    level: 'max',
    valid_until: tomorrow,
  });
  const token = created.body.url.split('/p/')[1];
  const buyer = (await ctx.app.inject({ method: 'GET', url: `/api/public/price-list/${token}` })).json();
  expect(
    buyer.lines.map((l: { logistics_state: string; expected_arrival: string | null }) => [
      l.logistics_state,
      l.expected_arrival,
    ]),
  ).toEqual([
    ['stock', null],
    ['in_transit', arrival],
  ]);
});

test("a buyer's link holds its prices until its date (issue 51): a markup or price change does not move them, a lot gone is marked, 'Обновить цены' makes a new link", async () => {
  const created = await ctx.call('POST', '/api/price-list/links', 'admin', {
    city_id: kazan,
    product_id: [productId],
    level: 'min',
    valid_until: tomorrow,
  });
  expect(created.status).toBe(201);
  const tokenOf = (url: string) => url.split('/p/')[1];
  const read = async (token: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/public/price-list/${token}` })).json();
  type Line = { price: string; price_per_kg: string; available_amount: string; unavailable?: string };
  const priced = async (token: string) =>
    (await read(token)).lines.map((l: Line) => [l.price, l.price_per_kg, l.unavailable ?? null]);
  const live = async () =>
    (await ctx.call('GET', listUrl('&level=min'))).body.lines.map((l: { unit_price: string; kg_price: string }) => [
      l.unit_price,
      l.kg_price,
    ]);
  // the band's minimum at 0,10: (7.50 + 300.00 + 12) × 1.10 = 351.45; the piece (15 + 400 + 12) × 0.25 × 1.10 = 117.43, per kg 469.72
  const held = [
    ['351.45', '351.45', null],
    ['117.43', '469.72', null],
  ];
  expect(await priced(tokenOf(created.body.url))).toEqual(held);

  const markup = (value: string) =>
    ctx.db.execute(sql`UPDATE business_settings SET value = ${value} WHERE name = 'min_markup'`);
  await markup('0.2');
  try {
    // markup 0,10 → 0,20: the list moves to 319.50 × 1.20 = 383.40 (the piece 106.75 × 1.20 = 128.10, per kg 512.40); the link stays
    expect(await live()).toEqual([
      ['383.40', '383.40'],
      ['128.10', '512.40'],
    ]);
    expect(await priced(tokenOf(created.body.url))).toEqual(held);
    // the offer's price 300 → 350 ₽/kg: the list (7.50 + 350 + 12) × 1.20 = 443.40; the link stays
    const offer = (await ctx.call('GET', `/api/offers/${kgOffer}`)).body;
    expect((await ctx.change('PATCH', `/api/offers/${kgOffer}`, 'admin', { unit_price: '350' })).status).toBe(200);
    expect((await live())[0]).toEqual(['443.40', '443.40']);
    expect(await priced(tokenOf(created.body.url))).toEqual(held);

    // its stock is live: all of it reserved, the line says 'нет в наличии'; purchased out, 'распродано'; the price kept
    const free = firstRow<{ available: string }>(
      await ctx.db.execute(
        sql`SELECT round(available_amount, 2)::text AS available FROM offers WHERE id = ${offer.id}`,
      ),
    )!.available;
    const reserve = await ctx.call(
      'POST',
      '/api/reserves',
      'admin',
      reserveForm(trade, kgOffer, { amount: free, city_id: kazan, unit_selling_price: '480' }),
    );
    expect(reserve.status).toBe(201);
    const first = async () => (await read(tokenOf(created.body.url))).lines[0] as Line;
    expect(await first()).toMatchObject({ price: '351.45', available_amount: '0.00', unavailable: 'нет в наличии' });
    // every reserve on it completed (the earlier tests' too): nothing held, all purchased
    const open = (
      (await ctx.db.execute(
        sql`SELECT id FROM reserves WHERE offer_id = ${kgOffer} AND status = 'active' ORDER BY id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    expect(open.map((r) => r.id)).toContain(reserve.body.id);
    for (const r of open)
      expect((await ctx.change('POST', `/api/reserves/${r.id}/complete`, 'admin', {})).status).toBe(200);
    expect(await first()).toMatchObject({ price: '351.45', available_amount: '0.00', unavailable: 'распродано' });
    // the piece withdrawn: 'снято', its price kept
    expect((await ctx.call('DELETE', '/api/offers', 'admin', { ids: [pieceOffer] })).body.deleted).toBe(1);
    expect(await priced(tokenOf(created.body.url))).toEqual([
      ['351.45', '351.45', 'распродано'],
      ['117.43', '469.72', 'снято'],
    ]);

    // 'Обновить цены': a new link with today's prices (nothing of the product is left to sell); the old one keeps its promise
    const restocked = await trade.newOffer('100', { product_id: productId });
    const renewed = await ctx.call('POST', `/api/price-list/links/${created.body.id}/renew`);
    expect(renewed.status).toBe(201);
    expect(renewed.body.url).not.toBe(created.body.url);
    // a fresh lot at 300 ₽/kg on today's markup: 319.50 × 1.20 = 383.40
    expect(await priced(tokenOf(renewed.body.url))).toEqual([['383.40', '383.40', null]]);
    expect((await read(tokenOf(renewed.body.url))).valid_until).toBe(tomorrow);
    expect((await priced(tokenOf(created.body.url)))[0]).toEqual(['351.45', '351.45', 'распродано']);
    expect(restocked.id).toBeGreaterThan(0);
    // another's link is not the caller's to renew; a revoked one says to make a new one
    expect((await ctx.call('POST', `/api/price-list/links/${created.body.id}/renew`, 'manager')).status).toBe(404);
    await ctx.call('DELETE', `/api/price-list/links/${created.body.id}`);
    expect((await ctx.call('POST', `/api/price-list/links/${created.body.id}/renew`)).body.messages).toEqual([
      'Ссылка отозвана или истекла: создайте новую',
    ]);
  } finally {
    await markup('0.1');
  }
});
