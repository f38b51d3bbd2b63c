// The business day (DESIGN.md "The business day"): one time zone, the business setting 'Часовой пояс'
// (`time_zone`, default Europe/Moscow), decides which day "today" is for every date rule, job, filter, export and
// default, on the server and in the SPA. Never the server's or the browser's zone: at 00:30 in Moscow the UTC day
// is still yesterday, at 23:30 in Vladivostok the Moscow day is.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

export const TIME_ZONE_SETTING = 'time_zone';
export const TIME_ZONE_DEFAULT = 'Europe/Moscow';

export const TIME_ZONE_TITLE = {
  label: 'Часовой пояс',
  hint: 'Решает, какой сегодня день: даты резервов, фильтры, выгрузки',
} as const;

export const TIME_ZONE_MSG = {
  invalid: 'Укажите часовой пояс из базы IANA, например Europe/Moscow',
} as const;

/** An IANA zone name the runtime knows ('Europe/Moscow', 'Asia/Vladivostok', 'UTC'); not an offset ('+03:00'),
 * not an abbreviation ('MSK'). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !/^(UTC|[A-Z][A-Za-z]+(\/[A-Za-z0-9_+-]+){1,2})$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The stored setting as the zone to use: the default when it is missing or unreadable. */
export const businessZone = (stored: unknown): string => (isTimeZone(stored) ? stored : TIME_ZONE_DEFAULT);

// A zone's offset moves at most a few times a year, never twice within a day: an instant's offset is remembered per
// zone and UTC day (the offsets at the day's first and last millisecond, when they agree), so an export of 100 000
// rows spread over years asks Intl twice per day it covers; a day the offset moves in is asked per instant. Intl
// is asked through one formatter per zone: dayjs's tz() built a new one per call (~0.15 ms), and an export of
// 30 000 offers spent 4.4 s of its 10.8 s there.
const DAY_MS = 86_400_000;
const offsets = new Map<string, Map<number, number>>();
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC in minutes at an instant, as the zone's wall clock reads it. */
function offsetByIntl(zone: string, at: number): number {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, format);
  }
  const part: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(at)) if (type !== 'literal') part[type] = Number(value);
  const wall = new Date(0);
  wall.setUTCFullYear(part.year, part.month - 1, part.day); // not Date.UTC, which reads years 0–99 as 1900–1999
  wall.setUTCHours(part.hour, part.minute, part.second);
  const second = at - (((at % 1000) + 1000) % 1000);
  return Math.round((wall.getTime() - second) / 60_000);
}

/** The zone's offset from UTC in minutes at an instant (+180 for Moscow). */
export function zoneOffsetMinutes(zone: string, at: number): number {
  let known = offsets.get(zone);
  if (!known) offsets.set(zone, (known = new Map()));
  const day = Math.floor(at / DAY_MS);
  let offset = known.get(day);
  if (offset === undefined) {
    const first = offsetByIntl(zone, day * DAY_MS);
    offset = first === offsetByIntl(zone, (day + 1) * DAY_MS - 1) ? first : NaN;
    if (known.size > 10_000) known.clear();
    known.set(day, offset);
  }
  return Number.isNaN(offset) ? offsetByIntl(zone, at) : offset;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The business day (YYYY-MM-DD) an instant falls on; a calendar day ('2026-11-27') is already one. */
export function businessDayOf(at: Date | string | number, zone: string): string {
  if (typeof at === 'string' && CALENDAR_DAY.test(at)) return at;
  const ms = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : new Date(at).getTime();
  if (Number.isNaN(ms)) return '';
  return new Date(ms + zoneOffsetMinutes(zone, ms) * 60_000).toISOString().slice(0, 10);
}

/** Today in the business zone (YYYY-MM-DD); `now` is the clock, injected by tests. */
export const businessToday = (zone: string, now: Date = new Date()): string => businessDayOf(now, zone);

/** A calendar day moved by whole days: '2026-11-30' + 1 = '2026-12-01'. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The instant a business day starts (its 00:00 in the zone). */
export function businessDayStart(day: string, zone: string): Date {
  return dayjs.tz(day, zone).toDate();
}

/** A day that exists and PostgreSQL can store: 'YYYY-MM-DD', year 1 to 9999 (no 2024-02-30, no 0000-01-01). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // not Date.UTC, which reads years 0–99 as 1900–1999
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
