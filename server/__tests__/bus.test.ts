// The bus between app instances: a message published by one instance reaches every subscriber on every instance
// exactly once (on PostgreSQL through LISTEN/NOTIFY, on PGlite in process).
import { createTestApp, secondInstance, type TestContext } from './testApp';
import { until as untilHeld } from './until';

let ctx: TestContext;
let second: Awaited<ReturnType<typeof secondInstance>>;
beforeAll(async () => {
  ctx = await createTestApp();
  second = await secondInstance(ctx);
});
afterAll(async () => {
  await second.close();
  await ctx.close();
});

function collect(bus: TestContext['database']['bus'], channel: string) {
  const got: string[] = [];
  const off = bus.subscribe(channel, (payload) => got.push(payload));
  return { got, off };
}

const until = (check: () => boolean, ms = 3000) => untilHeld(check, ms);

test('a message published on one instance reaches the subscribers of both, once each', async () => {
  const here = collect(ctx.app.bus, 'bus_test');
  const there = collect(second.app.bus, 'bus_test');
  const other = collect(second.app.bus, 'bus_other');
  // a LISTEN is taken asynchronously: give it a moment before the first publish
  await new Promise((resolve) => setTimeout(resolve, 200));
  await ctx.app.bus.publish('bus_test', '{"offer":7}');
  await until(() => here.got.length === 1 && there.got.length === 1);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(here.got).toEqual(['{"offer":7}']);
  expect(there.got).toEqual(['{"offer":7}']);
  expect(other.got).toEqual([]);

  there.off();
  await second.app.bus.publish('bus_test', 'second');
  await until(() => here.got.length === 2);
  expect(here.got).toEqual(['{"offer":7}', 'second']);
  expect(there.got).toEqual(['{"offer":7}']);
  here.off();
  other.off();
});

test('a channel that is not an identifier is refused before it reaches LISTEN', async () => {
  expect(() => ctx.app.bus.subscribe('x"; DROP TABLE users; --', () => undefined)).toThrow('bad bus channel');
  await expect(ctx.app.bus.publish('Bad-Channel', '')).rejects.toThrow('bad bus channel');
});
