// An offer's documents: each a file in the configured file store (records/files.ts) attached to the
// offer, typed and dated in offer_documents. They follow the offer's rights: whoever reads the offer reads them
// (role 8 too: a warehouse needs its papers), whoever may change the offer adds, changes and removes them (a
// supplier's user: its own offers). A change names the version of the document it was made on.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { FileStores } from '../../db/fileStores';
import type { AuthenticatedUser } from '../../accounts/users';
import { badRequest, forbidden, notFound, stale } from '../../errors';
import { columnsOf as columnsOfTable, namesOf, returningRows, select, selectFirst } from '../../db/rows';
import { files, offerDocuments, offers } from '../../db/schema';
import { recordVisible } from '../../records/access';
import type { FileRow } from '../../records/files';
import {
  DOCUMENT_MSG,
  OFFER_DOCUMENTS_MAX_BYTES,
  documentSchema,
  type DocumentValues,
  type OfferDocument,
} from '../../../domain/offers/documents';
import { offersSpec } from './list';
import { refreshDocumentsState } from '../../records/documentsState';
import { todayOf } from '../../db/businessDay';
import { validated } from '../../http/validation';
import {
  DOCUMENT_STATE,
  DOCUMENT_STATE_FIELDS,
  documentChanges,
  documentStaleInfo,
  nameOf,
  recordDocumentHistory,
} from './documentHistory';
import { D, documentTypes, F, readDocument } from './documentReads';

/** 404 when the caller may not read the offer (or it is deleted); 403 when it reads it but may not change it. */
async function requireChangeableOffer(db: Database, auth: AuthenticatedUser, offerId: number): Promise<void> {
  const offer = await selectFirst(
    db,
    select({ status: offers.status }),
    sql`FROM ${offers} WHERE ${offers.id} = ${offerId}`,
  );
  if (!offer || offer.status === 'deleted' || !(await recordVisible(db, offersSpec, auth, offerId, 'read')))
    throw notFound();
  if (!(await recordVisible(db, offersSpec, auth, offerId, 'update'))) throw forbidden(DOCUMENT_MSG.forbidden);
}

/** A document's fields checked by the shared schema: 400 with the first message of every field that fails. */
async function checked(db: Database, body: Record<string, unknown>): Promise<DocumentValues> {
  return validated(documentSchema(await documentTypes(db), await todayOf(db)), body);
}

/** The measured values as a form sends them: an object, or its JSON text (a multipart field). */
export function valuesOf(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null || raw === '') return {};
  let parsed = raw;
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw badRequest(DOCUMENT_MSG.values);
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest(DOCUMENT_MSG.values);
  const { aflatoxin_b1, moisture } = parsed as Record<string, unknown>;
  return { ...(aflatoxin_b1 !== undefined && { aflatoxin_b1 }), ...(moisture !== undefined && { moisture }) };
}

const columnsOf = (v: DocumentValues) => ({
  type_id: v.type_id,
  number: v.number ?? null,
  issued_on: v.issued_on ?? null,
  valid_until: v.valid_until ?? null,
  issuer: v.issuer ?? null,
  shareable: Boolean(v.shareable),
  aflatoxin_b1: v.aflatoxin_b1 === null || v.aflatoxin_b1 === undefined ? null : String(v.aflatoxin_b1),
  moisture: v.moisture === null || v.moisture === undefined ? null : String(v.moisture),
});

/** Before a document's file is read: 404 when the caller may not read the offer, 403 when it may not change it. */
export const requireDocumentsWritable = requireChangeableOffer;

/** POST /api/offers/{id}/documents: the file (streamed in already as the caller's unattached upload, counted in
 * its quota) attached to the offer and typed in one go, within the offer's room for documents; a refused form
 * removes the file and stores nothing. */
