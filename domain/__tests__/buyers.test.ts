// The buyer's rules worked by hand: INN check digits, the ledger to the kopeck, the credit refusals' exact words.
import { isValidInn } from '../inn';
import { buyerSchema, innError } from '../buyers/schema';
import { ageBucket, buildLedger, dueDate } from '../buyers/ledger';
import { LEDGER_TEXTS } from '../buyers/texts';
import { creditRefusals, CREDIT_MSG } from '../buyers/credit';
import { paymentSchema } from '../buyers/payments';

test('INN: 10 digits with one check digit, 12 with two; anything else is refused in Russian', () => {
  // 7707083893: 7·2+7·4+0·10+7·3+0·5+8·9+3·4+8·6+9·8 = 14+28+0+21+0+72+12+48+72 = 267; 267 mod 11 = 3 → 3
  expect(isValidInn('7707083893')).toBe(true);
  expect(isValidInn('7707083894')).toBe(false);
  // 500100732259: the 11th digit 5 and the 12th 9 both check
  expect(isValidInn('500100732259')).toBe(true);
  expect(isValidInn('500100732258')).toBe(false);
  expect(innError('7707083894')).toBe('Неверное контрольное число ИНН');
  expect(innError('77070838')).toBe('ИНН состоит из 10 или 12 цифр');
  expect(innError('')).toBeNull();
});

test('the buyer schema: terms, deferral days 1–180, the limit, KPP', async () => {
  const messages = async (values: Record<string, unknown>) =>
    buyerSchema()
      .validate(values, { abortEarly: false })
      .then(
        () => [],
        (e: { errors: string[] }) => e.errors,
      );
  expect(
    await messages({
      name: 'ООО «Орех»',
      payment_terms: 'deferral',
      deferral_days: '181',
      kpp: '12345',
      credit_limit: '-1',
    }),
  ).toEqual([
    'КПП состоит из 9 символов: 4 цифры, 2 цифры или заглавные латинские буквы, 3 цифры',
    'Отсрочка от 1 до 180 дней',
    'Лимит не может быть меньше нуля',
  ]);
  expect(await messages({ name: 'ООО «Орех»', payment_terms: 'barter' })).toEqual(['Выберите условия оплаты']);
  const valid: Record<string, unknown> = await buyerSchema().validate({
    name: 'ООО «Орех»',
    payment_terms: 'prepay',
    deferral_days: '30',
    inn: '7707 083 893',
    kpp: '7736ab001',
    legal_address: ' 123100, Москва ',
  });
  // a КПП's reason code in capitals, the legal address trimmed
  expect([valid.deferral_days, valid.inn, valid.kpp, valid.legal_address]).toEqual([
    null,
    '7707083893',
    '7736AB001',
    '123100, Москва',
  ]);
});

test('the ledger: sales due after the deferral, partial payments, the overdue part and since when', () => {
  const terms = { payment_terms: 'deferral', deferral_days: 10 };
  expect(dueDate('2026-11-01', terms)).toBe('2026-11-11');
  expect(dueDate('2026-11-01', { payment_terms: 'prepay', deferral_days: null })).toBe('2026-11-01');
  const ledger = buildLedger(
    [
      { reserve_id: 1, date: '2026-11-01', sum: '100000.10' },
      { reserve_id: 2, date: '2026-11-20', sum: '50000.00' },
    ],
    [
      { id: 1, reserve_id: 1, date: '2026-11-05', amount: '30000.05' },
      { id: 2, reserve_id: 2, date: '2026-11-21', amount: '0.01' },
    ],
    terms,
    '2026-11-25',
  );
  // sold 100 000,10 + 50 000,00 = 150 000,10; paid 30 000,05 + 0,01 = 30 000,06; owed 120 000,04
  expect([ledger.sales, ledger.payments, ledger.balance]).toEqual(['150000.10', '30000.06', '120000.04']);
  // reserve 1 was due 11.11 (overdue from 12.11) with 70 000,05 left; reserve 2 is due 30.11
  expect([ledger.overdue, ledger.overdue_since]).toEqual(['70000.05', '2026-11-12']);
  // due 11.11, 25.11 is 14 days past it, as the debts' ages count ('1–30 дней')
  expect(ledger.overdue_days).toBe(14);
  expect(LEDGER_TEXTS.overdueFor(ledger.overdue_days!, ledger.overdue_since!)).toBe(
    'Просрочено на 14 дней (с 12.11.2026)',
  );
  expect(ledger.lines.map((l) => [l.date, l.kind, l.balance])).toEqual([
    ['2026-11-01', 'sale', '100000.10'],
    ['2026-11-05', 'payment', '70000.05'],
    ['2026-11-20', 'sale', '120000.05'],
    ['2026-11-21', 'payment', '120000.04'],
  ]);
  expect([
    ageBucket('2026-11-25', '2026-11-25'),
    ageBucket('2026-11-11', '2026-11-25'),
    ageBucket('2026-08-01', '2026-11-25'),
  ]).toEqual(['not_due', 'd1_30', 'd90_plus']);
});

test('the credit refusals say the figures as the issue writes them', () => {
  const state = { credit_limit: '1000000', balance: '600000', reserved: '350000', overdue: '0', overdue_since: null };
  expect(creditRefusals(state, '80000')).toEqual([
    'Превышен кредитный лимит: лимит 1 000 000,00 ₽, долг и резервы 950 000,00 ₽, этот резерв 80 000,00 ₽',
  ]);
  expect(creditRefusals(state, '50000')).toEqual([]);
  expect(creditRefusals({ ...state, credit_limit: null, overdue: '120000', overdue_since: '2026-11-12' }, '1')).toEqual(
    ['У покупателя просроченный долг 120 000,00 ₽ (с 12.11.2026)'],
  );
  expect(CREDIT_MSG.overdue('120000', '2026-11-12')).toBe('У покупателя просроченный долг 120 000,00 ₽ (с 12.11.2026)');
});

