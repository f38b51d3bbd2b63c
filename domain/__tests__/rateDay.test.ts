// Which lines a new rate moves (domain/shipments/rateDay.ts): the freight estimated with no day follows each
// new rate of today; the prepaid goods at a typed rate and a line on a published day never move; a rate stored for
// tomorrow moves nothing today; and, as properties over any days, a typed rate or a ruble line never moves and a line
// moves only for its own currency on or before its day.
import fc from 'fast-check';
import { movesWithRate, rateDayOf } from '../shipments/rateDay';
import type { CostLine } from '../shipments/costLines';

const today = '2026-12-06';
const line = (l: Partial<CostLine>): CostLine => ({
  kind: 'freight_abroad',
  amount: '6000',
  currency: 'USD',
  rate: null,
  rate_date: null,
  status: 'estimate',
  ...l,
});

test("the freight estimated with no day takes today's rate: a USD rate for today moves it, one for tomorrow does not", () => {
  const freight = line({});
  expect(rateDayOf(freight, today)).toBe(today);
  expect(movesWithRate(freight, 'USD', today, today)).toBe(true);
  expect(movesWithRate(freight, 'USD', '2026-12-07', today)).toBe(false);
  expect(movesWithRate(freight, 'EUR', today, today)).toBe(false);
  // the next business day it is tomorrow's rate that is in force
  expect(rateDayOf(freight, '2026-12-07')).toBe('2026-12-07');
});

test('the prepaid goods at 85,50 and 90,00, a ruble line and a line paid on a published day never move', () => {
  const prepaid = line({ kind: 'goods', amount: '54000', rate: '85.50', rate_date: '2026-09-01', status: 'actual' });
  expect(rateDayOf(prepaid, today)).toBeNull();
  expect(rateDayOf(line({ currency: 'RUB' }), today)).toBeNull();
  const paid = line({ rate_date: '2026-12-03', status: 'actual' });
  expect(rateDayOf(paid, today)).toBe('2026-12-03');
  expect(movesWithRate(paid, 'USD', today, today)).toBe(false);
  // an estimate typed with its day takes that day's rate too, as typed
  expect(movesWithRate(line({ rate_date: '2026-12-03' }), 'USD', today, today)).toBe(false);
  // a payment day still ahead follows the rates published until it comes
  expect(movesWithRate(line({ rate_date: '2026-12-10', status: 'actual' }), 'USD', '2026-12-07', today)).toBe(true);
});

describe('properties', () => {
  const day = fc
    .integer({ min: 0, max: 3650 })
    .map((n) => new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
  const currency = fc.constantFrom('RUB', 'USD', 'EUR', 'CNY', 'TRY');
  const anyLine = fc.record({
    currency,
    rate: fc.option(fc.constantFrom('85.50', '90', '12.3456'), { nil: null }),
    rate_date: fc.option(day, { nil: null }),
    status: fc.constantFrom('estimate' as const, 'actual' as const),
  });

  test('a typed rate or a ruble line never moves, whatever the rate and the day', () => {
    fc.assert(
      fc.property(anyLine, currency, day, day, (l, code, rateDate, now) => {
        if (l.rate !== null || l.currency === 'RUB') expect(movesWithRate(line(l), code, rateDate, now)).toBe(false);
      }),
    );
  });

  test("a line moves only with its own currency's rate, for a day on or before the one it takes", () => {
    fc.assert(
      fc.property(anyLine, currency, day, day, (l, code, rateDate, now) => {
        const moves = movesWithRate(line(l), code, rateDate, now);
        const takes = rateDayOf(line(l), now);
        expect(moves).toBe(takes !== null && code === l.currency && rateDate <= takes);
        if (takes !== null) expect(takes).toBe(l.rate_date ?? now);
      }),
    );
  });
});