export async function addDocument(
  db: Database,
  stores: FileStores,
  auth: AuthenticatedUser,
  offerId: number,
  file: FileRow,
  body: Record<string, unknown>,
): Promise<OfferDocument> {
  try {
    await requireChangeableOffer(db, auth, offerId);
    const values = columnsOf(await checked(db, body));
    const id = await db.transaction(async (tx) => {
      // the offer's row locked: parallel documents of one offer are counted one after another
      await tx.execute(sql`SELECT id FROM offers WHERE id = ${offerId} FOR UPDATE`);
      const held = await selectFirst(
        tx,
        select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)::text` }),
        sql`FROM ${files} WHERE ${files.entity_type} = 'offers' AND ${files.entity_id} = ${offerId}`,
      );
      if (Number(held?.bytes ?? 0) + file.size > OFFER_DOCUMENTS_MAX_BYTES) throw badRequest(DOCUMENT_MSG.offerFull);
      await tx.execute(sql`UPDATE files SET entity_type = 'offers', entity_id = ${offerId} WHERE id = ${file.id}`);
      const od = offerDocuments;
      const confirmedBy = values.shareable && confirmsShared(auth) ? auth.user.id : null;
      const [row] = await returningRows(
        tx,
        sql`INSERT INTO ${od}
        (${namesOf(
          od.offer_id,
          od.file_id,
          od.type_id,
          od.number,
          od.issued_on,
          od.valid_until,
          od.issuer,
          od.shareable,
          od.aflatoxin_b1,
          od.moisture,
          od.created_by,
          od.share_confirmed_by,
          od.share_confirmed_at,
        )})
        VALUES (${offerId}, ${file.id}, ${values.type_id}, ${values.number}, ${values.issued_on}, ${values.valid_until}, ${values.issuer},
          ${values.shareable}, ${values.aflatoxin_b1}, ${values.moisture}, ${auth.user.id},
          ${confirmedBy}::int, CASE WHEN ${confirmedBy}::int IS NULL THEN NULL ELSE now() END)`,
        select({ id: od.id, ...DOCUMENT_STATE_FIELDS }),
      );
      await recordDocumentHistory(tx, auth.user.id, [
        { documentId: Number(row.id), offerId, action: 'create', document: nameOf(row), version: Number(row.version) },
      ]);
      await refreshDocumentsState(tx, sql`o.id = ${offerId}`);
      return Number(row.id);
    });
    return (await readDocument(db, offerId, id))!;
  } catch (error) {
    await db.execute(sql`DELETE FROM files WHERE id = ${file.id}`).catch(() => undefined);
    await stores
      .of(file.store)
      .delete(file.storage_path)
      .catch(() => undefined);
    throw error;
  }
}

/** PATCH /api/offers/{id}/documents/{docId}: what the body names changes, the rest stays; a version other than the
 * stored one is 409 'stale' naming who changed the document, when and what, and changes nothing. The change is in
 * the document's history. */
export async function changeDocument(
  db: Database,
  auth: AuthenticatedUser,
  offerId: number,
  docId: number,
  body: Record<string, unknown>,
): Promise<OfferDocument> {
  await requireChangeableOffer(db, auth, offerId);
  return db.transaction(async (tx) => {
    const od = offerDocuments;
    const stored = await selectFirst(
      tx,
      DOCUMENT_STATE,
      sql`FROM ${od} WHERE ${od.id} = ${docId} AND ${od.offer_id} = ${offerId} FOR UPDATE`,
    );
    if (!stored) throw notFound(DOCUMENT_MSG.notFound);
    const version = Number(stored.version);
    if (Number(body.version) !== version)
      throw stale(await documentStaleInfo(tx, auth.permissions, docId, Number(body.version), version));
    const { version: _version, values: raw, ...fields } = body;
    const { type_name: _name, ...columns } = stored;
    const merged = {
      ...columns,
      ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
      ...valuesOf(raw),
    };
    const v = columnsOf(await checked(tx, merged));
    // staff sharing it confirm it (kept if it was); a supplier's change of a shared document waits for staff again
    const staff = confirmsShared(auth);
    const [after] = await returningRows(
      tx,
      sql`UPDATE ${od} SET type_id = ${v.type_id}, number = ${v.number}, issued_on = ${v.issued_on},
      valid_until = ${v.valid_until}, issuer = ${v.issuer}, shareable = ${v.shareable}, aflatoxin_b1 = ${v.aflatoxin_b1},
      moisture = ${v.moisture}, version = version + 1,
      share_confirmed_by = CASE WHEN NOT ${v.shareable} OR NOT ${staff} THEN NULL ELSE coalesce(share_confirmed_by, ${auth.user.id}::int) END,
      share_confirmed_at = CASE WHEN NOT ${v.shareable} OR NOT ${staff} THEN NULL ELSE coalesce(share_confirmed_at, now()) END
      WHERE ${od.id} = ${docId}`,
      DOCUMENT_STATE,
    );
    await recordDocumentHistory(tx, auth.user.id, [
      {
        documentId: docId,
        offerId,
        action: 'update',
        document: nameOf(after),
        version: Number(after.version),
        changes: documentChanges(stored, after),
      },
    ]);
    await refreshDocumentsState(tx, sql`o.id = ${offerId}`);
    return (await readDocument(tx, offerId, docId))!;
  });
}

/** Who confirms a document for buyers: staff (not a supplier's account) with the update right on the offer
 * (every writer of documents has it: requireChangeableOffer). */
const confirmsShared = (auth: AuthenticatedUser) => auth.permissions.user_type !== 'supplier';

/** POST /api/offers/{id}/documents/{docId}/confirm {version}: a document a supplier's account marked for buyers
 * reaches them from now on; 403 for a supplier's account, 400 for a document not marked, 409 on an older version.
 * The confirmation is in the document's history. */
export async function confirmDocument(
  db: Database,
  auth: AuthenticatedUser,
  offerId: number,
  docId: number,
  version: number,
): Promise<OfferDocument> {
  await requireChangeableOffer(db, auth, offerId);
  if (!confirmsShared(auth)) throw forbidden(DOCUMENT_MSG.confirmForbidden);
  return db.transaction(async (tx) => {
    const od = offerDocuments;
    const stored = await selectFirst(
      tx,
      select({ ...DOCUMENT_STATE_FIELDS, confirmed: sql<boolean>`${od.share_confirmed_at} IS NOT NULL` }),
      sql`FROM ${od} WHERE ${od.id} = ${docId} AND ${od.offer_id} = ${offerId} FOR UPDATE`,
    );
    if (!stored) throw notFound(DOCUMENT_MSG.notFound);
    if (Number(stored.version) !== version)
      throw stale(await documentStaleInfo(tx, auth.permissions, docId, version, Number(stored.version)));
    if (!stored.shareable) throw badRequest(DOCUMENT_MSG.confirmNotShared);
    if (!stored.confirmed) {
      const [after] = await returningRows(
        tx,
        sql`UPDATE ${od} SET share_confirmed_by = ${auth.user.id}, share_confirmed_at = now(), version = version + 1
        WHERE ${od.id} = ${docId}`,
        DOCUMENT_STATE,
      );
      await recordDocumentHistory(tx, auth.user.id, [
        {
          documentId: docId,
          offerId,
          action: 'update',
          document: nameOf(after),
          version: Number(after.version),
          changes: [{ field: 'share_confirmed', old: false, new: true }],
        },
      ]);
    }
    return (await readDocument(tx, offerId, docId))!;
  });
}

/** DELETE /api/offers/{id}/documents/{docId}: the document and its file go; its history says who removed it. */
export async function removeDocument(
  db: Database,
  stores: FileStores,
  auth: AuthenticatedUser,
  offerId: number,
  docId: number,
): Promise<void> {
  await requireChangeableOffer(db, auth, offerId);
  const file = await db.transaction(async (tx) => {
    const od = offerDocuments;
    const doc = await selectFirst(
      tx,
      DOCUMENT_STATE,
      sql`FROM ${od} WHERE ${od.id} = ${docId} AND ${od.offer_id} = ${offerId} FOR UPDATE`,
    );
    if (!doc) return undefined;
    const [gone] = await returningRows(
      tx,
      sql`
      DELETE FROM ${files} ${F} USING ${offerDocuments} ${D} WHERE ${D.id} = ${docId} AND ${D.offer_id} = ${offerId} AND ${F.id} = ${D.file_id}`,
      select(columnsOfTable(F, 'id', 'store', 'storage_path')),
    );
    await recordDocumentHistory(tx, auth.user.id, [
      { documentId: docId, offerId, action: 'delete', document: nameOf(doc), version: Number(doc.version) },
    ]);
    await refreshDocumentsState(tx, sql`o.id = ${offerId}`);
    return gone;
  });
  if (!file) throw notFound(DOCUMENT_MSG.notFound);
  await stores
    .of(file.store)
    .delete(file.storage_path)
    .catch(() => undefined);
}
