// Lot documents (issue 39): an offer's documents typed and dated, the state of a lot's papers on the business day,
// reserves of a lot that cannot ship warned or refused, the expiry notices given once per document and day across
// two instances, and a buyer's link serving the documents marked for buyers and nothing else.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createDemoApp, secondInstance, type DemoContext, type DemoUser } from './testApp';
import { kilogramTrade, reserveForm, type Trade } from './trade';
import { firstRow, rowsOf } from '../db/rows';
import { documentsStateOn } from '../records/documentsState';
import { businessToday } from '../../domain/businessDay';

const businessDay = (moment: Date, zone: string) => businessToday(zone, moment);
import { runDocumentNotices } from '../sections/offers/documentsJob';
import { DOCUMENT_MSG, type DocumentsState } from '../../domain/offers/documents';
import { lotTitle } from '../../domain/offers/lot';
import { VERSION_MSG, staleText } from '../../domain/versions';
import { formatDateTime } from '../../domain/format';

let ctx: DemoContext;
let trade: Trade;
let types: Record<string, number>;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const day = (offset: number) => {
  const d = new Date(`${businessDay(new Date(), 'Europe/Moscow')}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/** POST /api/offers/{id}/documents as a card sends it: a multipart form with the file and its fields. */
async function addDocument(
  offerId: number,
  fields: Record<string, string>,
  who: DemoUser = 'admin',
  file = { name: 'сертификат.pdf', content: PDF },
) {
  const boundary = '----nutdesk-documents';
  const parts = [
    ...Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${encodeURIComponent(file.name) === file.name ? file.name : file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/offers/${offerId}/documents`,
    payload: Buffer.concat(parts),
    headers: {
      authorization: `Bearer ${ctx.tokens[who]}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  return { status: res.statusCode, body: res.json() };
}

const stateOf = async (offerId: number, who: DemoUser = 'admin') =>
  (await ctx.call('GET', `/api/offers/${offerId}`, who)).body.documents_state as DocumentsState;
const count = async (table: string) =>
  firstRow<{ n: number }>(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))!.n;

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1990);
  types = Object.fromEntries(
    rowsOf<{ code: string; id: number }>(
      await ctx.db.execute(sql`SELECT code, id FROM document_types WHERE code IS NOT NULL`),
    ).map((t) => [t.code, t.id]),
  );
}, 120_000);

afterAll(() => ctx?.close());

test('the types are a reference like packing: the six seeded, the admin adds one in the references tab', async () => {
  const list = await ctx.call('GET', '/api/lists/document_types/items', 'warehouse');
  expect(list.status).toBe(200);
  expect(list.body.map((t: { name: string; expires: boolean }) => [t.name, t.expires])).toEqual([
    ['Декларация о соответствии ЕАЭС', true],
    ['Фитосанитарный сертификат', true],
    ['Карантинный сертификат', true],
    ['Сертификат качества', true],
    ['Протокол испытаний', false],
    ['Другое', false],
  ]);
  const added = await ctx.call('POST', '/api/admin/document_types', 'admin', {
    name: 'Ветеринарное свидетельство',
    expires: true,
  });
  expect([added.status, added.body.name, added.body.expires, added.body.used]).toEqual([
    201,
    'Ветеринарное свидетельство',
    true,
    0,
  ]);
  expect((await ctx.call('POST', '/api/admin/document_types', 'admin', { name: 'другое' })).body.message).toBe(
    'Тип документа «Другое» уже есть',
  );
  expect((await ctx.call('POST', '/api/admin/document_types', 'manager', { name: 'Ещё один' })).status).toBe(403);
});

test('an imported lot lacks its phytosanitary certificate; a certificate ten days from expiry makes it "Истекает через 10 дн."', async () => {
  const offer = await trade.newOffer('100');
  expect(await stateOf(offer.id)).toEqual({
    state: 'missing',
    missing: ['Фитосанитарный сертификат'],
    expired: [],
    blocking: ['Фитосанитарный сертификат'],
    expires_on: null,
    days_left: null,
  });

  const added = await addDocument(offer.id, {
    type_id: String(types.phytosanitary),
    number: 'ФС-77/123',
    issued_on: day(-5),
    valid_until: day(10),
    issuer: 'Россельхознадзор',
    shareable: 'true',
  });
  expect(added.status).toBe(201);
  expect(added.body).toMatchObject({
    type: { id: types.phytosanitary, name: 'Фитосанитарный сертификат' },
    number: 'ФС-77/123',
    issued_on: day(-5),
    valid_until: day(10),
    issuer: 'Россельхознадзор',
    shareable: true,
    values: { aflatoxin_b1: null, moisture: null },
    version: 1,
    name: 'сертификат.pdf',
  });
  expect(await stateOf(offer.id)).toEqual({
    state: 'expiring',
    missing: [],
    expired: [],
    blocking: [],
    expires_on: day(10),
    days_left: 10,
  });
  // the offer's read carries the document; its file downloads for whoever reads the offer (role 8 too)
  const read = await ctx.call('GET', `/api/offers/${offer.id}`, 'warehouse');
  expect(read.body.documents).toEqual([added.body]);
  const file = await ctx.app.inject({
    method: 'GET',
    url: added.body.url,
    headers: { authorization: `Bearer ${ctx.tokens.warehouse}` },
  });
  expect([file.statusCode, file.rawPayload.equals(PDF)]).toEqual([200, true]);

  // the list's column and its filter
  const expiring = await ctx.call('GET', `/api/offers?offers_ids=${offer.id}&documents_state=expiring`);
  expect(
    expiring.body.data.map((r: { id: number; documents_state: DocumentsState }) => [r.id, r.documents_state.state]),
  ).toEqual([[offer.id, 'expiring']]);
  expect(
    (await ctx.call('GET', `/api/offers?offers_ids=${offer.id}&documents_state=missing&documents_state=expired`)).body
      .data,
  ).toEqual([]);
  const config = await ctx.call('GET', '/api/offers/filter_config');
  expect(config.body.documents_state).toMatchObject({
    title: 'Состояние документов',
    type: 'enumeration',
    options: [
      { title: 'В порядке', value: 'ok' },
      { title: 'Истекает', value: 'expiring' },
      { title: 'Истёк', value: 'expired' },
      { title: 'Не хватает документов', value: 'missing' },
    ],
  });
  // the export's column reads as the list's: the state and its first expiry
  const other = await trade.newOffer('100');
  const csv = await ctx.app.inject({
    method: 'GET',
    url: `/api/offers/export?format=csv&offers_ids=${offer.id}&offers_ids=${other.id}&columns=id&columns=documents_state&sort=id&order=asc`,
    headers: { authorization: `Bearer ${ctx.tokens.admin}` },
  });
  expect(csv.statusCode).toBe(200);
  expect(csv.body.split('\r\n').slice(1, 3)).toEqual([
    `${offer.id};Истекает через 10 дн. · до ${day(10).split('-').reverse().join('.')}`,
    `${other.id};Не хватает: Фитосанитарный сертификат`,
  ]);
});

test('states from dates on the business day, in the business time zone', async () => {
  const offer = await trade.newOffer('100', { origin_country: 'Россия' });
  expect(await stateOf(offer.id)).toMatchObject({ state: 'ok', missing: [], expires_on: null });
  await addDocument(offer.id, { type_id: String(types.quality), number: 'СК-1', valid_until: '2026-12-01' });
  const at = (today: string) => documentsStateOn(ctx.db, offer.id, today);
  // 22:30 UTC on 1 December is already 2 December in Moscow: the certificate valid until 1 December has lapsed there
  const late = new Date('2026-12-01T22:30:00Z');
  expect([businessDay(late, 'Europe/Moscow'), businessDay(late, 'UTC')]).toEqual(['2026-12-02', '2026-12-01']);
  expect(await at(businessDay(late, 'Europe/Moscow'))).toEqual({
    state: 'expired',
    missing: [],
    expired: ['Сертификат качества'],
    blocking: [],
    expires_on: '2026-12-01',
    days_left: -1,
  });
  expect(await at(businessDay(late, 'UTC'))).toMatchObject({
    state: 'expiring',
    expires_on: '2026-12-01',
    days_left: 0,
  });
  expect(await at('2026-11-17')).toMatchObject({ state: 'expiring', days_left: 14 });
  expect(await at('2026-11-16')).toMatchObject({ state: 'ok', days_left: 15 });
  // the database's own business day is the one of the business time zone (time_zone, Europe/Moscow by default)
  const sqlDay = async () =>
    firstRow<{ d: string }>(
      await ctx.db.execute(
        sql`SELECT ${sql.raw("(now() AT TIME ZONE coalesce((SELECT value FROM business_settings WHERE name = 'time_zone'), 'Europe/Moscow'))::date::text")} AS d`,
      ),
    )!.d;
  expect(await sqlDay()).toBe(businessDay(new Date(), 'Europe/Moscow'));

  // a product's required types count for its lots whatever their origin
  const productId = Number(offer.product_id);
  const required = await ctx.call('PUT', `/api/products/${productId}/document-types`, 'admin', {
    type_ids: [types.eaeu_declaration],
  });
  expect(required.body).toEqual([{ id: types.eaeu_declaration, name: 'Декларация о соответствии ЕАЭС' }]);
  expect((await ctx.call('GET', `/api/products/${productId}`)).body.document_type_ids).toEqual([
    types.eaeu_declaration,
  ]);
  expect(await stateOf(offer.id)).toMatchObject({ state: 'missing', missing: ['Декларация о соответствии ЕАЭС'] });
  expect(
    (await ctx.call('PUT', `/api/products/${productId}/document-types`, 'admin', { type_ids: [999999] })).body.messages,
  ).toEqual(['Выберите типы документов из списка']);
  await ctx.call('PUT', `/api/products/${productId}/document-types`, 'admin', { type_ids: [] });
});

test('a refused document stores nothing; a change names its version; a removal takes the file', async () => {
  const offer = await trade.newOffer('100');
  const files = await count('files');
  const noDate = await addDocument(offer.id, { type_id: String(types.phytosanitary), number: '1' });
  expect([noDate.status, noDate.body.messages]).toEqual([
    400,
    ['Укажите, до какого числа действует документ «Фитосанитарный сертификат»'],
  ]);
  const bad = await addDocument(offer.id, {
    type_id: String(types.lab_protocol),
    issued_on: day(3),
    values: '{"aflatoxin_b1": "-1", "moisture": "7,5"}',
  });
  expect([bad.status, bad.body.messages]).toEqual([400, [DOCUMENT_MSG.issuedInFuture, DOCUMENT_MSG.aflatoxin]]);
  expect((await addDocument(offer.id, { type_id: '999999' })).body.messages).toEqual([DOCUMENT_MSG.typeMissing]);
  expect(await count('files')).toBe(files);

  const lab = await addDocument(offer.id, {
    type_id: String(types.lab_protocol),
    number: 'П-5',
    values: '{"aflatoxin_b1": "2.125", "moisture": "7,5"}',
  });
  expect([lab.status, lab.body.values]).toEqual([201, { aflatoxin_b1: '2.125', moisture: '7.50' }]);
  const url = `/api/offers/${offer.id}/documents/${lab.body.id}`;
  const changed = await ctx.call('PATCH', url, 'admin', { version: 1, number: 'П-5/2', values: { moisture: '8' } });
  expect([changed.status, changed.body.number, changed.body.values, changed.body.version]).toEqual([
    200,
    'П-5/2',
    { aflatoxin_b1: '2.125', moisture: '8.00' },
    2,
  ]);
  const stale = await ctx.call('PATCH', url, 'admin', { version: 1, number: 'П-6' });
  expect([stale.status, stale.body.error, stale.body.message]).toEqual([409, 'stale', VERSION_MSG.stale]);
  expect(
    firstRow<{ number: string }>(
      await ctx.db.execute(sql`SELECT number FROM offer_documents WHERE id = ${lab.body.id}`),
    )!.number,
  ).toBe('П-5/2');

  expect((await ctx.call('DELETE', url, 'admin')).body).toEqual({ status: 'success' });
  expect(firstRow(await ctx.db.execute(sql`SELECT 1 FROM files WHERE id = ${lab.body.file_id}`))).toBeUndefined();
  expect((await ctx.call('DELETE', url, 'admin')).status).toBe(404);
});

test("a document counts in its author's quota of unsaved uploads and in its offer's room; past 20 MB it is refused as it streams (issue 50)", async () => {
  const offer = await trade.newOffer('100');
  const files = await count('files');
  const userId = firstRow<{ id: number }>(
    await ctx.db.execute(sql`SELECT id FROM users WHERE email = 'supplier@nutdesk.demo'`),
  )!.id;
  const supplierOffer = firstRow<{ id: number }>(
    await ctx.db
      .execute(sql`SELECT id FROM offers WHERE supplier_id = (SELECT supplier_id FROM users WHERE id = ${userId})
    AND status = 'active' ORDER BY id LIMIT 1`),
  )!.id;
  const mb6 = { name: 'протокол.pdf', content: Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024, 0x20)]) };
  const fields = { type_id: String(types.quality), valid_until: day(100) };
  // 95 MB of the supplier's account already streaming in (another tab's uploads): 6 MB more pass its 100 MB
  await ctx.db.execute(sql`INSERT INTO upload_reservations (user_id, bytes) VALUES (${userId}, ${95 * 1024 * 1024})`);
  const refused = await addDocument(supplierOffer, fields, 'supplier', mb6);
  expect([refused.status, refused.body.messages]).toEqual([
    400,
    ['Слишком много несохранённых файлов (больше 100 МБ): сохраните карточку или удалите лишние'],
  ]);
  await ctx.db.execute(sql`DELETE FROM upload_reservations WHERE user_id = ${userId}`);
  expect(await count('files')).toBe(files);
  // the offer's documents hold 95 MB: one of 6 MB more is refused, and its file is not kept
  const first = await addDocument(offer.id, fields);
  expect(first.status).toBe(201);
  await ctx.db.execute(sql`UPDATE files SET size = ${95 * 1024 * 1024} WHERE id = ${first.body.file_id}`);
  const full = await addDocument(offer.id, fields, 'admin', mb6);
  expect([full.status, full.body.messages]).toEqual([
    400,
    ['Документы предложения заняли бы больше 100 МБ: удалите лишние, чтобы добавить новый'],
  ]);
  expect(await count('files')).toBe(files + 1);
  // a body past the document's limit is cut by the parser and refused; nothing stays
  const big = await addDocument(offer.id, fields, 'admin', {
    name: 'скан.pdf',
    content: Buffer.concat([PDF, Buffer.alloc(21 * 1024 * 1024, 0x20)]),
  });
  expect([big.status, big.body.messages]).toEqual([
    400,
    ['Файл «скан.pdf» слишком большой: можно PDF, Word, Excel, CSV, TXT, JPG или PNG до 20 МБ'],
  ]);
  expect(await count('files')).toBe(files + 1);
  expect(await count('upload_reservations')).toBe(0);
});

test("a stale change of a document names who changed it, when and what (issue 33), from the document's history", async () => {
  const supplierId = firstRow<{ supplier_id: number }>(
    await ctx.db.execute(sql`SELECT supplier_id FROM users WHERE email = 'supplier@nutdesk.demo'`),
  )!.supplier_id;
  const own = firstRow<{ id: number }>(
    await ctx.db.execute(
      sql`SELECT id FROM offers WHERE supplier_id = ${supplierId} AND status = 'active' ORDER BY id LIMIT 1`,
    ),
  )!;
  const supplier = firstRow<{ id: number; name: string }>(
    await ctx.db.execute(sql`SELECT id, name FROM users WHERE email = 'supplier@nutdesk.demo'`),
  )!;
  const admin = firstRow<{ id: number }>(
    await ctx.db.execute(sql`SELECT id FROM users WHERE email = 'admin@nutdesk.demo'`),
  )!;
  const doc = await addDocument(
    own.id,
    { type_id: String(types.quality), number: 'К-1', valid_until: day(100) },
    'supplier',
  );
  expect(doc.status).toBe(201);
  const url = `/api/offers/${own.id}/documents/${doc.body.id}`;
  // the supplier's user renumbers it and moves its date, on the version it saw
  const moved = await ctx.call('PATCH', url, 'supplier', { version: 1, number: 'К-2', valid_until: day(200) });
  expect([moved.status, moved.body.version]).toEqual([200, 2]);
  // the admin's card still holds version 1: refused, naming the supplier's user, when, and both fields
  const late = await ctx.call('PATCH', url, 'admin', { version: 1, issuer: 'Россельхознадзор' });
  expect(late.status).toBe(409);
  expect(late.body).toMatchObject({
    error: 'stale',
    message: 'Запись изменена другим пользователем',
    stale: {
      version: 2,
      by: supplier.name,
      fields: ['Номер', 'Действует до'],
      changes: [
        { field: 'number', old: 'К-1', new: 'К-2' },
        { field: 'valid_until', old: day(100), new: day(200) },
      ],
    },
  });
  expect(Date.now() - Date.parse(late.body.stale.at)).toBeLessThan(10 * 60_000);
  expect(
    staleText(late.body.message, [late.body.stale.by, formatDateTime(late.body.stale.at)], late.body.stale.fields),
  ).toBe(
    `Запись изменена другим пользователем: ${supplier.name}, ${formatDateTime(late.body.stale.at)}. Изменено: Номер, Действует до`,
  );
  expect(
    firstRow<{ issuer: string | null }>(
      await ctx.db.execute(sql`SELECT issuer FROM offer_documents WHERE id = ${doc.body.id}`),
    )!.issuer,
  ).toBeNull();
  // on the current version it goes through; a type change is kept by name
  const typed = await ctx.call('PATCH', url, 'admin', {
    version: 2,
    issuer: 'Россельхознадзор',
    type_id: types.phytosanitary,
  });
  expect([typed.status, typed.body.version]).toEqual([200, 3]);
  // a supplier's user, who does not see who writes offers, is told when and what, not who
  const second = await ctx.call('PATCH', url, 'supplier', { version: 2, number: 'К-3' });
  expect([second.status, second.body.stale]).toMatchObject([
    409,
    { version: 3, by: null, fields: ['Тип документа', 'Кем выдан'] },
  ]);
  expect(second.body.stale.at).toEqual(expect.any(String));
  expect((await ctx.call('DELETE', url, 'admin')).status).toBe(200);

  // every write left its row, with who, what and the document's version after it; the removal outlives the document
  const history = rowsOf<{ action: string; user_id: number; document: string; changes: unknown[]; version: number }>(
    await ctx.db.execute(sql`
    SELECT action, user_id, document, changes, version FROM document_history WHERE document_id = ${doc.body.id} ORDER BY id`),
  );
  expect(history).toEqual([
    { action: 'create', user_id: supplier.id, document: 'Сертификат качества № К-1', changes: [], version: 1 },
    {
      action: 'update',
      user_id: supplier.id,
      document: 'Сертификат качества № К-2',
      version: 2,
      changes: [
        { field: 'number', old: 'К-1', new: 'К-2' },
        { field: 'valid_until', old: day(100), new: day(200) },
      ],
    },
    {
      action: 'update',
      user_id: admin.id,
      document: 'Фитосанитарный сертификат № К-2',
      version: 3,
      changes: [
        {
          field: 'type_id',
          old: { id: types.quality, name: 'Сертификат качества' },
          new: { id: types.phytosanitary, name: 'Фитосанитарный сертификат' },
        },
        { field: 'issuer', old: null, new: 'Россельхознадзор' },
      ],
    },
    { action: 'delete', user_id: admin.id, document: 'Фитосанитарный сертификат № К-2', changes: [], version: 3 },
  ]);
});

test("documents follow the offer's rights: a supplier's user adds to its own offers only", async () => {
  const supplierId = firstRow<{ supplier_id: number }>(
    await ctx.db.execute(sql`SELECT supplier_id FROM users WHERE email = 'supplier@nutdesk.demo'`),
  )!.supplier_id;
  const own = firstRow<{ id: number }>(
    await ctx.db.execute(
      sql`SELECT id FROM offers WHERE supplier_id = ${supplierId} AND status = 'active' ORDER BY id LIMIT 1`,
    ),
  )!;
  const other = firstRow<{ id: number }>(
    await ctx.db.execute(
      sql`SELECT id FROM offers WHERE supplier_id <> ${supplierId} AND status = 'active' AND created_by <> (SELECT id FROM users WHERE email = 'supplier@nutdesk.demo') ORDER BY id LIMIT 1`,
    ),
  )!;
  const mine = await addDocument(own.id, { type_id: String(types.quality), valid_until: day(100) }, 'supplier');
  expect(mine.status).toBe(201);
  expect(
    (await addDocument(other.id, { type_id: String(types.quality), valid_until: day(100) }, 'supplier')).status,
  ).toBe(404);
  // role 8 reads the documents of every offer
  expect(
    (await ctx.call('GET', `/api/offers/${own.id}`, 'warehouse')).body.documents.map((d: { id: number }) => d.id),
  ).toContain(mine.body.id);
});

test('a lot that cannot ship: the reserve card is warned; under "Запрещать резерв без документов" the reserve is refused', async () => {
  const offer = await trade.newOffer('100');
  const first = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, { unit_selling_price: '400' }),
  );
  expect(first.status).toBe(201);
  const card = await ctx.call('GET', `/api/reserves/${first.body.id}`);
  expect(card.body.offer.documents_state).toMatchObject({ state: 'missing', blocking: ['Фитосанитарный сертификат'] });

  const settings = await ctx.call('PUT', '/api/admin/document-settings', 'admin', { documents_forbid_reserve: true });
  expect(settings.body).toEqual({
    documents_imported_types: [types.phytosanitary],
    documents_forbid_reserve: true,
    documents_notice_days: 14,
  });
  expect(
    (await ctx.call('PUT', '/api/admin/document-settings', 'manager', { documents_forbid_reserve: false })).status,
  ).toBe(403);
  const reserves = await count('reserves');
  const refused = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, { unit_selling_price: '400' }),
  );
  expect([refused.status, refused.body.messages]).toEqual([
    400,
    ['Резерв запрещён: у партии нет действующих документов — Фитосанитарный сертификат'],
  ]);
  expect(await count('reserves')).toBe(reserves);

  // a lapsed certificate is no certificate
  const lapsed = await addDocument(offer.id, {
    type_id: String(types.phytosanitary),
    issued_on: day(-30),
    valid_until: day(-1),
  });
  expect(lapsed.status).toBe(201);
  expect(
    (await ctx.call('POST', '/api/reserves', 'admin', reserveForm(trade, offer.id, { unit_selling_price: '400' }))).body
      .messages,
  ).toEqual(['Резерв запрещён: у партии нет действующих документов — Фитосанитарный сертификат']);
  expect(await stateOf(offer.id)).toMatchObject({
    state: 'expired',
    expired: ['Фитосанитарный сертификат'],
    expires_on: day(-1),
    days_left: -1,
  });
  await ctx.call('PATCH', `/api/offers/${offer.id}/documents/${lapsed.body.id}`, 'admin', {
    version: 1,
    valid_until: day(60),
  });
  expect(
    (await ctx.call('POST', '/api/reserves', 'admin', reserveForm(trade, offer.id, { unit_selling_price: '400' })))
      .status,
  ).toBe(201);

  // the business setting of imported lots: none required, nothing missing
  expect((await ctx.call('PUT', '/api/admin/document-settings', 'admin', { documents_notice_days: 400 })).status).toBe(
    400,
  );
  await ctx.call('PUT', '/api/admin/document-settings', 'admin', {
    documents_imported_types: [],
    documents_forbid_reserve: false,
  });
  const plain = await trade.newOffer('100');
  expect(await stateOf(plain.id)).toMatchObject({ state: 'ok', missing: [] });
  const log = rowsOf<{ summary: string }>(
    await ctx.db.execute(sql`SELECT summary FROM admin_log ORDER BY id DESC LIMIT 1`),
  );
  expect(log[0].summary).toBe(
    'Документы партий: Документы для импортных партий Фитосанитарный сертификат → нет; Запрещать резерв без документов да → нет',
  );
  await ctx.call('PUT', '/api/admin/document-settings', 'admin', { documents_imported_types: [types.phytosanitary] });
});

test("the expiry notices: the author and the active reserves' responsibles, once per document and day, across two instances", async () => {
  const offer = await trade.newOffer('100');
  const doc = await addDocument(offer.id, {
    type_id: String(types.phytosanitary),
    number: 'ФС-9',
    valid_until: day(10),
  });
  const reserve = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, { unit_selling_price: '400' }),
  );
  expect(reserve.status).toBe(201);
  const responsible = firstRow<{ id: number }>(
    await ctx.db.execute(
      sql`SELECT id FROM users WHERE employee_id = ${trade.employeeId} AND status = 'active' LIMIT 1`,
    ),
  );
  const author = firstRow<{ id: number }>(
    await ctx.db.execute(sql`SELECT created_by AS id FROM offers WHERE id = ${offer.id}`),
  )!.id;
  const expected = [...new Set([author, ...(responsible ? [responsible.id] : [])])].sort((a, b) => a - b);
  const second = await secondInstance(ctx);
  try {
    await Promise.all([runDocumentNotices(ctx.db), runDocumentNotices(second.database.db)]);
    await runDocumentNotices(second.database.db);
    await runDocumentNotices(ctx.db);
  } finally {
    await second.close();
  }
  const told = rowsOf<{ user_id: number; kind: string; text: string }>(
    await ctx.db.execute(sql`SELECT user_id, kind, text FROM notifications
    WHERE dedupe_key LIKE ${`document:${doc.body.id}:%`} ORDER BY user_id`),
  );
  const text = `Фитосанитарный сертификат № ФС-9 предложения № ${offer.id} истекает через 10 дн. (${day(10).split('-').reverse().join('.')})`;
  expect(told).toEqual(expected.map((user_id) => ({ user_id, kind: 'document_expiring', text })));
  // the admin's bell shows it
  expect((await ctx.call('GET', '/api/notifications')).body.items.some((n: { text: string }) => n.text === text)).toBe(
    author ===
      firstRow<{ id: number }>(await ctx.db.execute(sql`SELECT id FROM users WHERE email = 'admin@nutdesk.demo'`))!.id,
  );

  // on its last day: told once more, with its own words
  await ctx.db.execute(
    sql`UPDATE offer_documents SET valid_until = (now() AT TIME ZONE 'Europe/Moscow')::date WHERE id = ${doc.body.id}`,
  );
  await runDocumentNotices(ctx.db);
  await runDocumentNotices(ctx.db);
  const today = rowsOf<{ text: string }>(
    await ctx.db.execute(
      sql`SELECT text FROM notifications WHERE dedupe_key LIKE ${`document:${doc.body.id}:today:%`}`,
    ),
  );
  expect(today.map((n) => n.text)).toEqual(
    expected.map(
      () =>
        `Фитосанитарный сертификат № ФС-9 предложения № ${offer.id} истекает сегодня (${day(0).split('-').reverse().join('.')})`,
    ),
  );
});

test("a buyer's link lists and serves the documents marked for buyers, nothing else of the offer's files", async () => {
  const offer = await trade.newOffer('100');
  const shown = await addDocument(offer.id, {
    type_id: String(types.phytosanitary),
    number: 'ФС-1',
    valid_until: day(30),
    shareable: 'true',
  });
  const internal = await addDocument(offer.id, {
    type_id: String(types.quality),
    number: 'СК-2',
    valid_until: day(30),
  });
  const link = await ctx.call('POST', '/api/price-list/links', 'admin', {
    city_id: trade.cityIds[1],
    product_id: [Number(offer.product_id)],
    level: 'max',
    valid_until: day(1),
  });
  expect(link.status).toBe(201);
  const token = link.body.url.split('/p/')[1];
  const list = (await ctx.app.inject({ method: 'GET', url: `/api/public/price-list/${token}` })).json();
  const docs = list.lines
    .flatMap((l: { documents: { number: string }[] }) => l.documents)
    .filter((d: { number: string }) => d.number?.startsWith('ФС-1') || d.number === 'СК-2');
  // issue 50: named by its type, number and lot, never by the name it was uploaded under
  const lot = lotTitle(
    list.lines.find((l: { documents: { number: string }[] }) => l.documents.some((d) => d.number === 'ФС-1')),
  );
  const name = `Фитосанитарный сертификат № ФС-1 — ${lot.replace('/', '-')}.pdf`; // '1990/91' as '1990-91'
  expect(docs).toEqual([
    {
      type: 'Фитосанитарный сертификат',
      number: 'ФС-1',
      valid_until: day(30),
      name,
      url: `/api/public/price-list/${token}/documents/${shown.body.id}`,
    },
  ]);
  const served = await ctx.app.inject({ method: 'GET', url: docs[0].url });
  expect([
    served.statusCode,
    served.headers['cache-control'],
    served.headers['content-disposition'],
    served.rawPayload.equals(PDF),
  ]).toEqual([200, 'no-store', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`, true]);
  expect(served.headers['content-disposition']).not.toContain(encodeURIComponent('сертификат.pdf'));
  // the internal one, any other offer's document and the offer's own file routes: not through the token
  expect(
    (await ctx.app.inject({ method: 'GET', url: `/api/public/price-list/${token}/documents/${internal.body.id}` }))
      .statusCode,
  ).toBe(404);
  expect((await ctx.app.inject({ method: 'GET', url: `/api/files/${shown.body.file_id}` })).statusCode).toBe(401);
  expect(
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/public/price-list/${'x'.repeat(43)}/documents/${shown.body.id}`,
      })
    ).statusCode,
  ).toBe(404);
  // the price list page marks a lot that cannot ship
  const page = await ctx.call(
    'GET',
    `/api/price-list?city_id=${trade.cityIds[1]}&product_id=${Number(offer.product_id)}&level=max`,
  );
  const lines = page.body.lines as { offer_id: number; documents_blocking: string[] }[];
  expect(lines.find((l) => l.offer_id === offer.id)?.documents_blocking).toEqual([]);
  expect(lines.some((l) => l.documents_blocking.includes('Фитосанитарный сертификат'))).toBe(true);
});

test("a quote's public link lists and serves the documents marked for buyers of its lots, nothing else", async () => {
  const offer = await trade.newOffer('100');
  const other = await trade.newOffer('100');
  const shown = await addDocument(
    offer.id,
    { type_id: String(types.quality), number: 'СК-7', valid_until: day(20), shareable: 'true' },
    'admin',
    { name: 'качество.pdf', content: PDF },
  );
  const internal = await addDocument(offer.id, {
    type_id: String(types.phytosanitary),
    number: 'ФС-7',
    valid_until: day(20),
  });
  const elsewhere = await addDocument(other.id, {
    type_id: String(types.quality),
    number: 'СК-8',
    valid_until: day(20),
    shareable: 'true',
  });
  // the lowest price the quote may hold: the price list's at its lower level
  const priced = await ctx.call(
    'GET',
    `/api/price-list?city_id=${trade.cityIds[1]}&product_id=${Number(offer.product_id)}&level=min`,
  );
  const price = Number(
    (priced.body.lines as { offer_id: number; unit_price: string }[]).find((l) => l.offer_id === offer.id)!.unit_price,
  );
  const quote = await ctx.call('POST', '/api/quotes', 'admin', {
    city_id: trade.cityIds[1],
    buyer_name: 'ООО «Орех»',
    lines: [{ offers: [{ offer_id: offer.id, amount: 10 }], unit_price: price }],
  });
  expect(quote.status).toBe(201);
  const token = quote.body.token as string;
  const read = await ctx.app.inject({ method: 'GET', url: `/api/public/quotes/${token}` });
  expect(read.statusCode).toBe(200);
  // issue 50: the page and the download name the document by its type, number and lot, not 'качество.pdf'
  const name = `Сертификат качества № СК-7 — ${lotTitle(read.json().lines[0]).replace('/', '-')}.pdf`;
  expect(read.json().lines.map((l: { documents: unknown[] }) => l.documents)).toEqual([
    [
      {
        type: 'Сертификат качества',
        number: 'СК-7',
        valid_until: day(20),
        name,
        url: `/api/public/quotes/${token}/documents/${shown.body.id}`,
      },
    ],
  ]);
  const served = await ctx.app.inject({ method: 'GET', url: `/api/public/quotes/${token}/documents/${shown.body.id}` });
  expect([
    served.statusCode,
    served.headers['cache-control'],
    served.headers['content-disposition'],
    served.rawPayload.equals(PDF),
  ]).toEqual([200, 'no-store', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`, true]);
  // a document not marked for buyers, a shareable one of a lot the quote does not hold, a token nobody issued: not found
  for (const url of [
    `/api/public/quotes/${token}/documents/${internal.body.id}`,
    `/api/public/quotes/${token}/documents/${elsewhere.body.id}`,
    `/api/public/quotes/${'x'.repeat(43)}/documents/${shown.body.id}`,
  ]) {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect([res.statusCode, res.json().message]).toEqual([
      404,
      url.includes('xxxx') ? expect.any(String) : DOCUMENT_MSG.notFound,
    ]);
  }
  const bad = await ctx.app.inject({ method: 'GET', url: `/api/public/quotes/${token}/documents/abc` });
  expect([bad.statusCode, bad.json().messages]).toEqual([400, [DOCUMENT_MSG.notFound]]);
  // revoked, the link serves no document any more
  expect((await ctx.call('POST', `/api/quotes/${quote.body.id}/revoke`, 'admin', {})).status).toBe(200);
  expect(
    (await ctx.app.inject({ method: 'GET', url: `/api/public/quotes/${token}/documents/${shown.body.id}` })).statusCode,
  ).toBe(410);
});

