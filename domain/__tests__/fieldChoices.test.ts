// The hidden-field editor of the settings page offers fields by title; the spec's rules for roles 1 and 8 read
// back as the titles a user knows, and a title covers every name its field travels by.
import { FIELD_CHOICES, hiddenTitles } from '../fieldChoices';
import { SPEC_HIDDEN_FIELDS } from '../hiddenFields';
import { businessSettingsSchema } from '../settingsSchema';

test("the spec's rules as titles", () => {
  expect(hiddenTitles('offers', SPEC_HIDDEN_FIELDS['1'].offers!)).toEqual([
    'Город погрузки',
    'Поставщик',
    'Адрес погрузки',
    'Создал',
  ]);
  expect(hiddenTitles('suppliers', SPEC_HIDDEN_FIELDS['1'].suppliers!)).toEqual([
    'ИНН',
    'Контактное лицо',
    'Телефон',
    'Email',
    'Город',
    'Адрес',
  ]);
  expect(hiddenTitles('employees', SPEC_HIDDEN_FIELDS['8'].employees!)).toEqual(['Телефон', 'Email']);
});

test('a title stands for the column, the field it shows and the filters on it; the id, name and status are never offered', () => {
  expect(FIELD_CHOICES.suppliers).toContainEqual({
    title: 'Контактное лицо',
    fields: ['contact_name', 'contact_person'],
  });
  expect(FIELD_CHOICES.employees).toContainEqual({
    title: 'Должность',
    fields: ['position_id', 'position_name', 'positions'],
  });
  expect(FIELD_CHOICES.reserves).toContainEqual({ title: 'Ответственный', fields: ['responsible_id', 'responsible'] });
  for (const choices of Object.values(FIELD_CHOICES)) {
    for (const { fields } of choices) for (const name of ['id', 'name', 'status']) expect(fields).not.toContain(name);
    expect(new Set(choices.map((c) => c.title)).size).toBe(choices.length);
  }
});

test('the business settings: a decimal comma, and the Russian messages', async () => {
  const valid = {
    delivery_cost_default: '15',
    costs_per_kg: '12,5',
    min_markup: '0.1',
    max_markup: '0.35',
    reserve_hold_days: '5',
    time_zone: 'Europe/Moscow',
  };
  expect(await businessSettingsSchema.validate(valid)).toEqual({
    delivery_cost_default: 15,
    costs_per_kg: 12.5,
    min_markup: 0.1,
    max_markup: 0.35,
    reserve_hold_days: 5,
    time_zone: 'Europe/Moscow',
  });
  const errors = async (patch: Record<string, string>) =>
    (await businessSettingsSchema
      .validate({ ...valid, ...patch }, { abortEarly: false })
      .catch((e: { errors: string[] }) => e)) as { errors: string[] };
  expect((await errors({ min_markup: '' })).errors).toEqual(['Введите число']);
  expect((await errors({ costs_per_kg: '-3' })).errors).toEqual(['Значение не может быть отрицательным']);
  expect((await errors({ max_markup: '0.05' })).errors).toEqual([
    'Максимальная наценка не может быть меньше минимальной',
  ]);
  expect((await errors({ time_zone: 'Moscow' })).errors).toEqual([
    'Укажите часовой пояс из базы IANA, например Europe/Moscow',
  ]);
});
