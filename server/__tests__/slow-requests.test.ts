// A body sent a byte at a time (slowloris) does not hold a connection for ever: past REQUEST_TIMEOUT_SECONDS the
// server answers 408 and closes it. The real server listens here; the request is written by hand on a socket.
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestContext } from './testApp';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ requestTimeoutMs: 1000 });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(() => ctx?.close());

test('a body trickled in is cut off with 408 once the request took longer than allowed', async () => {
  const { port } = ctx.app.server.address() as AddressInfo;
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  const started = Date.now();
  socket.write(
    'POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
  );
  // one byte every 200 ms: never idle long, never done
  const trickle = setInterval(() => socket.writable && socket.write(' '), 200);
  try {
    const end = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // not before the limit of 1 s (that it ends at all is the point: without the limit it never would)
    expect(end - started).toBeGreaterThanOrEqual(1000);
  } finally {
    clearInterval(trickle);
    socket.destroy();
  }
});
