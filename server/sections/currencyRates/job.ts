// Loading the Bank's rates. The Bank publishes the next business day's rates in the afternoon (Moscow); the job asks
// the feed every CBR_RATES_EVERY_MINUTES until a rate dated after the business day is stored, then rests until the
// next day: so a late or failed publication is retried, and a weekend (the feed keeps Saturday's date) costs a
// call now and then. Any number of instances may ask at once: a rate is stored once (the table's key), and only the
// instance that stored it tells the followers (the offers' re-pricing, the margins' check), and each instance runs
// them once at the start of each business day, when a rate stored the evening before comes into force.
import type { Database } from '../../db/client';
import { scheduleJob } from '../../db/jobs';
import { todayOf } from '../../db/businessDay';
import type { CurrencyRate } from '../../../domain/currency';
import { fetchFeed } from './feed';
import { latestRateDate, storeRates } from './rates';

/** What follows new rates: called after they are stored (outside the storing statement), in order. */
export type RatesFollower = (db: Database, stored: CurrencyRate[]) => Promise<unknown>;

export interface RatesLoad {
  /** The day the feed's rates are set for. */
  date: string;
  /** The rates stored now (empty: the feed's day was already stored). */
  stored: CurrencyRate[];
}

/** Reads the feed now, stores what is new and tells the followers of it. */
export async function loadRates(db: Database, url: string, followers: RatesFollower[] = []): Promise<RatesLoad> {
  const feed = await fetchFeed(url);
  const stored = await storeRates(db, feed.rates);
  if (stored.length) for (const follow of followers) await follow(db, stored);
  return { date: feed.date, stored };
}

/** One tick: nothing when a rate after the business day is already stored (the next day's publication is in),
 * else a load. */
export async function loadRatesIfDue(
  db: Database,
  url: string,
  followers: RatesFollower[] = [],
): Promise<RatesLoad | 'ahead'> {
  const latest = await latestRateDate(db);
  if (latest && latest > (await todayOf(db))) return 'ahead';
  return loadRates(db, url, followers);
}

/** Starts the job (a load now, then every `everyMs`); the returned stop ends it. */
export function scheduleRatesLoad(
  db: Database,
  options: { url: string; everyMs: number; followers?: RatesFollower[] },
  log: (message: string) => void,
): () => Promise<void> {
  const followers = options.followers ?? [];
  // the business day the followers last ran for: a rate stored the evening before for the next day comes into force
  // when that day begins, with no new rate to tell of it, so the first tick of each day (and of each start) runs them
  // over every currency; they write only what moved
  let followedDay: string | null = null;
  return scheduleJob(
    async () => {
      const today = await todayOf(db);
      if (followers.length && followedDay !== today) {
        for (const follow of followers) await follow(db, []);
        followedDay = today;
      }
      return loadRatesIfDue(db, options.url, followers);
    },
    {
      done: (load) => {
        if (load !== 'ahead' && load.stored.length)
          log(`Курсы ЦБ на ${load.date} загружены: ${load.stored.map((rate) => rate.code).join(', ')}`);
      },
      failed: (error) => log(`Курсы ЦБ не загружены: ${error.message}`),
    },
    options.everyMs,
  );
}
