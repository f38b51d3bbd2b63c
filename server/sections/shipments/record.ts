// One shipment: its plain fields through the form record (records/formRecord.ts), its lots (offers.shipment_id) and
// its cost lines (the costs column) written in the same transaction, and each lot's landed cost per kg stored there
// too (landed.ts). A lot belongs to one shipment at a time. The cost lines are purchase figures: a role that does not
// see a lot's landed cost reads the shipment without them.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { badRequest } from '../../errors';
import { rowsOf } from '../../db/rows';
import { formRecordSection } from '../../records/formRecord';
import type { RecordSection, Row } from '../../records/pipeline';
import type { FieldChange } from '../../../domain/history';
import { isFieldVisible } from '../../../domain/permissions';
import { COST_KIND_TITLES, COST_STATUS_TITLES, type CostLine } from '../../../domain/shipments/costLines';
import {
  SHIPMENT_FIELD_VISIBILITY,
  SHIPMENT_FORM_FIELDS,
  SHIPMENT_LOTS_MAX,
  SHIPMENT_MSG,
  checkCostLines,
  shipmentSchema,
} from '../../../domain/shipments/schema';
import { shipmentsSpec } from './list';
import { storeLanded } from './landed';

/** The cost lines a body sends, checked (400 naming the line), or undefined where it sends none. */
function costsOf(body: Row): CostLine[] | undefined {
  if (body.costs === undefined || body.costs === null) return undefined;
  const checked = checkCostLines(body.costs);
  if ('error' in checked) throw badRequest(checked.error);
  return checked.lines;
}

/** The lots a body names, each once, in order, or undefined where it names none. */
function lotIdsOf(body: Row): number[] | undefined {
  if (!Array.isArray(body.offer_ids)) return undefined;
  const ids = [...new Set(body.offer_ids.map(Number))];
  if (ids.length > SHIPMENT_LOTS_MAX) throw badRequest(SHIPMENT_MSG.lots);
  return ids;
}

const idsArray = (ids: number[]) => `{${ids.join(',')}}`;

