// The offer card's 'Документы' (issue 39): the lot's typed and dated papers, their state, adding one with its file
// (multipart), changing one on the version the card saw (a stale change keeps what was typed), removing one.
import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';

afterEach(() => localStorage.clear());

const lists = [
  route('GET', '/api/lists/document_types/items', () =>
    json([
      { id: 1, name: 'Декларация о соответствии ЕАЭС', expires: true },
      { id: 2, name: 'Фитосанитарный сертификат', expires: true },
      { id: 5, name: 'Протокол испытаний', expires: false },
      { id: 6, name: 'Другое', expires: false },
    ]),
  ),
  route('GET', '/api/lists/products/items', () => json([{ id: 3, name: 'Кешью' }])),
  route('GET', '/api/products/3/varieties', () => json([])),
  route('GET', '/api/lists/packing/items', () => json([{ id: 1, name: 'Мешок 25 кг' }])),
  route('GET', '/api/lists/cities/items', () => json([{ id: 2, name: 'Москва' }])),
  route('GET', '/api/lists/suppliers/items', () => json([{ id: 4, name: 'ООО «Орехпром»' }])),
  route('POST', '/api/settings', () => json({ time_zone: 'Europe/Moscow' })),
  route('GET', '/api/offers/12/comments', () => json([])),
];
const admin = permissions({ is_admin: true, user_type: 'admin' });

const phyto = (patch: Record<string, unknown> = {}) => ({
  id: 31,
  file_id: 501,
  url: '/api/files/501',
  name: 'фито.pdf',
  size: 2048,
  mime: 'application/pdf',
  type: { id: 2, name: 'Фитосанитарный сертификат' },
  number: 'ФС-77/1234',
  issued_on: '2026-01-15',
  valid_until: '2027-01-15',
  issuer: 'Россельхознадзор',
  shareable: true,
  share_confirmed: true,
  values: { aflatoxin_b1: null, moisture: null },
  version: 2,
  ...patch,
});
const lab = {
  id: 32,
  file_id: 502,
  url: '/api/files/502',
  name: 'протокол.pdf',
  size: 1024,
  mime: 'application/pdf',
  type: { id: 5, name: 'Протокол испытаний' },
  number: '45',
  issued_on: '2026-01-10',
  valid_until: null,
  issuer: null,
  shareable: false,
  share_confirmed: false,
  values: { aflatoxin_b1: '0.002', moisture: '6.50' },
  version: 1,
};
const offer = (patch: Record<string, unknown> = {}) => ({
  id: 12,
  status: 'active',
  product_id: 3,
  product: { id: 3, name: 'Кешью' },
  packing_id: 1,
  city_id: 2,
  supplier_id: 4,
  harvest_year: '2025',
  origin_country: 'Вьетнам',
  unit_measure: 'кг',
  unit_weight: '1.00',
  units_per_pack: '1.00',
  unit_amount: '300.00',
  unit_price: '950.00',
  total_sum: '285000.00',
  kg_price: '950.00',
  warehouse_cost: null,
  loading_address: 'Москва, ул. Складская, 4',
  reserved_amount: '0.00',
  reserved_sum: '0.00',
  purchased_amount: '0.00',
  available_amount: '300.00',
  available_sum: '285000.00',
  images: [],
  created_at: '2026-10-01T10:00:00Z',
  can_update: true,
  version: 6,
  documents: [phyto(), lab],
  documents_state: {
    state: 'expiring',
    missing: [],
    expired: [],
    blocking: [],
    expires_on: '2027-01-15',
    days_left: 10,
  },
  ...patch,
});

const requests = (fetchMock: jest.Mock, method: string, path: string) =>
  fetchMock.mock.calls
    .map(([r]) => r as Request)
    .filter((r) => r.method === method && new URL(r.url).pathname === path);
/** The two tests that type a whole dialog key by key take long on a loaded two-core runner; nothing they assert is timed. */
const SLOW_MS = 150_000;
const rows = () => screen.getAllByTestId('document-row');

