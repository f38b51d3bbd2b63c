// The suppliers list: companies (and ИП) we buy from, with their offer and reserve statistics.
import { sql } from 'drizzle-orm';
import { columns as suppliersColumns } from '../../../domain/suppliers/columns';
import { filters as suppliersFilters } from '../../../domain/suppliers/filters';
import {
  digitsContain, latestComments, money2, numberRange, ownByCreator, ownColumns, ownFilters, references,
} from '../../lists/engine';
import type { SectionSpec } from '../../spec/section';
import { reserveStats } from '../reserves/stats';

// offer and reserve statistics per supplier
const supplierStats = sql`LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE so.status <> 'deleted') AS offers_created,
           coalesce(sum(so.available_amount) FILTER (WHERE so.status = 'active'), 0) AS available_amount,
           min(so.unit_price) FILTER (WHERE so.status = 'active') AS min_price,
           max(so.unit_price) FILTER (WHERE so.status = 'active') AS max_price
    FROM offers so WHERE so.supplier_id = s.id) sto ON true`;
const reserves = reserveStats('str', sql`FROM reserves rs JOIN offers ro ON ro.id = rs.offer_id WHERE ro.supplier_id = s.id`);

const supplierOwn = ownColumns('s', ['id', 'name', 'inn', 'contact_name', 'phone', 'email', 'location', 'status', 'created_at', 'deleted_at'], []);

const refs = references({ city: { table: 'cities', alias: 'c', on: 's.city_id' } });

export const suppliersSpec: SectionSpec = {
  section: 'suppliers',
  columnDefs: suppliersColumns,
  filterDefs: suppliersFilters,
  alias: 's',
  from: sql`FROM suppliers s ${refs.joins} ${supplierStats} ${reserves.join}`,
  columns: {
    ...supplierOwn.columns,
    ...refs.columns,
    total_offers_created: sql`sto.offers_created::text`,
    ...reserves.columns,
    available_amount: money2(sql`sto.available_amount`),
    min_selling_price: money2(sql`sto.min_price`),
    max_selling_price: money2(sql`sto.max_price`),
    comments: latestComments('suppliers', sql`s.id`),
  },
  exportColumns: refs.names,
  sortable: {
    ...supplierOwn.sortable, ...refs.sortable, total_offers_created: sql`sto.offers_created`,
    ...reserves.sortable,
    available_amount: sql`sto.available_amount`, min_selling_price: sql`sto.min_price`, max_selling_price: sql`sto.max_price`,
  },
  filters: {
    ...ownFilters('s', suppliersFilters, ['suppliers_ids', 'suppliers', 'inn', 'contact_person', 'email', 'location', 'statuses_ids', 'created_at'], {
      cities: 'city_id',
    }),
    phone: digitsContain(sql`s.phone`),
    total_offers_created: numberRange(sql`sto.offers_created`),
    ...reserves.filters,
  },
  own: ownByCreator('s'),
};
