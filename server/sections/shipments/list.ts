// The shipments list: containers and trucks with their customs declaration and how many lots each brought.
import { sql } from 'drizzle-orm';
import { shipmentsResource } from '../../../domain/shipments/resource';
import { latestComments, ownByCreator } from '../../lists/engine';
import { resourceSection, resourceSql } from '../../lists/resource';
import type { SectionSpec } from '../../contract/section';

// counted once for all shipments and joined, not a subquery per row (an export of many shipments would run one each)
const lotsJoin = sql`LEFT JOIN (SELECT lo.shipment_id, count(*) AS n FROM offers lo
  WHERE lo.shipment_id IS NOT NULL AND lo.status <> 'deleted' GROUP BY lo.shipment_id) lc ON lc.shipment_id = sh.id`;
const lotsCount = sql`coalesce(lc.n, 0)`;
const fields = resourceSql(shipmentsResource, 'sh');

export const shipmentsSpec: SectionSpec<'shipments'> = {
  ...resourceSection(shipmentsResource, 'sh'),
  from: sql`FROM shipments sh ${fields.joins} ${lotsJoin}`,
  countFrom: sql`FROM shipments sh`,
  columns: {
    ...fields.parts.own,
    ...fields.parts.refs,
    lots_count: sql<number>`${lotsCount}::int`,
    comments: latestComments('shipments', sql`sh.id`),
  },
  exportColumns: fields.exportColumns,
  sortable: { ...fields.sortable, lots_count: lotsCount },
  filters: fields.filters,
  own: ownByCreator('sh'),
};
