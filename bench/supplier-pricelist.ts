// A supplier's own 5 000-row price list through the whole server (app.inject): the first file uploaded,
// mapped and applied (5 000 new offers), then the next month's file of the same layout: a third of the lots
// re-priced, a tenth gone, 500 new; its preview (GET /api/price-list-uploads/{id}/preview) and its apply (POST …/apply)
// are timed. Goals: preview ≤ 2 s, apply ≤ 2 s on PostgreSQL. Runs on PGlite in memory; with DATABASE_URL set, on
// that PostgreSQL server too (in a throwaway database).
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { createTestApp, signIn } from '../server/__tests__/testApp';
import { DEMO_PASSWORD } from '../domain/api';
import { rowsOf } from '../server/db/rows';
import { onEachEngine } from './engines';
import { seedOffers } from './offers';

const ROWS = 5000;
const engineName = (engine: string) => (engine.startsWith('PGlite') ? 'pglite' : 'postgresql');

interface Lot {
  name: string;
  packing: string;
  year: number;
}

/** 5 500 distinct lots: our product and variety names, our packings, harvest years 1990 on. */
async function lotsOf(db: Parameters<typeof seedOffers>[0]): Promise<Lot[]> {
  const names = rowsOf<{ name: string }>(
    await db.execute(sql`SELECT p.name || ' ' || v.name AS name FROM products p JOIN varieties v ON v.product_id = p.id
    WHERE p.status = 'active' ORDER BY p.id, v.id`),
  ).map((r) => r.name);
  const packings = rowsOf<{ name: string }>(
    await db.execute(sql`SELECT name FROM packing WHERE name ~ '\\d' ORDER BY id`),
  ).map((r) => r.name);
  const lots: Lot[] = [];
  for (let year = 1990; lots.length < ROWS * 1.1; year++)
    for (const name of names) for (const packing of packings) lots.push({ name, packing, year });
  return lots.slice(0, ROWS * 1.1);
}

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Прайс');
  sheet.addRow(['ООО «Бенч»: прайс-лист']);
  sheet.addRow([]);
  sheet.addRow(['Наименование', 'Фасовка', 'Год урожая', 'Цена, руб/кг', 'Остаток, т']);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function bench(engine: string) {
  const ctx = await createTestApp({ scryptN: 2 ** 14 });
  try {
    await seedOffers(ctx.db, Number(process.env.BENCH_OFFERS ?? 20_000));
    const token = await signIn(ctx.app, 'admin@nutdesk.demo', DEMO_PASSWORD);
    const [{ id: supplierId }] = rowsOf<{ id: number }>(
      await ctx.db.execute(sql`INSERT INTO suppliers (name, inn, city_id, loading_address)
      VALUES ('ООО «Бенч»', '7712345678', (SELECT min(id) FROM cities WHERE status = 'active'), 'Москва, ул. Складская, 1') RETURNING id`),
    );
    const lots = await lotsOf(ctx.db);
    const call = async (
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: object | Buffer,
      headers: Record<string, string> = {},
    ) => {
      const start = performance.now();
      const res = await ctx.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, ...headers },
        payload,
      });
      const seconds = (performance.now() - start) / 1000;
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return { body: res.json() as Record<string, unknown>, seconds };
    };
    const upload = async (file: Buffer, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)]), name);
      const request = new Request('http://x/', { method: 'POST', body: form });
      return call('POST', `/api/suppliers/${supplierId}/price-lists`, Buffer.from(await request.arrayBuffer()), {
        'content-type': request.headers.get('content-type')!,
      });
    };
    const price = (i: number) => 500 + (i % 400);
    // the first file: 5 000 new lots
    const first = await upload(
      await workbook(lots.slice(0, ROWS).map((l, i) => [l.name, l.packing.toLowerCase(), l.year, price(i), 5])),
      'ноябрь.xlsx',
    );
    const mapping = first.body.mapping as { columns: Record<string, string>; defaults: Record<string, unknown> };
    await call('PUT', `/api/suppliers/${supplierId}/price-list-profile`, {
      upload_id: first.body.upload_id,
      sheet: 'Прайс',
      header_row: 3,
      columns: mapping.columns,
      defaults: { ...mapping.defaults, origin_country: 'Турция' },
    });
    const firstApply = await call('POST', `/api/price-list-uploads/${String(first.body.upload_id)}/apply`, {});
    console.log(`\n${engine}: ${ROWS} rows`);
    console.log(
      `  first file applied      ${firstApply.seconds.toFixed(2)} s  ${JSON.stringify(firstApply.body.counts)}`,
    );
    // the next month: lots 500.. of the first file (the first 500 gone), a third re-priced, 500 new
    const next = [...lots.slice(500, ROWS), ...lots.slice(ROWS, ROWS + 500)].map((l, i) => [
      l.name,
      l.packing,
      l.year,
      (i + 500) % 3 === 0 ? price(i + 500) + 25 : price(i + 500),
      5,
    ]);
    const second = await upload(await workbook(next), 'декабрь.xlsx');
    if (!second.body.preview) throw new Error('the next file was not previewed with no question asked');
    const preview = await call('GET', `/api/price-list-uploads/${String(second.body.upload_id)}/preview`);
    const groups = preview.body as Record<string, unknown[]>;
    console.log(`  upload (read + preview) ${second.seconds.toFixed(2)} s`);
    console.log(
      `  preview                 ${preview.seconds.toFixed(2)} s  new ${groups.new.length}, changed ${groups.changed.length}, unchanged ${groups.unchanged.length}, gone ${groups.gone.length}, problems ${groups.problems.length}`,
    );
    const apply = await call('POST', `/api/price-list-uploads/${String(second.body.upload_id)}/apply`, {});
    console.log(`  apply                   ${apply.seconds.toFixed(2)} s  ${JSON.stringify(apply.body.counts)}`);
    console.log(
      `RESULT supplier-pricelist engine=${engineName(engine)} rows=${ROWS} preview_s=${preview.seconds.toFixed(2)} apply_s=${apply.seconds.toFixed(2)}`,
    );
    // a workbook of six 2 000-row sheets of 15 columns (about 3 million characters, within the reading's budget):
    // what its upload stores, and what opening it again (the mapping screen, twice) costs in time and heap
    const wide = new ExcelJS.Workbook();
    for (let n = 1; n <= 6; n++) {
      const sheet = wide.addWorksheet(`Склад ${n}`);
      sheet.addRow([
        'Наименование',
        'Фасовка',
        'Год урожая',
        'Цена, руб/кг',
        'Остаток, т',
        ...Array.from({ length: 10 }, (_, j) => `Примечание ${j + 1}`),
      ]);
      lots
        .slice(0, 2000)
        .forEach((l, i) =>
          sheet.addRow([
            l.name,
            l.packing,
            l.year,
            price(i),
            5,
            ...Array.from({ length: 10 }, (_, j) => `склад ${n}, строка ${i}, ${j}`),
          ]),
        );
    }
    const many = await upload(Buffer.from(await wide.xlsx.writeBuffer()), 'склады.xlsx');
    // the heap's peak while the upload is opened, over its level before (after a collection, with --expose-gc)
    (globalThis as { gc?: () => void }).gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = heapBefore;
    const sampling = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 2);
    const [{ bytes }] = rowsOf<{ bytes: number }>(
      await ctx.db.execute(
        sql`SELECT octet_length(sheets::text) AS bytes FROM price_list_uploads WHERE id = ${Number(many.body.upload_id)}`,
      ),
    );
    const opened = [];
    for (const sheetName of ['Склад 6', 'Склад 1']) {
      opened.push(
        (
          await call(
            'GET',
            `/api/price-list-uploads/${String(many.body.upload_id)}?sheet=${encodeURIComponent(sheetName)}&header_row=1`,
          )
        ).seconds,
      );
    }
    clearInterval(sampling);
    const heapGrowth = (Math.max(peak, process.memoryUsage().heapUsed) - heapBefore) / 1024 / 1024;
    console.log(
      `  six sheets: upload ${many.seconds.toFixed(2)} s, stored ${bytes} bytes, opened on sheet 6 ${opened[0].toFixed(2)} s, on sheet 1 ${opened[1].toFixed(2)} s, heap peak +${heapGrowth.toFixed(1)} MB`,
    );
    console.log(
      `RESULT supplier-pricelist-sheets engine=${engineName(engine)} upload_s=${many.seconds.toFixed(2)} stored_bytes=${bytes} open_s=${opened[0].toFixed(2)} heap_mb=${heapGrowth.toFixed(1)}`,
    );
  } finally {
    await ctx.close();
  }
}

onEachEngine(bench);
