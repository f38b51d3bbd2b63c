// The line arithmetic every paper shares (the invoice and the УПД): from a reserve's amount, unit, selling price WITH
// VAT and the product's VAT rate, a line whose total is amount × price, whose VAT is carved out of the total
// (total × r / (100 + r)), each half up to the kopeck; a document's totals are the sums of its lines. Integer
// kopecks (bigint) throughout: no float ever touches a tax figure.

export const VAT_RATES = ['22', '10', '0', 'none'] as const;
export type VatRate = (typeof VAT_RATES)[number];
export const isVatRate = (value: unknown): value is VatRate => (VAT_RATES as readonly unknown[]).includes(value);

/** A rate as a paper prints it. */
export const VAT_RATE_TITLE: Record<VatRate, string> = { '22': '22 %', '10': '10 %', '0': '0 %', none: 'Без НДС' };
/** The general rate since 1 January 2026: a product's rate until someone chooses another. */
export const VAT_RATE_DEFAULT: VatRate = '22';

/** The seller's tax regime: the general one charges VAT, the simplified one issues papers without it. */
export const VAT_REGIMES = [
  { value: 'general', title: 'Общая система (с НДС)' },
  { value: 'simplified', title: 'Упрощённая система (без НДС)' },
] as const;
export type VatRegime = (typeof VAT_REGIMES)[number]['value'];
export const VAT_REGIME_DEFAULT: VatRegime = 'general';
export const isVatRegime = (value: unknown): value is VatRegime => VAT_REGIMES.some((r) => r.value === value);

/** The rate a line is charged at: the product's, or none at all under the simplified regime. */
export const lineVatRate = (regime: VatRegime, productRate: VatRate): VatRate =>
  regime === 'simplified' ? 'none' : productRate;

/** The unit's ОКЕИ code and short name, as a paper's 'Ед.' column and the УПД's ОКЕИ_Тов carry them. */
export const OKEI: Record<string, { code: string; name: string }> = {
  кг: { code: '166', name: 'кг' },
  шт: { code: '796', name: 'шт' },
};

/** A decimal text ('12.5', '3', '-0.250') as an integer at `scale` decimals, exact; more decimals than the scale are
 * refused (stored amounts have 3, money 2). */
export function scaled(text: string | number, scale: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(text).trim());
  if (!match) throw new Error(`not a decimal: ${text}`);
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > scale) throw new Error(`more than ${scale} decimals: ${text}`);
  const units = BigInt(match[2] + fraction.padEnd(scale, '0'));
  return match[1] === '-' ? -units : units;
}

/** n / d half away from zero (d > 0). */
function divideHalfUp(n: bigint, d: bigint): bigint {
  const abs = n < 0n ? -n : n;
  const q = abs / d + ((abs % d) * 2n >= d ? 1n : 0n);
  return n < 0n ? -q : q;
}

/** Kopecks as the wire's money text: 1234n → '12.34'. */
export function moneyText(kopecks: bigint): string {
  const abs = kopecks < 0n ? -kopecks : kopecks;
  const text = `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return kopecks < 0n ? `-${text}` : text;
}

/** The VAT inside a total at a rate, half up to the kopeck; none at 0 % and without VAT. */
export function vatInside(totalKopecks: bigint, rate: VatRate): bigint {
  if (rate === 'none' || rate === '0') return 0n;
  const r = BigInt(rate);
  return divideHalfUp(totalKopecks * r, 100n + r);
}

export interface PaperLineInput {
  /** the amount, as stored (up to 3 decimals) */
  amount: string | number;
  /** the price of one unit WITH VAT, as stored (2 decimals) */
  price: string | number;
  vat_rate: VatRate;
}

/** A paper's line, money as 2-decimal text. */
export interface PaperLine {
  amount: string;
  price: string;
  vat_rate: VatRate;
  total: string;
  vat_sum: string;
  total_without_vat: string;
}

/** One line: total = amount × price half up to the kopeck; vat_sum = total × r / (100 + r) half up; without VAT =
 * total − vat_sum (so the three always add up on paper). */
export function paperLine({ amount, price, vat_rate }: PaperLineInput): PaperLine {
  const thousandths = scaled(amount, 3);
  const priceKopecks = scaled(price, 2);
  const total = divideHalfUp(thousandths * priceKopecks, 1000n);
  const vat = vatInside(total, vat_rate);
  return {
    amount: String(amount),
    price: moneyText(priceKopecks),
    vat_rate,
    total: moneyText(total),
    vat_sum: moneyText(vat),
    total_without_vat: moneyText(total - vat),
  };
}

export interface PaperTotals {
  total: string;
  vat_sum: string;
  total_without_vat: string;
  /** the total in kopecks, for the words */
  total_kopecks: bigint;
}

/** A document's totals: the sums of its lines' own (rounded) figures, never a rounding of their sum. */
export function paperTotals(lines: readonly Pick<PaperLine, 'total' | 'vat_sum' | 'total_without_vat'>[]): PaperTotals {
  const sumOf = (key: 'total' | 'vat_sum' | 'total_without_vat') => lines.reduce((s, l) => s + scaled(l[key], 2), 0n);
  const total = sumOf('total');
  return {
    total: moneyText(total),
    vat_sum: moneyText(sumOf('vat_sum')),
    total_without_vat: moneyText(sumOf('total_without_vat')),
    total_kopecks: total,
  };
}
