// The lots of every shipment that has an import VAT line costed again: saving the import-VAT setting moves whether
// that line is part of the lots' landed cost. Each moved lot's history tells it, as a shipment's own write does.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Author } from '../../records/history';
import type { CostLine } from '../../../domain/shipments/costLines';
import { storeLanded } from './landed';

/** Answers how many lots' landed cost moved. */
export async function relandImportVat(tx: Database, by: Author): Promise<number> {
  const shipments = rowsOf<{ id: number; costs: CostLine[] }>(
    await tx.execute(sql`SELECT id, costs FROM shipments
      WHERE status <> 'deleted' AND costs @> '[{"kind": "import_vat"}]'::jsonb ORDER BY id FOR UPDATE`),
  );
  let lots = 0;
  for (const s of shipments) lots += (await storeLanded(tx, by, Number(s.id), s.costs)).length;
  return lots;
}
