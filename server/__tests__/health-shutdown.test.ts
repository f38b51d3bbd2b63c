// What the proxy relies on: GET /api/health answers without a sign-in and says whether this instance can serve
// (database reachable, every migration of this build applied); and a shutdown lets requests in flight finish while
// it ends the long-lived streams and refuses new connections.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { MIGRATIONS_DIR, openDatabase } from '../db/client';
import { imageOf } from './testImages';
import { files } from '../db/schema';
import { createTestApp, insertRoles, insertUser, signIn, type TestContext } from './testApp';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

/** The newest migration as the journal lists it. */
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string; when: number }[];
};
const newest = journal.entries[journal.entries.length - 1];

describe('GET /api/health', () => {
  test('answers 200 without a sign-in when the database is reachable and migrated', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', migration: newest.tag, migrationsCurrent: true });
  });

  test('answers 503 when the database lacks a migration this build ships', async () => {
    const [last] = (
      (await ctx.db.execute(
        sql`SELECT id, hash, created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
      )) as unknown as { rows: { id: number; hash: string; created_at: string }[] }
    ).rows;
    expect(Number(last.created_at)).toBe(newest.when);
    await ctx.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${last.id}`);
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'error',
        database: 'ok',
        migration: newest.tag,
        migrationsCurrent: false,
        reason: `Миграции не применены: нужна ${newest.tag}`,
      });
    } finally {
      await ctx.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${last.id}, ${last.hash}, ${last.created_at}::bigint)`,
      );
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  test('answers 503 when the database is gone, and logs only that failure', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await openDatabase({ inMemory: true, loadDataDir: await imageOf('migrated') });
    await database.migrate();
    const app = await buildApp({
      config: { ...loadConfig({}), distDir: '/nonexistent-dist' },
      db: database.db,
      logger: { level: 'info', stream },
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      // healthy probes leave no line, while any other request is logged at info
      expect(lines.join('')).not.toContain('/api/health');
      await app.inject({ method: 'GET', url: '/api/me' });
      expect(lines.join('')).toContain('/api/me');
      await database.close();
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', database: 'unreachable', reason: 'База данных недоступна' });
      expect(lines.join('')).toContain('health: the database does not answer');
    } finally {
      await app.close();
    }
  });
});

const boundary = '----nutdesk-slow';
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const multipartHead = (name: string) =>
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nimage\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
  );
const multipartTail = Buffer.concat([png, Buffer.from(`\r\n--${boundary}--\r\n`)]);

/** The same upload, whole, for inject. */
const multipartPhoto = (name: string) => ({
  body: Buffer.concat([multipartHead(name), multipartTail]),
  type: `multipart/form-data; boundary=${boundary}`,
});

/** A multipart upload of a PNG, sent by hand so the test decides when its body ends. */
function slowUpload(port: number, token: string) {
  const head = multipartHead('в-пути.png');
  const tail = multipartTail;
  let onHeaders!: () => void;
  const arrived = new Promise<void>((resolve) => (onHeaders = resolve));
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/files',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + tail.length,
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
  });
  req.on('socket', (socket) => socket.on('connect', () => setTimeout(onHeaders, 300)));
  req.write(head);
  return { arrived, finish: () => req.end(tail), answer };
}

const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
  });

describe('graceful shutdown', () => {
  test('a request in flight when the shutdown starts completes, while new connections are refused', async () => {
    const own = await createTestApp();
    try {
      await insertRoles(own.db);
      await insertUser(own.db, { email: 'manager@nutdesk.test', role_id: 1 });
      const token = await signIn(own.app, 'manager@nutdesk.test');
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = own.app.server.address() as AddressInfo;
      const upload = slowUpload(port, token);
      await upload.arrived;

      const closing = own.app.close();
      let closed = false;
      void closing.then(() => (closed = true));
      // the listener is gone at once; the request in flight still holds the instance open
      expect(await connects(port)).toBe(false);
      await new Promise((r) => setTimeout(r, 200));
      expect(closed).toBe(false);

      upload.finish();
      const answer = await upload.answer;
      expect(answer.status).toBe(201);
      const { id } = JSON.parse(answer.body);
      await closing;
      // it was really stored: its row is there, read after the instance closed, before the database does
      const [row] = await own.db.select().from(files).where(eq(files.id, id));
      expect(row.original_name).toBe('в-пути.png');
    } finally {
      await own.close();
    }
  });

  test('draining (behind a proxy, before the port closes): reads answer 503 with nothing read, writes are still served', async () => {
    const own = await createTestApp();
    try {
      await insertRoles(own.db);
      await insertUser(own.db, { email: 'manager@nutdesk.test', role_id: 1 });
      const token = await signIn(own.app, 'manager@nutdesk.test');
      const auth = { authorization: `Bearer ${token}` };
      expect((await own.app.inject({ method: 'GET', url: '/api/me', headers: auth })).statusCode).toBe(200);
      own.app.drain.start();
      expect(own.app.drain.active).toBe(true);
      for (const url of ['/api/me', '/api/health', '/api/offers?perPage=20']) {
        const read = await own.app.inject({ method: 'GET', url, headers: auth });
        expect([url, read.statusCode, read.headers.connection, read.json()]).toEqual([
          url,
          503,
          'close',
          { status: 'error', error: 'shutting_down', messages: ['Сервер перезапускается: повторите запрос'] },
        ]);
      }
      // a write nginx has sent is never tried on another instance: it is done here
      const { body, type } = multipartPhoto('при-остановке.png');
      const write = await own.app.inject({
        method: 'POST',
        url: '/api/files',
        headers: { ...auth, 'content-type': type },
        payload: body,
      });
      expect(write.statusCode).toBe(201);
      const [row] = await own.db.select().from(files).where(eq(files.id, write.json().id));
      expect(row.original_name).toBe('при-остановке.png');
    } finally {
      await own.close();
    }
  });

  test('a long-lived stream registered for shutdown is ended, so the close does not wait for it', async () => {
    const app = await buildApp({ config: ctx.config, db: ctx.db });
    // what the server-sent event stream does: answer, keep the response open, register its end
    app.get('/stream-for-test', (request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
      reply.raw.write(': open\n\n');
      const unregister = app.longLivedStreams.add(() => reply.raw.end('event: bye\ndata: shutdown\n\n'));
      request.raw.on('close', unregister);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // the live events' hub registers itself (it ends every event stream at shutdown); the stream below comes on top
    const registered = app.longLivedStreams.size;
    // (the end is handed over in an object: a promise resolved with a promise would wait for that one)
    const { received } = await new Promise<{ received: Promise<string> }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/stream-for-test' }, (res) => {
          let text = '';
          const ended = new Promise<string>((done) => res.on('end', () => done(text)));
          res.on('data', (d) => {
            text += d;
            if (text.includes(': open')) resolve({ received: ended });
          });
        })
        .on('error', reject);
    });
    expect(app.longLivedStreams.size).toBe(registered + 1);
    const outcome = await Promise.race([
      app.close().then(() => 'closed'),
      new Promise((r) => setTimeout(() => r('still open after 5 s'), 5000)),
    ]);
    expect(outcome).toBe('closed');
    expect(await received).toBe(': open\n\nevent: bye\ndata: shutdown\n\n');
    expect(app.longLivedStreams.size).toBe(0);
  });
});
