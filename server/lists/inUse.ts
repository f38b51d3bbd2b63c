// A supplier, product or city stays while active offers use it (the list's delete hook `inUse`, refused
// with the count); which offers' fields name a section's records, the offers resource declares once
// (domain/offers/references.ts).
import { sql } from 'drizzle-orm';
import { IN_USE_MSG, OFFER_REFERENCES } from '../../domain/offers/references';
import type { Section } from '../../domain/sections';
import type { SectionSpec } from '../contract/section';

/** The delete hook of a section whose records offers name: its active offers, counted over its alias. */
export function usedByActiveOffers(section: Section, alias: string): NonNullable<SectionSpec['inUse']> {
  const fields = OFFER_REFERENCES.filter((r) => r.section === section).map((r) => r.field);
  if (!fields.length) throw new Error(`offers name no record of ${section}`);
  const a = sql.raw(alias);
  const uses = sql.join(
    fields.map((field) => sql`used.${sql.identifier(field)} = ${a}.id`),
    sql` OR `,
  );
  return {
    count: sql`(SELECT count(*) FROM offers used WHERE used.status = 'active' AND (${uses}))`,
    refusal: (count) => IN_USE_MSG.offers(section, count),
  };
}
