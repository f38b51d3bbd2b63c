// The demo's lots carry their papers (issue 51): the demo said almost no lot could ship ('Нет документов:
// Фитосанитарный сертификат' on 234 of 238 price-list lines). Every imported lot has its phytosanitary certificate
// but a few, a few run out within the notice days, and the stored documents state (migration 0030) is what the rule
// says of the documents as seeded.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { rowsOf } from '../db/rows';
import { documentsStateRows, refreshDocumentsState } from '../records/documentsState';
import { DEMO_DOCUMENTS } from '../db/seed';

let ctx: DemoContext;
beforeAll(async () => {
  ctx = await createDemoApp();
}, 300_000);
afterAll(() => ctx?.close());

/** The day the test's demo data is built around (testApp.ts). */
const DATA_DAY = '2026-11-01';

const count = (rows: { state: string }[]) =>
  rows.reduce<Record<string, number>>((c, r) => ({ ...c, [r.state]: (c[r.state] ?? 0) + 1 }), {});

test("on the data's day most active lots are in order, one in 25 imported ones misses its certificate, two in 25 run out soon", async () => {
  const active = rowsOf<{ id: number; imported: boolean; state: string; missing: string[] }>(
    await ctx.db.execute(sql`
    WITH r AS (${documentsStateRows(sql`o.status = 'active'`, sql`${DATA_DAY}::date`)})
    SELECT o.id, lower(btrim(o.origin_country)) NOT IN ('россия', 'рф', 'российская федерация') AS imported, r.state, r.missing
    FROM offers o JOIN r ON r.id = o.id ORDER BY o.id`),
  );
  // the rule, lot by lot: the imported active lots in the seed's order, by their place among them
  const imported = active.filter((o) => o.imported);
  const place = (o: { id: number }) => imported.findIndex((x) => x.id === o.id) % DEMO_DOCUMENTS.every;
  const expected = active.map((o) =>
    !o.imported
      ? 'ok'
      : (DEMO_DOCUMENTS.missing as readonly number[]).includes(place(o))
        ? 'missing'
        : (DEMO_DOCUMENTS.expiring as readonly number[]).includes(place(o))
          ? 'expiring'
          : 'ok',
  );
  expect(active.map((o) => o.state)).toEqual(expected);
  const figures = count(active);
  // by hand for n imported lots: missing ⌈(n − 4) / 25⌉ (places 4, 29, …), expiring the places 9 and 21 of each 25
  const n = imported.length;
  const upTo = (k: number) => (n > k ? Math.floor((n - 1 - k) / 25) + 1 : 0);
  expect(figures).toEqual({
    ok: active.length - upTo(4) - upTo(9) - upTo(21),
    missing: upTo(4),
    expiring: upTo(9) + upTo(21),
  });
  expect(
    active.filter((o) => o.state === 'missing').every((o) => o.missing.join() === 'Фитосанитарный сертификат'),
  ).toBe(true);
  // the measure the README quotes
  console.log(`demo lots on the data's day: ${active.length} active (${n} imported): ${JSON.stringify(figures)}`);
  expect(figures.ok / active.length).toBeGreaterThan(0.85);
});

test('the stored documents state is what the rule says of the seeded documents today: nothing to rewrite', async () => {
  const differ = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`
    WITH r AS (${documentsStateRows(sql`true`, sql`(now() AT TIME ZONE 'Europe/Moscow')::date`)})
    SELECT o.id FROM offers o JOIN r ON r.id = o.id
    WHERE (o.documents_state, o.documents_missing, o.documents_expired, o.documents_blocking, o.documents_expires_on, o.documents_turns_on)
      IS DISTINCT FROM (r.state, r.missing, r.expired, r.blocking, r.expires_on, r.turns_on)`),
  );
  expect(differ).toEqual([]);
  expect(await ctx.db.transaction((tx) => refreshDocumentsState(tx, sql`true`, false))).toEqual([]);
});

test("a seeded document is a real file: typed, numbered, dated, downloadable, shown to buyers when it is the lot's certificate", async () => {
  const [doc] = rowsOf<{
    id: number;
    file_id: number;
    offer_id: number;
    number: string;
    type: string;
    valid_until: string;
    shareable: boolean;
    store: string;
  }>(
    await ctx.db.execute(sql`
    SELECT d.id, d.file_id, d.offer_id, d.number, t.name AS type, d.valid_until::text, d.shareable, f.store
    FROM offer_documents d JOIN document_types t ON t.id = d.type_id JOIN files f ON f.id = d.file_id
    WHERE t.code = 'phytosanitary' ORDER BY d.id LIMIT 1`),
  );
  expect(doc).toMatchObject({ type: 'Фитосанитарный сертификат', shareable: true, store: 'database' });
  expect(doc.number).toMatch(/^ФСС-2026-\d{6}$/);
  const file = await ctx.app.inject({
    method: 'GET',
    url: `/api/files/${doc.file_id}`,
    headers: { authorization: `Bearer ${ctx.tokens.admin}` },
  });
  expect(file.statusCode).toBe(200);
  const shownDay = doc.valid_until.split('-').reverse().join('.');
  expect(file.body).toContain(`Фитосанитарный сертификат № ${doc.number}`);
  expect(file.body).toContain(`Партия: предложение № ${doc.offer_id}`);
  expect(file.body).toContain(`Действует до: ${shownDay}`);
});
