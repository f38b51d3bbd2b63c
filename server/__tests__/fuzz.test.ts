// A property-based fuzz of the whole API (issue 8): every route that /api/docs lists is called as the
// administrator, as role 8 (warehouse) and as a supplier's user with params, query and body generated from the
// route's own schema and mixed with hostile values (ids that are no int4, NUL and lone surrogates, wrong types,
// impossible dates, prototype keys, huge numbers and texts, deep nesting, unknown keys). It fails on any answer
// ≥ 500, and on any rejected write (4xx to POST/PUT/PATCH/DELETE) that changed a row. The routes come from the
// OpenAPI description, so a new route is fuzzed without new test code. Seed and run counts are fixed: a failure
// reproduces with the same request.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createDemoApp, tableChecksum, type DemoContext, type DemoUser } from './testApp';
import { rowsOf } from '../db/rows';

const SEED = 20261101;
/** Generated requests per route and role. */
const RUNS = 7;
const ROLES: DemoUser[] = ['admin', 'warehouse', 'supplier'];

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
};
type Operation = {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
};
interface Route {
  method: string;
  path: string;
  params: Record<string, Schema>;
  query: Record<string, Schema>;
  body?: Schema;
}
interface FuzzRequest {
  params: Record<string, string>;
  query: [string, string][];
  body?: { json: unknown } | { raw: string };
}

let ctx: DemoContext;
let routes: Route[];

beforeAll(async () => {
  ctx = await createDemoApp();
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: Object.fromEntries(
        (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, p.schema ?? {}]),
      ),
      query: Object.fromEntries(
        (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
      ),
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );
}, 120_000);

afterAll(() => ctx?.close());

/** What a rejected write must leave as it was. */
const checksum = () => tableChecksum(ctx.db);

/** The transaction id the database hands out next. No row of any table changes without a transaction that is given
 * one, so while it stays the same the checksum does too, and is not recomputed: the checksum of every row (~30 ms of
 * CPU on the demo data) after each of ~1 300 writes was most of this file's time. Any id handed out since (a write,
 * a rolled-back one, another database's on a shared server) recomputes it. */
