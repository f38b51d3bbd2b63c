// Lot countries the classifier does not name ('Вьетнам (Хошимин)'): listed for an administrator, who maps each text
// once to an ОКСМ code; the УПД reads the mapping (domain/oksm.ts matchCountry).
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { matchCountry, normalizeCountry, OKSM, oksmByCode } from '../../../domain/oksm';
import { badRequest } from '../../errors';
import { countryMappings } from './facts';

export async function countryList(db: Database) {
  const mapped = await countryMappings(db);
  const texts = rowsOf<{ text: string; offers: number }>(
    await db.execute(sql`
    SELECT origin_country AS text, count(*)::int AS offers FROM offers
    WHERE status <> 'deleted' AND coalesce(trim(origin_country), '') <> '' GROUP BY origin_country ORDER BY origin_country`),
  );
  return {
    unmapped: texts.filter((t) => !matchCountry(t.text, mapped)),
    mapped: [...mapped].map(([text, code]) => ({ text, code, short: oksmByCode(code)?.short ?? '' })),
    countries: OKSM.map(({ code, name, short }) => ({ code, name, short })),
  };
}

export async function mapCountry(db: Database, userId: number, text: string, code: string): Promise<void> {
  const key = normalizeCountry(text);
  if (!key) throw badRequest('Укажите страну, как она написана в лоте');
  if (!oksmByCode(code)) throw badRequest(`Код ОКСМ ${code} не найден в справочнике стран`);
  await db.execute(sql`
    INSERT INTO country_mappings (text, oksm_code, mapped_by) VALUES (${key}, ${code}, ${userId})
    ON CONFLICT (text) DO UPDATE SET oksm_code = excluded.oksm_code, mapped_by = excluded.mapped_by, mapped_at = now()`);
}
