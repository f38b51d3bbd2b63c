// An offer's documents state is stored (issue 55): written in the transaction of whatever changes it (a document
// added, changed or removed, the product's required types, the imported lots' types, the lot's origin, the notice
// days, the time zone, a type's name), moved by the calendar by the daily job on the business day, each move heard
// as a change of the offer, and the offer's version kept (a card open on it stays current).
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { kilogramTrade, type Trade } from './trade';
import { firstRow, rowsOf } from '../db/rows';
import { clock } from '../db/businessDay';
import { CHANGES_CHANNEL, eventsOf } from '../db/changes';
import { runDocumentMoves } from '../sections/offers/documentsJob';
import { addDays, businessToday } from '../../domain/businessDay';
import type { LiveEvent } from '../../domain/live';
import { until } from './until';
import { beforeMigration } from './migrations';

let ctx: DemoContext;
let trade: Trade;
let types: Record<string, number>;
const heard: LiveEvent[] = [];
let off: () => void;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const today = () => businessToday('Europe/Moscow', clock.now());
const day = (offset: number) => addDays(today(), offset);

async function addDocument(offerId: number, fields: Record<string, string>) {
  const boundary = '----nutdesk-documents';
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/offers/${offerId}/documents`,
    payload,
    headers: {
      authorization: `Bearer ${ctx.tokens.admin}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; version: number };
}

interface Stored {
  state: string;
  missing: string[];
  expired: string[];
  blocking: string[];
  expires_on: string | null;
  turns_on: string | null;
  version: number;
}
const stored = async (id: number) =>
  firstRow<Stored>(
    await ctx.db.execute(sql`SELECT documents_state AS state, documents_missing AS missing,
  documents_expired AS expired, documents_blocking AS blocking, documents_expires_on::text AS expires_on, documents_turns_on::text AS turns_on, version
  FROM offers WHERE id = ${id}`),
  )!;

/** Runs `write`, then waits for the offer's change to be heard. */
async function heardAfter(id: number, write: () => Promise<unknown>) {
  heard.length = 0;
  await write();
  await until(() => heard.some((e) => e.section === 'offers' && e.id === id));
}

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1995);
  types = Object.fromEntries(
    rowsOf<{ code: string; id: number }>(
      await ctx.db.execute(sql`SELECT code, id FROM document_types WHERE code IS NOT NULL`),
    ).map((t) => [t.code, t.id]),
  );
  off = ctx.app.bus.subscribe(CHANGES_CHANNEL, (payload) => heard.push(...eventsOf(payload)));
}, 300_000);

afterAll(async () => {
  off?.();
  await ctx?.close();
});

test("a document added, changed and removed writes the stored state in its transaction, heard as the offer's change, its version kept", async () => {
  const offer = await trade.newOffer('100');
  expect(await stored(offer.id)).toMatchObject({
    state: 'missing',
    missing: ['Фитосанитарный сертификат'],
    blocking: ['Фитосанитарный сертификат'],
    turns_on: null,
    version: 1,
  });

  // valid 20 days: 'В порядке' until it comes within the 14 notice days, on day 6
  let doc!: { id: number; version: number };
  await heardAfter(offer.id, async () => {
    doc = await addDocument(offer.id, { type_id: String(types.phytosanitary), valid_until: day(20) });
  });
  expect(await stored(offer.id)).toEqual({
    state: 'ok',
    missing: [],
    expired: [],
    blocking: [],
    expires_on: day(20),
    turns_on: day(6),
    version: 1,
  });
  const listed = await ctx.call('GET', `/api/offers?offers_ids=${offer.id}&documents_state=ok`);
  expect(listed.body.data.map((r: { documents_state: unknown }) => r.documents_state)).toEqual([
    { state: 'ok', missing: [], expired: [], blocking: [], expires_on: day(20), days_left: 20 },
  ]);

  // ten days: 'Истекает'; it lapses the day after
  await heardAfter(offer.id, () =>
    ctx.call('PATCH', `/api/offers/${offer.id}/documents/${doc.id}`, 'admin', {
      version: doc.version,
      valid_until: day(10),
    }),
  );
  expect(await stored(offer.id)).toMatchObject({
    state: 'expiring',
    expires_on: day(10),
    turns_on: day(11),
    version: 1,
  });

  await heardAfter(offer.id, () => ctx.call('DELETE', `/api/offers/${offer.id}/documents/${doc.id}`));
  expect(await stored(offer.id)).toMatchObject({
    state: 'missing',
    missing: ['Фитосанитарный сертификат'],
    expires_on: null,
    turns_on: null,
    version: 1,
  });
});

