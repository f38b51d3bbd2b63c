// Every route declares what it takes (params, query, body) and answers, so /api/docs describes the whole API
// and Fastify refuses bad input before a handler runs, in Russian and in the spec's error shape.
import { createTestApp, insertUser, signIn, type TestContext } from './testApp';
import { SECTIONS } from '../../domain/sections';
import { filters as offerFilters } from '../../domain/offers/resource';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await insertUser(ctx.db, { email: 'admin@nutdesk.test', user_type: 'admin', is_admin: true });
  token = await signIn(ctx.app, 'admin@nutdesk.test');
}, 60_000);

afterAll(() => ctx?.close());

type Operation = {
  parameters?: { in: string; name: string; schema?: object }[];
  requestBody?: { content: Record<string, { schema?: object }> };
  responses?: Record<string, unknown>;
};

/** Routes that take no body by nature: sign-out, the removal of an upload, the revocation of a buyer's link, the
 * restore of a deleted record (it takes no values: the record comes back as it was deleted). */
const NO_BODY = new Set([
  'POST /logout',
  'DELETE /api/files/{id}',
  'DELETE /api/price-list/links/{id}',
  'DELETE /api/offers/{id}/documents/{docId}',
  ...SECTIONS.map((section) => `POST /api/${section}/{id}/restore`),
]);

test('/api/docs/json describes params, query, body and answer of every route', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const paths = res.json().paths as Record<string, Record<string, Operation>>;
  const missing: string[] = [];
  let routes = 0;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const route = `${method.toUpperCase()} ${path}`;
      routes++;
      const parameters = op.parameters ?? [];
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
        if (!parameters.some((p) => p.in === 'path' && p.name === name && p.schema))
          missing.push(`${route}: params.${name}`);
      }
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method.toUpperCase()) && !NO_BODY.has(route) && !op.requestBody)
        missing.push(`${route}: body`);
      if (!Object.keys(op.responses ?? {}).some((code) => /^2\d\d$/.test(code)) && route !== 'GET /api/files/{id}')
        missing.push(`${route}: response`);
    }
  }
  // each section's list names every query key: paging, sorting, withDeleted and each filter (ranges as _from/_to)
  for (const section of SECTIONS) {
    const query = (paths[`/api/${section}`]?.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    for (const key of ['page', 'perPage', 'sort', 'order', 'withDeleted'])
      if (!query.includes(key)) missing.push(`GET /api/${section}: query.${key}`);
    if (!paths[`/api/${section}`]?.delete?.requestBody) missing.push(`DELETE /api/${section}: body`);
    // the registry drives the server: every section has its list, filter config, comments and history
    for (const path of [
      `/api/${section}/filter_config`,
      `/api/${section}/{id}/comments`,
      `/api/${section}/{id}/history`,
      `/api/filters/${section}`,
    ]) {
      if (!paths[path]) missing.push(`${path}: no route`);
    }
  }
  const offersQuery = paths['/api/offers'].get.parameters!.map((p) => p.name);
  for (const def of offerFilters) {
    const keys = ['number', 'currency', 'date'].includes(def.type) ? [`${def.key}_from`, `${def.key}_to`] : [def.key];
    for (const key of keys) if (!offersQuery.includes(key)) missing.push(`GET /api/offers: query.${key}`);
  }
  expect(missing).toEqual([]);
  expect(routes).toBeGreaterThan(40);
});

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  maxLength?: number;
  maximum?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: boolean | Schema;
};

/** Where a schema takes a text with no length limit or a number with no upper bound. */
function unbounded(
  schema: Schema | undefined,
  at: string,
  outer: Pick<Schema, 'maxLength' | 'maximum'> = {},
): string[] {
  if (!schema) return [];
  // the OpenAPI form of a union type puts its bounds beside anyOf
  schema = { maxLength: outer.maxLength, maximum: outer.maximum, ...schema };
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const found: string[] = [];
  if (!schema.enum && types.includes('string') && schema.maxLength === undefined)
    found.push(`${at}: text without maxLength`);
  if (!schema.enum && (types.includes('number') || types.includes('integer')) && schema.maximum === undefined)
    found.push(`${at}: number without maximum`);
  for (const [name, s] of Object.entries(schema.properties ?? {})) found.push(...unbounded(s, `${at}.${name}`));
  if (typeof schema.additionalProperties === 'object') found.push(...unbounded(schema.additionalProperties, `${at}.*`));
  found.push(...unbounded(schema.items, `${at}[]`));
  for (const s of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) found.push(...unbounded(s, at, schema));
  return found;
}

