// The list query codec: what the SPA writes the server reads back as the same list, and a bad value is refused
// in the user's words.
import Ajv from 'ajv';
import {
  decode,
  decodeExport,
  decodeFilter,
  encode,
  encodeExport,
  LIST_MSG,
  ListQueryError,
  rawQueryOf,
  readState,
  stateOf,
  withPage,
  type ListState,
  type RawQuery,
} from '../listQuery';
import { exportQuerySchema, listQuerySchema, savedFilterSchema } from '../listQuerySchemas';
import { filters as offers } from '../offers/resource';
import { filters as reserves } from '../reserves/resource';
import { filters as cities } from '../cities/resource';

const roundTrip = (state: ListState, defs = offers) => stateOf(decode(rawQueryOf(encode(state, defs)), defs));
const refusal = (search: string, defs = offers) => {
  try {
    decode(rawQueryOf(search), defs);
  } catch (error) {
    expect(error).toBeInstanceOf(ListQueryError);
    return (error as Error).message;
  }
  return 'accepted';
};

describe('encode → decode gives the same list', () => {
  test('paging, sort, withDeleted, ranges, multi-values, a boolean and Cyrillic text', () => {
    const state: ListState = {
      page: 3,
      perPage: 50,
      sort: { key: 'unit_price', order: 'asc' },
      withDeleted: true,
      filter: {
        products_ids: ['3', '5'],
        statuses_ids: ['active', 'deleted'],
        harvest_years: ['2024'],
        unit_price: { from: '100', to: '250.5' },
        available_amount: { to: '-1' },
        created_at: { from: '2026-01-01', to: '2026-02-28' },
        with_image: true,
        loading_address: 'Ташкент, ул. Навои 12',
        origin_country: 'Вьетнам & Лаос',
      },
    };
    expect(roundTrip(state)).toEqual(state);
  });

  test('the defaults: page 1, 20 rows, newest first, without deleted records', () => {
    expect(decode({}, offers)).toEqual({
      page: 1,
      perPage: 20,
      sort: undefined,
      order: 'desc',
      withDeleted: false,
      filters: [],
    });
    expect(roundTrip({ filter: {} })).toEqual({ page: 1, perPage: 20, filter: {} });
  });

  test("each section's own keys: reserves' text and date filters, cities' ranges", () => {
    const state: ListState = {
      page: 1,
      perPage: 200,
      filter: {
        buyer_name: 'Иванов',
        estimated_date_implementation: { from: '2026-11-01' },
        reserved_stock: { from: '1' },
      },
    };
    expect(roundTrip(state, reserves)).toEqual(state);
    const city: ListState = {
      page: 2,
      perPage: 100,
      sort: { key: 'name', order: 'desc' },
      filter: { cities: 'Нижний Новгород', delivery_cost: { from: '0.5', to: '12' }, with_comments: true },
    };
    expect(roundTrip(city, cities)).toEqual(city);
  });

  test("the query string keeps the section's filter order, then paging and sort, as the list requests it", () => {
    const query = encode(
      {
        filter: {
          products_ids: ['3', '5'],
          statuses_ids: ['active'],
          unit_price: { from: '100', to: '250.5' },
          created_at: { from: '2026-01-01' },
          with_image: true,
          loading_address: 'Ташкент',
        },
        page: 1,
        perPage: 20,
        sort: { key: 'unit_price', order: 'desc' },
      },
      offers,
    );
    expect(query).toBe(
      'statuses_ids=active&products_ids=3&products_ids=5&loading_address=%D0%A2%D0%B0%D1%88%D0%BA%D0%B5%D0%BD%D1%82' +
        '&unit_price_from=100&unit_price_to=250.5&created_at_from=2026-01-01&with_image=true&page=1&perPage=20&sort=unit_price&order=desc',
    );
  });

  test('empty values are left out; a link names only what its state has', () => {
    expect(
      encode({ filter: { origin_country: '  ', with_comments: false, unit_amount: {}, products_ids: [] } }, offers),
    ).toBe('');
    expect(encode({ filter: { statuses_ids: ['active'] }, page: 1 }, offers)).toBe('statuses_ids=active&page=1');
  });
});

