// A lot document's history: every add, change and removal of an offer's document leaves a row in
// document_history (migration 0029) in the write's own transaction: who, when, the fields that changed (old → new)
// and the document's version after the write. A change made on an older version answers 409 'stale' from it with
// who changed the document, when and what, in the words every other stale answer uses.
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { FieldChange } from '../../../domain/history';
import { select, selectRows, textOf, type SelectedRow } from '../../db/rows';
import { documentHistory, documentTypes, offerDocuments, users } from '../../db/schema';
import { isRefVisible, type Permissions } from '../../../domain/permissions';
import { changedFieldTitles, type StaleInfo } from '../../../domain/versions';
import { DOCUMENT_FIELDS, DOCUMENT_LABELS, documentName, type DocumentField } from '../../../domain/offers/documents';

export type DocumentAction = 'create' | 'update' | 'delete';

/** A document's recorded fields as stored, with its type's name, version, and the name its history gives it. */
const DT = alias(documentTypes, 'dt');
const OD = offerDocuments;

/** The columns of DocumentState over offer_documents by its table's name (a SELECT of the table, an INSERT's or an
 * UPDATE's RETURNING): dates and measures as their text. */
export const DOCUMENT_STATE_FIELDS = {
  type_id: OD.type_id,
  type_name: sql<string>`(SELECT ${DT.name} FROM ${documentTypes} ${DT} WHERE ${DT.id} = ${OD.type_id})`,
  number: OD.number,
  issued_on: textOf(OD.issued_on),
  valid_until: textOf(OD.valid_until),
  issuer: OD.issuer,
  shareable: OD.shareable,
  aflatoxin_b1: textOf(OD.aflatoxin_b1),
  moisture: textOf(OD.moisture),
  version: OD.version,
};
export const DOCUMENT_STATE = select(DOCUMENT_STATE_FIELDS);
export type DocumentState = SelectedRow<typeof DOCUMENT_STATE>;

export const nameOf = (d: Pick<DocumentState, 'type_name' | 'number'>) => documentName(d.type_name, d.number);

/** A field's value as the history keeps it: the type by {id, name}, measures as numbers, none as null. */
function valueOf(d: DocumentState, field: DocumentField): unknown {
  if (field === 'type_id') return { id: Number(d.type_id), name: d.type_name };
  const v = d[field];
  if (v === null || v === undefined || v === '') return null;
  if (field === 'aflatoxin_b1' || field === 'moisture') return Number(v);
  return v;
}

/** The recorded fields that differ between two states of a document, in the card's order. */
export function documentChanges(before: DocumentState, after: DocumentState): FieldChange[] {
  return DOCUMENT_FIELDS.flatMap((field) => {
    const old = valueOf(before, field);
    const next = valueOf(after, field);
    const same =
      field === 'type_id'
        ? (old as { id: number }).id === (next as { id: number }).id
        : JSON.stringify(old) === JSON.stringify(next);
    return same ? [] : [{ field, old, new: next }];
  });
}

export interface DocumentWrite {
  documentId: number;
  offerId: number;
  action: DocumentAction;
  /** The document as named after the write (before it, for a removal). */
  document: string;
  version: number;
  changes?: FieldChange[];
}

/** Writes the entries in one INSERT, inside the write's transaction; a change that changed nothing is not told. */
export async function recordDocumentHistory(tx: Database, by: number | null, writes: DocumentWrite[]): Promise<void> {
  const kept = writes.filter((w) => w.action !== 'update' || (w.changes?.length ?? 0) > 0);
  if (!kept.length) return;
  await tx.execute(sql`INSERT INTO document_history (document_id, offer_id, action, user_id, document, changes, version)
    SELECT e.document_id, e.offer_id, e.action, ${by}::int, e.document, e.changes, e.version
    FROM jsonb_to_recordset(${JSON.stringify(
      kept.map((w) => ({
        document_id: w.documentId,
        offer_id: w.offerId,
        action: w.action,
        document: w.document,
        changes: w.changes ?? [],
        version: w.version,
      })),
    )}::jsonb) AS e(document_id int, offer_id int, action text, document text, changes jsonb, version int)`);
}

/** The title of a recorded field: 'Номер', 'Действует до'. */
export const documentFieldTitle = (field: string): string | undefined => DOCUMENT_LABELS[field as DocumentField];

/** What a 409 'stale' on a document tells beside its message, as the offers' and quotes' do: who changed it last
 * (where the role sees who writes offers), when, and what, from the entries after the version the caller saw. */
export async function documentStaleInfo(
  db: Database,
  perms: Permissions,
  documentId: number,
  seen: number,
  version: number,
): Promise<StaleInfo> {
  const h = alias(documentHistory, 'h');
  const u = alias(users, 'u');
  const rows = await selectRows(
    db,
    select({
      at: h.at,
      user: sql<string | null>`coalesce(${u.name}, ${u.email})`,
      changes: sql<FieldChange[]>`${h.changes}`,
    }),
    sql`FROM ${documentHistory} ${h} LEFT JOIN ${users} ${u} ON ${u.id} = ${h.user_id}
    WHERE ${h.document_id} = ${documentId} AND ${h.version} > ${seen} ORDER BY ${h.id}`,
  );
  const last = rows.at(-1);
  const changes = rows.flatMap((r) => r.changes ?? []);
  return {
    version,
    by: isRefVisible(perms, 'offers.created_by') ? (last?.user ?? null) : null,
    at: last ? new Date(last.at).toISOString() : null,
    changes,
    fields: changedFieldTitles(changes, documentFieldTitle),
  };
}