/** The lots of a shipment, in id order. */
export async function lotIdsIn(db: Database, shipmentId: number): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM offers WHERE shipment_id = ${shipmentId} AND status <> 'deleted' ORDER BY id`),
  ).map((r) => Number(r.id));
}

/** Makes `ids` the shipment's lots: each must be an offer not deleted and in no other shipment. Answers the lots that
 * left it. */
async function placeLots(tx: Database, shipmentId: number, ids: number[]): Promise<number[]> {
  const found = rowsOf<{ id: number; shipment_id: number | null }>(
    await tx.execute(sql`
    SELECT id, shipment_id FROM offers WHERE id = ANY(${idsArray(ids)}::int[]) AND status <> 'deleted' ORDER BY id FOR UPDATE`),
  );
  const byId = new Map(found.map((r) => [Number(r.id), r.shipment_id === null ? null : Number(r.shipment_id)]));
  for (const id of ids) {
    if (!byId.has(id)) throw badRequest(SHIPMENT_MSG.lot(id));
    const other = byId.get(id);
    if (other !== null && other !== undefined && other !== shipmentId)
      throw badRequest(SHIPMENT_MSG.lotElsewhere(id, other));
  }
  const left = rowsOf<{ id: number }>(
    await tx.execute(sql`
    UPDATE offers SET shipment_id = NULL WHERE shipment_id = ${shipmentId} AND id <> ALL(${idsArray(ids)}::int[]) RETURNING id`),
  ).map((r) => Number(r.id));
  if (ids.length)
    await tx.execute(
      sql`UPDATE offers SET shipment_id = ${shipmentId} WHERE id = ANY(${idsArray(ids)}::int[]) AND shipment_id IS DISTINCT FROM ${shipmentId}`,
    );
  return left;
}

const lotsText = (ids: number[]) => (ids.length ? ids.map((id) => `№ ${id}`).join(', ') : null);
const costsText = (lines: CostLine[]) =>
  lines.length
    ? lines
        .map(
          (l) =>
            `${COST_KIND_TITLES[l.kind]}: ${l.amount} ${l.currency}${l.rate ? ` по ${l.rate}` : ''} (${COST_STATUS_TITLES[l.status].toLowerCase()})`,
        )
        .join('; ')
    : null;

/** The parts a write changed, for the shipment's history, and the lots' landed cost stored. */
async function writeParts(
  tx: Database,
  auth: AuthenticatedUser,
  id: number,
  body: Row,
  storedCosts: CostLine[],
): Promise<FieldChange[]> {
  const lots = lotIdsOf(body);
  const costs = costsOf(body);
  const changes: FieldChange[] = [];
  let released: number[] = [];
  if (lots !== undefined) {
    const before = await lotIdsIn(tx, id);
    released = await placeLots(tx, id, lots);
    const after = await lotIdsIn(tx, id);
    if (lotsText(before) !== lotsText(after))
      changes.push({ field: 'offer_ids', old: lotsText(before), new: lotsText(after) });
  }
  if (costs !== undefined && costsText(costs) !== costsText(storedCosts))
    changes.push({ field: 'costs', old: costsText(storedCosts), new: costsText(costs) });
  changes.push(...(await storeLanded(tx, auth.user.id, id, costs ?? storedCosts, released)));
  return changes;
}

const form = formRecordSection({
  spec: shipmentsSpec,
  fields: SHIPMENT_FORM_FIELDS,
  visibleAs: SHIPMENT_FIELD_VISIBILITY,
  schema: shipmentSchema,
  readColumns: { supplier_id: sql`sh.supplier_id`, costs: sql`sh.costs` },
  references: [{ field: 'supplier_id', table: 'suppliers', message: SHIPMENT_MSG.supplier, optional: true }],
  duplicate: {
    of: (values) => sql`lower(name) = lower(${String(values.name ?? '')})`,
    message: SHIPMENT_MSG.duplicate,
    text: SHIPMENT_MSG.conflictText,
  },
  // the lots, and the cost lines to a role that sees what the lots cost
  finishRead: async (db, auth, row) => {
    const shown: Row = { ...row, offer_ids: await lotIdsIn(db, Number(row.id)) };
    if (!isFieldVisible(auth.permissions, 'offers', 'landed_kg_cost')) delete shown.costs;
    return shown;
  },
});

export const shipmentRecord: RecordSection<Row, 'shipments'> = {
  ...form,
  async prepareCreate(db, auth, body, hidden) {
    costsOf(body);
    lotIdsOf(body);
    return form.prepareCreate(db, auth, body, hidden);
  },
  async insert(tx, auth, values, body) {
    // the form's columns and the cost lines as typed, in the one INSERT (the created row keeps its first version)
    const columns = [
      ...SHIPMENT_FORM_FIELDS.filter((field) => values[field] !== undefined).map(
        (field) => [field, values[field] === '' ? null : values[field]] as const,
      ),
      ['costs', JSON.stringify(costsOf(body) ?? [])] as const,
      ['created_by', auth.user.id] as const,
    ];
    const [created] = rowsOf<{ id: number }>(
      await tx.execute(sql`
      INSERT INTO shipments (${sql.join(
        columns.map(([k]) => sql.identifier(k)),
        sql`, `,
      )})
      VALUES (${sql.join(
        columns.map(([k, v]) => (k === 'costs' ? sql`${v}::jsonb` : sql`${v}`)),
        sql`, `,
      )}) RETURNING id`),
    );
    const id = Number(created.id);
    await writeParts(tx, auth, id, { offer_ids: lotIdsOf(body) ?? [] }, costsOf(body) ?? []);
    return id;
  },
  async change(tx, auth, context) {
    const { set } = await form.change(tx, auth, context);
    const stored = (context.before.costs ?? []) as CostLine[];
    const costs = costsOf(context.body);
    const extra = await writeParts(tx, auth, context.id, context.body, stored);
    return { set: costs === undefined ? set : sql`${set}, costs = ${JSON.stringify(costs)}::jsonb`, extra };
  },
};
