// What is read of an offer's documents: their types, the documents as JSON in the offer's read, and those a buyer's
// page may show. The tables go under the aliases these statements give them.
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { columnsOf as columnsOfTable, select, selectFirst, selectRows, textOf } from '../../db/rows';
import { documentTypes as documentTypesTable, files, offerDocuments, offers } from '../../db/schema';
import { buyerDocumentFileName, type DocumentType, type OfferDocument } from '../../../domain/offers/documents';
import { lotTitle, type LotText } from '../../../domain/offers/lot';

/** The tables under the aliases the documents' statements give them. */
export const D = alias(offerDocuments, 'd');
export const F = alias(files, 'f');
const T = alias(documentTypesTable, 't');
const O = alias(offers, 'o');

/** The document types, as the selects and the schema read them. */
export async function documentTypes(db: Database): Promise<DocumentType[]> {
  const t = documentTypesTable;
  return selectRows(db, select(columnsOfTable(t, 'id', 'name', 'expires')), sql`FROM ${t} ORDER BY ${t.id}`);
}

/** An offer's documents as JSON, over the offer's alias (the offer's read, `documents`), oldest first; `where` may
 * name the document by `d`. */
export const documentsJson = (a: string, where: SQL = sql`true`) => sql<
  OfferDocument[]
>`(SELECT coalesce(json_agg(json_build_object(
    'id', ${D.id}, 'file_id', ${F.id}, 'url', '/api/files/' || ${F.id}, 'name', ${F.original_name}, 'size', ${F.size}, 'mime', ${F.mime},
    'type', json_build_object('id', ${T.id}, 'name', ${T.name}), 'number', ${D.number}, 'issued_on', ${D.issued_on}::text,
    'valid_until', ${D.valid_until}::text, 'issuer', ${D.issuer}, 'shareable', ${D.shareable}, 'share_confirmed', ${D.share_confirmed_at} IS NOT NULL,
    'values', json_build_object('aflatoxin_b1', ${D.aflatoxin_b1}::text, 'moisture', ${D.moisture}::text), 'version', ${D.version})
    ORDER BY ${D.id}), '[]'::json)
  FROM ${offerDocuments} ${D} JOIN ${files} ${F} ON ${F.id} = ${D.file_id} JOIN ${documentTypesTable} ${T} ON ${T.id} = ${D.type_id}
  WHERE ${D.offer_id} = ${sql.raw(a)}.id AND ${where})`;

export async function readDocument(db: Database, offerId: number, docId: number): Promise<OfferDocument | undefined> {
  const row = await selectFirst(
    db,
    select({ docs: documentsJson('o', sql`${D.id} = ${docId}`) }),
    sql`FROM ${offers} ${O} WHERE ${O.id} = ${offerId}`,
  );
  return row?.docs[0];
}

/** The offer's documents a buyer may see (shareable), for a buyer's page's lots (each offer's lot texts): each named
 * by its type, number and lot, not by the name it was uploaded under. */
export async function shareableDocuments(
  db: Database,
  lots: ReadonlyMap<number, LotText>,
): Promise<
  Map<number, { id: number; type: string; number: string | null; valid_until: string | null; name: string }[]>
> {
  const byOffer = new Map<
    number,
    { id: number; type: string; number: string | null; valid_until: string | null; name: string }[]
  >();
  const offerIds = [...lots.keys()];
  if (!offerIds.length) return byOffer;
  const rows = await selectRows(
    db,
    select({
      offer_id: D.offer_id,
      id: D.id,
      type: T.name,
      number: D.number,
      valid_until: textOf(D.valid_until),
      uploaded: F.original_name,
    }),
    sql`
    FROM ${offerDocuments} ${D} JOIN ${documentTypesTable} ${T} ON ${T.id} = ${D.type_id} JOIN ${files} ${F} ON ${F.id} = ${D.file_id}
    WHERE ${D.shareable} AND ${D.share_confirmed_at} IS NOT NULL AND ${D.offer_id} IN (${sql.join(
      offerIds.map((id) => sql`${id}`),
      sql`, `,
    )}) ORDER BY ${D.id}`,
  );
  for (const { offer_id, uploaded, ...doc } of rows) {
    const name = buyerDocumentFileName(doc, lotTitle(lots.get(Number(offer_id))!), uploaded);
    byOffer.set(Number(offer_id), [...(byOffer.get(Number(offer_id)) ?? []), { ...doc, id: Number(doc.id), name }]);
  }
  return byOffer;
}
