// POST /api/offers/import and its template on the seeded demo data: a file with good and bad rows gives the exact
// per-row report in the card's Russian messages and writes exactly the good rows (mode=valid) or none (mode=all),
// from XLSX and from CSV as a Russian Excel saves it; duplicates follow the card's 409 rule; limits, rights, hidden
// columns and a supplier's own scope are refused before any row is written.
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { createDemoApp, tableChecksum, type DemoContext, type DemoUser } from './testApp';
import { comments, offers, rolePermissions, roles, users } from '../db/schema';
import { rowsOf } from '../db/rows';
import { IMPORT_LIMITS, IMPORT_MSG, type ImportReport } from '../../domain/import';
import { OFFER_IMPORT_COLUMNS } from '../../domain/offers/import';
import { OFFER_WRITE_MSG } from '../../domain/offers/schema';
import { seasonOf } from '../../domain/offers/harvestYear';
import { permissionsOf } from '../../domain/permissions';
import { hiddenMemberZip, lyingZip, sharedStringsZip } from './zips';
import { importUpload } from './importUpload';
import { today } from './trade';

let ctx: DemoContext;
/** An INN of a supplier other than the demo supplier user's own, and that supplier's id and name. */
let supplier: { id: number; name: string; inn: string };
let ownSupplierId: number;
/** An active offer of the demo data, by the names a file would give it. */
let existing: {
  id: number;
  product: string;
  variety: string | null;
  packing: string;
  harvest_year: string;
  city: string;
  supplier_inn: string;
};

const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await ctx.db.execute(q))[0];

beforeAll(async () => {
  ctx = await createDemoApp();
  // the supplier's role may import its own offers here
  const [supplierRole] = await ctx.db.select().from(roles).where(eq(roles.name, 'Поставщик'));
  await ctx.db
    .update(rolePermissions)
    .set({ scope: 'own' })
    .where(
      and(
        eq(rolePermissions.role_id, supplierRole.id),
        eq(rolePermissions.resource, 'offers'),
        eq(rolePermissions.action, 'import'),
      ),
    );
  // and the manager (role 1) may import all: it is refused all the same, for the required columns it does not see
  await ctx.db
    .update(rolePermissions)
    .set({ scope: 'all' })
    .where(
      and(eq(rolePermissions.role_id, 1), eq(rolePermissions.resource, 'offers'), eq(rolePermissions.action, 'import')),
    );
  ownSupplierId = (
    await one<{ supplier_id: number }>(sql`SELECT supplier_id FROM users WHERE email = 'supplier@nutdesk.demo'`)
  ).supplier_id;
  supplier = await one(
    sql`SELECT id, name, inn FROM suppliers WHERE status = 'active' AND id <> ${ownSupplierId} AND length(inn) = 10 ORDER BY id LIMIT 1`,
  );
  existing =
    await one(sql`SELECT o.id, p.name AS product, v.name AS variety, pk.name AS packing, o.harvest_year, c.name AS city, s.inn AS supplier_inn
    FROM offers o JOIN products p ON p.id = o.product_id LEFT JOIN varieties v ON v.id = o.variety_id JOIN packing pk ON pk.id = o.packing_id
    JOIN cities c ON c.id = o.city_id JOIN suppliers s ON s.id = o.supplier_id
    WHERE o.status = 'active' AND p.status = 'active' AND o.variety_id IS NOT NULL ORDER BY o.id LIMIT 1`);
}, 120_000);

afterAll(() => ctx?.close());

const TITLES = OFFER_IMPORT_COLUMNS.map((c) => c.title);
type Line = (string | number | null)[];

/** A row in the template's column order. */
const line = (patch: Partial<Record<(typeof TITLES)[number], string | number | null>> = {}): Line => {
  const base: Record<string, string | number | null> = {
    Товар: 'Кешью',
    Сорт: 'W240',
    Упаковка: 'Коробка 22,68 кг',
    'Год урожая': '2021',
    'Страна происхождения': 'Вьетнам',
    'Единица измерения': 'шт',
    'Вес одной единицы, кг': 22.68,
    'Единиц в упаковке': 1,
    Количество: 300,
    'Цена за единицу, ₽': 25000,
    'Стоимость доставки на склад, ₽': 1500,
    'Город погрузки': 'Москва',
    'Адрес погрузки': 'Москва, ул. Складская, 4',
    Поставщик: supplier.inn,
    Логистика: null,
    'Ожидаемое поступление': null,
    Комментарий: 'Партия после сортировки',
  };
  // a column the rows do not name (the currency purchase's, say) is left blank, as a user leaves it
  return TITLES.map((t) => (t in patch ? patch[t]! : (base[t] ?? null)));
};

