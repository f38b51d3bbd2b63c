// Issue 35: a buyer's link starts with PUBLIC_URL, else with the address the request came to (Host, or
// X-Forwarded-Host and -Proto from a trusted proxy), never http://localhost:PORT for an app opened elsewhere; an
// administrator is warned while PUBLIC_URL is unset on a server reached from another address.
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { createDemoApp, type DemoContext, type DemoUser } from './testApp';
import { firstRow } from '../db/rows';
import { linkBase } from '../http/linkBase';
import { addDays } from '../../domain/businessDay';
import { today } from './trade';

let ctx: DemoContext;
let kazan: number;

beforeAll(async () => {
  // behind one proxy, at 10.0.0.5: only it names the host the browser used
  ctx = await createDemoApp({ trustProxy: '10.0.0.5' });
  kazan = firstRow<{ id: number }>(await ctx.db.execute(sql`SELECT id FROM cities WHERE name = 'Казань'`))!.id;
}, 120_000);
afterAll(() => ctx?.close());

const call = (
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  who: DemoUser = 'admin',
  payload?: object,
  remoteAddress?: string,
) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${ctx.tokens[who]}`, ...headers },
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const newLink = (headers: Record<string, string>, remoteAddress?: string) =>
  call(
    'POST',
    '/api/price-list/links',
    headers,
    'manager',
    { city_id: kazan, valid_until: addDays(today, 5) },
    remoteAddress,
  );

test('PUBLIC_URL unset: the price list link starts with the address the app was opened at', async () => {
  const made = await newLink({ host: 'desk.orehi.ru:8080' });
  expect(made.statusCode).toBe(201);
  expect(made.json().url).toMatch(/^http:\/\/desk\.orehi\.ru:8080\/p\/[A-Za-z0-9_-]+$/);
  // the list of links answers each as the address it is read at
  const listed = (await call('GET', '/api/price-list/links', { host: '192.168.1.20:3000' }, 'manager')).json();
  expect(listed.map((l: { url: string }) => l.url.split('/p/')[0])).toContain('http://192.168.1.20:3000');
  expect(listed.every((l: { url: string }) => l.url.startsWith('http://192.168.1.20:3000/p/'))).toBe(true);
});

test('behind the trusted proxy its X-Forwarded-Host and -Proto name the address; from anyone else they are ignored', async () => {
  const proxied = await newLink(
    { host: '10.0.0.9:3000', 'x-forwarded-host': 'desk.orehi.ru', 'x-forwarded-proto': 'https' },
    '10.0.0.5',
  );
  expect(proxied.json().url).toMatch(/^https:\/\/desk\.orehi\.ru\/p\//);
  const spoofed = await newLink(
    { host: 'desk.orehi.ru', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    '10.0.0.77',
  );
  expect(spoofed.json().url).toMatch(/^http:\/\/desk\.orehi\.ru\/p\//);
  // a Host no browser sends is not put in a link
  const odd = await newLink({ host: 'desk.orehi.ru/evil?x=' });
  expect(odd.json().url).toMatch(/^http:\/\/localhost:\d+\/p\//);
});

test("PUBLIC_URL set: every link starts with it, whatever the request's address", () => {
  const request = { host: 'desk.orehi.ru:8080', protocol: 'http' } as FastifyRequest;
  expect(linkBase({ publicUrl: 'https://nuts.example.ru', publicUrlSet: true }, request)).toBe(
    'https://nuts.example.ru',
  );
  expect(linkBase({ publicUrl: 'http://localhost:3000', publicUrlSet: false }, request)).toBe(
    'http://desk.orehi.ru:8080',
  );
});

test('an administrator is warned while PUBLIC_URL is unset on a server reached from elsewhere; on this machine it is not', async () => {
  const away = await call('GET', '/api/admin/public-url', { host: 'desk.orehi.ru:8080' });
  expect(away.statusCode).toBe(200);
  expect(away.json()).toEqual({
    base: 'http://desk.orehi.ru:8080',
    configured: false,
    warning:
      'Не задан PUBLIC_URL: ссылки для покупателей строятся от адреса, по которому открыто приложение (http://desk.orehi.ru:8080). ' +
      'Задайте PUBLIC_URL — адрес, по которому приложение открывают покупатели, и перезапустите сервер',
  });
  for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
    expect((await call('GET', '/api/admin/public-url', { host })).json()).toMatchObject({
      configured: false,
      warning: null,
    });
  }
  expect((await call('GET', '/api/admin/public-url', { host: 'desk.orehi.ru' }, 'manager')).statusCode).toBe(403);
});
