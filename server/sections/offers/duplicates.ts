// What makes two offers the same (the card's 409 rule): an active offer with the same supplier, product, variety,
// packing, harvest year and loading city, looked up for one offer, many at once (an import), or within a chunk written together.
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { select, selectRows } from '../../db/rows';
import { offers } from '../../db/schema';
import type { Row } from '../../records/pipeline';

const O = alias(offers, 'o');

/** What makes two active offers the same (the card's 409 rule). */
export type DuplicateKey = Pick<
  Row,
  'supplier_id' | 'product_id' | 'variety_id' | 'packing_id' | 'harvest_year' | 'city_id'
>;

/** Keys looked up per query: well inside PostgreSQL's 65 535 parameters. */
const DUPLICATE_BATCH = 1000;

/** For each offer, the id of an active offer with the same supplier, product, variety, packing, harvest year and
 * city (the card's 409 rule), or null: one query per thousand offers, so an import of thousands of rows does not
 * ask one by one. Ids are positive, so coalesce(id, 0) compares like IS NOT DISTINCT FROM and can be hashed. */
export async function findDuplicates(
  db: Database,
  values: DuplicateKey[],
  except?: number | number[],
): Promise<(number | null)[]> {
  const exceptIds = except === undefined ? [] : ([] as number[]).concat(except);
  const found: (number | null)[] = values.map(() => null);
  for (let from = 0; from < values.length; from += DUPLICATE_BATCH) {
    const keys = sql.join(
      values.slice(from, from + DUPLICATE_BATCH).map(
        (v, i) => sql`(${from + i}::int,
      ${v.supplier_id ?? null}::int, ${v.product_id}::int, ${v.variety_id ?? null}::int, ${v.packing_id ?? null}::int,
      ${v.harvest_year ?? null}::text, ${v.city_id ?? null}::int)`,
      ),
      sql`, `,
    );
    // k: the keys asked, by their index
    const dups = await selectRows(
      db,
      select({ i: sql<number>`k.i`, id: sql<number>`min(${O.id})` }),
      sql`
      FROM (VALUES ${keys}) AS k(i, supplier_id, product_id, variety_id, packing_id, harvest_year, city_id)
      JOIN ${offers} ${O} ON ${O.status} = 'active' AND ${O.product_id} = k.product_id
        AND coalesce(${O.supplier_id}, 0) = coalesce(k.supplier_id, 0) AND coalesce(${O.variety_id}, 0) = coalesce(k.variety_id, 0)
        AND coalesce(${O.packing_id}, 0) = coalesce(k.packing_id, 0) AND coalesce(${O.city_id}, 0) = coalesce(k.city_id, 0)
        AND coalesce(${O.harvest_year}, '') = coalesce(k.harvest_year, '')
        ${exceptIds.length ? sql`AND ${O.id} <> ALL(${`{${exceptIds.join(',')}}`}::int[])` : sql``}
      GROUP BY k.i`,
    );
    for (const dup of dups) found[Number(dup.i)] = Number(dup.id);
  }
  return found;
}

/** The id of an active offer the same as this one (the card's 409 rule), or null. */
export async function findDuplicate(db: Database, v: DuplicateKey, exceptId?: number): Promise<number | null> {
  return (await findDuplicates(db, [v], exceptId))[0];
}

/** What makes two offers the same, as one text (a twin has the same). */
const keyOf = (v: Row) =>
  [v.supplier_id, v.product_id, v.variety_id, v.packing_id, v.harvest_year, v.city_id]
    .map((x) => String(x ?? ''))
    .join('\u0001');

/** The duplicate rule over a chunk of offers written together (`stored`: the chunk's offers as they stand), each
 * judged in id order as the card would judge it had the ones before it been written one by one: its twin is an
 * offer outside the chunk (`outside`, found in one statement) or an active offer of the chunk as it stands then
 * (written if it was accepted, else as stored). `to` is what the offer becomes, null when not active (no twin to
 * look for). Answers the twin of each offer refused. */
export function chunkTwins(
  stored: Row[],
  items: { id: number; to: Row | null; outside: number | null }[],
): Map<number, number> {
  const active = new Map<string, Set<number>>();
  const place = (key: string, id: number) => (active.get(key) ?? active.set(key, new Set()).get(key)!).add(id);
  const keys = new Map(stored.map((r) => [Number(r.id), keyOf(r)]));
  for (const r of stored) if (r.status === 'active') place(keyOf(r), Number(r.id));
  const refused = new Map<number, number>();
  for (const item of [...items].sort((x, y) => x.id - y.id)) {
    if (!item.to) {
      active.get(keys.get(item.id)!)?.delete(item.id);
      continue;
    }
    const key = keyOf(item.to);
    const inside = [...(active.get(key) ?? [])].filter((id) => id !== item.id);
    const twin = [item.outside, ...inside].filter((x): x is number => typeof x === 'number').sort((x, y) => x - y)[0];
    if (twin) {
      refused.set(item.id, twin);
    } else {
      active.get(keys.get(item.id)!)?.delete(item.id);
      place(key, item.id);
    }
  }
  return refused;
}
