// The supplier card's price lists (issue 41): the uploads listed with what applying them did; 'Загрузить прайс
// поставщика' uploads the file, the mapping screen shows the guessed columns and asks the unknown name, the profile
// sent is what the screen shows, the preview's groups and problems, 'Применить' sends the ticked groups.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { json, mockServer, permissions, renderApp, route, signedInHandlers, pagination } from './support/render';
import { previewedRows } from '../domain/suppliers/priceListPreview';

afterEach(() => localStorage.clear());

const admin = permissions({ is_admin: true, user_type: 'admin' });
const requests = (fetchMock: jest.Mock, method: string, path: string) =>
  fetchMock.mock.calls
    .map(([r]) => r as Request)
    .filter((r) => r.method === method && new URL(r.url).pathname === path);

const upload = {
  upload_id: 31,
  file_name: 'ноябрь.xlsx',
  sheets: ['Прайс'],
  sheet: 'Прайс',
  header_row: 4,
  columns: [
    { index: 1, title: 'Наименование', samples: ['Кешью W-320 Вьетнам', 'Миндаль'] },
    { index: 2, title: 'Фасовка', samples: ['короб 22,68 кг', 'мешок 25 кг'] },
    { index: 3, title: 'Цена, руб/кг', samples: ['850', '1 200,50'] },
    { index: 4, title: 'Остаток, т', samples: ['2,268', '5'] },
  ],
  rows: [
    ['Кешью W-320 Вьетнам', 'короб 22,68 кг', '850', '2,268'],
    ['Миндаль', 'мешок 25 кг', '1 200,50', '5'],
  ],
  mapping: {
    sheet: 'Прайс',
    header_row: 4,
    columns: { 1: 'product', 2: 'packing', 3: 'price_per_kg', 4: 'amount_t' },
    defaults: {
      city_id: 3,
      loading_address: 'Казань, ул. Складская, 7',
      unit_measure: null,
      harvest_year: null,
      origin_country: null,
    },
    names: {},
  },
  layout_changed: false,
  unmatched: [
    {
      name: 'Кешью W-320 Вьетнам',
      candidates: [
        { product_id: 2, product: 'Кешью', variety_id: 7, variety: 'W320', origin_country: 'Вьетнам', similarity: 0.6 },
      ],
    },
    { name: 'Доставка до склада покупателя', candidates: [] },
  ],
  not_matched: [] as string[],
  mapping_problem: null,
};

const row = (patch: Record<string, unknown>) => ({
  line: 5,
  offer_id: null,
  name: '',
  product: 'Кешью',
  variety: 'W320',
  packing: 'Коробка 22,68 кг',
  harvest_year: '2025',
  origin_country: 'Вьетнам',
  unit_measure: 'шт',
  unit_price: '19278.00',
  old_unit_price: null,
  price_change_percent: null,
  unit_amount: '100.00',
  old_unit_amount: null,
  ...patch,
});
const preview = {
  new: [row({})],
  changed: [
    row({
      line: 6,
      offer_id: 44,
      product: 'Миндаль',
      variety: null,
      unit_price: '30012.50',
      old_unit_price: '28000.00',
      price_change_percent: '7.2',
      unit_amount: '200.00',
      old_unit_amount: '200.000',
    }),
  ],
  unchanged: [],
  gone: [
    row({
      line: null,
      offer_id: 45,
      product: 'Фундук',
      variety: null,
      unit_price: null,
      old_unit_price: '21000.00',
      unit_amount: null,
      old_unit_amount: '10.000',
      kept: true,
    }),
  ],
  problems: [{ line: 7, name: 'Фундук', column: 'Цена, руб/кг', message: '«по запросу» — не число' }],
  skipped: { totals: 0, empty: 0, not_matched: 0 },
  new_packings: [] as { name: string; rows: number }[],
};

