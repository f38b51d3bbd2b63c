// The words of a lot's documents state (issue 39) and the document form's rules.
import {
  buyerDocumentFileName,
  documentSchema,
  documentsStateDate,
  documentsStateTitle,
  isImported,
  DOCUMENT_MSG,
} from '../offers/documents';

const types = [
  { id: 2, name: 'Фитосанитарный сертификат', expires: true },
  { id: 5, name: 'Протокол испытаний', expires: false },
];

test('the state reads as the list and the card show it, with the first expiry', () => {
  expect(documentsStateTitle({ state: 'ok', missing: [], days_left: null })).toBe('В порядке');
  expect(documentsStateTitle({ state: 'expiring', missing: [], days_left: 10 })).toBe('Истекает через 10 дн.');
  expect(documentsStateTitle({ state: 'expiring', missing: [], days_left: 0 })).toBe('Истекает сегодня');
  expect(documentsStateTitle({ state: 'expired', missing: [], days_left: -3 })).toBe('Истёк');
  expect(
    documentsStateTitle({
      state: 'missing',
      missing: ['Фитосанитарный сертификат', 'Сертификат качества'],
      days_left: null,
    }),
  ).toBe('Не хватает: Фитосанитарный сертификат, Сертификат качества');
  expect(documentsStateDate({ expires_on: '2026-12-07', days_left: 10 })).toBe('до 07.12.2026');
  expect(documentsStateDate({ expires_on: '2026-11-26', days_left: -1 })).toBe('истёк 26.11.2026');
  expect(documentsStateDate({ expires_on: null, days_left: null })).toBe('');
});

test('a lot is imported unless it comes from Russia', () => {
  expect([isImported('Иран'), isImported(' россия '), isImported('РФ'), isImported('')]).toEqual([
    true,
    false,
    false,
    false,
  ]);
});

test('the form: a type that expires needs its date, not before the issue; lab values within their bounds', async () => {
  const schema = documentSchema(types, '2026-11-27');
  const errors = async (values: Record<string, unknown>) =>
    schema.validate(values, { abortEarly: false }).then(
      () => [],
      (e: { errors: string[] }) => e.errors,
    );
  expect(await errors({ type_id: '' })).toEqual([DOCUMENT_MSG.type]);
  expect(await errors({ type_id: 2 })).toEqual([
    'Укажите, до какого числа действует документ «Фитосанитарный сертификат»',
  ]);
  expect(await errors({ type_id: 2, issued_on: '2026-11-20', valid_until: '2026-11-19' })).toEqual([
    DOCUMENT_MSG.validBeforeIssued,
  ]);
  expect(await errors({ type_id: 5, issued_on: '2026-11-28' })).toEqual([DOCUMENT_MSG.issuedInFuture]);
  expect(await errors({ type_id: 5, aflatoxin_b1: '1000,5', moisture: '7.555' })).toEqual([
    DOCUMENT_MSG.aflatoxin,
    DOCUMENT_MSG.moisture,
  ]);
  expect(
    await schema.validate({
      type_id: '5',
      aflatoxin_b1: '2,125',
      moisture: '7.5',
      shareable: 'true',
      number: '  П-1 ',
    }),
  ).toMatchObject({ type_id: 5, aflatoxin_b1: 2.125, moisture: 7.5, shareable: true, number: 'П-1' });
});

test('a buyer downloads a document under its type, number and lot, never the uploaded name; only the extension is kept (issue 50)', () => {
  expect(
    buyerDocumentFileName(
      { type: 'Фитосанитарный сертификат', number: 'ФС-1' },
      'Кешью, W320, 2024',
      'Иванов_поставщик_скан.PDF',
    ),
  ).toBe('Фитосанитарный сертификат № ФС-1 — Кешью, W320, 2024.pdf');
  expect(buyerDocumentFileName({ type: 'Другое', number: null }, 'Миндаль', 'договор')).toBe('Другое — Миндаль');
  // a slash cannot make a path (a dash), quotes cannot break the header's name
  expect(buyerDocumentFileName({ type: 'Декларация', number: 'ЕАЭС N RU Д-CN/12' }, 'Фундук, 2024/25', 'x.jpeg')).toBe(
    'Декларация № ЕАЭС N RU Д-CN-12 — Фундук, 2024-25.jpeg',
  );
  expect(buyerDocumentFileName({ type: 'Сертификат', number: 'СК "7"' }, 'Фундук', 'x.png')).toBe(
    'Сертификат № СК 7 — Фундук.png',
  );
});
