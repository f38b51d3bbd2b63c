// 'Резерв до' (issue 22): its default and its bounds, worked by hand around 2026-11-25.
import { RESERVE_MSG, defaultReservedUntil, reservedUntilError, reserveSchema } from '../reserves/schema';
import { NOTIFICATION_TEXT, notificationLink } from '../notifications';
import { statusTitle } from '../sections';
import { RESERVE_STATUS_IDS } from '../reserves/resource';

const today = '2026-11-25';

test('a new reserve holds today + the hold days, but never past an estimated date ahead', () => {
  expect(defaultReservedUntil(today, 5, '2026-12-31')).toBe('2026-11-30');
  expect(defaultReservedUntil(today, 5, '2026-11-27')).toBe('2026-11-27');
  // an estimated date already passed bounds nothing
  expect(defaultReservedUntil(today, 5, '2026-11-20')).toBe('2026-11-30');
  expect(defaultReservedUntil(today, undefined, null)).toBe('2026-11-30');
  expect(defaultReservedUntil(today, 14, null)).toBe('2026-12-09');
});

test('typed: from today up to the estimated date, in Russian', () => {
  expect(reservedUntilError('', '2026-12-01', today)).toBeNull();
  expect(reservedUntilError('2026-11-25', '2026-12-01', today)).toBeNull();
  expect(reservedUntilError('2026-12-01', '2026-12-01', today)).toBeNull();
  expect(reservedUntilError('2026-12-02', '2026-12-01', today)).toBe('Резерв не может быть дольше даты реализации');
  expect(reservedUntilError('2026-11-24', '2026-12-01', today)).toBe(
    'Резерв не может закончиться раньше сегодняшнего дня',
  );
  expect(reservedUntilError('2026-02-30', null, today)).toBe(RESERVE_MSG.heldDate);
  expect(reservedUntilError('2027-03-01', '2026-11-20', today)).toBeNull();
});

test('the form schema refuses it with the same message', async () => {
  const schema = reserveSchema(
    { available_amount: 100, kg_price: 300, unit_weight: 1, units_per_pack: 10, unit_measure: 'кг' },
    { delivery_cost_default: 15, costs_per_kg: 12, min_markup: 0.1, max_markup: 0.35 },
    today,
    new Set([
      'amount',
      'packs_amount',
      'unit_selling_price',
      'buyer_name',
      'buyer_phone',
      'city_id',
      'delivery_address',
      'delivery_cost',
      'delivery_days',
      'responsible_id',
    ]),
  );
  await expect(
    schema.validate({ estimated_date_implementation: '2026-12-01', reserved_until: '2026-12-05' }),
  ).rejects.toThrow('Резерв не может быть дольше даты реализации');
  await expect(
    schema.validate({ estimated_date_implementation: '2026-12-01', reserved_until: '2026-11-28' }),
  ).resolves.toBeTruthy();
});

test("the status and the notifications' words", () => {
  expect(statusTitle('reserves', 'expired')).toBe('Просрочен');
  expect(RESERVE_STATUS_IDS[4]).toBe('expired');
  expect(NOTIFICATION_TEXT.reserve_placed(12, 7)).toBe('На предложение № 7 поставлен резерв № 12');
  expect(NOTIFICATION_TEXT.offer_sold_out(7)).toBe('Предложение № 7 распродано');
  expect(notificationLink({ section: 'reserves', record_id: 12 })).toBe('/reserves/12');
});