test('upload, map, answer a name, preview, apply', async () => {
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/lists/cities/items', () => json([{ id: 3, name: 'Казань' }])),
    route('GET', '/api/lists/products/items', () =>
      json([
        { id: 2, name: 'Кешью' },
        { id: 5, name: 'Миндаль' },
      ]),
    ),
    route('GET', '/api/suppliers/8', () =>
      json({ id: 8, name: 'ООО «Ядро»', status: 'active', can_update: true, city_id: 3, version: 1 }),
    ),
    route('GET', '/api/offers', () => json({ data: [], pagination: pagination(0) })),
    route('GET', '/api/suppliers/8/price-lists', () =>
      json([
        {
          id: 30,
          file_name: 'октябрь.xlsx',
          uploaded_at: '2026-10-27T09:00:00Z',
          uploaded_by: 'Анна',
          applied_at: '2026-10-27T09:05:00Z',
          counts: { new: 5, changed: 12, gone: 3, kept: 0 },
        },
      ]),
    ),
    route('POST', '/api/suppliers/8/price-lists', () => json(upload)),
    route('PUT', '/api/suppliers/8/price-list-profile', () => json({ ...upload, unmatched: [], preview })),
    route('POST', '/api/price-list-uploads/31/apply', () =>
      json({ created: [50], changed: [44], deleted: [], kept: [45], counts: { new: 1, changed: 1, gone: 0, kept: 1 } }),
    ),
  );
  const user = userEvent.setup();
  renderApp('/suppliers/8', { token: 't' });
  const uploads = await screen.findByRole('table', { name: 'Прайсы поставщика' }, { timeout: 15_000 });
  expect(within(uploads).getAllByRole('row')[1]).toHaveTextContent('октябрь.xlsx');
  expect(within(uploads).getAllByRole('row')[1]).toHaveTextContent('+5 новых, 12 изменены, 3 сняты');

  await user.click(screen.getByRole('button', { name: 'Загрузить прайс поставщика' }));
  const dialog = await screen.findByRole('dialog', { name: 'Загрузить прайс поставщика' });
  await user.upload(
    within(dialog).getByLabelText('Файл прайса поставщика'),
    new NodeFile(['PK'], 'ноябрь.xlsx') as unknown as File,
  );
  await user.click(within(dialog).getByRole('button', { name: 'Загрузить' }));
  expect(await within(dialog).findByRole('combobox', { name: 'Столбец 3 «Цена, руб/кг»' })).toHaveTextContent(
    'Цена за кг, ₽',
  );
  expect(within(dialog).getByRole('combobox', { name: 'Столбец 4 «Остаток, т»' })).toHaveTextContent('Количество, т');
  expect(within(dialog).getByLabelText('Строка заголовка')).toHaveValue('4');

  await user.click(within(dialog).getByRole('combobox', { name: 'Товар для «Кешью W-320 Вьетнам»' }));
  await user.click(await screen.findByRole('option', { name: 'Кешью / W320' }));
  expect(within(dialog).getByLabelText('Страна для «Кешью W-320 Вьетнам»')).toHaveValue('Вьетнам');
  // a name that is no lot of ours is answered 'Не сопоставлять': kept with the supplier's other answers
  await user.click(within(dialog).getByRole('combobox', { name: 'Товар для «Доставка до склада покупателя»' }));
  await user.click(await screen.findByRole('option', { name: 'Не сопоставлять' }));
  await user.type(within(dialog).getByLabelText('Год урожая'), '2025');
  await user.click(within(dialog).getByRole('button', { name: 'Показать изменения' }));

  expect(await within(dialog).findByText('Новые партии: 1')).toBeInTheDocument();
  expect(await requests(fetchMock, 'PUT', '/api/suppliers/8/price-list-profile')[0].clone().json()).toEqual({
    upload_id: 31,
    sheet: 'Прайс',
    header_row: 4,
    columns: { 1: 'product', 2: 'packing', 3: 'price_per_kg', 4: 'amount_t' },
    defaults: {
      city_id: 3,
      loading_address: 'Казань, ул. Складская, 7',
      unit_measure: null,
      harvest_year: '2025',
      origin_country: null,
    },
    names: {
      'Кешью W-320 Вьетнам': { product_id: 2, variety_id: 7, origin_country: 'Вьетнам' },
      'Доставка до склада покупателя': { product_id: null },
    },
  });
  const changed = within(dialog).getByRole('table', { name: 'Изменились' });
  expect(within(changed).getAllByRole('row')[1]).toHaveTextContent('28 000,00 ₽ → 30 012,50 ₽ (+7,2 %)');
  expect(within(dialog).getByRole('table', { name: 'Нет в прайсе (будут сняты)' })).toHaveTextContent(
    'останется: есть резервы',
  );
  expect(within(dialog).getByRole('table', { name: 'Строки с ошибками' })).toHaveTextContent('«по запросу» — не число');

  // a file not said to be the supplier's full list takes no lot down: the gone group is unticked and cannot be ticked
  const gone = within(dialog).getByRole('checkbox', { name: 'Нет в прайсе (будут сняты): 1' });
  expect(gone).not.toBeChecked();
  expect(gone).toBeDisabled();
  await user.click(within(dialog).getByRole('button', { name: 'Применить' }));
  expect(
    await within(dialog).findByText('Прайс применён: +1 новых, 1 изменены, 0 сняты, 1 оставлены (есть резервы)'),
  ).toBeInTheDocument();
  await waitFor(() => expect(requests(fetchMock, 'POST', '/api/price-list-uploads/31/apply')).toHaveLength(1));
  expect(await requests(fetchMock, 'POST', '/api/price-list-uploads/31/apply')[0].clone().json()).toEqual({
    groups: ['new', 'changed'],
    full: false,
    expected: previewedRows(preview),
  });
});

