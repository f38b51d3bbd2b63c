// What refusing a hostile spreadsheet costs the server: a few hundred kilobytes of XLSX whose
// sheet unpacks to 210 MB while its headers say 1 KB, and an XLSX of 100 000 rows (the import takes 5 000). Each
// is posted to POST /api/offers/import on PGlite in memory; the time to the 400 and the growth of the process's
// resident memory over the request are printed.
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { createTestApp, insertRoles, insertUser, signIn } from '../server/__tests__/testApp';
import { lyingZip } from '../server/__tests__/zips';

async function measure(
  name: string,
  file: Buffer,
  filename: string,
  post: (file: Buffer, filename: string) => Promise<{ statusCode: number; body: string }>,
) {
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const t0 = performance.now();
  const res = await post(file, filename);
  const ms = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(`${name}: ${(file.length / 1024).toFixed(0)} KB file → ${res.statusCode} ${res.body}`);
  console.log(`RESULT ${name}_ms=${ms.toFixed(0)} ${name}_rss_growth_mb=${((peak - rss0) / 1024 / 1024).toFixed(1)}`);
}

async function main() {
  const ctx = await createTestApp();
  await insertRoles(ctx.db);
  await insertUser(ctx.db, { email: 'bench@nutdesk.test', user_type: 'admin', is_admin: true });
  const token = await signIn(ctx.app, 'bench@nutdesk.test');
  const post = (file: Buffer, filename: string) => {
    const boundary = '----bench';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="mode"\r\n\r\nall\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/offers/import',
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };
  await measure('import_lying_xlsx', await lyingZip(210 * 1024 * 1024), 'bomb.xlsx', post);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Предложения');
  sheet.addRow(['Товар', 'Год урожая', 'Количество']);
  for (let i = 0; i < 100_000; i++) sheet.addRow(['Кешью', String(3000 + (i % 900)), 100]);
  await measure('import_100k_rows_xlsx', Buffer.from(await workbook.xlsx.writeBuffer()), 'rows.xlsx', post);
  await ctx.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
