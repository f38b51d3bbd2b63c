// Issue 36: 200 event streams opened at once on PGlite left ~60 of them unanswered (bench/live.ts). The embedded
// database runs its queued statements one after the other in this process, so a burst of 200 list reads held the
// event loop for seconds (12 s measured at load 16); a browser's next request on its kept-alive connection (its
// stream, after its page) was by then in the socket, unread, and at the loop's next turn the connection's
// keep-alive timer (Node's 5 s: the server is made by serverFactory, which Fastify's own 72 s does not reach)
// closed it under the request: a reset, no answer. The server now keeps an idle connection as Fastify would.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createDemoApp, type DemoContext } from './testApp';
import { until as untilHeld } from './until';

let ctx: DemoContext;
let port: number;

beforeAll(async () => {
  ctx = await createDemoApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await ctx.close();
});

/** A kept-alive connection to the app: what it has received, and whether it was closed or reset. */
function connection() {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  let ended: string | null = null;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    text += chunk;
  });
  socket.on('error', (err: NodeJS.ErrnoException) => {
    ended = err.code ?? err.message;
  });
  socket.on('close', () => {
    ended ??= 'closed';
  });
  const request = (path: string) =>
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${ctx.tokens.manager}\r\nAccept: */*\r\n\r\n`,
    );
  return { socket, request, text: () => text, ended: () => ended };
}

const until = (check: () => boolean, ms = 20_000) => untilHeld(check, ms);

test('a stream asked for on a kept-alive connection while the server was held up 6 s is answered, not reset', async () => {
  const c = connection();
  await new Promise((resolve) => c.socket.once('connect', resolve));
  // the screen's page, over a connection kept alive
  c.request('/api/offers');
  await until(() => /^HTTP\/1\.1 200/.test(c.text()) && c.text().includes('"data"'));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(c.text()).toMatch(/\r\nconnection: keep-alive\r\n/i);
  const before = c.text().length;
  // then its stream, written at once to the connection, while the server's loop is held up longer than Node's
  // keep-alive (as by a burst of statements on the embedded database)
  c.request('/api/events');
  const end = Date.now() + 6000;
  while (Date.now() < end) {
    // held up
  }
  await until(() => c.text().slice(before).includes('retry: 2000') || c.ended() !== null);
  expect(c.ended()).toBeNull();
  expect(c.text().slice(before)).toMatch(/^HTTP\/1\.1 200[^]*text\/event-stream[^]*retry: 2000/);
  c.socket.destroy();
}, 60_000);
