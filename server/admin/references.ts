// The reference lists that only the settings page edits: positions (employees) and packaging types (offers).
// Names are unique whatever their case; renaming one renames it in every record that points to it.
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { documentTypes, employees, offerDocuments, offers, packing, positions } from '../db/schema';
import { conflict, notFound } from '../errors';
import { select, selectFirst, selectRows } from '../db/rows';
import type { AuthenticatedUser } from '../accounts/users';
import { ADMIN_MSG, REFERENCE_TITLE, type AdminReference } from '../../domain/admin';
import { recordChange } from '../settings';
import { refreshDocumentsState } from '../records/documentsState';

export interface ReferenceItem {
  id: number;
  name: string;
  /** How many records use it: employees of a position, offers packed so, documents of the type. */
  used: number;
  /** A document type: its documents must say until when they are valid. */
  expires?: boolean;
}

const TABLE = { positions, packing, document_types: documentTypes } as const;
const x = { employees: alias(employees, 'x'), offers: alias(offers, 'x'), documents: alias(offerDocuments, 'x') };
/** How many records use a list's item `t`. */
const USERS: Record<AdminReference, SQL<number>> = {
  positions: sql<number>`(SELECT count(*)::int FROM ${employees} ${x.employees} WHERE ${x.employees.position_id} = t.id)`,
  packing: sql<number>`(SELECT count(*)::int FROM ${offers} ${x.offers} WHERE ${x.offers.packing_id} = t.id)`,
  document_types: sql<number>`(SELECT count(*)::int FROM ${offerDocuments} ${x.documents} WHERE ${x.documents.type_id} = t.id)`,
};

export async function listReference(db: Database, list: AdminReference, id?: number): Promise<ReferenceItem[]> {
  const t = alias(TABLE[list], 't');
  const item = select({
    id: t.id,
    name: t.name,
    used: USERS[list],
    ...(list === 'document_types' ? { expires: alias(documentTypes, 't').expires } : {}),
  });
  return selectRows(
    db,
    item,
    sql`FROM ${TABLE[list]} ${t}
    ${id === undefined ? sql`` : sql`WHERE ${t.id} = ${id}`} ORDER BY lower(${t.name}), ${t.id}`,
  );
}

async function refuseDuplicate(tx: Database, list: AdminReference, name: string, except?: number): Promise<void> {
  const table = TABLE[list];
  const same = await selectFirst(
    tx,
    select({ id: table.id, name: table.name }),
    sql`FROM ${table} WHERE lower(${table.name}) = lower(${name})
    ${except === undefined ? sql`` : sql`AND ${table.id} <> ${except}`} LIMIT 1`,
  );
  if (same)
    throw conflict(ADMIN_MSG.referenceExists(REFERENCE_TITLE[list].one, same.name), REFERENCE_TITLE[list].one, same.id);
}

const lock = (tx: Database, list: AdminReference) =>
  tx.execute(sql`LOCK TABLE ${sql.identifier(list)} IN SHARE ROW EXCLUSIVE MODE`);

/** `source`: where the item was added from when not the settings page ('из прайса «…» поставщика «…»'), for the log. */
export async function addReference(
  db: Database,
  auth: AuthenticatedUser,
  list: AdminReference,
  name: string,
  expires = false,
  source?: string,
): Promise<ReferenceItem> {
  const id = await db.transaction(async (tx) => {
    await lock(tx, list);
    await refuseDuplicate(tx, list, name);
    const table = TABLE[list];
    const [row] =
      list === 'document_types'
        ? await tx.insert(documentTypes).values({ name, expires }).returning({ id: documentTypes.id })
        : await tx.insert(table).values({ name }).returning({ id: table.id });
    await recordChange(
      tx,
      auth,
      list,
      `${REFERENCE_TITLE[list].list}: добавлено «${name}»${source ? ` (${source})` : ''}`,
      { id: row.id, name, ...(source && { source }) },
    );
    return row.id;
  });
  return (await listReference(db, list, id))[0];
}

export async function renameReference(
  db: Database,
  auth: AuthenticatedUser,
  list: AdminReference,
  id: number,
  name: string,
): Promise<ReferenceItem> {
  await db.transaction(async (tx) => {
    await lock(tx, list);
    const table = TABLE[list];
    const current = await selectFirst(tx, select({ name: table.name }), sql`FROM ${table} WHERE ${table.id} = ${id}`);
    if (!current) throw notFound(ADMIN_MSG.referenceMissing);
    if (current.name === name) return;
    await refuseDuplicate(tx, list, name, id);
    await tx.execute(sql`UPDATE ${sql.identifier(list)} SET name = ${name} WHERE id = ${id}`);
    // the lots' papers name their missing and lapsed types as stored: those naming this type by its old name
    if (list === 'document_types')
      await refreshDocumentsState(tx, sql`${current.name} = ANY(o.documents_missing || o.documents_expired)`);
    await recordChange(tx, auth, list, `${REFERENCE_TITLE[list].list}: «${current.name}» переименовано в «${name}»`, {
      id,
      before: current.name,
      after: name,
    });
  });
  return (await listReference(db, list, id))[0];
}
