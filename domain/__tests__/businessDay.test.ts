// Issue 33: "today" is the day in the business zone, not the machine's. The clock is passed in.
import {
  addDays,
  businessDayOf,
  businessDayStart,
  businessToday,
  businessZone,
  isTimeZone,
  TIME_ZONE_DEFAULT,
  zoneOffsetMinutes,
} from '../businessDay';

test('at 00:30 in Moscow it is already the 28th there, while UTC is still on the 27th', () => {
  const now = new Date('2026-11-27T21:30:00Z');
  expect(businessToday('Europe/Moscow', now)).toBe('2026-11-28');
  expect(businessToday('UTC', now)).toBe('2026-11-27');
});

test('at 23:30 in Moscow it is still the 27th there, the 28th in Vladivostok', () => {
  const now = new Date('2026-11-27T20:30:00Z');
  expect(businessToday('Europe/Moscow', now)).toBe('2026-11-27');
  expect(businessToday('Asia/Vladivostok', now)).toBe('2026-11-28');
  expect(businessToday('America/New_York', now)).toBe('2026-11-27');
});

test("an instant's business day, across a change of offset (New York's autumn hour) and a year's end", () => {
  expect(businessDayOf('2026-11-01T03:59:59Z', 'America/New_York')).toBe('2026-10-31');
  expect(businessDayOf('2026-11-01T04:00:00Z', 'America/New_York')).toBe('2026-11-01');
  expect(businessDayOf('2026-11-02T04:59:59Z', 'America/New_York')).toBe('2026-11-01');
  expect(businessDayOf('2026-11-02T05:00:00Z', 'America/New_York')).toBe('2026-11-02');
  expect(businessDayOf('2026-12-31T21:00:00Z', 'Europe/Moscow')).toBe('2027-01-01');
  expect(businessDayOf('2026-11-27', 'Asia/Vladivostok')).toBe('2026-11-27');
  expect(businessDayOf('вчера', 'Europe/Moscow')).toBe('');
  expect(zoneOffsetMinutes('Asia/Kolkata', Date.UTC(2026, 10, 27))).toBe(330);
});

test("a zone's offset is the zone's own every quarter hour, on the days it moves too (issue 55: remembered per day)", () => {
  // New York's spring and autumn hours, Lord Howe's half hour, Kathmandu's 5:45, Moscow; before and after each move
  const days = [
    ['America/New_York', '2026-03-08'],
    ['America/New_York', '2026-11-01'],
    ['Australia/Lord_Howe', '2026-04-05'],
    ['Australia/Lord_Howe', '2026-10-04'],
    ['Asia/Kathmandu', '2026-11-27'],
    ['Europe/Moscow', '2026-12-31'],
  ];
  for (const [zone, day] of days) {
    const start = Date.parse(`${day}T00:00:00Z`) - 86_400_000;
    // Intl's own reading of the zone's wall clock at an instant
    const clock = new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'medium' });
    for (let at = start; at < start + 3 * 86_400_000; at += 15 * 60_000) {
      const wall = clock.format(at);
      expect([zone, at, zoneOffsetMinutes(zone, at + 59_999)]).toEqual([
        zone,
        at,
        (Date.parse(`${wall.replace(' ', 'T')}Z`) - at) / 60_000,
      ]);
    }
  }
  expect(zoneOffsetMinutes('America/New_York', Date.parse('2026-03-08T06:59:59Z'))).toBe(-300);
  expect(zoneOffsetMinutes('America/New_York', Date.parse('2026-03-08T07:00:00Z'))).toBe(-240);
  expect(zoneOffsetMinutes('Asia/Kathmandu', Date.parse('2026-11-27T12:00:00Z'))).toBe(345);
});

test('days move by whole days; a business day starts at its midnight in the zone', () => {
  expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
  expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  expect(businessDayStart('2026-11-28', 'Europe/Moscow').toISOString()).toBe('2026-11-27T21:00:00.000Z');
  expect(businessDayStart('2026-11-28', 'Asia/Vladivostok').toISOString()).toBe('2026-11-27T14:00:00.000Z');
});

test('a time zone is an IANA name; anything else falls back to Moscow', () => {
  for (const zone of ['Europe/Moscow', 'Asia/Vladivostok', 'America/Argentina/Buenos_Aires', 'UTC'])
    expect(isTimeZone(zone)).toBe(true);
  for (const zone of ['Марс/Олимп', '+03:00', 'MSK', 'Europe/Atlantis', '', 'europe/moscow x', null, 3])
    expect(isTimeZone(zone)).toBe(false);
  expect(businessZone(undefined)).toBe(TIME_ZONE_DEFAULT);
  expect(businessZone('Asia/Omsk')).toBe('Asia/Omsk');
});
