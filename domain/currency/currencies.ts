// The currencies a lot is bought or a shipment's cost is paid in. RUB is the ledger's own money (its rate is always
// 1); the others are rated daily by the Central Bank (server/sections/currencyRates).

export const CURRENCIES = ['RUB', 'USD', 'EUR', 'CNY', 'TRY', 'AED', 'KZT', 'UZS'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The currencies the Central Bank rates, in the order the screens show them. */
export const RATED_CURRENCIES = CURRENCIES.filter((code) => code !== 'RUB') as Exclude<Currency, 'RUB'>[];

/** The rates strip: today's rate of these, with the change from the previous one. */
export const STRIP_CURRENCIES: Currency[] = ['USD', 'EUR', 'CNY', 'TRY', 'AED'];

export const CURRENCY_NAMES: Record<Currency, string> = {
  RUB: 'Российский рубль',
  USD: 'Доллар США',
  EUR: 'Евро',
  CNY: 'Китайский юань',
  TRY: 'Турецкая лира',
  AED: 'Дирхам ОАЭ',
  KZT: 'Казахстанский тенге',
  UZS: 'Узбекский сум',
};

export const isCurrency = (code: unknown): code is Currency =>
  typeof code === 'string' && (CURRENCIES as readonly string[]).includes(code);

/** Where a stored rate came from: the Bank's feed, or an administrator's hand where no feed was reachable. */
export const RATE_SOURCES = ['cbr', 'manual'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/** One stored rate: `unit_rate` rubles for one unit of `code` (= value / nominal), published for `date`. */
export interface CurrencyRate {
  code: Currency;
  nominal: number;
  value: string;
  unit_rate: string;
  date: string;
  source: RateSource;
}