test('every text and number a route takes is bounded, as the database columns behind them are', async () => {
  const paths = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths as Record<
    string,
    Record<string, Operation & { requestBody?: { content: Record<string, { schema?: Schema }> } }>
  >;
  const found: string[] = [];
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const route = `${method.toUpperCase()} ${path}`;
      for (const p of op.parameters ?? []) found.push(...unbounded(p.schema as Schema, `${route} ${p.in}.${p.name}`));
      found.push(...unbounded(op.requestBody?.content['application/json']?.schema, `${route} body`));
    }
  }
  expect(found).toEqual([]);
});

describe('bad input is refused before the handler, in Russian', () => {
  const get = (url: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' = 'GET', payload?: unknown) =>
    ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });
  const refused = async (res: Awaited<ReturnType<typeof get>>) => {
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ status: 'error', error: 'validation' });
    return body.messages as string[];
  };

  test('a record id that is not a positive int32', async () => {
    for (const id of ['abc', '0', '-3', '2147483648', '1.5'])
      expect(await refused(await get(`/api/offers/${id}`))).toEqual(['Неверный номер записи']);
    expect(await refused(await get('/api/reserves/abc/comments'))).toEqual(['Неверный номер записи']);
    expect(await refused(await get('/api/cities/0/history'))).toEqual(['Неверный номер записи']);
  });

  test('list query values and unknown filter keys', async () => {
    expect(await refused(await get('/api/offers?perPage=30'))).toEqual([
      'Размер страницы может быть только 20, 50, 100, 200',
    ]);
    expect(await refused(await get('/api/offers?page=abc'))).toEqual(['Номер страницы должен быть целым числом от 1']);
    expect(await refused(await get('/api/reserves?colour=red'))).toEqual(['Неизвестный фильтр: colour']);
    expect(await refused(await get('/api/cities?created_at_from=вчера'))).toEqual([
      'Фильтр «Дата создания»: введите дату в формате ГГГГ-ММ-ДД',
    ]);
    expect(await refused(await get('/api/offers?with_image=yes'))).toEqual([
      'Фильтр «С фото»: допустимо только true или false',
    ]);
    expect(await refused(await get('/api/offers?order=up'))).toEqual([
      'Порядок сортировки может быть только asc или desc',
    ]);
  });

  test('bodies of the wrong shape', async () => {
    expect(await refused(await get('/api/offers', 'DELETE', { ids: 'all' }))).toEqual([
      'Не выбраны записи для удаления',
    ]);
    expect(
      await refused(await get('/api/offers', 'DELETE', { ids: Array.from({ length: 1001 }, (_, i) => i + 1) })),
    ).toEqual(['За один раз можно удалить не больше 1000 записей']);
    expect(await refused(await get('/api/offers', 'POST', { product_id: { evil: true } }))).toEqual([
      'Поле «product_id»: неверный тип значения',
    ]);
    expect(await refused(await get('/api/settings', 'POST', { names: 'all' }))).toEqual([
      'Ожидается список имён настроек',
    ]);
    expect(await refused(await get('/api/settings', 'PUT', ['table:offers']))).toEqual(['Ожидается объект настроек']);
    expect(await refused(await get('/api/filters/offers', 'PUT', [1]))).toEqual(['Ожидается объект фильтра']);
  });
});

test('the upload documents its multipart body: the file and its kind', async () => {
  const paths = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
  const body = paths['/api/files'].post.requestBody.content['multipart/form-data'].schema;
  expect(body).toMatchObject({
    required: ['file'],
    properties: { file: { type: 'string', format: 'binary' }, kind: { enum: ['image', 'document'] } },
  });
});
