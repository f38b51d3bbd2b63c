// 'Импорт' on the offers page: shown only with the import right; the dialog fetches the template with the token,
// sends the chosen file and mode as multipart with the upload's progress, shows the per-row report in a table,
// saves it as CSV, loads the valid rows on request and refreshes the list.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';
import type { Permissions } from '../domain/permissions';
import type { ImportReport } from '../domain/import';
// the environment's FormData is Node's (support/jsdom-environment.js): it takes Node's files
import { File as NodeFile } from 'node:buffer';

const file = (text: string, name: string) => new NodeFile([text], name, { type: 'text/csv' }) as unknown as File;

const pagination = {
  totalItems: 1,
  currentPage: 1,
  firstPage: 1,
  lastPage: 1,
  perPage: 20,
  pageCount: 1,
  nextPage: null,
  previousPage: null,
  pageURI: '/api/offers?page=1',
};
const row = {
  id: 1,
  status: 'active',
  product: { id: 3, name: 'Кешью' },
  unit_amount: '10.00',
  available_amount: '800.00',
  images: [],
  comments: [],
};

/** XMLHttpRequest as the dialog uses it, driven by the test: progress, then the server's answer. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  responseType = '';
  aborted = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    act(() => {
      this.upload.onload?.();
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    });
  }
}

let listCalls: number;
function server(perms: Permissions, extra: ReturnType<typeof route>[] = []) {
  listCalls = 0;
  return mockServer(
    ...signedInHandlers(perms),
    route('GET', '/api/offers/summary', () =>
      json({ placed_reserves: { count: 0, sum: '0' }, realized_reserves: { count: 0, sum: '0' }, realized_value: '0' }),
    ),
    route('GET', '/api/filters/offers', () => json({})),
    route('GET', '/api/settings', () => json({})),
    route('GET', '/api/offers', () => {
      listCalls++;
      return json({ data: [row], pagination });
    }),
    ...extra,
  );
}

let saved: { name: string; blob: Blob }[];
beforeEach(() => {
  FakeXhr.sent = [];
  saved = [];
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  let blob: Blob | undefined;
  Object.assign(URL, {
    createObjectURL: jest.fn((b: Blob) => {
      blob = b;
      return 'blob:import-1';
    }),
    revokeObjectURL: jest.fn(),
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blob! });
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

/** A saved blob's text, byte order mark kept (jsdom's Blob has no text()). */
const bytes = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(Buffer.from(reader.result as ArrayBuffer).toString('utf8'));
    reader.readAsArrayBuffer(blob);
  });

const admin = () => permissions({ is_admin: true, user_type: 'admin', role_id: null });

test("no import right, no 'Импорт'", async () => {
  const perms = permissions({}, { offers: 'all' });
  perms.role_permissions.offers.import = 'none';
  server(perms);
  renderApp('/offers', { token: 't' });
  expect(await screen.findByRole('row', { name: /Выбрать строку 1/ })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Экспорт' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Импорт' })).not.toBeInTheDocument();
});

test('the template is fetched with the token and saved under its Russian name', async () => {
  let sent: Request | undefined;
  server(admin(), [
    route('GET', '/api/offers/import/template', (request) => {
      sent = request;
      return new Response(new Uint8Array([0x50, 0x4b]), {
        headers: {
          'Content-Disposition':
            'attachment; filename="x.xlsx"; filename*=UTF-8\'\'%D0%A8%D0%B0%D0%B1%D0%BB%D0%BE%D0%BD.xlsx',
        },
      });
    }),
  ]);
  renderApp('/offers', { token: 'tok-import' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Импорт' }));
  const dialog = screen.getByRole('dialog', { name: 'Импорт предложений' });
  expect(within(dialog).getByText(/XLSX или CSV, до 5 МБ и 5 000 строк/)).toBeInTheDocument();
  // the supplier price-list upload, a feature of its own, composed into the offers' import by the app
  expect(await within(dialog).findByRole('button', { name: 'Загрузить прайс поставщика' })).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Скачать шаблон' }));
  await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['Шаблон.xlsx']));
  expect(sent!.headers.get('Authorization')).toBe('Bearer tok-import');
});