test('the migration makes every document an offer had "Другое" with no dates, and so does the card\'s file list', async () => {
  const offer = await trade.newOffer('100');
  const [file] = rowsOf<{ id: number }>(
    await ctx.db
      .execute(sql`INSERT INTO files (kind, entity_type, entity_id, original_name, mime, size, storage_path, store)
    VALUES ('document', 'offers', ${offer.id}, 'старый.pdf', 'application/pdf', 10, 'missing-key', 'database') RETURNING id`),
  );
  const migration = readFileSync(path.join(__dirname, '../db/migrations/0018_lot_documents.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .find((s) => s.includes('INSERT INTO "offer_documents"'))!;
  await ctx.db.execute(
    sql.raw(migration.replace('WHERE f."entity_type"', 'WHERE f."id" = ' + String(file.id) + ' AND f."entity_type"')),
  );
  const docs = (await ctx.call('GET', `/api/offers/${offer.id}`)).body.documents;
  expect(docs).toMatchObject([
    {
      file_id: file.id,
      name: 'старый.pdf',
      type: { name: 'Другое' },
      number: null,
      issued_on: null,
      valid_until: null,
      shareable: false,
    },
  ]);

  // a document uploaded through the card's file list comes in untyped as well
  const boundary = '----nutdesk-card';
  const upload = await ctx.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: {
      authorization: `Bearer ${ctx.tokens.admin}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\ndocument\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="card.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(upload.statusCode).toBe(201);
  expect(
    (await ctx.change('PATCH', `/api/offers/${offer.id}`, 'admin', { documents: [file.id, upload.json().id] })).status,
  ).toBe(200);
  const after = (await ctx.call('GET', `/api/offers/${offer.id}`)).body.documents;
  expect(after.map((d: { file_id: number; type: { name: string } }) => [d.file_id, d.type.name])).toEqual([
    [file.id, 'Другое'],
    [upload.json().id, 'Другое'],
  ]);
  // issue 33: the card's document is in the documents' history as added by the admin
  const added = rowsOf<{ action: string; user: string; document: string }>(
    await ctx.db.execute(sql`SELECT h.action, u.email AS user, h.document
    FROM document_history h JOIN offer_documents d ON d.id = h.document_id JOIN users u ON u.id = h.user_id WHERE d.file_id = ${upload.json().id}`),
  );
  expect(added).toEqual([{ action: 'create', user: 'admin@nutdesk.demo', document: 'Другое' }]);
  // and migration 0029 gives each document it finds its 'create' entry
  const backfill = readFileSync(path.join(__dirname, '../db/migrations/0029_document_history.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .find((s) => s.includes('INSERT INTO "document_history"'))!;
  await ctx.db.execute(
    sql.raw(backfill.replace('ORDER BY d."id"', `WHERE d."file_id" = ${Number(file.id)} ORDER BY d."id"`)),
  );
  expect(
    rowsOf(
      await ctx.db.execute(
        sql`SELECT h.action, h.document, h.version FROM document_history h JOIN offer_documents d ON d.id = h.document_id WHERE d.file_id = ${file.id}`,
      ),
    ),
  ).toEqual([{ action: 'create', document: 'Другое', version: 1 }]);
});

test("a document a supplier's account marks for buyers reaches them only once staff confirm it (issue 50)", async () => {
  const supplierId = firstRow<{ supplier_id: number }>(
    await ctx.db.execute(sql`SELECT supplier_id FROM users WHERE email = 'supplier@nutdesk.demo'`),
  )!.supplier_id;
  const offer = await trade.newOffer('100');
  await ctx.db.execute(sql`UPDATE offers SET supplier_id = ${supplierId} WHERE id = ${offer.id}`);
  const theirs = await addDocument(
    offer.id,
    { type_id: String(types.quality), number: 'СП-1', valid_until: day(40), shareable: 'true' },
    'supplier',
  );
  expect(theirs.status).toBe(201);
  expect(theirs.body).toMatchObject({ shareable: true, share_confirmed: false, version: 1 });
  // the administrator's own mark is confirmed as it is made
  const ours = await addDocument(offer.id, {
    type_id: String(types.phytosanitary),
    number: 'ФС-50',
    valid_until: day(40),
    shareable: 'true',
  });
  expect(ours.body).toMatchObject({ shareable: true, share_confirmed: true });
  const link = await ctx.call('POST', '/api/price-list/links', 'admin', {
    city_id: trade.cityIds[1],
    product_id: [Number(offer.product_id)],
    level: 'max',
    valid_until: day(1),
  });
  const token = link.body.url.split('/p/')[1];
  const shared = async () =>
    (
      (await ctx.app.inject({ method: 'GET', url: `/api/public/price-list/${token}` })).json().lines as {
        documents: { number: string }[];
      }[]
    )
      .flatMap((l) => l.documents)
      .map((d) => d.number)
      .filter((n) => n === 'СП-1' || n === 'ФС-50');
  const served = async () =>
    (await ctx.app.inject({ method: 'GET', url: `/api/public/price-list/${token}/documents/${theirs.body.id}` }))
      .statusCode;
  expect([await shared(), await served()]).toEqual([['ФС-50'], 404]);
  // the supplier's account cannot confirm its own; a document not marked has nothing to confirm
  const url = `/api/offers/${offer.id}/documents/${theirs.body.id}/confirm`;
  const self = await ctx.call('POST', url, 'supplier', { version: 1 });
  expect([self.status, self.body.message]).toEqual([403, DOCUMENT_MSG.confirmForbidden]);
  const internal = await addDocument(
    offer.id,
    { type_id: String(types.quality), number: 'СП-2', valid_until: day(40) },
    'supplier',
  );
  const nothing = await ctx.call('POST', `/api/offers/${offer.id}/documents/${internal.body.id}/confirm`, 'admin', {
    version: 1,
  });
  expect([nothing.status, nothing.body.messages ?? [nothing.body.message]]).toEqual([
    400,
    [DOCUMENT_MSG.confirmNotShared],
  ]);
  // staff confirm it on the version they saw: from now on the buyer's page lists and serves it
  const confirmed = await ctx.call('POST', url, 'admin', { version: 1 });
  expect([confirmed.status, confirmed.body.share_confirmed, confirmed.body.version]).toEqual([200, true, 2]);
  expect([await shared(), await served()]).toEqual([['СП-1', 'ФС-50'], 200]);
  const stored = firstRow<{ by: string }>(
    await ctx.db.execute(
      sql`SELECT u.email AS by FROM offer_documents d JOIN users u ON u.id = d.share_confirmed_by WHERE d.id = ${theirs.body.id}`,
    ),
  );
  expect(stored).toEqual({ by: 'admin@nutdesk.demo' });
  expect((await ctx.call('POST', url, 'admin', { version: 1 })).status).toBe(409);
  // the supplier's account changes it: it waits for staff again
  const changed = await ctx.call('PATCH', `/api/offers/${offer.id}/documents/${theirs.body.id}`, 'supplier', {
    version: 2,
    number: 'СП-1А',
  });
  expect([changed.status, changed.body.share_confirmed]).toEqual([200, false]);
  expect(await served()).toBe(404);
});