test("the card lists the lot's documents with their dates, values and whether a buyer sees them, under the state of its papers", async () => {
  mockServer(
    ...signedInHandlers(admin),
    ...lists,
    route('GET', '/api/offers/12', () => json(offer())),
  );
  renderApp('/offers/12', { token: 't' });
  expect(await screen.findByTestId('documents-state')).toHaveTextContent(
    'Состояние документов: Истекает через 10 дн. · до 15.01.2027',
  );
  expect(rows()).toHaveLength(2);
  expect(rows()[0]).toHaveTextContent(
    'Фитосанитарный сертификатФС-77/123415.01.202615.01.2027РоссельхознадзорДафито.pdf',
  );
  expect(rows()[1]).toHaveTextContent(
    'Протокол испытаний4510.01.2026Афлатоксин B1 0,002 мкг/кг · Влажность 6,5 %Нетпротокол.pdf',
  );
  expect(screen.getByRole('button', { name: 'Добавить документ' })).toBeInTheDocument();
});

test('a lot missing a required paper says which; a reader who may not change the offer sees the documents without the buttons', async () => {
  mockServer(
    ...signedInHandlers(admin),
    ...lists,
    route('GET', '/api/offers/12', () =>
      json(
        offer({
          can_update: false,
          documents: [lab],
          documents_state: {
            state: 'missing',
            missing: ['Фитосанитарный сертификат'],
            expired: [],
            blocking: ['Фитосанитарный сертификат'],
            expires_on: null,
            days_left: null,
          },
        }),
      ),
    ),
  );
  renderApp('/offers/12', { token: 't' });
  expect(await screen.findByTestId('documents-state')).toHaveTextContent(
    /^Состояние документов: Не хватает: Фитосанитарный сертификат$/,
  );
  expect(rows()).toHaveLength(1);
  expect(screen.queryByRole('button', { name: 'Добавить документ' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Изменить документ/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Удалить документ/ })).not.toBeInTheDocument();
});

