// The invoice worked by hand from its stored inputs: lines half up to the kopeck, VAT carved out of each line's total
// at its own rate, totals the sums of the lines, the sum in words; the due date by the buyer's terms; the refusals.
import {
  dueDateOf,
  invoiceContent,
  vatByRate,
  type InvoiceReserveFacts,
  type InvoiceSellerFacts,
} from '../invoices/build';
import { invoicePayment } from '../invoices/status';

const seller: InvoiceSellerFacts = {
  full_name: 'ООО «Орехи Юга»',
  inn: '7707083893',
  kpp: '773601001',
  address: 'г. Москва, ул. Садовая, д. 1',
  director: 'Петров Пётр Петрович',
  accountant: 'Сидорова Анна Ивановна',
  bank_name: 'ПАО Сбербанк',
  bik: '044525225',
  account: '40702810938000000001',
  corr_account: '30101810400000000225',
  vat_regime: 'general',
};
const buyer = {
  name: 'ООО «Лавка»',
  inn: '7728168971',
  kpp: '772801001',
  legal_address: 'г. Москва',
  payment_terms: 'deferral',
  deferral_days: 14,
};
const reserve = (over: Partial<InvoiceReserveFacts>): InvoiceReserveFacts => ({
  id: 1,
  status: 'active',
  deleted: false,
  buyer_id: 7,
  buyer_name: 'ООО «Лавка»',
  amount: '1',
  unit_selling_price: '1.00',
  unit_measure: 'кг',
  lot: 'Кешью, W320',
  vat_rate: '22',
  ...over,
});

test('one invoice with a 22 % and a 10 % line, worked by hand', () => {
  const content = invoiceContent(
    [
      reserve({ id: 11, amount: '120.000', unit_selling_price: '850.50', vat_rate: '22' }),
      reserve({ id: 12, amount: '37.500', unit_selling_price: '412.34', vat_rate: '10', status: 'completed' }),
    ],
    buyer,
    seller,
    '2026-12-05',
  );
  // 120 × 850,50 = 102 060,00; its VAT 102 060 × 22 / 122 = 18 404,2622… → 18 404,26
  // 37,5 × 412,34 = 15 462,75; its VAT 15 462,75 × 10 / 110 = 1 405,7045… → 1 405,70
  expect(content.lines.map((l) => [l.n, l.reserve_id, l.total, l.vat_rate, l.vat_sum, l.unit_name])).toEqual([
    [1, 11, '102060.00', '22', '18404.26', 'кг'],
    [2, 12, '15462.75', '10', '1405.70', 'кг'],
  ]);
  // totals are the sums of the lines: 117 522,75 with VAT 19 809,96
  expect(content.totals).toEqual({
    total: '117522.75',
    vat_sum: '19809.96',
    words: 'Сто семнадцать тысяч пятьсот двадцать два рубля 75 копеек',
  });
  expect(vatByRate(content.lines)).toEqual([
    ['22', 1840426n],
    ['10', 140570n],
  ]);
  // 14 days of deferral from 5 December
  expect(content.due_date).toBe('2026-12-19');
  expect(content.buyer).toEqual({ name: 'ООО «Лавка»', inn: '7728168971', kpp: '772801001', address: 'г. Москва' });
});

test('under the simplified regime the lines carry no VAT', () => {
  const content = invoiceContent(
    [reserve({ amount: '10', unit_selling_price: '120000.00' })],
    buyer,
    { ...seller, vat_regime: 'simplified' },
    '2026-12-05',
  );
  expect(content.lines[0]).toMatchObject({ vat_rate: 'none', vat_sum: '0.00', total: '1200000.00' });
  expect(content.totals.words).toBe('Один миллион двести тысяч рублей 00 копеек');
  expect(vatByRate(content.lines)).toEqual([]);
});

test('a prepaying buyer pays by the invoice day; a deferral adds its days across a month', () => {
  expect(dueDateOf('2026-12-25', { payment_terms: 'prepay', deferral_days: null })).toBe('2026-12-25');
  expect(dueDateOf('2026-12-25', { payment_terms: 'deferral', deferral_days: 10 })).toBe('2027-01-04');
});

test('refusals name what to fix', () => {
  const make = (rs: InvoiceReserveFacts[], s: InvoiceSellerFacts = seller) =>
    expect(() => invoiceContent(rs, buyer, s, '2026-12-05'));
  make([reserve({ id: 3, buyer_id: 7 }), reserve({ id: 4, buyer_id: 8, buyer_name: 'ИП Козлов' })]).toThrow(
    'Резервы разных покупателей: ООО «Лавка», ИП Козлов. Один счёт — один покупатель',
  );
  make([reserve({ id: 5, status: 'cancelled' }), reserve({ id: 6, status: 'expired' })]).toThrow(
    'Счёт выставляется по действующим и завершённым резервам; не подходят: №5, №6',
  );
  make([reserve({ id: 9, deleted: true })]).toThrow('Резервы удалены: №9');
  make([reserve({ id: 2, unit_selling_price: '0.00' })]).toThrow('Цена продажи не указана или равна нулю: №2');
  make([reserve({})], { ...seller, bik: null, account: null }).toThrow(
    'Заполните реквизиты компании в настройках: БИК, расчётный счёт',
  );
});

test('the payment status follows the stored paid sum and the due date in the business day', () => {
  const inv = { status: 'active', total: '1000.00', due_date: '2026-12-10' };
  expect(invoicePayment({ ...inv, paid_sum: '0' }, '2026-12-10')).toBe('unpaid');
  expect(invoicePayment({ ...inv, paid_sum: '0.01' }, '2026-12-10')).toBe('partly_paid');
  expect(invoicePayment({ ...inv, paid_sum: '999.99' }, '2026-12-11')).toBe('overdue');
  expect(invoicePayment({ ...inv, paid_sum: '1000.00' }, '2026-12-11')).toBe('paid');
  expect(invoicePayment({ ...inv, status: 'cancelled', paid_sum: '0' }, '2026-12-01')).toBe('cancelled');
});