test("the lot's origin, the product's required types, the imported lots' types and a type's name move it", async () => {
  const offer = await trade.newOffer('100', { origin_country: 'Россия' });
  expect((await stored(offer.id)).state).toBe('ok');
  // the card's change to an imported origin: the write's own version, and the papers it now lacks
  const changed = await ctx.change('PATCH', `/api/offers/${offer.id}`, 'admin', { origin_country: 'Турция' });
  expect(changed.status).toBe(200);
  expect(await stored(offer.id)).toMatchObject({
    state: 'missing',
    missing: ['Фитосанитарный сертификат'],
    version: 2,
  });

  await heardAfter(offer.id, () =>
    ctx.call('PUT', '/api/admin/document-settings', 'admin', { documents_imported_types: [types.quarantine] }),
  );
  expect(await stored(offer.id)).toMatchObject({ state: 'missing', missing: ['Карантинный сертификат'], version: 2 });

  const product = Number(offer.product_id);
  await heardAfter(offer.id, () =>
    ctx.call('PUT', `/api/products/${product}/document-types`, 'admin', { type_ids: [types.quality] }),
  );
  expect((await stored(offer.id)).missing).toEqual(['Карантинный сертификат', 'Сертификат качества']);

  await heardAfter(offer.id, () =>
    ctx.call('PATCH', `/api/admin/document_types/${types.quality}`, 'admin', { name: 'Сертификат качества продукции' }),
  );
  expect((await stored(offer.id)).missing).toEqual(['Карантинный сертификат', 'Сертификат качества продукции']);
  expect((await ctx.call('GET', `/api/offers/${offer.id}`)).body.documents_state.missing).toEqual([
    'Карантинный сертификат',
    'Сертификат качества продукции',
  ]);

  await ctx.call('PATCH', `/api/admin/document_types/${types.quality}`, 'admin', { name: 'Сертификат качества' });
  await ctx.call('PUT', `/api/products/${product}/document-types`, 'admin', { type_ids: [] });
  await ctx.call('PUT', '/api/admin/document-settings', 'admin', { documents_imported_types: [types.phytosanitary] });
  expect(await stored(offer.id)).toMatchObject({
    state: 'missing',
    missing: ['Фитосанитарный сертификат'],
    version: 2,
  });
});

test('the daily job moves it by the calendar on the business day; the notice days move it at once', async () => {
  const offer = await trade.newOffer('100', { origin_country: 'Россия' });
  await addDocument(offer.id, { type_id: String(types.quality), valid_until: day(20) });
  expect(await stored(offer.id)).toMatchObject({ state: 'ok', turns_on: day(6) });

  // 30 notice days: 'Истекает' now
  await heardAfter(offer.id, () =>
    ctx.call('PUT', '/api/admin/document-settings', 'admin', { documents_notice_days: 30 }),
  );
  expect(await stored(offer.id)).toMatchObject({ state: 'expiring', turns_on: day(21) });
  await ctx.call('PUT', '/api/admin/document-settings', 'admin', { documents_notice_days: 14 });
  expect(await stored(offer.id)).toMatchObject({ state: 'ok', turns_on: day(6), version: 1 });

  const realNow = clock.now;
  const start = new Date();
  try {
    // 21:30 UTC on Moscow's fifth day on is 00:30 of its sixth (counted from Moscow's day, not UTC's, so the test
    // holds at any hour it runs): the job makes it 'Истекает' there
    const sixth = new Date(`${addDays(businessToday('Europe/Moscow', start), 5)}T21:30:00Z`);
    clock.now = () => sixth;
    expect(businessToday('Europe/Moscow', sixth)).toBe(addDays(businessToday('Europe/Moscow', start), 6));
    heard.length = 0;
    const moved = await runDocumentMoves(ctx.db);
    expect(moved).toContain(offer.id);
    await until(() => heard.some((e) => e.id === offer.id && e.kind === 'update'));
    expect(await stored(offer.id)).toMatchObject({
      state: 'expiring',
      expires_on: addDays(businessToday('Europe/Moscow', start), 20),
      version: 1,
    });
    // a second run that day moves nothing
    expect(await runDocumentMoves(ctx.db)).not.toContain(offer.id);

    // the day after its last day: 'Истёк'
    clock.now = () => new Date(`${addDays(businessToday('Europe/Moscow', start), 21)}T09:00:00Z`);
    await runDocumentMoves(ctx.db);
    expect(await stored(offer.id)).toMatchObject({
      state: 'expired',
      expired: ['Сертификат качества'],
      blocking: [],
      turns_on: null,
      version: 1,
    });
  } finally {
    clock.now = realNow;
  }
});

test("the migration stores every offer's state by the rule, keeping versions", async () => {
  await beforeMigration(
    (tag) => tag.startsWith('0030_'),
    async (db, rest) => {
      const product = firstRow<{ id: number }>(
        await db.execute(sql`INSERT INTO products (name) VALUES ('Фисташки') RETURNING id`),
      )!.id;
      const phyto = firstRow<{ id: number }>(
        await db.execute(sql`SELECT id FROM document_types WHERE code = 'phytosanitary'`),
      )!.id;
      const ids = rowsOf<{ id: number }>(
        await db.execute(sql`INSERT INTO offers (product_id, origin_country, unit_amount, unit_price)
      VALUES (${product}, 'Иран', 10, 100), (${product}, 'Россия', 10, 100), (${product}, 'Иран', 10, 100) RETURNING id`),
      ).map((r) => Number(r.id));
      const file = firstRow<{ id: number }>(
        await db.execute(sql`INSERT INTO files (entity_type, entity_id, kind, original_name, mime, size, storage_path)
      VALUES ('offers', ${ids[2]}, 'document', 'c.pdf', 'application/pdf', 1, 'x') RETURNING id`),
      )!.id;
      await db.execute(sql`INSERT INTO offer_documents (offer_id, file_id, type_id, valid_until)
      VALUES (${ids[2]}, ${file}, ${phyto}, (now() AT TIME ZONE 'Europe/Moscow')::date + 3)`);
      await rest();
      const rows = rowsOf<{ id: number; state: string; missing: string[]; version: number }>(
        await db.execute(sql`
      SELECT id, documents_state AS state, documents_missing AS missing, version FROM offers WHERE id = ANY(${`{${ids.join(',')}}`}::int[]) ORDER BY id`),
      );
      expect(rows.map((r) => [r.state, r.missing, r.version])).toEqual([
        ['missing', ['Фитосанитарный сертификат'], 1],
        ['ok', [], 1],
        ['expiring', [], 1],
      ]);
    },
  );
}, 300_000);
