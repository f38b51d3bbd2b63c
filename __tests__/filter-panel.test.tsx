import { render, screen, within, fireEvent, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import 'dayjs/locale/ru';
import { FilterPanel, type FilterPanelProps } from '../src/components/FilterPanel';
import { theme } from '../src/app/theme';
import { makeStore } from '../src/app/store';
import { json, mockServer, route } from './support/render';
import type { FilterConfig } from '../domain/lists';

const config: FilterConfig = {
  statuses_ids: {
    title: 'Статус',
    type: 'status',
    options: [
      { title: 'Активный', value: 'active' },
      { title: 'Выполнен', value: 'completed' },
    ],
  },
  products_ids: {
    title: 'Товар',
    type: 'multiple',
    options: [
      { title: 'Кешью', value: 3 },
      { title: 'Миндаль', value: 5 },
    ],
  },
  suppliers_ids: { title: 'Поставщик', type: 'multiple', isForbidden: true },
  offers_ids: { title: '№ предложения', type: 'multiple' },
  harvest_years: { title: 'Год урожая', type: 'enumeration', options: [{ title: '2025', value: '2025' }] },
  loading_address: { title: 'Адрес погрузки', type: 'address', placeholder: ['Введите значение'] },
  unit_price: { title: 'Цена за единицу', type: 'currency', placeholder: ['От', 'До'] },
  unit_amount: { title: 'Количество', type: 'number', placeholder: ['От', 'До'] },
  with_image: { title: 'С фото', type: 'boolean' },
};

function setup(props: Partial<FilterPanelProps> = {}) {
  const onApply = jest.fn();
  const onSave = jest.fn();
  const onClose = jest.fn();
  render(
    <ThemeProvider theme={theme}>
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="ru">
        <FilterPanel
          open
          status="loaded"
          config={config}
          value={{}}
          onApply={onApply}
          onSave={onSave}
          onClose={onClose}
          {...props}
        />
      </LocalizationProvider>
    </ThemeProvider>,
  );
  return { onApply, onSave, onClose };
}

test('loading, failure and an empty config', () => {
  const { unmount } = render(
    <FilterPanel open status="loading" value={{}} onApply={jest.fn()} onSave={jest.fn()} onClose={jest.fn()} />,
  );
  expect(screen.getByText('LOADING')).toBeInTheDocument();
  unmount();
  const second = render(
    <FilterPanel
      open
      status="failed"
      errorMessage="Ошибка запроса: 500 - Internal Server Error"
      value={{}}
      onApply={jest.fn()}
      onSave={jest.fn()}
      onClose={jest.fn()}
    />,
  );
  expect(screen.getByText('ERROR')).toBeInTheDocument();
  second.unmount();
  render(
    <FilterPanel
      open
      status="loaded"
      config={{ x: { title: 'x', type: 'string', isForbidden: true } }}
      value={{}}
      onApply={jest.fn()}
      onSave={jest.fn()}
      onClose={jest.fn()}
    />,
  );
  expect(screen.getByText('Здесь ничего нет')).toBeInTheDocument();
});

test('every field type edits the draft; Применить hands over the exact filter and closes', async () => {
  const user = userEvent.setup();
  const { onApply, onClose } = setup();
  const panel = screen.getByRole('dialog', { name: 'Фильтр' });
  expect(within(panel).queryByText('Поставщик')).not.toBeInTheDocument(); // forbidden

  await user.click(within(panel).getByLabelText('Активный'));
  const products = within(panel).getByRole('group', { name: 'Товар' });
  await user.click(within(products).getByText('Миндаль'));
  await user.click(within(products).getByText('Кешью'));
  await user.type(within(panel).getByLabelText('№ предложения'), '12, 15');
  await user.type(within(panel).getByLabelText('Адрес погрузки'), 'Ташкент');
  await user.type(within(panel).getByLabelText('Цена за единицу: от'), '100');
  await user.type(within(panel).getByLabelText('Цена за единицу: до'), '250,5');
  await user.click(within(panel).getByLabelText('С фото'));
  await user.click(within(panel).getByRole('button', { name: 'Применить' }));

  expect(onApply).toHaveBeenCalledWith({
    statuses_ids: ['active'],
    products_ids: ['5', '3'],
    offers_ids: ['12', '15'],
    loading_address: 'Ташкент',
    unit_price: { from: '100', to: '250.5' },
    with_image: true,
  });
  expect(onClose).toHaveBeenCalled();
});

test('the multiple select moves options both ways and says Список пуст', async () => {
  const user = userEvent.setup();
  setup();
  const products = screen.getByRole('group', { name: 'Товар' });
  const selectedList = within(products).getByRole('list', { name: 'Выбранные' });
  expect(within(selectedList).getByText('Список пуст')).toBeInTheDocument();
  await user.click(within(products).getByText('Кешью'));
  await user.click(within(products).getByText('Миндаль'));
  expect(
    within(within(products).getByRole('list', { name: 'Доступные' })).getByText('Список пуст'),
  ).toBeInTheDocument();
  await user.click(within(selectedList).getByText('Кешью'));
  expect(within(within(products).getByRole('list', { name: 'Доступные' })).getByText('Кешью')).toBeInTheDocument();
});

test('an inverted range is named and blocks applying', async () => {
  const user = userEvent.setup();
  setup();
  await user.type(screen.getByLabelText('Количество: от'), '500');
  await user.type(screen.getByLabelText('Количество: до'), '20');
  expect(screen.getByText('Значение «От» больше «До»')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Применить' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
});

test('the panel opens on the applied filter; Очистить empties it; Сохранить hands it to onSave', async () => {
  const user = userEvent.setup();
  const { onSave } = setup({ value: { loading_address: 'Москва', harvest_years: ['2025'] } });
  expect(screen.getByLabelText('Адрес погрузки')).toHaveValue('Москва');
  await user.click(screen.getByRole('button', { name: 'Очистить' }));
  expect(screen.getByLabelText('Адрес погрузки')).toHaveValue('');
  fireEvent.change(screen.getByLabelText('Адрес погрузки'), { target: { value: 'Ош' } });
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(onSave).toHaveBeenCalledWith({ loading_address: 'Ош' });
});

test('the date picker lists 50 years from 25 years back; years after this one are disabled', async () => {
  const user = userEvent.setup();
  // "today" is the business day: the picker reads the business zone from the settings
  const fetchMock = mockServer(route('POST', '/api/settings', () => json({ time_zone: 'Europe/Moscow' })));
  render(
    <Provider store={makeStore()}>
      <ThemeProvider theme={theme}>
        <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="ru">
          <FilterPanel
            open
            status="loaded"
            config={{
              created_at: { title: 'Дата создания', type: 'date', placeholder: ['Выберите дату', 'Выберите дату'] },
            }}
            value={{}}
            onApply={jest.fn()}
            onSave={jest.fn()}
            onClose={jest.fn()}
          />
        </LocalizationProvider>
      </ThemeProvider>
    </Provider>,
  );
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  const panel = screen.getByRole('dialog', { name: 'Фильтр' });
  await user.click(within(panel).getAllByRole('button', { name: /Choose date|Выберите дату|Выбрать дату/i })[0]);
  const calendar = await screen.findByRole('dialog', { name: /От|Дата/i });
  await user.click(within(calendar).getByRole('button', { name: /year view|вид года|просмотр года|на год/i }));
  const years = within(calendar).getAllByRole('radio');
  const thisYear = new Date().getFullYear();
  expect(years.map((y) => Number(y.textContent))).toEqual(Array.from({ length: 50 }, (_, i) => thisYear - 25 + i));
  expect(
    years
      .filter((y) => Number(y.textContent) > thisYear)
      .every((y) => y.hasAttribute('disabled') || y.getAttribute('aria-disabled') === 'true'),
  ).toBe(true);
  expect(years.find((y) => Number(y.textContent) === thisYear)).not.toHaveAttribute('disabled');
});
