// Each file store round-trips an upload byte for byte through the real routes, and a file uploaded through one
// app instance is downloaded through another (two servers behind a proxy). The database store runs on the test's
// database: PGlite in memory by default, a real PostgreSQL server when DATABASE_URL is set (CI); S3 against a
// local S3-compatible server (s3rver) started here.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, insertRoles, insertUser, secondInstance, signIn, type TestContext } from './testApp';
import { startLocalS3, type LocalS3 } from './s3';
import { fileChunks, files } from '../db/schema';
import { CHUNK_BYTES, openFileStores, s3Store } from '../db/fileStores';
import { moveFiles } from '../db/moveFiles';
import { readdirSync } from 'node:fs';
import { loadConfig, type Config, type FileStoreKind } from '../config';

/** A PNG of 600 KiB: the signature and header, then random bytes (every byte value, three database chunks). */
const photo = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
  randomBytes(600 * 1024),
]);

const upload = (app: FastifyInstance, token: string, name: string, content: Buffer) => {
  const boundary = '----nutdesk-stores';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nimage\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/files',
    payload: body,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
};
const download = (app: FastifyInstance, token: string, id: number) =>
  app.inject({ method: 'GET', url: `/api/files/${id}`, headers: { authorization: `Bearer ${token}` } });

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.close();
});

const cases: { store: FileStoreKind; config: () => Partial<Config> }[] = [
  { store: 'disk', config: () => ({}) },
  { store: 'database', config: () => ({}) },
  { store: 's3', config: () => ({ s3: s3.config }) },
];

describe.each(cases)('the $store store', ({ store, config }) => {
  let ctx: TestContext;
  let dataDir: string;
  let token: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'nutdesk-files-'));
    ctx = await createTestApp({ dataDir, fileStore: store, ...config() });
    await insertRoles(ctx.db);
    await insertUser(ctx.db, { email: 'manager@nutdesk.test', role_id: 1 });
    token = await signIn(ctx.app, 'manager@nutdesk.test');
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('an upload comes back byte for byte, from the store its row names, and a removal empties the store', async () => {
    const up = await upload(ctx.app, token, 'партия.png', photo);
    expect(up.statusCode).toBe(201);
    const { id, size } = up.json();
    expect(size).toBe(photo.length);
    const [row] = await ctx.db.select().from(files).where(eq(files.id, id));
    expect(row.store).toBe(store);

    // where the bytes are: only in the store chosen
    const onDisk = path.join(dataDir, 'files', row.storage_path);
    const chunks = await ctx.db
      .select({ seq: fileChunks.seq })
      .from(fileChunks)
      .where(eq(fileChunks.storage_key, row.storage_path));
    const inS3 = await (await s3Store(s3.config)).exists(row.storage_path);
    expect({ disk: existsSync(onDisk), chunks: chunks.length, s3: inS3 }).toEqual({
      disk: store === 'disk',
      chunks: store === 'database' ? Math.ceil(photo.length / CHUNK_BYTES) : 0,
      s3: store === 's3',
    });

    const got = await download(ctx.app, token, id);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-length']).toBe(String(photo.length));
    expect(got.rawPayload.equals(photo)).toBe(true);

    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/files/${id}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(200);
    expect((await download(ctx.app, token, id)).statusCode).toBe(404);
    const left = await ctx.db
      .select({ seq: fileChunks.seq })
      .from(fileChunks)
      .where(eq(fileChunks.storage_key, row.storage_path));
    expect({
      disk: existsSync(onDisk),
      chunks: left.length,
      s3: await (await s3Store(s3.config)).exists(row.storage_path),
    }).toEqual({ disk: false, chunks: 0, s3: false });
  });

  test('a file exactly one chunk long round-trips too', async () => {
    // exactly one chunk long: the chunker's edge
    const exact = Buffer.concat([photo.subarray(0, 29), randomBytes(CHUNK_BYTES - 29)]);
    const up = await upload(ctx.app, token, 'ровно.png', exact);
    expect(up.statusCode).toBe(201);
    expect((await download(ctx.app, token, up.json().id)).rawPayload.equals(exact)).toBe(true);
  });

  if (store !== 'disk') {
    test('a file uploaded through instance A is downloaded through instance B', async () => {
      const b = await secondInstance(ctx);
      try {
        const up = await upload(ctx.app, token, 'через-А.png', photo);
        expect(up.statusCode).toBe(201);
        const got = await download(b.app, token, up.json().id);
        expect(got.statusCode).toBe(200);
        expect(got.rawPayload.equals(photo)).toBe(true);
      } finally {
        await b.close();
      }
    });
  }
});