test(
  'a new document is checked by the shared rules before it is sent, then goes as multipart with its file and values',
  async () => {
    let current = offer();
    const fetchMock = mockServer(
      ...signedInHandlers(admin),
      ...lists,
      route('GET', '/api/offers/12', () => json(current)),
      route('POST', '/api/offers/12/documents', () => {
        const added = {
          ...lab,
          id: 33,
          file_id: 503,
          name: 'протокол-2.pdf',
          number: 'П-12',
          values: { aflatoxin_b1: '0.004', moisture: '7.20' },
        };
        current = offer({ documents: [phyto(), lab, added] });
        return json(added, 201);
      }),
    );
    const user = userEvent.setup();
    renderApp('/offers/12', { token: 't' });
    await screen.findByTestId('documents-state');
    await user.click(screen.getByRole('button', { name: 'Добавить документ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новый документ' });

    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Выберите тип документа')).toBeInTheDocument();
    expect(within(dialog).getByText('Выберите файл документа')).toBeInTheDocument();

    // a phytosanitary certificate must say until when it is valid
    await user.click(within(dialog).getByRole('combobox', { name: 'Тип документа' }));
    await user.click(await screen.findByRole('option', { name: 'Фитосанитарный сертификат' }));
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(
      await within(dialog).findByText('Укажите, до какого числа действует документ «Фитосанитарный сертификат»'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Афлатоксин B1, мкг/кг')).not.toBeInTheDocument();

    // a lab protocol asks for its values instead
    await user.click(within(dialog).getByRole('combobox', { name: 'Тип документа' }));
    await user.click(await screen.findByRole('option', { name: 'Протокол испытаний' }));
    expect(within(dialog).queryByText(/Укажите, до какого числа/)).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Афлатоксин B1, мкг/кг'), '1001');
    await user.type(within(dialog).getByLabelText('Влажность, %'), '7,2');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(
      await within(dialog).findByText('Афлатоксин B1: от 0 до 1000 мкг/кг, не больше 3 знаков после запятой'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Афлатоксин B1, мкг/кг'));
    await user.type(within(dialog).getByLabelText('Афлатоксин B1, мкг/кг'), '0,004');
    await user.type(within(dialog).getByLabelText('Номер'), 'П-12');
    await user.type(within(dialog).getByLabelText('Кем выдан'), 'ИЛ «Нутрилаб»');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Можно показывать покупателю' }));
    await user.upload(
      within(dialog).getByLabelText('Файл документа'),
      new NodeFile(['%PDF-1.4'], 'протокол-2.pdf', { type: 'application/pdf' }) as unknown as File,
    );
    expect(within(dialog).getByTestId('document-file')).toHaveTextContent('протокол-2.pdf');
    expect(requests(fetchMock, 'POST', '/api/offers/12/documents')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Новый документ' })).not.toBeInTheDocument());
    const [sent] = requests(fetchMock, 'POST', '/api/offers/12/documents');
    const body = await sent.clone().formData();
    expect(Object.fromEntries([...body.entries()].filter(([k]) => k !== 'file'))).toEqual({
      type_id: '5',
      number: 'П-12',
      issuer: 'ИЛ «Нутрилаб»',
      shareable: 'true',
      values: JSON.stringify({ aflatoxin_b1: '0.004', moisture: '7.2' }),
    });
    expect((body.get('file') as File).name).toBe('протокол-2.pdf');
    // the offer is read again: the new document is listed
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[2]).toHaveTextContent('П-12');
  },
  SLOW_MS,
);

test(
  'a change goes with the version the card saw; refused as stale it keeps what was typed and loads the current one on request; a removal is confirmed',
  async () => {
    // 25.11.2026 15:34 wherever the test runs: the app shows local time
    const at = new Date(2026, 10, 25, 15, 34, 56).toISOString();
    let current = offer();
    const patches: Record<string, unknown>[] = [];
    const fetchMock = mockServer(
      ...signedInHandlers(admin),
      ...lists,
      route('GET', '/api/offers/12', () => json(current)),
      route('PATCH', '/api/offers/12/documents/31', async (request) => {
        const body = await request.clone().json();
        patches.push(body);
        if (body.version === 2) {
          current = offer({ documents: [phyto({ number: 'ФС-77/5555', version: 3 }), lab] });
          return json(
            {
              status: 'error',
              error: 'stale',
              message: 'Запись изменена другим пользователем',
              stale: { version: 3, by: 'Мария Иванова', at, changes: [] },
            },
            409,
          );
        }
        current = offer({ documents: [phyto({ number: body.number, version: 4 }), lab] });
        return json(current.documents[0]);
      }),
      route('DELETE', '/api/offers/12/documents/32', () => {
        current = offer({ documents: [phyto({ version: 4 })] });
        return json({ status: 'success' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/offers/12', { token: 't' });
    await screen.findByTestId('documents-state');
    await user.click(
      screen.getByRole('button', { name: 'Изменить документ «Фитосанитарный сертификат № ФС-77/1234»' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Документ «Фитосанитарный сертификат № ФС-77/1234»' });
    const number = within(dialog).getByLabelText('Номер');
    await user.clear(number);
    await user.type(number, 'ФС-77/9999');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));

    expect(
      await within(dialog).findByText('Запись изменена другим пользователем: Мария Иванова, 25.11.2026 15:34'),
    ).toBeInTheDocument();
    expect(patches[0]).toEqual({
      type_id: 2,
      number: 'ФС-77/9999',
      issued_on: '2026-01-15',
      valid_until: '2027-01-15',
      issuer: 'Россельхознадзор',
      shareable: true,
      values: { aflatoxin_b1: null, moisture: null },
      version: 2,
    });
    expect(within(dialog).getByLabelText('Номер')).toHaveValue('ФС-77/9999');
    // the card read the offer again; the current document comes into the dialog on request
    await waitFor(() => expect(requests(fetchMock, 'GET', '/api/offers/12').length).toBeGreaterThan(1));
    await user.click(await within(dialog).findByRole('button', { name: 'Загрузить текущую версию' }));
    expect(within(dialog).getByLabelText('Номер')).toHaveValue('ФС-77/5555');
    await user.clear(within(dialog).getByLabelText('Номер'));
    await user.type(within(dialog).getByLabelText('Номер'), 'ФС-77/7777');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches[1]).toMatchObject({ number: 'ФС-77/7777', version: 3 });
    await waitFor(() => expect(rows()[0]).toHaveTextContent('ФС-77/7777'));

    await user.click(screen.getByRole('button', { name: 'Удалить документ «Протокол испытаний № 45»' }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить' });
    expect(confirm).toHaveTextContent('Удалить документ «Протокол испытаний № 45» вместе с его файлом?');
    await user.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(requests(fetchMock, 'DELETE', '/api/offers/12/documents/32')).toHaveLength(1);
  },
  SLOW_MS,
);

test('a stale change of a document says who changed it, when and what, as the server names them (issue 33)', async () => {
  const at = new Date(2026, 10, 25, 15, 34, 56).toISOString();
  mockServer(
    ...signedInHandlers(admin),
    ...lists,
    route('GET', '/api/offers/12', () => json(offer())),
    route('PATCH', '/api/offers/12/documents/31', () =>
      json(
        {
          status: 'error',
          error: 'stale',
          message: 'Запись изменена другим пользователем',
          stale: {
            version: 3,
            by: 'Мария Иванова',
            at,
            changes: [
              { field: 'number', old: 'ФС-77/1234', new: 'ФС-77/5555' },
              { field: 'valid_until', old: '2027-01-15', new: '2027-02-01' },
            ],
            fields: ['Номер', 'Действует до'],
          },
        },
        409,
      ),
    ),
  );
  const user = userEvent.setup();
  renderApp('/offers/12', { token: 't' });
  await screen.findByTestId('documents-state');
  await user.click(screen.getByRole('button', { name: 'Изменить документ «Фитосанитарный сертификат № ФС-77/1234»' }));
  const dialog = await screen.findByRole('dialog', { name: 'Документ «Фитосанитарный сертификат № ФС-77/1234»' });
  await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
  expect(
    await within(dialog).findByText(
      'Запись изменена другим пользователем: Мария Иванова, 25.11.2026 15:34. Изменено: Номер, Действует до',
    ),
  ).toBeInTheDocument();
});

test("a document a supplier's account shared waits for staff: 'Подтвердить' sends the version seen and the card shows it shared (issue 50)", async () => {
  let current = offer({ documents: [phyto({ share_confirmed: false, version: 3 }), lab] });
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    ...lists,
    route('GET', '/api/offers/12', () => json(current)),
    route('POST', '/api/offers/12/documents/31/confirm', () => {
      current = offer({ documents: [phyto({ share_confirmed: true, version: 4 }), lab] });
      return json(phyto({ share_confirmed: true, version: 4 }));
    }),
  );
  renderApp('/offers/12', { token: 't' });
  await screen.findByTestId('documents-state');
  expect(rows()[0]).toHaveTextContent('Да, ждёт подтверждения');
  expect(within(rows()[1]).queryByRole('button', { name: /^Подтвердить/ })).toBeNull();
  const user = userEvent.setup();
  await user.click(
    within(rows()[0]).getByRole('button', {
      name: 'Подтвердить документ «Фитосанитарный сертификат № ФС-77/1234» для покупателей',
    }),
  );
  await waitFor(() => expect(rows()[0]).not.toHaveTextContent('ждёт подтверждения'));
  expect(rows()[0]).toHaveTextContent('РоссельхознадзорДафито.pdf');
  expect(
    await Promise.all(requests(fetchMock, 'POST', '/api/offers/12/documents/31/confirm').map((r) => r.clone().json())),
  ).toEqual([{ version: 3 }]);
});

test("a supplier's account sees its shared document waiting, without 'Подтвердить' (issue 50)", async () => {
  const supplier = permissions({ user_type: 'supplier', role_id: null, supplier_id: 4 }, { offers: 'own' });
  mockServer(
    ...signedInHandlers(supplier),
    ...lists,
    route('GET', '/api/offers/12', () => json(offer({ documents: [phyto({ share_confirmed: false })] }))),
  );
  renderApp('/offers/12', { token: 't' });
  await screen.findByTestId('documents-state');
  expect(rows()[0]).toHaveTextContent('Да, ждёт подтверждения');
  expect(screen.queryByRole('button', { name: /^Подтвердить/ })).toBeNull();
});
