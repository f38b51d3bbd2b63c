// Files of any kind attached to offers through the card's file list become documents of the type 'Другое'.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { columnsOf as columnsOfTable, namesOf, returningRows, select } from '../../db/rows';
import { documentTypes as documentTypesTable, files, offerDocuments } from '../../db/schema';
import { refreshDocumentsState } from '../../records/documentsState';
import { nameOf, recordDocumentHistory } from './documentHistory';
import { D, F } from './documentReads';

/** Documents of any other kind that came onto offers through the card's file list (documents: [ids]) become
 * 'Другое' with no dates, like the ones the migration found; each is in its history as added by `by`. */
export async function adoptDocuments(tx: Database, by: number, offerIds: number[]): Promise<void> {
  if (!offerIds.length) return;
  const od = offerDocuments;
  const t = documentTypesTable;
  const adopted = await returningRows(
    tx,
    sql`
    INSERT INTO ${od} (${namesOf(od.offer_id, od.file_id, od.type_id, od.created_by)})
    SELECT ${F.entity_id}, ${F.id}, (SELECT ${t.id} FROM ${t} WHERE ${t.code} = 'other'), ${F.created_by} FROM ${files} ${F}
    WHERE ${F.entity_type} = 'offers' AND ${F.kind} = 'document' AND ${F.entity_id} IN (${sql.join(
      offerIds.map((id) => sql`${id}`),
      sql`, `,
    )})
      AND NOT EXISTS (SELECT 1 FROM ${offerDocuments} ${D} WHERE ${D.file_id} = ${F.id})
    ORDER BY ${F.id}`,
    select({
      ...columnsOfTable(od, 'id', 'offer_id'),
      type_name: sql<string>`(SELECT ${t.name} FROM ${t} WHERE ${t.code} = 'other')`,
      version: od.version,
    }),
  );
  await recordDocumentHistory(
    tx,
    by,
    adopted.map((d) => ({
      documentId: Number(d.id),
      offerId: Number(d.offer_id),
      action: 'create' as const,
      document: nameOf({ type_name: d.type_name, number: null }),
      version: Number(d.version),
    })),
  );
  if (adopted.length)
    await refreshDocumentsState(
      tx,
      sql`o.id = ANY(${`{${[...new Set(adopted.map((d) => Number(d.offer_id)))].join(',')}}`}::int[])`,
    );
}