test('a payment is at most what is left, dated up to today', async () => {
  const errors = (values: Record<string, unknown>, left: string) =>
    paymentSchema(left, '2026-11-25')
      .validate(values, { abortEarly: false })
      .then(
        () => [],
        (e: { errors: string[] }) => e.errors,
      );
  expect(await errors({ date: '2026-11-26', amount: '100.01' }, '100.00')).toEqual([
    'Дата оплаты не может быть позже сегодняшней',
    'Оплата больше остатка долга по резерву: осталось 100,00 ₽',
  ]);
  expect(await errors({ date: '2026-11-25', amount: '0' }, '100.00')).toEqual(['Сумма оплаты должна быть больше нуля']);
  expect(await errors({ date: '2026-11-25', amount: '100' }, '100.00')).toEqual([]);
});

test("the buyer card's overdue line: the days past the due day in Russian plural, and since when", () => {
  // a sale of 07.09.2025 on prepayment is due that day and overdue from 08.09.2025; on 04.12.2026 it is 365 days
  // (07.09.2025 → 07.09.2026) + 23 (to 30.09) + 31 (October) + 30 (November) + 4 (to 04.12) = 453 days past its due day
  const ledger = buildLedger(
    [{ reserve_id: 1, date: '2025-09-07', sum: '1000.00' }],
    [],
    { payment_terms: 'prepay', deferral_days: null },
    '2026-12-04',
  );
  expect([ledger.overdue_since, ledger.overdue_days]).toEqual(['2025-09-08', 453]);
  expect(LEDGER_TEXTS.overdueFor(ledger.overdue_days!, ledger.overdue_since!)).toBe(
    'Просрочено на 453 дня (с 08.09.2025)',
  );
  // the audit ran on 05.12.2026 and wrote 453 for it: that counts the days after 08.09.2025, the first overdue
  // day, which makes a debt on its first overdue day 0 days late. Days overdue are the days after the due day
  // (07.09.2025), as the debts' ages count them ('1–30 дней' from the day after it): on 05.12.2026 that is 365
  // (07.09.2025 → 07.09.2026) + 23 (to 30.09) + 31 (October) + 30 (November) + 5 (to 05.12) = 454
  const audit = buildLedger(
    [{ reserve_id: 1, date: '2025-09-07', sum: '1000.00' }],
    [],
    { payment_terms: 'prepay', deferral_days: null },
    '2026-12-05',
  );
  expect([audit.overdue_since, audit.overdue_days]).toEqual(['2025-09-08', 454]);
  expect(LEDGER_TEXTS.overdueFor(audit.overdue_days!, audit.overdue_since!)).toBe(
    'Просрочено на 454 дня (с 08.09.2025)',
  );
  expect(ageBucket('2025-09-07', '2026-12-05')).toBe('d90_plus');
  // the first overdue day is one day late; 21, 22 and 25 days take their own forms
  const on = (today: string) => {
    const l = buildLedger(
      [{ reserve_id: 1, date: '2026-11-01', sum: '1.00' }],
      [],
      { payment_terms: 'prepay', deferral_days: null },
      today,
    );
    return LEDGER_TEXTS.overdueFor(l.overdue_days!, l.overdue_since!);
  };
  expect(['2026-11-02', '2026-11-22', '2026-11-23', '2026-11-26'].map(on)).toEqual([
    'Просрочено на 1 день (с 02.11.2026)',
    'Просрочено на 21 день (с 02.11.2026)',
    'Просрочено на 22 дня (с 02.11.2026)',
    'Просрочено на 25 дней (с 02.11.2026)',
  ]);
  // nothing overdue: no line
  expect(
    buildLedger(
      [{ reserve_id: 1, date: '2026-11-01', sum: '1.00' }],
      [{ id: 1, reserve_id: 1, date: '2026-11-01', amount: '1.00' }],
      { payment_terms: 'prepay', deferral_days: null },
      '2026-12-04',
    ).overdue_days,
  ).toBeNull();
});

test("an opening balance (issue 49) is the ledger's first line, due as a sale of its day; paid ahead it is never overdue", () => {
  const terms = { payment_terms: 'deferral', deferral_days: 10 };
  const sales = [{ reserve_id: 7, date: '2026-11-28', sum: '1000.00' }];
  const owed = buildLedger(sales, [], terms, '2026-12-05', { amount: '2500.50', as_of: '2026-11-01' });
  expect(owed).toMatchObject({
    opening: '2500.50',
    sales: '1000.00',
    balance: '3500.50',
    overdue: '2500.50',
    overdue_since: '2026-11-12',
    overdue_days: 24,
  });
  expect(owed.lines.map((l) => [l.kind, l.reserve_id, l.balance])).toEqual([
    ['opening', null, '2500.50'],
    ['sale', 7, '3500.50'],
  ]);
  const ahead = buildLedger([{ reserve_id: 8, date: '2026-12-01', sum: '1000.00' }], [], terms, '2026-12-05', {
    amount: '-400.00',
    as_of: '2026-10-01',
  });
  expect(ahead).toMatchObject({ opening: '-400.00', balance: '600.00', overdue: '0.00', overdue_since: null });
});
