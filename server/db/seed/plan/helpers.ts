// What every part of the plan uses: the shared random source and day, dates in office hours, money as
// stored, street addresses, and phone numbers unique across suppliers and employees.
import { Random } from '../random';
import { CITIES, type CitySeed } from '../data/cities';
import { mobilePhone } from '../data/people';
import { money, round2 } from '../../../../domain/numbers';

const DAY = 24 * 60 * 60 * 1000;

/** Money as stored: the domain's half-up rounding to the kopeck. */
export const fixed = (n: number) => money(n)!;
export const fmt = (n: number) => String(round2(n));
export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY);
/** A moment during office hours (Moscow, UTC+3) on the given day. */
export function officeTime(random: Random, day: Date): Date {
  const d = new Date(day);
  d.setUTCHours(random.int(6, 14), random.int(0, 59), random.int(0, 59), 0);
  return d;
}
export const dateOnly = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
export const minDate = (a: Date, b: Date) => (a < b ? a : b);

export function address(random: Random, city: CitySeed, extra = ''): string {
  const house = random.chance(0.3) ? `д. ${random.int(1, 120)}, стр. ${random.int(1, 9)}` : `д. ${random.int(1, 180)}`;
  return `${random.pick(city.streets)}, ${house}${extra}`;
}

export const cityIndex = (name: string) => CITIES.findIndex((c) => c.name === name);

// Where suppliers of nuts and dried fruit sit: the capitals, the south and the Far East ports.
export const SUPPLIER_CITIES = [
  'Москва',
  'Москва',
  'Москва',
  'Санкт-Петербург',
  'Краснодар',
  'Ростов-на-Дону',
  'Махачкала',
  'Дербент',
  'Астрахань',
  'Владивосток',
  'Новосибирск',
  'Екатеринбург',
  'Калининград',
  'Сочи',
  'Ставрополь',
];

/** One run of the plan: its random source, the day it is built around, the day the business started. */
export interface PlanContext {
  random: Random;
  now: Date;
  start: Date;
  /** A mobile number no supplier or employee of this plan has yet. */
  uniquePhone(): string;
}

export function planContext(now: Date, seed: string): PlanContext {
  const random = new Random(seed);
  const usedPhones = new Set<string>();
  return {
    random,
    now,
    start: addDays(now, -560), // the business started using NutDesk ~18 months ago
    uniquePhone() {
      let phone = mobilePhone(random);
      while (usedPhones.has(phone)) phone = mobilePhone(random);
      usedPhones.add(phone);
      return phone;
    },
  };
}