test("a name answered 'Не сопоставлять' is remembered: the next file opens on the preview, its rows counted, the answer shown and changeable", async () => {
  const remark = 'Доставка до склада покупателя';
  const next = {
    ...upload,
    upload_id: 32,
    file_name: 'декабрь.xlsx',
    unmatched: [],
    not_matched: [remark],
    mapping: { ...upload.mapping, names: { 'доставка до склада покупателя': { product_id: null } } },
    preview: { ...preview, problems: [], skipped: { totals: 0, empty: 0, not_matched: 1 } },
  };
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/lists/cities/items', () => json([{ id: 3, name: 'Казань' }])),
    route('GET', '/api/lists/products/items', () =>
      json([
        { id: 2, name: 'Кешью' },
        { id: 5, name: 'Миндаль' },
      ]),
    ),
    route('GET', '/api/suppliers/8', () =>
      json({ id: 8, name: 'ООО «Ядро»', status: 'active', can_update: true, city_id: 3, version: 1 }),
    ),
    route('GET', '/api/offers', () => json({ data: [], pagination: pagination(0) })),
    route('GET', '/api/suppliers/8/price-lists', () => json([])),
    route('POST', '/api/suppliers/8/price-lists', () => json(next)),
    route('PUT', '/api/suppliers/8/price-list-profile', () =>
      json({ ...next, not_matched: [], unmatched: [{ name: remark, candidates: [] }], preview: undefined }),
    ),
  );
  const user = userEvent.setup();
  renderApp('/suppliers/8', { token: 't' });
  await user.click(await screen.findByRole('button', { name: 'Загрузить прайс поставщика' }, { timeout: 15_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Загрузить прайс поставщика' });
  await user.upload(
    within(dialog).getByLabelText('Файл прайса поставщика'),
    new NodeFile(['PK'], 'декабрь.xlsx') as unknown as File,
  );
  await user.click(within(dialog).getByRole('button', { name: 'Загрузить' }));
  // straight to the preview: no question asked, the remark's row counted as skipped
  expect(
    await within(dialog).findByText(
      'Пропущены строки без партий: итоги и подытоги — 0, пустые — 0, «Не сопоставлять» — 1',
    ),
  ).toBeInTheDocument();
  expect(within(dialog).getByText('Новые партии: 1')).toBeInTheDocument();
  // back on the mapping screen the answer is shown as kept; taking it back forgets it in the profile
  await user.click(within(dialog).getByRole('button', { name: 'Назад к сопоставлению' }));
  const answer = within(dialog).getByRole('combobox', { name: `Товар для «${remark}»` });
  expect(answer).toHaveTextContent('Не сопоставлять');
  expect(within(dialog).getByLabelText(`Страна для «${remark}»`)).toBeDisabled();
  await user.click(answer);
  await user.click(await screen.findByRole('option', { name: 'Кешью' }));
  await user.click(within(dialog).getByRole('button', { name: 'Показать изменения' }));
  await waitFor(() => expect(requests(fetchMock, 'PUT', '/api/suppliers/8/price-list-profile')).toHaveLength(1));
  expect((await requests(fetchMock, 'PUT', '/api/suppliers/8/price-list-profile')[0].clone().json()).names).toEqual({
    [remark]: { product_id: 2, variety_id: null, origin_country: null },
  });
});

test("'мешок 22,68 кг' that our list lacks is offered as a new packing and added in one click; the rows read again", async () => {
  const bags = [
    {
      line: 2,
      name: 'Миндаль Нонпарель',
      column: 'Фасовка',
      message: 'Упаковки «Мешок 22,68 кг» нет в справочнике упаковок (в файле «мешок 22,68 кг»)',
    },
    {
      line: 3,
      name: 'Фундук',
      column: 'Фасовка',
      message: 'Упаковки «Мешок 22,68 кг» нет в справочнике упаковок (в файле «Мешок 22.68кг»)',
    },
  ];
  const before = {
    ...preview,
    new: [],
    changed: [],
    gone: [],
    problems: bags,
    new_packings: [{ name: 'Мешок 22,68 кг', rows: 2 }],
  };
  const after = {
    ...before,
    problems: [],
    new_packings: [],
    new: [
      row({
        line: 2,
        product: 'Миндаль',
        variety: 'Нонпарель',
        packing: 'Мешок 22,68 кг',
        unit_price: '15876.00',
        unit_amount: '44.00',
      }),
      row({
        line: 3,
        product: 'Фундук',
        variety: null,
        packing: 'Мешок 22,68 кг',
        unit_price: '15649.20',
        unit_amount: '22.00',
      }),
    ],
  };
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/lists/cities/items', () => json([{ id: 3, name: 'Казань' }])),
    route('GET', '/api/lists/products/items', () => json([{ id: 2, name: 'Кешью' }])),
    route('GET', '/api/lists/packing/items', () => json([{ id: 9, name: 'Мешок 22,68 кг' }])),
    route('GET', '/api/suppliers/8', () =>
      json({ id: 8, name: 'ООО «Ядро»', status: 'active', can_update: true, city_id: 3, version: 1 }),
    ),
    route('GET', '/api/offers', () => json({ data: [], pagination: pagination(0) })),
    route('GET', '/api/suppliers/8/price-lists', () => json([])),
    route('POST', '/api/suppliers/8/price-lists', () =>
      json({ ...upload, upload_id: 33, unmatched: [], preview: before }),
    ),
    route('POST', '/api/price-list-uploads/33/packings', () => json(after)),
  );
  const user = userEvent.setup();
  renderApp('/suppliers/8', { token: 't' });
  await user.click(await screen.findByRole('button', { name: 'Загрузить прайс поставщика' }, { timeout: 15_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Загрузить прайс поставщика' });
  await user.upload(
    within(dialog).getByLabelText('Файл прайса поставщика'),
    new NodeFile(['PK'], 'мешки.xlsx') as unknown as File,
  );
  await user.click(within(dialog).getByRole('button', { name: 'Загрузить' }));
  expect(
    await within(dialog).findByText('Этих упаковок нет в справочнике: добавьте их, и строки с ними прочтутся'),
  ).toBeInTheDocument();
  expect(within(dialog).getByRole('table', { name: 'Строки с ошибками' })).toHaveTextContent(
    'Упаковки «Мешок 22,68 кг» нет в справочнике упаковок (в файле «мешок 22,68 кг»)',
  );
  expect(within(dialog).getByText('Новые партии: 0')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Добавить «Мешок 22,68 кг» — 2 строки' }));
  expect(await within(dialog).findByText('Новые партии: 2')).toBeInTheDocument();
  expect(await requests(fetchMock, 'POST', '/api/price-list-uploads/33/packings')[0].clone().json()).toEqual({
    name: 'Мешок 22,68 кг',
  });
  const added = within(dialog).getByRole('table', { name: 'Новые партии' });
  expect(within(added).getAllByRole('row')[1]).toHaveTextContent('Мешок 22,68 кг');
  expect(within(added).getAllByRole('row')[1]).toHaveTextContent('15 876,00 ₽');
  expect(within(dialog).queryByRole('button', { name: /^Добавить «/ })).not.toBeInTheDocument();
  expect(within(dialog).getByText('Строки с ошибками: 0')).toBeInTheDocument();
  // the packing list's selects read the list again
  await waitFor(() => expect(requests(fetchMock, 'GET', '/api/lists/packing/items')).toHaveLength(1));
});