describe('decode reads what a person or a proxy may write', () => {
  test('lists repeated or comma-separated, blanks dropped; a text trimmed; the last of a single value counts', () => {
    const { filters } = decode(
      rawQueryOf(
        'products_ids=1,2&products_ids=%203%20&products_ids=&origin_country=a&origin_country=%20%D0%92%D1%8C%D0%B5%D1%82%20&order=ASC',
      ),
      offers,
    );
    expect(filters.map(({ def, ...f }) => [def.key, f])).toEqual([
      ['products_ids', { kind: 'list', values: ['1', '2', '3'] }],
      ['origin_country', { kind: 'text', value: 'Вьет' }],
    ]);
    expect(decode({ order: 'ASC' }, offers).order).toBe('asc');
  });

  test('filters come in the order their keys came, which is the order of the SQL conditions', () => {
    const keys = decode(
      rawQueryOf('unit_price_from=1&statuses_ids=active&unit_price_to=5&products_ids=2'),
      offers,
    ).filters.map((f) => f.def.key);
    expect(keys).toEqual(['unit_price', 'statuses_ids', 'products_ids']);
  });

  test('with_x=false is no filter; withDeleted as a flag, true/1, or false/0', () => {
    expect(decode({ with_image: 'false' }, offers).filters).toEqual([]);
    expect(decode({ withDeleted: '' }, offers).withDeleted).toBe(true);
    expect(decode({ withDeleted: '1' }, offers).withDeleted).toBe(true);
    expect(decode({ withDeleted: '0' }, offers).withDeleted).toBe(false);
    expect(decode({ withDeleted: 'false' }, offers).withDeleted).toBe(false);
  });

  test('a number the framework already coerced reads as its text', () => {
    expect(decode({ page: 2 as unknown as string, perPage: [50] as unknown as string[] }, offers)).toMatchObject({
      page: 2,
      perPage: 50,
    });
  });

  test("bad values are refused with the list's Russian messages", () => {
    expect(refusal('page=abc')).toBe(LIST_MSG.page);
    expect(refusal('page=0')).toBe('Номер страницы должен быть целым числом от 1');
    expect(refusal('perPage=30')).toBe('Размер страницы может быть только 20, 50, 100, 200');
    expect(refusal('order=up')).toBe('Порядок сортировки может быть только asc или desc');
    expect(refusal('colour=red')).toBe('Неизвестный фильтр: colour');
    expect(refusal('unit_price=5')).toBe('Неизвестный фильтр: unit_price');
    expect(refusal('constructor=1')).toBe('Неизвестный фильтр: constructor');
    expect(refusal('unit_price_from=abc')).toBe('Фильтр «Цена за единицу»: введите число');
    expect(refusal('unit_price_to=1,5')).toBe('Фильтр «Цена за единицу»: введите число');
    expect(refusal('created_at_from=2024-02-30')).toBe('Фильтр «Дата создания»: введите дату в формате ГГГГ-ММ-ДД');
    expect(refusal('created_at_to=0000-01-01')).toBe('Фильтр «Дата создания»: введите дату в формате ГГГГ-ММ-ДД');
    expect(refusal('with_image=yes')).toBe('Фильтр «С фото»: допустимо только true или false');
    expect(refusal('products_ids=%D1%82%D1%80%D0%B8')).toBe('Фильтр «Товар»: неверное значение');
    expect(refusal('products_ids=1234567890')).toBe('Фильтр «Товар»: неверное значение');
    // statuses and years are the section's to check
    expect(refusal('statuses_ids=whatever&harvest_years=abc')).toBe('accepted');
    expect(refusal('created_at_from=2024-02-29&unit_price_from=-1.25')).toBe('accepted');
  });

  test("the reserves' statuses_ids=5 is refused like any unknown value; 1…4 and the statuses' names are read (issue 33)", () => {
    expect(refusal('statuses_ids=5', reserves)).toBe('Фильтр «Статус»: неверное значение');
    expect(refusal('statuses_ids=1,toString', reserves)).toBe('Фильтр «Статус»: неверное значение');
    const read = decode(rawQueryOf('statuses_ids=2,4,active,deleted'), reserves).filters[0];
    expect(read.kind === 'list' && read.values).toEqual(['completed', 'expired', 'active', 'deleted']);
    // '0x10' and '1e3' are no numbers in a range either
    expect(refusal('reserved_stock_from=0x10', reserves)).toBe('Фильтр «Количество»: введите число');
    expect(refusal('reserved_stock_to=1e3', reserves)).toBe('Фильтр «Количество»: введите число');
  });
});

