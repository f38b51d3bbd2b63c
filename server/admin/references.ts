// The reference lists that only the settings page edits: positions (employees) and packaging types (offers).
// Names are unique whatever their case; renaming one renames it in every record that points to it.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { documentTypes, packing, positions } from '../db/schema';
import { conflict, notFound } from '../errors';
import { rowsOf } from '../db/rows';
import type { AuthenticatedUser } from '../accounts/users';
import { ADMIN_MSG, REFERENCE_TITLE, type AdminReference } from '../../domain/admin';
import { recordChange } from './log';

export interface ReferenceItem {
  id: number;
  name: string;
  /** How many records use it: employees of a position, offers packed so, documents of the type. */
  used: number;
  /** A document type: its documents must say until when they are valid. */
  expires?: boolean;
}

const TABLE = { positions, packing, document_types: documentTypes } as const;
const USERS: Record<AdminReference, ReturnType<typeof sql>> = {
  positions: sql`(SELECT count(*)::int FROM employees x WHERE x.position_id = t.id)`,
  packing: sql`(SELECT count(*)::int FROM offers x WHERE x.packing_id = t.id)`,
  document_types: sql`(SELECT count(*)::int FROM offer_documents x WHERE x.type_id = t.id)`,
};

export async function listReference(db: Database, list: AdminReference, id?: number): Promise<ReferenceItem[]> {
  return rowsOf<ReferenceItem>(await db.execute(sql`
    SELECT t.id, t.name, ${USERS[list]} AS used${list === 'document_types' ? sql`, t.expires` : sql``} FROM ${sql.identifier(list)} t
    ${id === undefined ? sql`` : sql`WHERE t.id = ${id}`} ORDER BY lower(t.name), t.id`));
}

async function refuseDuplicate(tx: Database, list: AdminReference, name: string, except?: number): Promise<void> {
  const [same] = rowsOf<{ id: number; name: string }>(await tx.execute(sql`
    SELECT id, name FROM ${sql.identifier(list)} WHERE lower(name) = lower(${name})
    ${except === undefined ? sql`` : sql`AND id <> ${except}`} LIMIT 1`));
  if (same) throw conflict(ADMIN_MSG.referenceExists(REFERENCE_TITLE[list].one, same.name), REFERENCE_TITLE[list].one, same.id);
}

const lock = (tx: Database, list: AdminReference) => tx.execute(sql`LOCK TABLE ${sql.identifier(list)} IN SHARE ROW EXCLUSIVE MODE`);

export async function addReference(db: Database, auth: AuthenticatedUser, list: AdminReference, name: string, expires = false): Promise<ReferenceItem> {
  const id = await db.transaction(async (tx) => {
    await lock(tx, list);
    await refuseDuplicate(tx, list, name);
    const table = TABLE[list];
    const [row] = list === 'document_types'
      ? await tx.insert(documentTypes).values({ name, expires }).returning({ id: documentTypes.id })
      : await tx.insert(table).values({ name }).returning({ id: table.id });
    await recordChange(tx, auth, list, `${REFERENCE_TITLE[list].list}: добавлено «${name}»`, { id: row.id, name });
    return row.id;
  });
  return (await listReference(db, list, id))[0];
}

export async function renameReference(db: Database, auth: AuthenticatedUser, list: AdminReference, id: number, name: string): Promise<ReferenceItem> {
  await db.transaction(async (tx) => {
    await lock(tx, list);
    const [current] = rowsOf<{ name: string }>(await tx.execute(sql`SELECT name FROM ${sql.identifier(list)} WHERE id = ${id}`));
    if (!current) throw notFound(ADMIN_MSG.referenceMissing);
    if (current.name === name) return;
    await refuseDuplicate(tx, list, name, id);
    await tx.execute(sql`UPDATE ${sql.identifier(list)} SET name = ${name} WHERE id = ${id}`);
    await recordChange(tx, auth, list, `${REFERENCE_TITLE[list].list}: «${current.name}» переименовано в «${name}»`, { id, before: current.name, after: name });
  });
  return (await listReference(db, list, id))[0];
}
