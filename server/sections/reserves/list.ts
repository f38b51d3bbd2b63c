// The reserves list: a buyer's reservation against an offer, with its selling figures and delivery. The columns,
// joins, sorts and filters of its fields come from its resource (domain/reserves/resource.ts); here is what is no
// plain column of the reserve's own.
import { sql } from 'drizzle-orm';
import { reservesResource } from '../../../domain/reserves/resource';
import { latestComments, money2, numberRange } from '../../lists/engine';
import { resourceSql, resourceSection } from '../../lists/resource';
import type { SectionSpec } from '../../contract/section';
import { refuseSaleDelete, releaseBeforeDelete } from './release';

// its product through its offer; its packs to a tenth, selected after the references
const fields = resourceSql(reservesResource, 'r', { joinedOn: { product: 'o.product_id' }, own: ['packs_amount'] });

// The read side of the section: what the list, the card, the lifecycle and the statistics read through. Its
// bulk-delete hook (a deleted active reserve gives its amount back) is the lifecycle's and is added by the
// plugin (index.ts): the lifecycle reads this spec, so this spec cannot import it.
export const reservesSpec: SectionSpec<'reserves'> = {
  ...resourceSection(reservesResource, 'r'),
  from: sql`FROM reserves r JOIN offers o ON o.id = r.offer_id ${fields.joins}`,
  columns: {
    ...fields.parts.own,
    ...fields.parts.refs,
    packs_amount: sql`round(r.packs_amount, 1)::text`,
    available_amount: money2(sql`o.available_amount`),
    // the offer's available amount in its packs, to a tenth as a reserve's packs are (spec point 9)
    available_packs: sql`round(o.available_amount / NULLIF(o.units_per_pack, 0), 1)::text`,
    ...fields.parts.author,
    comments: latestComments('reserves', sql`r.id`),
  },
  exportColumns: fields.exportColumns,
  sortable: {
    ...fields.sortable,
    packs_amount: sql`r.packs_amount`,
    available_packs: sql`o.available_amount / NULLIF(o.units_per_pack, 0)`,
  },
  filters: {
    ...fields.filters,
    warehouse_delivery_cost: numberRange(sql`o.warehouse_cost`),
    // the stored mark of the margins' check (a partial index holds the marked ones)
    margin_at_risk: () => sql`r.margin_at_risk`,
  },
  // a deleted active reserve gives its amount back to the offer
  onDelete: releaseBeforeDelete,
  // a completed sale only with the finance right
  refuseDelete: refuseSaleDelete,
  // own: the reserves the caller's employee is responsible for (DESIGN.md); an account with no employee, the
  // ones it placed
  own: ({ user }) =>
    user.employee_id !== null ? sql`r.responsible_id = ${user.employee_id}` : sql`r.created_by = ${user.id}`,
};