describe('the SPA reads its own link leniently', () => {
  test('a bad page, size or order is left out; values go to the server as typed; unknown keys are ignored', () => {
    expect(
      readState('page=abc&perPage=30&order=up&sort=unit_price&unit_price_from=abc&colour=red&with_image=yes', offers),
    ).toEqual({
      sort: { key: 'unit_price', order: 'desc' },
      filter: { unit_price: { from: 'abc' } },
    });
    expect(readState('page=2&perPage=50&statuses_ids=active', offers)).toEqual({
      page: 2,
      perPage: 50,
      filter: { statuses_ids: ['active'] },
    });
  });

  test('what the SPA writes it reads back', () => {
    const state: ListState = {
      perPage: 100,
      sort: { key: 'product', order: 'asc' },
      filter: { cities_ids: ['7'], origin_country: 'Иран' },
    };
    expect(readState(encode(state, offers), offers)).toEqual(state);
  });
});

test('a page link keeps the keys in the order they came', () => {
  expect(withPage({ page: '2', perPage: '20', products_ids: ['1', '2'] }, 3)).toBe(
    'perPage=20&products_ids=1&products_ids=2&page=3',
  );
  expect(`/api/offers?${withPage(rawQueryOf('origin_country=%D0%98%D1%80%D0%B0%D0%BD'), 1)}`).toBe(
    '/api/offers?origin_country=%D0%98%D1%80%D0%B0%D0%BD&page=1',
  );
});

describe('the export', () => {
  test("the list's filter and sort without paging, then the format and the columns", () => {
    const query = encodeExport(
      {
        page: 4,
        perPage: 50,
        sort: { key: 'unit_price', order: 'asc' },
        filter: { statuses_ids: ['active'], unit_price: { from: '100' } },
      },
      offers,
      'csv',
      ['id', 'product'],
    );
    expect(query).toBe(
      'statuses_ids=active&unit_price_from=100&sort=unit_price&order=asc&format=csv&columns=id&columns=product',
    );
    const read = decodeExport(rawQueryOf(`${query}&page=2&perPage=50`));
    expect(read).toEqual({
      format: 'csv',
      columns: ['id', 'product'],
      list: { statuses_ids: 'active', unit_price_from: '100', sort: 'unit_price', order: 'asc' },
    });
    expect(decodeExport(rawQueryOf('format=xlsx&columns=id,%20name&columns=,')).columns).toEqual(['id', 'name']);
    expect(decodeExport({ format: 'xlsx' }).columns).toBeUndefined();
    expect(() => decodeExport({ format: 'pdf' })).toThrow('Формат выгрузки может быть только xlsx или csv');
  });
});