test('a file with a bad row: the request, the progress, the report table and file, then the valid rows loaded', async () => {
  server(admin());
  renderApp('/offers', { token: 'tok-import' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Импорт' }));
  const dialog = screen.getByRole('dialog', { name: 'Импорт предложений' });
  const upload = within(dialog).getByRole('button', { name: 'Загрузить' });
  expect(upload).toBeDisabled();
  expect(within(dialog).getByText('Файл не выбран')).toBeInTheDocument();

  await user.upload(
    within(dialog).getByLabelText('Файл для импорта'),
    file('Товар;Цена за единицу, ₽\r\nКешью;0\r\n', 'прайс.csv'),
  );
  expect(within(dialog).getByText('прайс.csv')).toBeInTheDocument();
  expect(within(dialog).getByRole('radio', { name: 'Ничего не загружать, пока файл не исправлен' })).toBeChecked();
  await user.click(upload);

  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  const [xhr] = FakeXhr.sent;
  expect(xhr.method).toBe('POST');
  expect(new URL(xhr.url).pathname).toBe('/api/offers/import');
  expect(xhr.headers.Authorization).toBe('Bearer tok-import');
  expect(xhr.body!.get('mode')).toBe('all');
  expect((xhr.body!.get('file') as File).name).toBe('прайс.csv');

  xhr.progress(40, 100);
  expect(within(dialog).getByText('Отправка файла: 40%')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Загрузить' })).toBeDisabled();
  xhr.progress(100, 100);
  expect(within(dialog).getByText('Проверяем строки…')).toBeInTheDocument();

  const report: ImportReport = {
    mode: 'all',
    total: 3,
    valid: 2,
    imported: 0,
    ids: [],
    problems: [
      { row: 3, column: 'Цена за единицу, ₽', message: 'Минимум 0,01' },
      { row: 3, column: 'Товар', message: '«Кешю» нет в списке товаров' },
      { row: 4, column: '', message: 'Такое предложение уже есть: тот же поставщик, товар — строка 2 этого файла' },
    ],
  };
  xhr.respond(200, report);
  expect(
    await within(dialog).findByText(
      'Ошибки в строках: 2 из 3. Ничего не загружено: исправьте файл или загрузите только строки без ошибок',
    ),
  ).toBeInTheDocument();
  const table = within(dialog).getByRole('table', { name: 'Отчёт об ошибках' });
  expect(
    within(table)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent)),
  ).toEqual([
    ['Строка', 'Столбец', 'Ошибка'],
    ['3', 'Цена за единицу, ₽', 'Минимум 0,01'],
    ['3', 'Товар', '«Кешю» нет в списке товаров'],
    ['4', '—', 'Такое предложение уже есть: тот же поставщик, товар — строка 2 этого файла'],
  ]);

  await user.click(within(dialog).getByRole('button', { name: 'Скачать отчёт (CSV)' }));
  expect(saved.map((s) => s.name)).toEqual(['Ошибки импорта прайс.csv']);
  expect(await bytes(saved[0].blob)).toBe(
    '\uFEFFСтрока;Столбец;Ошибка\r\n3;Цена за единицу, ₽;Минимум 0,01\r\n3;Товар;«Кешю» нет в списке товаров\r\n' +
      '4;—;Такое предложение уже есть: тот же поставщик, товар — строка 2 этого файла\r\n',
  );

  const before = listCalls;
  await user.click(within(dialog).getByRole('button', { name: 'Загрузить строки без ошибок (2)' }));
  const second = FakeXhr.sent[1];
  expect(second.body!.get('mode')).toBe('valid');
  expect((second.body!.get('file') as File).name).toBe('прайс.csv');
  second.respond(200, { ...report, mode: 'valid', imported: 2, ids: [501, 502] });
  expect(await within(dialog).findByText('Загружено: 2 предложения из 3')).toBeInTheDocument();
  expect(
    within(dialog).getByRole('radio', { name: 'Загрузить строки без ошибок, остальные показать в отчёте' }),
  ).toBeChecked();
  // the list behind the dialog shows the new offers
  await waitFor(() => expect(listCalls).toBeGreaterThan(before));
});

test('a refusal shows the server message; cancelling aborts the upload', async () => {
  server(admin());
  renderApp('/offers', { token: 't' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Импорт' }));
  const dialog = screen.getByRole('dialog', { name: 'Импорт предложений' });
  await user.upload(within(dialog).getByLabelText('Файл для импорта'), file('x', 'big.csv'));
  await user.click(
    within(dialog).getByRole('radio', { name: 'Загрузить строки без ошибок, остальные показать в отчёте' }),
  );
  await user.click(within(dialog).getByRole('button', { name: 'Загрузить' }));
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  expect(FakeXhr.sent[0].body!.get('mode')).toBe('valid');
  FakeXhr.sent[0].respond(400, {
    status: 'error',
    error: 'validation',
    messages: ['Файл больше 5 МБ: разделите его на части'],
  });
  expect(await within(dialog).findByText('Файл больше 5 МБ: разделите его на части')).toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Загрузить' }));
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
  FakeXhr.sent[1].progress(10, 100);
  await user.click(within(dialog).getByRole('button', { name: 'Отменить' }));
  expect(FakeXhr.sent[1].aborted).toBe(true);
  expect(await within(dialog).findByText('Загрузка отменена')).toBeInTheDocument();
});
