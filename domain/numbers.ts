// Numbers as both sides read them: form inputs hold strings, the database numeric strings, and money and
// amounts travel as strings with 2 decimals (DESIGN.md), never floats in SQL.
//
// Money is computed on exact decimals (an integer and a scale, BigInt), never on float products: 0.125 × 80.5
// or 10.075 must round as PostgreSQL's numeric rounds them, half away from zero, on the card, the server, the
// seed and in SQL alike. A JS number enters as its shortest decimal text (String(10.075) is '10.075', which
// is also what the database receives for it), so a figure that looks like 10.075 rounds to 10.08.

export type Num = number | string | null | undefined;

/** A number as a person types it: digits, one decimal point or comma, a sign; '0x10' and '1e3' are none. */
const TYPED_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A finite number or null. Accepts a decimal comma and spaces between thousands; a text that is no decimal
 * number as typed ('0x10', '1e3', 'Infinity') is none. */
export function toNumber(value: Num): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = String(value).replace(',', '.').replace(/\s/g, '');
  if (!TYPED_NUMBER.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** An exact decimal: units / 10^scale. */
interface Decimal {
  units: bigint;
  scale: number;
}

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
/** 10^n as BigInt, the first ones kept (a decimal's scale is small; a price list computes thousands). */
const POW10 = Array.from({ length: 32 }, (_, n) => 10n ** BigInt(n));
const pow10 = (n: number) => POW10[n] ?? 10n ** BigInt(n);
const abs = (n: bigint) => (n < 0n ? -n : n);

/** The exact decimal a value stands for: a string as typed ('12,5', '1 150.50'), a number as its shortest text. */
function decimalOf(value: Num): Decimal | null {
  if (value === null || value === undefined || value === '') return null;
  // the text toNumber reads, cleaned once: a value it finds no finite number in is none here either
  const text = typeof value === 'number' ? String(value) : String(value).replace(',', '.').replace(/\s/g, '');
  if (!Number.isFinite(typeof value === 'number' ? value : Number(text))) return null;
  const match = DECIMAL_TEXT.exec(text);
  if (!match || (match[2] === '' && !match[3])) return null;
  const fraction = match[3] ?? '';
  const scale = fraction.length - Number(match[4] ?? 0);
  const digits = BigInt(match[2] + fraction || '0');
  const units = scale < 0 ? digits * pow10(-scale) : digits;
  return { units: match[1] === '-' ? -units : units, scale: Math.max(scale, 0) };
}

const atScale = (d: Decimal, scale: number): bigint => d.units * pow10(scale - d.scale);

/** n / d rounded half away from zero to an integer. */
function divideHalfUp(n: bigint, d: bigint): bigint {
  const q = abs(n) / abs(d);
  const rounded = (abs(n) % abs(d)) * 2n >= abs(d) ? q + 1n : q;
  return n < 0n !== d < 0n ? -rounded : rounded;
}

function roundDecimal(d: Decimal, places: number): Decimal {
  if (d.scale <= places) return { units: atScale(d, places), scale: places };
  return { units: divideHalfUp(d.units, pow10(d.scale - places)), scale: places };
}

function decimalText(d: Decimal): string {
  const digits = abs(d.units)
    .toString()
    .padStart(d.scale + 1, '0');
  const whole = d.scale ? `${digits.slice(0, -d.scale)}.${digits.slice(-d.scale)}` : digits;
  return d.units < 0n ? `-${whole}` : whole;
}

function sumOf(values: Decimal[]): Decimal {
  const scale = Math.max(0, ...values.map((v) => v.scale));
  return { units: values.reduce((total, v) => total + atScale(v, scale), 0n), scale };
}

function productOf(values: Decimal[]): Decimal {
  return values.reduce((p, v) => ({ units: p.units * v.units, scale: p.scale + v.scale }), { units: 1n, scale: 0 });
}

/** All the values as exact decimals, or null when one of them is not a number. */
function decimalsOf(values: Num[]): Decimal[] | null {
  const decimals = values.map(decimalOf);
  return decimals.some((d) => d === null) ? null : (decimals as Decimal[]);
}

/** The value rounded half away from zero to `places` decimals, as text: what PostgreSQL's round(x::numeric,
 * places)::text answers for the same value ('10.075' → '10.08', '-10.075' → '-10.08', '-0.001' → '0.00'). */
export function roundHalfUp(value: Num, places: number): string | null {
  const d = decimalOf(value);
  return d === null ? null : decimalText(roundDecimal(d, places));
}

const rounded = (n: number, places: number) => {
  const text = roundHalfUp(n, places);
  return text === null ? NaN : Number(text) + 0; // + 0: no -0
};

/** Money: half away from zero to the kopeck. */
export const round2 = (n: number): number => rounded(n, 2);
/** A reserve's packs: half away from zero to 1 decimal. */
export const round1 = (n: number): number => rounded(n, 1);
/** A weight in kg: half away from zero to the gram (the numeric(14, 3) columns). */
export const round3 = (n: number): number => rounded(n, 3);

/** Σ values, exact; empty when one is not a number. */
export function sum(...values: Num[]): number | null {
  const decimals = decimalsOf(values);
  return decimals === null ? null : Number(decimalText(sumOf(decimals)));
}

/** Π values rounded to `places` decimals (exact before rounding); empty when one is not a number. */
export function product(places: number, ...values: Num[]): number | null {
  const decimals = decimalsOf(values);
  return decimals === null ? null : Number(decimalText(roundDecimal(productOf(decimals), places))) + 0;
}

/** a × b to 2 decimals (a sum from a price and an amount); empty when either is not a number. */
export function times(a: Num, b: Num): number | null {
  return product(2, a, b);
}

/** a / b rounded half away from zero to `places` decimals (amounts per pack, price per kg); empty when either
 * is not a number or b is not positive. */
export function ratio(a: Num, b: Num, places: number): number | null {
  const x = decimalOf(a);
  const y = decimalOf(b);
  if (x === null || y === null || y.units <= 0n) return null;
  // x / y = (x.units × 10^y.scale) / (y.units × 10^x.scale); shifted by 10^places before the integer division
  const units = divideHalfUp(x.units * pow10(y.scale + places), y.units * pow10(x.scale));
  return Number(decimalText({ units, scale: places })) + 0;
}

/** Digits after the decimal point of a number as typed ('0.1250' has 3: trailing zeros say nothing). */
export function decimalPlaces(value: Num): number {
  const d = decimalOf(value);
  if (d === null) return 0;
  let { units, scale } = d;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return scale;
}

/** Money and amounts are stored to the kopeck (numeric(14, 2), and the wire form of both). */
export const STORED_DECIMALS = 2;

/** What a form says of a number with more digits after the point than is stored: it is refused rather than
 * stored as another number than the one typed. */
export const decimalsMessage = (places: number) => `Не больше ${places} знаков после запятой`;

/** Does a form's number fit in `places` decimals? An empty one does (being required is another rule). */
export const fitsDecimals = (value: number | null | undefined, places: number) =>
  value === null || value === undefined || !Number.isFinite(value) || decimalPlaces(value) <= places;

/** The wire form of money: a string with 2 decimals. */
export function money(n: Num): string | null {
  return roundHalfUp(n, 2);
}

/** The wire form of a weight in kg: a string with 3 decimals, as the numeric(14, 3) column holds it. */
export function weightText(n: Num): string | null {
  return roundHalfUp(n, 3);
}