describe('the saved filter is a filter state the list takes', () => {
  test('a good one is read as the list reads it', () => {
    expect(
      decodeFilter({ statuses_ids: ['active'], unit_price: { from: '1' }, origin_country: 'Иран' }, offers).map(
        (f) => f.def.key,
      ),
    ).toEqual(['statuses_ids', 'origin_country', 'unit_price']);
    expect(decodeFilter({}, offers)).toEqual([]);
  });

  test("an unknown key or a bad value is refused with the list's message", () => {
    expect(() => decodeFilter({ colour: 'red' }, offers)).toThrow('Неизвестный фильтр: colour');
    expect(() => decodeFilter({ unit_price: { from: 'дёшево' } }, offers)).toThrow(
      'Фильтр «Цена за единицу»: введите число',
    );
    expect(() => decodeFilter({ products_ids: ['x'] }, offers)).toThrow('Фильтр «Товар»: неверное значение');
  });
});

describe('the route schemas take what encode writes and refuse what decode refuses', () => {
  // as the server compiles a query string's schema: text coerced, one value to a list
  const ajv = new Ajv({ coerceTypes: 'array', useDefaults: true, allowUnionTypes: true, strict: false });
  const list = ajv.compile(listQuerySchema(offers).schema);
  const valid = (search: string) => list(rawQueryOf(search) as RawQuery);

  test('an encoded list is valid', () => {
    expect(
      valid(
        encode(
          {
            page: 3,
            perPage: 50,
            sort: { key: 'unit_price', order: 'asc' },
            withDeleted: true,
            filter: {
              products_ids: ['3'],
              unit_price: { from: '1.5' },
              created_at: { to: '2026-01-01' },
              with_image: true,
              origin_country: 'Иран',
            },
          },
          offers,
        ),
      ),
    ).toBe(true);
    expect(
      ajv.compile(exportQuerySchema(offers).schema)(
        rawQueryOf(encodeExport({ filter: { statuses_ids: ['active'] } }, offers, 'xlsx', ['id'])),
      ),
    ).toBe(true);
  });

  test('bad values and unknown keys are not', () => {
    for (const search of [
      'page=0',
      'perPage=30',
      'order=up',
      'colour=red',
      'unit_price_from=abc',
      'created_at_from=вчера',
      'with_image=yes',
      'products_ids=x',
    ]) {
      expect([search, valid(search)]).toEqual([search, false]);
    }
  });

  test("each schema names its messages: a key's own, and one for a key it does not know", () => {
    const { texts } = listQuerySchema(offers);
    expect(texts.fields.unit_price_from).toBe('Фильтр «Цена за единицу»: введите число');
    expect(texts.unknown('colour')).toBe('Неизвестный фильтр: colour');
    expect(exportQuerySchema(offers).texts.fields.format).toBe(LIST_MSG.exportFormat);
    const saved = ajv.compile(savedFilterSchema(offers).schema);
    expect(
      saved({ statuses_ids: ['active'], unit_price: { from: '1' }, with_image: true, origin_country: 'Иран' }),
    ).toBe(true);
    expect(saved({ colour: 'red' })).toBe(false);
  });
});

test("the reserves' statuses go by the spec's ids 1, 2, 3 or by name; the SPA's link reads names as ids", () => {
  const statuses = (search: string) =>
    decode(rawQueryOf(search), reserves).filters.find((f) => f.def.key === 'statuses_ids');
  expect(statuses('statuses_ids=1&statuses_ids=2,3')).toMatchObject({
    kind: 'list',
    values: ['active', 'completed', 'cancelled'],
  });
  expect(statuses('statuses_ids=completed&statuses_ids=deleted')).toMatchObject({ values: ['completed', 'deleted'] });
  // the offers' statuses have no ids: '2' stays '2' (and matches nothing)
  expect(decode(rawQueryOf('statuses_ids=2'), offers).filters[0]).toMatchObject({ values: ['2'] });
  expect(readState('statuses_ids=2', reserves).filter).toEqual({ statuses_ids: ['2'] });
  // an old link's names read as the ids the panel's options carry
  expect(readState('statuses_ids=completed&statuses_ids=2&statuses_ids=deleted', reserves).filter).toEqual({
    statuses_ids: ['2', 'deleted'],
  });
  expect(readState('statuses_ids=completed', offers).filter).toEqual({ statuses_ids: ['completed'] });
});
