// The shipments list: containers and trucks with their customs declaration and how many lots each brought.
import { sql } from 'drizzle-orm';
import { shipmentsResource } from '../../../domain/shipments/resource';
import { latestComments, ownByCreator } from '../../lists/engine';
import { resourceSection, resourceSql } from '../../lists/resource';
import type { SectionSpec } from '../../contract/section';

const lotsCount = sql`(SELECT count(*) FROM offers lo WHERE lo.shipment_id = sh.id AND lo.status <> 'deleted')`;
const fields = resourceSql(shipmentsResource, 'sh');

export const shipmentsSpec: SectionSpec<'shipments'> = {
  ...resourceSection(shipmentsResource, 'sh'),
  from: sql`FROM shipments sh ${fields.joins}`,
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
