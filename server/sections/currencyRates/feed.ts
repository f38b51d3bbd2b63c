// The Central Bank's daily XML (XML_daily.asp) as it really comes: windows-1251 bytes, decimal commas, a Nominal of
// 1, 10, 100 or 10 000 (TRY per 10, UZS per 10 000), VunitRate (rubles for one unit) beside Value (for the nominal),
// IDs such as R01700J, and the date the rates are set for: after the day's publication (the evening) that is
// TOMORROW's date, and on a weekend the last business day's publication. Only the currencies NutDesk trades in are
// kept; the rest of the feed is read past.
import iconv from 'iconv-lite';
import { isCurrency, type CurrencyRate } from '../../../domain/currency';
import { unitRateOf } from '../../../domain/currency/rubles';

export interface Feed {
  /** The day the rates are set for (YYYY-MM-DD). */
  date: string;
  rates: CurrencyRate[];
}

export class FeedError extends Error {}

const DECIMAL = /^\d+(,\d+)?$/;

/** The text of one element inside a Valute, or null. */
const tag = (block: string, name: string) => new RegExp(`<${name}>\\s*([^<]*?)\\s*</${name}>`).exec(block)?.[1] ?? null;

/** '01.04.2025' → '2025-04-01'. */
function isoOf(day: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(day);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
}

/** The feed's bytes decoded by the encoding its declaration names (windows-1251 as the Bank sends it). */
export function decodeFeed(bytes: Buffer): string {
  const head = bytes.subarray(0, 100).toString('latin1');
  const encoding = /encoding="([^"]+)"/i.exec(head)?.[1] ?? 'windows-1251';
  return iconv.decode(bytes, iconv.encodingExists(encoding) ? encoding : 'windows-1251');
}

/** The rates of the feed's day, for the currencies NutDesk knows; a feed that is no ValCurs is refused. */
export function parseFeed(bytes: Buffer): Feed {
  const text = decodeFeed(bytes);
  const day = /<ValCurs[^>]*\bDate="([^"]+)"/.exec(text)?.[1];
  const date = day ? isoOf(day) : null;
  if (!date) throw new FeedError('Ответ ЦБ не похож на курсы валют: нет даты ValCurs');
  const rates: CurrencyRate[] = [];
  for (const [, block] of text.matchAll(/<Valute\b[^>]*>([\s\S]*?)<\/Valute>/g)) {
    const code = tag(block, 'CharCode');
    if (!isCurrency(code) || code === 'RUB') continue;
    const nominal = Number(tag(block, 'Nominal'));
    const value = tag(block, 'Value');
    const vunit = tag(block, 'VunitRate');
    if (!Number.isInteger(nominal) || nominal <= 0 || !value || !DECIMAL.test(value))
      throw new FeedError(`Ответ ЦБ: непонятный курс ${code}`);
    const unitRate =
      vunit && DECIMAL.test(vunit) ? vunit.replace(',', '.') : unitRateOf(value.replace(',', '.'), nominal);
    rates.push({ code, nominal, value: value.replace(',', '.'), unit_rate: unitRate!, date, source: 'cbr' });
  }
  return { date, rates };
}

/** Reads the feed at `url` (a minute at most); a failed or refused answer is a FeedError. */
export async function fetchFeed(url: string, timeoutMs = 60_000): Promise<Feed> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/xml' } });
  } catch (error) {
    throw new FeedError(`ЦБ не отвечает: ${(error as Error).message}`);
  }
  if (!response.ok) throw new FeedError(`ЦБ ответил ${response.status}`);
  return parseFeed(Buffer.from(await response.arrayBuffer()));
}
