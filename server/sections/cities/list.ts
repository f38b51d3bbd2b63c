// The cities list: loading and delivery cities, filtered also by the deliveries leaving them.
import { sql } from 'drizzle-orm';
import { citiesResource } from '../../../domain/cities/resource';
import { dateRange, numberRange } from '../../lists/engine';
import type { FilterCompiler, SectionSpec } from '../../contract/section';
import { namedSection } from '../../lists/named';
import { usedByActiveOffers } from '../../lists/inUse';

/** A city matches a delivery filter when some delivery from it falls in the range. */
const deliveryFrom =
  (column: 'cost' | 'days'): FilterCompiler =>
  (f) =>
    sql`EXISTS (SELECT 1 FROM city_delivery d WHERE d.from_city_id = ci.id AND ${numberRange(sql.raw(`d.${column}`) as never)(f)})`;

export const citiesSpec: SectionSpec<'cities'> = {
  ...namedSection(citiesResource, 'ci', {
    delivery_days: deliveryFrom('days'),
    delivery_cost: deliveryFrom('cost'),
    deleted_at: dateRange(sql`ci.deleted_at`, true),
  }),
  // a loading city of active offers stays
  inUse: usedByActiveOffers('cities', 'ci'),
};
