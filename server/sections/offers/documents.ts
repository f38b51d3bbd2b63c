// An offer's documents: each a file in the configured file store (records/files.ts) attached to the
// offer, typed and dated in offer_documents. They follow the offer's rights: whoever reads the offer reads them
// (role 8 too: a warehouse needs its papers), whoever may change the offer adds, changes and removes them (a
// supplier's user: its own offers). A change names the version of the document it was made on.
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { FileStores } from '../../db/fileStores';
import type { AuthenticatedUser } from '../../accounts/users';
import { badRequest, forbidden, notFound, stale } from '../../errors';
import {
  columnsOf as columnsOfTable,
  namesOf,
  returningRows,
  select,
  selectFirst,
  selectRows,
  textOf,
} from '../../db/rows';
import { documentTypes as documentTypesTable, files, offerDocuments, offers } from '../../db/schema';
import { recordVisible } from '../../records/access';
import type { FileRow } from '../../records/files';
import {
  DOCUMENT_MSG,
  DOCUMENT_SETTING_NAMES,
  buyerDocumentFileName,
  OFFER_DOCUMENTS_MAX_BYTES,
  DOCUMENT_SETTING_TITLE,
  documentSchema,
  documentSettingsSchema,
  type DocumentSettingName,
  type DocumentSettings,
  type DocumentType,
  type DocumentValues,
  type OfferDocument,
} from '../../../domain/offers/documents';
import { recordChange } from '../../settings';
import { lotTitle, type LotText } from '../../../domain/offers/lot';
import { offersSpec } from './list';
import { DATED_OFFER, IMPORTED_OFFER, readDocumentSettings, refreshDocumentsState } from '../../records/documentsState';
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

/** The tables under the aliases the documents' statements give them. */
const D = alias(offerDocuments, 'd');
const F = alias(files, 'f');
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

async function readDocument(db: Database, offerId: number, docId: number): Promise<OfferDocument | undefined> {
  const row = await selectFirst(
    db,
    select({ docs: documentsJson('o', sql`${D.id} = ${docId}`) }),
    sql`FROM ${offers} ${O} WHERE ${O.id} = ${offerId}`,
  );
  return row?.docs[0];
}

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

/** An administrator's change of the lot documents' settings, checked, stored and logged in one transaction. */
export async function saveDocumentSettings(
  db: Database,
  auth: AuthenticatedUser,
  changes: Partial<DocumentSettings>,
): Promise<DocumentSettings> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE business_settings IN SHARE ROW EXCLUSIVE MODE`);
    const before = await readDocumentSettings(tx);
    const types = await documentTypes(tx);
    const valid = (await validated(documentSettingsSchema(types.map((t) => t.id)), {
      ...before,
      ...changes,
    })) as DocumentSettings;
    const after: DocumentSettings = {
      documents_imported_types: [...new Set(valid.documents_imported_types.map(Number))].sort((a, b) => a - b),
      documents_forbid_reserve: Boolean(valid.documents_forbid_reserve),
      documents_notice_days: Number(valid.documents_notice_days),
    };
    const stored: Record<DocumentSettingName, string> = {
      documents_imported_types: `{${after.documents_imported_types.join(',')}}`,
      documents_forbid_reserve: String(after.documents_forbid_reserve),
      documents_notice_days: String(after.documents_notice_days),
    };
    const moved = DOCUMENT_SETTING_NAMES.filter((name) => JSON.stringify(after[name]) !== JSON.stringify(before[name]));
    if (!moved.length) return after;
    for (const name of moved) {
      await tx.execute(sql`INSERT INTO business_settings (name, value) VALUES (${name}, ${stored[name]})
        ON CONFLICT (name) DO UPDATE SET value = excluded.value`);
    }
    // the lots' papers by the new settings: imported lots need other types; other notice days move 'Истекает'
    if (moved.includes('documents_imported_types')) await refreshDocumentsState(tx, IMPORTED_OFFER);
    if (moved.includes('documents_notice_days')) await refreshDocumentsState(tx, DATED_OFFER);
    const typeName = (ids: number[]) =>
      ids.map((id) => types.find((t) => t.id === id)?.name ?? String(id)).join(', ') || 'нет';
    const shown = (name: DocumentSettingName, s: DocumentSettings) =>
      name === 'documents_imported_types'
        ? typeName(s.documents_imported_types)
        : name === 'documents_forbid_reserve'
          ? s.documents_forbid_reserve
            ? 'да'
            : 'нет'
          : `${s.documents_notice_days} дн.`;
    await recordChange(
      tx,
      auth,
      'settings',
      `Документы партий: ${moved.map((n) => `${DOCUMENT_SETTING_TITLE[n]} ${shown(n, before)} → ${shown(n, after)}`).join('; ')}`,
      {
        before: Object.fromEntries(moved.map((n) => [n, before[n]])),
        after: Object.fromEntries(moved.map((n) => [n, after[n]])),
      },
    );
    return after;
  });
}