describe('files:move', () => {
  let ctx: TestContext;
  let dataDir: string;
  let token: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'nutdesk-move-'));
    ctx = await createTestApp({ dataDir, fileStore: 'disk', s3: s3.config });
    await insertRoles(ctx.db);
    await insertUser(ctx.db, { email: 'manager@nutdesk.test', role_id: 1 });
    token = await signIn(ctx.app, 'manager@nutdesk.test');
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('moves the data folder into the database, then into S3 and back, resumable and idempotent, every file intact', async () => {
    const contents = [
      photo,
      photo.subarray(0, 1000),
      Buffer.concat([photo.subarray(0, 29), randomBytes(CHUNK_BYTES * 2)]),
    ];
    const ids: number[] = [];
    for (const [i, content] of contents.entries())
      ids.push((await upload(ctx.app, token, `фото-${i}.png`, content)).json().id);
    const stores = await openFileStores({ ...ctx.config, s3: s3.config }, ctx.db);
    const storesOfRows = async () =>
      (await ctx.db.select({ id: files.id, store: files.store }).from(files).orderBy(files.id)).map((r) => r.store);
    const allIntact = async () => {
      for (const [i, id] of ids.entries())
        expect((await download(ctx.app, token, id)).rawPayload.equals(contents[i])).toBe(true);
    };

    // cut off after one file: the rest stays where it was, readable
    expect(await moveFiles(ctx.db, stores, 'database', { limit: 1 })).toEqual({ moved: 1, missing: [], left: 2 });
    expect(await storesOfRows()).toEqual(['database', 'disk', 'disk']);
    await allIntact();
    expect(await moveFiles(ctx.db, stores, 'database')).toEqual({ moved: 2, missing: [], left: 0 });
    expect(await moveFiles(ctx.db, stores, 'database')).toEqual({ moved: 0, missing: [], left: 0 });
    expect(readdirSync(path.join(dataDir, 'files'))).toEqual([]);
    await allIntact();

    expect(await moveFiles(ctx.db, stores, 's3')).toEqual({ moved: 3, missing: [], left: 0 });
    expect(await ctx.db.select().from(fileChunks)).toHaveLength(0);
    expect(await storesOfRows()).toEqual(['s3', 's3', 's3']);
    await allIntact();

    expect(await moveFiles(ctx.db, stores, 'disk')).toEqual({ moved: 3, missing: [], left: 0 });
    expect(readdirSync(path.join(dataDir, 'files'))).toHaveLength(3);
    await allIntact();
    await stores.close();
  });
});

test('with DATABASE_URL the database store is the default, and S3_URL takes precedence', () => {
  expect(loadConfig({}).fileStore).toBe('disk');
  expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).fileStore).toBe('database');
  expect(loadConfig({ DATABASE_URL: 'postgres://x/y', S3_URL: 'http://s3', S3_BUCKET: 'b' }).fileStore).toBe('s3');
  expect(loadConfig({ DATABASE_URL: 'postgres://x/y', FILE_STORE: 'disk' }).fileStore).toBe('disk');
  expect(() => loadConfig({ S3_URL: 'http://s3' })).toThrow('S3_BUCKET');
  expect(() => loadConfig({ FILE_STORE: 'database' })).toThrow('DATABASE_URL');
});
