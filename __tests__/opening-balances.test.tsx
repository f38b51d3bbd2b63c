// 'Начальное сальдо' (issue 49) in the buyers' import dialog: offered to the finance right only; the chosen file goes to
// POST /api/buyers/opening-balances as multipart; the server's refusal is listed row by row, its success counted.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';
import type { Permissions } from '../domain/permissions';
// the environment's FormData is Node's (support/jsdom-environment.js): it takes Node's files
import { File as NodeFile } from 'node:buffer';

afterEach(() => localStorage.clear());

const pagination = {
  totalItems: 1,
  currentPage: 1,
  firstPage: 1,
  lastPage: 1,
  perPage: 20,
  pageCount: 1,
  nextPage: null,
  previousPage: null,
  pageURI: '/api/buyers?page=1',
};
const row = { id: 31, status: 'active', name: 'ООО «Орех и Ко»', balance: '0.00', overdue: '0.00', comments: [] };

function server(perms: Permissions, answers: { status: number; body: unknown }[] = []) {
  const sent: FormData[] = [];
  mockServer(
    ...signedInHandlers(perms),
    route('GET', '/api/filters/buyers', () => json({})),
    route('GET', '/api/settings', () => json({})),
    route('GET', '/api/buyers', () => json({ data: [row], pagination })),
    route('POST', '/api/buyers/opening-balances', async (request) => {
      sent.push(await request.formData());
      const answer = answers.shift()!;
      return json(answer.body, answer.status);
    }),
  );
  return sent;
}

test('the finance right uploads the file; each refused row is listed, then the count of balances loaded', async () => {
  const sent = server(permissions({ finance: true }, { buyers: 'all' }), [
    {
      status: 400,
      body: {
        status: 'error',
        error: 'validation',
        messages: ['Строка 3: покупатель с ИНН 7707083893 не найден', 'Строка 4: не указан ИНН'],
      },
    },
    { status: 200, body: { imported: 2, buyers: [] } },
  ]);
  const user = userEvent.setup();
  renderApp('/buyers', { token: 't' });
  await user.click(await screen.findByRole('button', { name: 'Импорт' }));
  await user.click(await screen.findByRole('button', { name: 'Начальное сальдо' }));
  const dialog = await screen.findByRole('dialog', { name: 'Начальное сальдо' });
  expect(within(dialog).getByRole('button', { name: 'Загрузить' })).toBeDisabled();
  await user.upload(
    within(dialog).getByLabelText('Выбрать файл'),
    new NodeFile(['x'], 'сальдо.xlsx') as unknown as File,
  );
  await user.click(within(dialog).getByRole('button', { name: 'Загрузить' }));
  expect(await within(dialog).findByText('Строка 3: покупатель с ИНН 7707083893 не найден')).toBeInTheDocument();
  expect(within(dialog).getByText('Строка 4: не указан ИНН')).toBeInTheDocument();
  expect((sent[0].get('file') as File).name).toBe('сальдо.xlsx');
  await user.click(within(dialog).getByRole('button', { name: 'Загрузить' }));
  expect(await within(dialog).findByText('Начальное сальдо загружено: 2')).toBeInTheDocument();
  await waitFor(() => expect(sent).toHaveLength(2));
});

test('without the finance right the import dialog offers no opening balances', async () => {
  server(permissions({ role_id: 1 }, { buyers: 'all' }));
  const user = userEvent.setup();
  renderApp('/buyers', { token: 't' });
  await user.click(await screen.findByRole('button', { name: 'Импорт' }));
  await screen.findByRole('dialog');
  expect(screen.queryByRole('button', { name: 'Начальное сальдо' })).not.toBeInTheDocument();
});
