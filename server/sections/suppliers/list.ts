// The suppliers list: companies (and ИП) we buy from, with their offer and reserve statistics.
import { sql } from 'drizzle-orm';
import { suppliersResource } from '../../../domain/suppliers/resource';
import { latestComments, money2, numberRange, ownByCreator } from '../../lists/engine';
import { resourceSql, resourceSection } from '../../lists/resource';
import type { SectionSpec } from '../../contract/section';
import { usedByActiveOffers } from '../../lists/inUse';
import { reserveStats } from '../reserves';

// offer and reserve statistics per supplier
const supplierStats = sql`LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE so.status <> 'deleted') AS offers_created,
           coalesce(sum(so.available_amount) FILTER (WHERE so.status = 'active'), 0) AS available_amount,
           min(so.unit_price) FILTER (WHERE so.status = 'active') AS min_price,
           max(so.unit_price) FILTER (WHERE so.status = 'active') AS max_price
    FROM offers so WHERE so.supplier_id = s.id) sto ON true`;
const reserves = reserveStats(
  'str',
  sql`FROM reserves rs JOIN offers ro ON ro.id = rs.offer_id WHERE ro.supplier_id = s.id`,
);

// its fields as the resource declares them
const fields = resourceSql(suppliersResource, 's');

export const suppliersSpec: SectionSpec<'suppliers'> = {
  ...resourceSection(suppliersResource, 's'),
  // a supplier of active offers stays
  inUse: usedByActiveOffers('suppliers', 's'),
  from: sql`FROM suppliers s ${fields.refJoins} ${supplierStats} ${reserves.join}`,
  columns: {
    ...fields.parts.own,
    ...fields.parts.refs,
    total_offers_created: sql`sto.offers_created::text`,
    ...reserves.columns,
    available_amount: money2(sql`sto.available_amount`),
    min_selling_price: money2(sql`sto.min_price`),
    max_selling_price: money2(sql`sto.max_price`),
    comments: latestComments('suppliers', sql`s.id`),
  },
  exportColumns: fields.exportColumns,
  sortable: {
    ...fields.sortable,
    total_offers_created: sql`sto.offers_created`,
    ...reserves.sortable,
    available_amount: sql`sto.available_amount`,
    min_selling_price: sql`sto.min_price`,
    max_selling_price: sql`sto.max_price`,
  },
  filters: {
    ...fields.filters,
    total_offers_created: numberRange(sql`sto.offers_created`),
    ...reserves.filters,
  },
  own: ownByCreator('s'),
};
