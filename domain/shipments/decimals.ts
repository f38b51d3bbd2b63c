// Exact decimal arithmetic for the landed cost: rubles as bigint kopecks, bases (kg, value, quantity) as bigint units
// at a common scale. No float enters: a landed cost must add up to the kopeck however many lots share a line.

/** An exact decimal: units / 10^scale. */
export interface Dec {
  units: bigint;
  scale: number;
}

const DECIMAL = /^\s*(-?)(\d*)(?:[.,](\d*))?\s*$/;

/** A decimal string ('9', '85,50', '20000.000') as an exact decimal; null when it is none. */
export function parseDec(text: string | number | null | undefined): Dec | null {
  if (text === null || text === undefined) return null;
  const match = DECIMAL.exec(String(text).replace(/\u00a0| /g, ''));
  if (!match || (match[2] === '' && !match[3])) return null;
  const fraction = match[3] ?? '';
  const units = BigInt((match[2] || '0') + fraction);
  return { units: match[1] === '-' ? -units : units, scale: fraction.length };
}

const pow10 = (n: number) => 10n ** BigInt(n);

/** n / d rounded half away from zero. */
export function divHalfUp(n: bigint, d: bigint): bigint {
  if (d === 0n) throw new RangeError('division by zero');
  const neg = n < 0n !== d < 0n;
  const a = n < 0n ? -n : n;
  const b = d < 0n ? -d : d;
  const q = a / b + ((a % b) * 2n >= b ? 1n : 0n);
  return neg ? -q : q;
}

/** The decimal's units at a scale at least its own. */
export const unitsAt = (d: Dec, scale: number): bigint => d.units * pow10(scale - d.scale);

/** amount × rate, rounded half up to the kopeck. */
export function kopecksOf(amount: Dec, rate: Dec): bigint {
  const scale = amount.scale + rate.scale;
  const product = amount.units * rate.units;
  return scale <= 2 ? product * pow10(2 - scale) : divHalfUp(product, pow10(scale - 2));
}

/** Kopecks as rubles with two decimals: 1595700000n → '15957000.00'. */
export function rublesText(kopecks: bigint): string {
  const neg = kopecks < 0n;
  const digits = (neg ? -kopecks : kopecks).toString().padStart(3, '0');
  return `${neg ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Kopecks for one kg of `kg`, half up to the kopeck. */
export function perKg(kopecks: bigint, kg: Dec): bigint {
  return divHalfUp(kopecks * pow10(kg.scale), kg.units);
}

/** `total` split in proportion to `bases`, each share half up to the kopeck and the last taking the remainder, so the
 * shares add up to `total` exactly. The bases are positive (the caller refuses a zero one, naming its lot). */
export function splitKopecks(total: bigint, bases: Dec[]): bigint[] {
  const scale = Math.max(0, ...bases.map((b) => b.scale));
  const units = bases.map((b) => unitsAt(b, scale));
  const sum = units.reduce((a, b) => a + b, 0n);
  let given = 0n;
  return units.map((u, i) => {
    if (i === units.length - 1) return total - given;
    const share = divHalfUp(total * u, sum);
    given += share;
    return share;
  });
}