const nextXid = async () =>
  rowsOf<{ x: string }>(await ctx.db.execute(sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x`))[0].x;

// ---- hostile values, by the classes of issue 8
const BAD_IDS = [
  '1.5',
  '1e308',
  '2147483648',
  '-1',
  '0',
  'abc',
  '',
  ' ',
  '9'.repeat(40),
  'NaN',
  'Infinity',
  '__proto__',
  'constructor',
  'toString',
  '1,2',
  '\u0000',
  '1\u0000',
];
const BAD_TEXTS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '2024-02-30',
  '0000-01-01',
  '9999-99-99',
  '1e308',
  '-1e308',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  "' OR 1=1 --",
  '%',
  '😀',
  'x'.repeat(100_000),
];
const BAD_JSON: unknown[] = [
  [],
  {},
  true,
  false,
  null,
  1e308,
  -1e308,
  2147483648,
  1.5,
  -1,
  0,
  [1, 2],
  { a: 1 },
  [[]],
  { text: { a: 1 } },
  ...BAD_TEXTS,
];
/** Raw bodies no object can express: nesting fifty thousand deep, broken JSON, a prototype key. */
const BAD_RAW = [
  '['.repeat(50_000) + ']'.repeat(50_000),
  '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
  '{oops',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '"\\u0000"',
  '{"text":"\\ud800"}',
];

const hostileText = fc.constantFrom(...BAD_TEXTS);
const hostileJson = fc.constantFrom(...BAD_JSON);

/** A value the schema would accept (mostly), to reach the handler with hostile values next to good ones. */
function fromSchema(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileJson;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (variants.length) return fc.oneof(...variants.map((s) => fromSchema(s, depth + 1)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (!types.length) return schema.properties ? fromSchema({ ...schema, type: 'object' }, depth) : hostileJson;
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'integer':
          return fc.integer({ min: Math.max(schema.minimum ?? -5, -5), max: Math.min(schema.maximum ?? 60, 60) });
        case 'number':
          return fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.double({ min: 0, max: 1e6, noNaN: true }));
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'string':
          return fc.oneof(
            fc.string({ maxLength: Math.min(schema.maxLength ?? 12, 12) }),
            fc.integer({ min: 1, max: 60 }).map(String),
            fc.constantFrom(
              'шт',
              'кг',
              '2025',
              'Россия',
              'Москва, ул. Ленина 1',
              '12,5',
              '2026-01-31',
              'true',
              'asc',
              'id',
              'name',
            ),
          );
        case 'array':
          return fc.array(fromSchema(schema.items, depth + 1), { maxLength: 3 });
        case 'object': {
          const props = Object.entries(schema.properties ?? {});
          const known = props.length
            ? fc.record(Object.fromEntries(props.map(([k, s]) => [k, mixed(s, depth + 1)])), { requiredKeys: [] })
            : fc.constant({});
          // now and then a key the schema does not know
          return fc
            .tuple(
              known,
              fc.option(fc.constantFrom('foo', '__proto__', 'constructor', 'toString', 'id'), { freq: 4 }),
              hostileJson,
            )
            .map(([obj, extra, v]) =>
              extra ? Object.defineProperty({ ...obj }, extra, { value: v, enumerable: true }) : obj,
            );
        }
        default:
          return hostileJson;
      }
    }),
  );
}

/** Mostly valid, often hostile. */
const mixed = (schema: Schema | undefined, depth = 0) =>
  fc.oneof({ weight: 3, arbitrary: fromSchema(schema, depth) }, { weight: 2, arbitrary: hostileJson });

/** A query or path value as the client would write it in the URL. */
const asText = (v: unknown) =>
  typeof v === 'string'
    ? v
    : v === null || v === undefined
      ? ''
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);

function requestFor(route: Route): fc.Arbitrary<FuzzRequest> {
  const params = fc.record(
    Object.fromEntries(
      Object.keys(route.params).map((name) => [
        name,
        fc.oneof(
          { weight: 2, arbitrary: fc.integer({ min: 1, max: 40 }).map(String) },
          { weight: 3, arbitrary: fc.constantFrom(...BAD_IDS) },
        ),
      ]),
    ),
  );
  const queryKeys = Object.keys(route.query);
  const query = fc.array(
    fc
      .tuple(
        fc.oneof(
          { weight: 5, arbitrary: queryKeys.length ? fc.constantFrom(...queryKeys) : fc.constant('q') },
          { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'sort', 'foo') },
        ),
        fc.oneof(fromSchema(route.query[queryKeys[0]]).map(asText), fc.constantFrom(...BAD_IDS), hostileText),
      )
      .chain(([key, value]) =>
        fc.oneof(
          fc.constant([key, value] as [string, string]),
          fromSchema(route.query[key]).map((v) => [key, asText(v)] as [string, string]),
        ),
      ),
    { maxLength: 4 },
  );
  const body =
    route.body || route.method !== 'GET'
      ? fc.oneof(
          { weight: 6, arbitrary: fromSchema(route.body).map((json) => ({ json })) },
          { weight: 2, arbitrary: hostileJson.map((json) => ({ json })) },
          { weight: 1, arbitrary: fc.constantFrom(...BAD_RAW).map((raw) => ({ raw })) },
        )
      : fc.constant(undefined);
  return fc.record({ params, query, body }) as fc.Arbitrary<FuzzRequest>;
}

/** Percent-encodes like a browser, but a lone surrogate goes out as its raw (invalid) UTF-8 bytes. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((ch) => {
        try {
          return encodeURIComponent(ch);
        } catch {
          const c = ch.charCodeAt(0);
          return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join('');
        }
      })
      .join('');
  }
}

function urlOf(route: Route, req: FuzzRequest): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(req.params[name] ?? '1'));
  const query = req.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  return query ? `${path}?${query}` : path;
}

test('no route answers 500 to malformed input, and no rejected write changes a row', async () => {
  const failures: string[] = [];
  let requests = 0;
  let current = await checksum();
  let currentAt = await nextXid();
  // sign-out would end the fuzzing user's session: it is called without one
  const anonymous = new Set(['POST /logout']);
  for (const route of routes) {
    if (route.path.startsWith('/api/docs')) continue;
    // the live event stream never ends while its user is signed in: its input (no query, a Last-Event-ID header)
    // is tried on a real socket in live.test.ts
    if (route.path === '/api/events') continue;
    // loading the Bank's feed now answers 502 when the feed is unreachable (as in tests): the feed's failure, not the
    // input's; its input and answers are tried in currency-rates.test.ts
    if (route.path === '/api/currency-rates/refresh') continue;
    const write = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
    for (const who of ROLES) {
      const result = await fc.check(
        fc.asyncProperty(requestFor(route), async (req) => {
          requests++;
          const payload =
            req.body === undefined ? undefined : 'raw' in req.body ? req.body.raw : JSON.stringify(req.body.json);
          const res = await ctx.app.inject({
            method: route.method as 'GET',
            url: urlOf(route, req),
            headers: {
              ...(anonymous.has(`${route.method} ${route.path}`) ? {} : { authorization: `Bearer ${ctx.tokens[who]}` }),
              ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            },
            payload,
          });
          if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
          if (!write) return true;
          const xid = await nextXid();
          const after = xid === currentAt ? current : await checksum();
          const changed = after !== current;
          current = after;
          currentAt = xid;
          if (res.statusCode >= 400 && changed)
            throw new Error(`${res.statusCode} ${res.body.slice(0, 300)} and a row changed`);
          return true;
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      if (result.failed) {
        const [req] = result.counterexample as [FuzzRequest];
        const body =
          req.body === undefined
            ? ''
            : ` body=${('raw' in req.body ? req.body.raw : (JSON.stringify(req.body.json) ?? '')).slice(0, 200)}`;
        failures.push(
          `${who} ${route.method} ${urlOf(route, req).slice(0, 200)}${body}: ${String((result.errorInstance as Error)?.message ?? result.errorInstance)}`,
        );
      }
    }
  }
  console.log(
    `fuzz: ${requests} requests over ${routes.length} routes as ${ROLES.join(', ')}; ${failures.length} failures`,
  );
  expect(failures).toEqual([]);
  expect(requests).toBeGreaterThan(routes.length * ROLES.length * 2);
}, 600_000);