async function xlsx(rows: Line[], header: string[] = TITLES): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Лист1');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row.length ? row : []);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** CSV as a Russian Excel saves 'CSV UTF-8': BOM, ';', decimal comma, quotes where a value needs them. */
function csv(rows: Line[], header: string[] = TITLES): Buffer {
  const quote = (v: string | number | null) => {
    const text = v === null ? '' : typeof v === 'number' ? String(v).replace('.', ',') : v;
    return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return Buffer.from(`\uFEFF${[header, ...rows].map((r) => r.map(quote).join(';')).join('\r\n')}\r\n`, 'utf8');
}

/** A multipart form as a browser sends it. */
const upload = (
  file: Buffer | null,
  filename: string,
  mode?: string,
  who: DemoUser = 'admin',
  extra: Record<string, string> = {},
) => importUpload(ctx, '/api/offers/import', file, filename, mode, who, extra);

const offerCount = async () => Number((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM offers`)).n);

/** The file of the first tests: rows 2 and 6 are good, the others each wrong in one way the card would refuse. */
const mixed = () => [
  line(), // 2: good, the supplier by INN
  line({ 'Цена за единицу, ₽': 0, 'Год урожая': '25' }), // 3
  line({ Товар: 'Кешю' }), // 4
  [], // 5: blank, skipped
  line({
    'Год урожая': '2022',
    'Единица измерения': 'кг',
    'Вес одной единицы, кг': null,
    Сорт: null,
    Поставщик: supplier.name,
    Комментарий: null,
  }), // 6: good
  line(), // 7: the same offer as row 2
  line({ 'Год урожая': '2013', Товар: 'Бразильский орех', Сорт: null }), // 8: deactivated
  line({ 'Год урожая': '2014', Сорт: 'Чандлер' }), // 9: a walnut's variety
  line({ 'Год урожая': '2015', 'Единица измерения': 'литры', 'Город погрузки': 'Атлантида' }), // 10
  line({ 'Год урожая': '2016', 'Вес одной единицы, кг': null, Поставщик: null }), // 11
  line({
    Товар: existing.product,
    Сорт: existing.variety,
    Упаковка: existing.packing,
    'Год урожая': existing.harvest_year,
    'Город погрузки': existing.city,
    Поставщик: existing.supplier_inn,
  }), // 12
];

/** The card's 409 message as the administrator reads it: every field of the rule named. */
const duplicate = OFFER_WRITE_MSG.duplicate({
  user_type: 'admin',
  user_id: 1,
  is_admin: true,
  role_id: null,
  role_permissions: permissionsOf('all'),
  hidden_fields: {},
});

const mixedProblems = () => [
  { row: 3, column: 'Год урожая', message: 'Минимум 4 символа' },
  { row: 3, column: 'Цена за единицу, ₽', message: 'Минимум 0,01' },
  { row: 4, column: 'Товар', message: '«Кешю» нет в списке товаров' },
  { row: 7, column: '', message: `${duplicate} — строка 2 этого файла` },
  { row: 8, column: 'Товар', message: 'Товар деактивирован или удален: выберите другой' },
  { row: 9, column: 'Сорт', message: '«Чандлер» нет в списке сортов товара' },
  { row: 10, column: 'Единица измерения', message: 'Выберите единицу измерения' },
  { row: 10, column: 'Город погрузки', message: '«Атлантида» нет в списке городов' },
  { row: 11, column: 'Вес одной единицы, кг', message: 'Укажите вес одной единицы в кг' },
  { row: 11, column: 'Поставщик', message: 'Выберите поставщика' },
  { row: 12, column: '', message: `${duplicate} — предложение № ${existing.id}` },
];

test('mode=all: a file with a bad row writes nothing and reports every problem of every row', async () => {
  const before = await tableChecksum(ctx.db);
  const res = await upload(await xlsx(mixed()), 'прайс.xlsx', 'all');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    mode: 'all',
    total: 10,
    valid: 2,
    imported: 0,
    ids: [],
    problems: mixedProblems(),
  } satisfies ImportReport);
  expect(await tableChecksum(ctx.db)).toBe(before);
});

test("mode=valid: exactly the good rows are written, through the card's rules (figures, selling band, comment, author)", async () => {
  const count = await offerCount();
  const res = await upload(await xlsx(mixed()), 'прайс.xlsx', 'valid');
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ mode: 'valid', total: 10, valid: 2, imported: 2, problems: mixedProblems() });
  expect(await offerCount()).toBe(count + 2);
  const [first, second] = res.body.ids as number[];
  const [row] = await ctx.db.select().from(offers).where(eq(offers.id, first));
  const admin = await one<{ id: number }>(sql`SELECT id FROM users WHERE email = 'admin@nutdesk.demo'`);
  // the same figures as the card's POST of the same offer (offer-record.test.ts): 300 pieces of 22.68 kg at 25 000 ₽
  expect(row).toMatchObject({
    status: 'active',
    supplier_id: supplier.id,
    harvest_year: '2021',
    origin_country: 'Вьетнам',
    unit_measure: 'шт',
    unit_weight: '22.680',
    unit_amount: '300.000',
    unit_price: '25000.00',
    total_sum: '7500000.00',
    kg_price: '1102.29',
    min_unit_price: '27804.81',
    max_unit_price: '34124.08',
    created_by: admin.id,
  });
  const saved = await ctx.db
    .select()
    .from(comments)
    .where(and(eq(comments.entity_type, 'offers'), eq(comments.entity_id, first)));
  expect(saved.map((c) => c.text)).toEqual(['Партия после сортировки']);
  // the kg row: the supplier found by its name, weight 1 per unit, no variety, no comment
  const [kg] = await ctx.db.select().from(offers).where(eq(offers.id, second));
  expect(kg).toMatchObject({
    supplier_id: supplier.id,
    unit_measure: 'кг',
    unit_weight: '1.000',
    variety_id: null,
    harvest_year: '2022',
  });
  // and the same file again: every good row is now a duplicate of what it wrote
  const again = await upload(await xlsx(mixed()), 'прайс.xlsx', 'valid');
  expect(again.body).toMatchObject({ valid: 0, imported: 0 });
  expect(again.body.problems.filter((p: { row: number }) => p.row === 2 || p.row === 6)).toEqual([
    { row: 2, column: '', message: `${duplicate} — предложение № ${first}` },
    { row: 6, column: '', message: `${duplicate} — предложение № ${second}` },
  ]);
  expect(await offerCount()).toBe(count + 2);
});

test("a harvest year is a year from 1990 to next year or a season (issue 33): any other is refused in its cell, in the card's words", async () => {
  const year = Number(today.slice(0, 4));
  const message = `Укажите год (1990–${year + 1}) или сезон (${year - 1}/${String(year % 100).padStart(2, '0')})`;
  const count = await offerCount();
  const res = await upload(
    csv([
      line({ 'Год урожая': 'Pwe8281' }),
      line({ 'Год урожая': '8817' }),
      line({ 'Год урожая': '2024/26' }),
      line({ 'Год урожая': String(year + 2) }),
      line({ 'Год урожая': '202' }),
    ]),
    'price.csv',
    'all',
  );
  expect(res.body).toMatchObject({ total: 5, valid: 0, imported: 0 });
  expect(res.body.problems).toEqual([
    ...[2, 3, 4, 5].map((row) => ({ row, column: 'Год урожая', message })),
    { row: 6, column: 'Год урожая', message: 'Минимум 4 символа' },
  ]);
  expect(await offerCount()).toBe(count);
});

test('set-based: a file of many rows writes the same offers, comments and history as the card creating them one by one', async () => {
  // twelve rows of every kind: pieces and kilograms, with and without a variety, a comment, a delivery cost
  const rows = Array.from({ length: 12 }, (_, i) =>
    line({
      'Год урожая': String(1994 + i),
      'Единица измерения': i % 3 === 0 ? 'кг' : 'шт',
      'Вес одной единицы, кг': i % 3 === 0 ? null : 10 + i / 8,
      Сорт: i % 4 === 1 ? null : 'W240',
      Количество: 100 + i,
      'Цена за единицу, ₽': 1000 + i * 37.5,
      'Стоимость доставки на склад, ₽': i % 5 === 2 ? null : 100 * i + 50,
      Комментарий: i % 2 ? `Партия ${i}; "сорт" проверен` : null,
    }),
  );
  const imported = await upload(csv(rows), 'price.csv', 'valid');
  expect(imported.body).toMatchObject({ total: 12, valid: 12, imported: 12, problems: [] });
  const ids = imported.body.ids as number[];
  // the ids ascend in the file's order
  expect([...ids].sort((a, b) => a - b)).toEqual(ids);

  /** The offers as stored (without their ids and times), their comments and their history, in the given order. */
  const stored = async (of: number[]) => {
    const list = sql.join(
      of.map((id) => sql`${id}`),
      sql`, `,
    );
    const at = (id: number) => of.indexOf(Number(id));
    const offerRows = await ctx.db
      .select()
      .from(offers)
      .where(sql`${offers.id} IN (${list})`);
    const commentRows = rowsOf<{ entity_id: number; text: string; author_id: number }>(
      await ctx.db.execute(sql`SELECT entity_id, text, author_id FROM comments
      WHERE entity_type = 'offers' AND entity_id IN (${list}) ORDER BY id`),
    );
    const historyRows = rowsOf<{
      record_id: number;
      action: string;
      user_id: number;
      changes: unknown;
      via: unknown;
      version: number;
    }>(
      await ctx.db.execute(sql`
      SELECT record_id, action, user_id, changes, via, version FROM record_history WHERE section = 'offers' AND record_id IN (${list}) ORDER BY id`),
    );
    return {
      offers: of.map((id) => {
        const { id: _id, created_at: _at, ...row } = offerRows.find((r) => r.id === id)!;
        return row as Record<string, unknown>;
      }),
      comments: commentRows.map((c) => ({ ...c, entity_id: at(c.entity_id) })),
      history: historyRows.map((h) => ({ ...h, record_id: at(h.record_id) })),
    };
  };
  const set = await stored(ids);
  expect(set.offers).toHaveLength(12);
  expect(set.offers[1]).toMatchObject({
    unit_measure: 'шт',
    unit_weight: '10.125',
    unit_amount: '101.000',
    warehouse_cost: '150.00',
    unit_price: '1037.50',
    total_sum: '104787.50',
    variety_id: null,
    status: 'active',
    version: 1,
  });
  expect(set.comments.map((c) => [c.entity_id, c.text])).toEqual(
    [1, 3, 5, 7, 9, 11].map((i) => [i, `Партия ${i}; "сорт" проверен`]),
  );
  expect(set.history.map((h) => [h.record_id, h.action, h.changes, h.via, h.version])).toEqual(
    ids.map((_, i) => [i, 'create', [], null, 1]),
  );

  // the same offers made one at a time on the card (the imported ones set aside, so they are no duplicates)
  await ctx.db.execute(
    sql`UPDATE offers SET status = 'completed' WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const carded: number[] = [];
  for (const [i, offer] of set.offers.entries()) {
    const form = Object.fromEntries(
      [
        'product_id',
        'variety_id',
        'packing_id',
        'city_id',
        'supplier_id',
        'harvest_year',
        'origin_country',
        'unit_measure',
        'unit_weight',
        'units_per_pack',
        'unit_amount',
        'unit_price',
        'warehouse_cost',
        'loading_address',
      ].map((k) => [k, offer[k]]),
    );
    const res = await ctx.call('POST', '/api/offers', 'admin', {
      ...form,
      comments: i % 2 ? [{ text: `Партия ${i}; "сорт" проверен` }] : [],
    });
    expect(res.status).toBe(201);
    carded.push(res.body.id);
  }
  expect(await stored(carded)).toEqual(set);
});

test("an imported offer is written once, its documents state with it: no new offer's row is written twice", async () => {
  // every UPDATE of an offer's row counted while the file is imported (writing each new row and then rewriting its
  // state went through every index of the table twice)
  await ctx.db.execute(sql`CREATE TABLE offer_rewrites (id int)`);
  await ctx.db.execute(sql`CREATE FUNCTION offer_rewritten() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO offer_rewrites VALUES (NEW.id); RETURN NEW; END $$`);
  await ctx.db.execute(
    sql`CREATE TRIGGER offer_rewritten AFTER UPDATE ON offers FOR EACH ROW EXECUTE FUNCTION offer_rewritten()`,
  );
  try {
    // a lot from Vietnam needs its phytosanitary certificate, which a new offer does not have yet
    const rows = [1996, 1997, 1998].map((year) => line({ 'Год урожая': String(year), Сорт: 'W450' }));
    const imported = await upload(csv(rows), 'price.csv', 'valid');
    expect(imported.body).toMatchObject({ total: 3, imported: 3, problems: [] });
    const ids = imported.body.ids as number[];
    expect(rowsOf(await ctx.db.execute(sql`SELECT id FROM offer_rewrites`))).toEqual([]);
    const states = rowsOf<{ documents_state: string; documents_missing: string[] }>(
      await ctx.db.execute(sql`SELECT documents_state, documents_missing FROM offers
        WHERE id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) ORDER BY id`),
    );
    expect(states).toEqual(
      ids.map(() => ({ documents_state: 'missing', documents_missing: ['Фитосанитарный сертификат'] })),
    );
  } finally {
    await ctx.db.execute(sql`DROP TRIGGER offer_rewritten ON offers`);
    await ctx.db.execute(sql`DROP FUNCTION offer_rewritten()`);
    await ctx.db.execute(sql`DROP TABLE offer_rewrites`);
  }
});

test('CSV as a Russian Excel saves it: BOM, ";", decimal comma, a quoted ";" and line break; all rows of a clean file', async () => {
  const count = await offerCount();
  const file = csv([
    line({
      'Год урожая': '2006',
      'Вес одной единицы, кг': 12.5,
      'Цена за единицу, ₽': '1 250,50',
      'Адрес погрузки': 'Москва; склад "Север"\nворота 3',
    }),
    line({ 'Год урожая': '2007', 'Единица измерения': 'Килограммы', 'Вес одной единицы, кг': null }),
  ]);
  const res = await upload(file, 'price.csv', 'all');
  expect(res.body).toMatchObject({ mode: 'all', total: 2, valid: 2, imported: 2, problems: [] });
  expect(await offerCount()).toBe(count + 2);
  const rows = await ctx.db
    .select()
    .from(offers)
    .where(
      sql`${offers.id} IN (${sql.join(
        res.body.ids.map((id: number) => sql`${id}`),
        sql`, `,
      )})`,
    )
    .orderBy(offers.id);
  expect(rows.map((r) => [r.unit_weight, r.unit_price, r.loading_address, r.unit_measure])).toEqual([
    ['12.500', '1250.50', 'Москва; склад "Север"\nворота 3', 'шт'],
    ['1.000', '25000.00', 'Москва, ул. Складская, 4', 'кг'],
  ]);
});

/** Windows-1251 bytes of a text of ASCII and Russian letters. */
const cp1251 = (text: string) =>
  Buffer.from(
    [...text].map((ch) => {
      const code = ch.charCodeAt(0);
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      if (code === 0x401) return 0xa8;
      if (code === 0x451) return 0xb8;
      throw new Error(`no Windows-1251 byte for ${ch}`);
    }),
  );

test('a lot on its way: its logistics state by its title, its expected day as dd.mm.yyyy; on its way without a day is refused', async () => {
  const file = csv([
    line({ 'Год урожая': '2008', Логистика: 'В пути', 'Ожидаемое поступление': '12.12.2026' }),
    line({ 'Год урожая': '2009', Логистика: 'на таможне' }),
    line({ 'Год урожая': '2010', Логистика: 'На складе', 'Ожидаемое поступление': '01.12.2026' }),
  ]);
  const res = await upload(file, 'price.csv', 'valid');
  expect(res.body).toMatchObject({
    total: 3,
    valid: 2,
    imported: 2,
    problems: [{ row: 3, column: 'Ожидаемое поступление', message: 'Укажите ожидаемую дату поступления' }],
  });
  const rows = await ctx.db
    .select()
    .from(offers)
    .where(
      sql`${offers.id} IN (${sql.join(
        res.body.ids.map((id: number) => sql`${id}`),
        sql`, `,
      )})`,
    )
    .orderBy(offers.id);
  expect(rows.map((r) => [r.logistics_state, r.expected_arrival])).toEqual([
    ['in_transit', '2026-12-12'],
    ['stock', null],
  ]);
});

test('CSV in Windows-1251 with "," (the other CSV a Russian Excel writes) reads too, under the list\'s column titles', async () => {
  // ₽ has no Windows-1251 byte: such a file names the money columns as the offers list does
  const header = TITLES.map(
    (t) =>
      ({
        'Цена за единицу, ₽': 'Цена за единицу',
        'Стоимость доставки на склад, ₽': 'Доставка на склад',
        'Фиксированный курс, ₽': 'Фиксированный курс',
      })[t] ?? t,
  );
  const text = [
    header,
    line({ 'Год урожая': '2011', 'Вес одной единицы, кг': 3 }),
    line({ 'Год урожая': '2012', 'Страна происхождения': 'В' }),
  ]
    .map((r) => r.map((v) => (v === null ? '' : /[,"]/.test(String(v)) ? `"${String(v)}"` : String(v))).join(','))
    .join('\r\n');
  const res = await upload(cp1251(text), 'price.csv', 'valid');
  expect(res.body).toMatchObject({
    total: 2,
    valid: 1,
    imported: 1,
    problems: [{ row: 3, column: 'Страна происхождения', message: 'Минимум 2 символа' }],
  });
});

test('limits and broken files: a 400 in Russian before any row is read, nothing written', async () => {
  const before = await tableChecksum(ctx.db);
  const refused = async (res: { status: number; body: { messages?: string[] } }) => {
    expect(res.status).toBe(400);
    return res.body.messages;
  };
  expect(await refused(await upload(Buffer.from('x'), 'прайс.pdf', 'all'))).toEqual([IMPORT_MSG.type]);
  expect(await refused(await upload(Buffer.from('not a zip'), 'прайс.xlsx', 'all'))).toEqual([IMPORT_MSG.unreadable]);
  expect(
    await refused(
      await upload(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]), 'прайс.xlsx', 'all'),
    ),
  ).toEqual([IMPORT_MSG.unreadable]);
  // one byte over: cut by the parser at the limit; a megabyte over: refused by its declared length, before it is read
  expect(await refused(await upload(Buffer.alloc(IMPORT_LIMITS.maxBytes + 1, 0x41), 'big.csv', 'all'))).toEqual([
    IMPORT_MSG.size,
  ]);
  expect(
    await refused(await upload(Buffer.alloc(IMPORT_LIMITS.maxBytes + 1024 * 1024, 0x41), 'big.csv', 'all')),
  ).toEqual([IMPORT_MSG.size]);
  const many = csv(Array.from({ length: IMPORT_LIMITS.maxRows + 1 }, () => line()));
  expect(many.length).toBeLessThan(IMPORT_LIMITS.maxBytes);
  expect(await refused(await upload(many, 'many.csv', 'valid'))).toEqual([
    'В файле больше 5 000 строк: разделите его на части',
  ]);
  expect(await refused(await upload(csv([]), 'empty.csv', 'all'))).toEqual([IMPORT_MSG.empty]);
  expect(await refused(await upload(null, '', 'all'))).toEqual([IMPORT_MSG.noFile]);
  expect(await refused(await upload(csv([line()]), 'a.csv', 'some'))).toEqual([IMPORT_MSG.mode]);
  expect(await refused(await upload(csv([line()]), 'a.csv', 'all', 'admin', { note: 'x' }))).toEqual([
    'Неизвестное поле: note',
  ]);
  // a JSON body is no file
  const json = await ctx.call('POST', '/api/offers/import', 'admin', { file: 'a', mode: 'all' });
  expect(json).toEqual({ status: 400, body: { status: 'error', error: 'validation', messages: [IMPORT_MSG.noFile] } });
  // the header: an unknown title, a column twice, required columns missing
  expect(await refused(await upload(csv([line().concat('x')], [...TITLES, 'Цвет']), 'a.csv', 'all'))).toEqual([
    'Неизвестный столбец «Цвет»: названия столбцов — как в шаблоне',
  ]);
  expect(await refused(await upload(csv([line().concat(5)], [...TITLES, 'Цена за единицу']), 'a.csv', 'all'))).toEqual([
    'Столбец «Цена за единицу, ₽» указан дважды',
  ]);
  expect(await refused(await upload(csv([line().slice(1, 8)], TITLES.slice(1, 8)), 'a.csv', 'all'))).toEqual([
    'В файле нет столбцов «Товар», «Количество», «Цена за единицу, ₽», «Город погрузки», «Адрес погрузки», «Поставщик»',
  ]);
  expect(await tableChecksum(ctx.db)).toBe(before);
});

test('an exported list loads back: its computed columns are read past, its rows are duplicates', async () => {
  const exported = await ctx.app.inject({
    method: 'GET',
    url: `/api/offers/export?format=xlsx&offers_ids=${existing.id}&columns=id,product,variety,packaging,status,harvest_year,origin_country,unit_measure,unit_weight,units_per_pack,unit_amount,unit_price,total_sum,warehouse_cost,city,loading_address,supplier`,
    headers: { authorization: `Bearer ${ctx.tokens.admin}` },
  });
  expect(exported.statusCode).toBe(200);
  const res = await upload(exported.rawPayload, 'Предложения.xlsx', 'valid');
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    total: 1,
    valid: 0,
    imported: 0,
    problems: [{ row: 2, column: '', message: `${duplicate} — предложение № ${existing.id}` }],
  });
});

test('the right: none is a 403 in Russian for the template and the import, before the file is read', async () => {
  // the warehouse (role 8) holds no import right in the demo data
  const template = await ctx.call('GET', '/api/offers/import/template', 'warehouse');
  expect(template).toEqual({
    status: 403,
    body: { status: 'error', error: 'forbidden', message: IMPORT_MSG.forbidden },
  });
  const before = await tableChecksum(ctx.db);
  const res = await upload(await xlsx([line({ 'Год урожая': '1995' })]), 'a.xlsx', 'all', 'warehouse');
  expect(res).toEqual({ status: 403, body: { status: 'error', error: 'forbidden', message: IMPORT_MSG.forbidden } });
  expect(await tableChecksum(ctx.db)).toBe(before);
});

test('the template: the columns the role may fill, titled as the card, with an example row', async () => {
  const load = async (who: DemoUser) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/offers/import/template',
      headers: { authorization: `Bearer ${ctx.tokens[who]}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as never);
    const rows: ExcelJS.CellValue[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
    return rows;
  };
  const admin = await load('admin');
  expect(admin[0]).toEqual(TITLES);
  expect(admin[1]).toEqual(OFFER_IMPORT_COLUMNS.map((c) => c.example));
  // a supplier's user does not see the supplier (its own is filled in): its template leaves it out
  const supplier = await load('supplier');
  expect(supplier[0]).toEqual(TITLES.filter((t) => t !== 'Поставщик'));
  // role 1 does not see an offer's city, loading address and supplier, which an offer needs: no template (issue 33)
  const manager = await ctx.app.inject({
    method: 'GET',
    url: '/api/offers/import/template',
    headers: { authorization: `Bearer ${ctx.tokens.manager}` },
  });
  expect([manager.statusCode, manager.json().message]).toEqual([
    403,
    'Нельзя создавать предложения: роли скрыты обязательные поля «Город погрузки», «Поставщик», «Адрес погрузки»',
  ]);
});

test('a role that cannot see required columns imports nothing (403 naming them, issue 33), with them or without', async () => {
  const before = await tableChecksum(ctx.db);
  const message =
    'Нельзя создавать предложения: роли скрыты обязательные поля «Город погрузки», «Поставщик», «Адрес погрузки»';
  const res = await upload(csv([line({ 'Год урожая': '1995' })]), 'a.csv', 'valid', 'manager');
  expect(res).toEqual({ status: 403, body: { status: 'error', error: 'forbidden', message } });
  const visible = TITLES.filter((t) => !['Город погрузки', 'Адрес погрузки', 'Поставщик'].includes(t));
  const row = line({ 'Год урожая': '1995' }).filter((_, i) => visible.includes(TITLES[i]));
  expect(await upload(csv([row], visible), 'a.csv', 'valid', 'manager')).toEqual({
    status: 403,
    body: { status: 'error', error: 'forbidden', message },
  });
  expect(await tableChecksum(ctx.db)).toBe(before);
});

test("own: a supplier's user imports for its own supplier only; naming a supplier is refused", async () => {
  const visible = TITLES.filter((t) => t !== 'Поставщик');
  const row = line({ 'Год урожая': '1993' }).filter((_, i) => visible.includes(TITLES[i]));
  const refused = await upload(csv([line({ 'Год урожая': '1993' })]), 'a.csv', 'valid', 'supplier');
  expect(refused).toEqual({
    status: 403,
    body: { status: 'error', error: 'forbidden', message: 'Столбец «Поставщик» недоступен для вашей роли' },
  });
  const res = await upload(csv([row], visible), 'a.csv', 'valid', 'supplier');
  expect(res.body).toMatchObject({ imported: 1, problems: [] });
  const [created] = await ctx.db.select().from(offers).where(eq(offers.id, res.body.ids[0]));
  const [user] = await ctx.db.select().from(users).where(eq(users.email, 'supplier@nutdesk.demo'));
  expect(created).toMatchObject({ supplier_id: ownSupplierId, created_by: user.id });
  // and it finds the offer in its own list
  const list = await ctx.call('GET', `/api/offers?offers_ids=${created.id}`, 'supplier');
  expect(list.body.data.map((o: { id: number }) => o.id)).toEqual([created.id]);
});

test('a failure in the middle of the writing leaves nothing half-imported', async () => {
  // the database refuses the third offer of the file
  await ctx.db.execute(
    sql.raw(`CREATE FUNCTION refuse_1992() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.harvest_year = '1992' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`),
  );
  await ctx.db.execute(
    sql.raw('CREATE TRIGGER refuse_1992 BEFORE INSERT ON offers FOR EACH ROW EXECUTE FUNCTION refuse_1992()'),
  );
  try {
    const count = await offerCount();
    const res = await upload(
      csv([line({ 'Год урожая': '1990' }), line({ 'Год урожая': '1991' }), line({ 'Год урожая': '1992' })]),
      'a.csv',
      'valid',
    );
    expect(res.status).toBe(500);
    expect(await offerCount()).toBe(count);
  } finally {
    await ctx.db.execute(sql.raw('DROP TRIGGER refuse_1992 ON offers'));
    await ctx.db.execute(sql.raw('DROP FUNCTION refuse_1992()'));
  }
});

/** The `i`th of many different offers: more than there are harvest years (issue 33: 1990 to next year, or a season),
 * so each of the years before the demo's (1990–2022, then the seasons 1990/91–2022/23) under another packing and
 * variety, none the other tests' lots (W240 or none, in 'Коробка 22,68 кг'); line 1 102 has an address of its own. */
const MANY_YEARS = [
  ...Array.from({ length: 33 }, (_, i) => String(1990 + i)),
  ...Array.from({ length: 33 }, (_, i) => seasonOf(1990 + i)),
];
const MANY_PACKING = [
  'Мешок 25 кг',
  'Мешок 50 кг',
  'Коробка 5 кг',
  'Коробка 10 кг',
  'Коробка 12,5 кг',
  'Вакуумный пакет 1 кг',
  'Вакуумный пакет 5 кг',
  'Биг-бэг 500 кг',
  'Биг-бэг 1000 кг',
];
const MANY_VARIETIES = ['W180', 'W320', 'W450', 'Половинки'];
const manyLine = (i: number) => {
  const lot = Math.floor(i / MANY_YEARS.length);
  return line({
    'Год урожая': MANY_YEARS[i % MANY_YEARS.length],
    Упаковка: MANY_PACKING[lot % MANY_PACKING.length],
    Сорт: MANY_VARIETIES[Math.floor(lot / MANY_PACKING.length)],
    Комментарий: null,
    ...(i === 1100 ? { 'Адрес погрузки': 'Москва, ул. Складская, 1100' } : {}),
  });
};

test('a file over one chunk (checked and written 1 000 rows at a time): a row of the second chunk is the duplicate of its line in the first, the rest written in file order; a failure writing the second chunk leaves nothing of the first', async () => {
  // 1 203 different offers (manyLine), and row 1 202 (line 1 203) the same offer as line 2
  const rows = Array.from({ length: 1203 }, (_, i) => manyLine(i));
  rows[1201] = manyLine(0);
  const count = await offerCount();
  const res = await upload(csv(rows), 'big.csv', 'valid');
  expect(res.status).toBe(200);
  expect(res.body.problems).toEqual([{ row: 1203, column: '', message: `${duplicate} — строка 2 этого файла` }]);
  expect(res.body.imported).toBe(1202);
  expect(await offerCount()).toBe(count + 1202);
  // ids ascend in the file's order across the chunks; each offer is its line's
  const ids: number[] = res.body.ids;
  expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  const years = rowsOf<{ harvest_year: string }>(
    await ctx.db.execute(
      sql`SELECT harvest_year FROM offers WHERE id = ANY(${`{${ids.join(',')}}`}::int[]) ORDER BY id`,
    ),
  );
  expect(years.map((o) => o.harvest_year)).toEqual(
    rows.filter((_, i) => i !== 1201).map((r) => String(r[TITLES.indexOf('Год урожая')])),
  );
  await ctx.db.execute(sql`UPDATE offers SET status = 'completed' WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`);

  // the database refuses an offer of the second chunk (line 1 102, its own address): the first chunk, written by then, goes too
  await ctx.db.execute(
    sql.raw(`CREATE FUNCTION refuse_4100() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.loading_address = '${rows[1100][TITLES.indexOf('Адрес погрузки')]}' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`),
  );
  await ctx.db.execute(
    sql.raw('CREATE TRIGGER refuse_4100 BEFORE INSERT ON offers FOR EACH ROW EXECUTE FUNCTION refuse_4100()'),
  );
  try {
    const before = await offerCount();
    const failed = await upload(csv(rows), 'big.csv', 'valid');
    expect(failed.status).toBe(500);
    expect(await offerCount()).toBe(before);
  } finally {
    await ctx.db.execute(sql.raw('DROP TRIGGER refuse_4100 ON offers'));
    await ctx.db.execute(sql.raw('DROP FUNCTION refuse_4100()'));
  }
});

test('an XLSX that lies about its unpacked size is measured as it unpacks and refused, nothing kept', async () => {
  const { unzippedSize } = await import('../lists/unzipped');
  const bomb = await lyingZip(110 * 1024 * 1024);
  // a few hundred kilobytes that unpack past the 100 MB an import allows
  expect(bomb.length).toBeLessThan(IMPORT_LIMITS.maxBytes);
  expect(await unzippedSize(bomb, 100 * 1024 * 1024)).toBe(Infinity);
  // the same member, honest in size but for its lie: measured by what it inflates to, not by what it says
  expect(await unzippedSize(await lyingZip(2 * 1024 * 1024), 100 * 1024 * 1024)).toBeGreaterThanOrEqual(
    2 * 1024 * 1024,
  );
  const before = await tableChecksum(ctx.db);
  const res = await upload(bomb, 'прайс.xlsx', 'all');
  expect(res).toEqual({
    status: 400,
    body: {
      status: 'error',
      error: 'validation',
      messages: ['Файл распаковывается в слишком большой объём данных: разделите его на части'],
    },
  });
  expect(await tableChecksum(ctx.db)).toBe(before);
});

test('a member its central directory does not name (the reader would parse it, the size check would not see it) makes the file unreadable, nothing kept', async () => {
  const { unzippedSize } = await import('../lists/unzipped');
  const hidden = await hiddenMemberZip(30 * 1024 * 1024);
  // measured as the reader meets it: not as the 1 KB its directory lists
  expect(await unzippedSize(hidden, 100 * 1024 * 1024)).toBeNull();
  const before = await tableChecksum(ctx.db);
  const res = await upload(hidden, 'прайс.xlsx', 'all');
  expect(res).toEqual({
    status: 400,
    body: {
      status: 'error',
      error: 'validation',
      messages: ['Не удалось прочитать файл: он повреждён или не в формате XLSX/CSV'],
    },
  });
  expect(await tableChecksum(ctx.db)).toBe(before);
});

test('shared strings past 24 MB, the part of a workbook the reader keeps whole, are refused however small the file', async () => {
  const { unzippedSize } = await import('../lists/unzipped');
  const strings = await sharedStringsZip(30 * 1024 * 1024);
  expect(strings.length).toBeLessThan(IMPORT_LIMITS.maxBytes);
  expect(await unzippedSize(strings, 100 * 1024 * 1024)).toBe(Infinity);
  // the same strings under the cap are counted at their size
  expect(await unzippedSize(await sharedStringsZip(2 * 1024 * 1024), 100 * 1024 * 1024)).toBeGreaterThanOrEqual(
    2 * 1024 * 1024,
  );
  const res = await upload(strings, 'прайс.xlsx', 'all');
  expect(res).toEqual({
    status: 400,
    body: {
      status: 'error',
      error: 'validation',
      messages: ['Файл распаковывается в слишком большой объём данных: разделите его на части'],
    },
  });
});

test('an XLSX of far more rows than an import takes is refused by its row count, read only as far as the limit', async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Предложения');
  sheet.addRow(TITLES);
  for (let i = 0; i < IMPORT_LIMITS.maxRows + 500; i++) sheet.addRow(line());
  const file = Buffer.from(await workbook.xlsx.writeBuffer());
  const res = await upload(file, 'много.xlsx', 'valid');
  expect(res).toEqual({
    status: 400,
    body: { status: 'error', error: 'validation', messages: ['В файле больше 5 000 строк: разделите его на части'] },
  });
});
