// The offers list: one row per offer with its references, stock figures and latest comments. The columns, joins,
// sorts and filters of its fields come from its resource (domain/offers/resource.ts); here is what is no plain column.
import { sql } from 'drizzle-orm';
import { offersResource } from '../../../domain/offers/resource';
import { byIds, exists, latestComments } from '../../lists/engine';
import { resourceSql, resourceSection } from '../../lists/resource';
import type { SectionSpec } from '../../contract/section';
import { unreserved } from './stock';
import { documentsStateCellSql, documentsStateIn, documentsStateSql } from '../../records/documentsState';

const hasFile = (kind: string) =>
  sql`SELECT 1 FROM files f WHERE f.entity_type = 'offers' AND f.entity_id = o.id AND f.kind = ${kind}`;

// its fields as the resource declares them; the reserved sum is the sum of its active reserves' own sums, each on
// the terms it was made on (one truth, domain/offers/figures.ts reservedSum), as the database keeps it on
// the offer (migration 0041: no sub-select per row); the available one the free amount at the offer's price
const fields = resourceSql(offersResource, 'o', {
  computed: {
    reserved_sum: sql`o.reserved_sum`,
    available_sum: sql`o.available_amount * o.unit_price`,
  },
});

export const offersSpec: SectionSpec<'offers'> = {
  ...resourceSection(offersResource, 'o'),
  from: sql`FROM offers o ${fields.joins}`,
  // every filter below and "own" read the offer's own columns (or a subquery of their own): the count needs no join
  countFrom: sql`FROM offers o`,
  columns: {
    ...fields.columns,
    // a weight is kept to the gram (0.125 kg), the kg price is computed from it
    unit_weight: sql`round(o.unit_weight, 3)::text`,
    // a day as its text (YYYY-MM-DD), whatever the driver makes of a date
    expected_arrival: sql`o.expected_arrival::text`,
    // a rate keeps its digits ('90.1234'), not an amount's kopecks; its days as their text
    fixed_rate: sql`trim_scale(o.fixed_rate)::text`,
    fixed_rate_date: sql`o.fixed_rate_date::text`,
    purchase_rate: sql`trim_scale(o.purchase_rate)::text`,
    purchase_rate_date: sql`o.purchase_rate_date::text`,
    images: sql`(SELECT coalesce(json_agg(json_build_object('id', f.id, 'url', '/api/files/' || f.id, 'alt', f.original_name) ORDER BY f.id), '[]'::json)
      FROM files f WHERE f.entity_type = 'offers' AND f.entity_id = o.id AND f.kind = 'image')`,
    comments: latestComments('offers', sql`o.id`),
    // the lot's papers, on the business day
    documents_state: documentsStateSql('o'),
  },
  // the export's cell reads four of the state's fields (documentsStateText)
  exportColumns: { ...fields.exportColumns, documents_state: documentsStateCellSql('o') },
  sortable: fields.sortable,
  filters: {
    ...fields.filters,
    reserve_ids: (f) => sql`EXISTS (SELECT 1 FROM reserves r WHERE r.offer_id = o.id AND ${byIds(sql`r.id`)(f)})`,
    // a deal is a completed reserve
    deal_ids: (f) =>
      sql`EXISTS (SELECT 1 FROM reserves r WHERE r.offer_id = o.id AND r.status = 'completed' AND ${byIds(sql`r.id`)(f)})`,
    with_image: exists(hasFile('image')),
    with_documents: exists(hasFile('document')),
    documents_state: (f) => documentsStateIn('o', (f as { values: string[] }).values),
  },
  // an offer with active reserves stays (it counts in notDeleted)
  deletable: unreserved('o'),
  // own: what the caller created; a supplier's user also sees every offer of its supplier
  own: ({ user }) =>
    user.supplier_id !== null
      ? sql`(o.created_by = ${user.id} OR o.supplier_id = ${user.supplier_id})`
      : sql`o.created_by = ${user.id}`,
};
