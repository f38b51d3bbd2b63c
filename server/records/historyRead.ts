// GET /api/{section}/{id}/history: a record's history as its reader may see it. The record must be readable as
// the card's GET reads it (the read scope; a deleted one only with ?withDeleted). Every change of a field the
// reader's role may not see under any of its names is left out, and an entry left with nothing to tell goes
// entirely (it would say that something hidden changed); who wrote is left out where the role does not see who
// created records; reserves named as the cause of an offer's stock change only where the reader may read them.
// References are answered by name.
import { sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import {
  HISTORY_FIELDS,
  type FieldChange,
  type HistoryAction,
  type HistoryCause,
  type HistoryEntry,
  type HistoryRef,
  type NamedValue,
} from '../../domain/history';
import { isColumnVisible, isRefVisible, scopeOf } from '../../domain/permissions';
import type { Section } from '../../domain/sections';
import { notFound } from '../errors';
import { select, selectFirst, selectRows, type SelectedRow } from '../db/rows';
import {
  buyers,
  cities,
  employees,
  packing,
  positions,
  products,
  recordHistory,
  suppliers,
  users,
  varieties,
} from '../db/schema';
import type { SectionSpec } from '../contract/section';
import { recordColumnsOf } from '../contract/tables';
import { scopeCondition } from './access';

const H = alias(recordHistory, 'h');
const U = alias(users, 'u');
/** A history entry as stored, with its author's name (their email where they have none); its jsonb typed as
 * domain/history.ts writes it. */
const STORED_ENTRY = select({
  id: H.id,
  at: H.at,
  action: sql<HistoryAction>`${H.action}`,
  changes: sql<FieldChange[]>`${H.changes}`,
  via: sql<HistoryCause | null>`${H.via}`,
  user_id: H.user_id,
  user_name: sql<string | null>`coalesce(${U.name}, ${U.email})`,
});
type StoredEntry = SelectedRow<typeof STORED_ENTRY>;

/** The id and name of each reference list a change may name. */
const REF_TABLES = {
  products: { id: products.id, name: sql<string>`${products.name}` },
  varieties: { id: varieties.id, name: sql<string>`${varieties.name}` },
  packing: { id: packing.id, name: sql<string>`${packing.name}` },
  cities: { id: cities.id, name: sql<string>`${cities.name}` },
  suppliers: { id: suppliers.id, name: sql<string>`${suppliers.name}` },
  employees: { id: employees.id, name: sql<string>`${employees.full_name}` },
  positions: { id: positions.id, name: sql<string>`${positions.name}` },
  buyers: { id: buyers.id, name: sql<string>`${buyers.name}` },
} satisfies Record<HistoryRef, { id: Column; name: SQL<string> }>;

/** `afterVersion`: only the entries of writes after that version of the record (what a stale save answers). */
export async function readHistory(
  db: Database,
  specs: Record<Section, SectionSpec>,
  auth: AuthenticatedUser,
  section: Section,
  id: number,
  withDeleted: boolean,
): Promise<HistoryEntry[]> {
  const spec = specs[section];
  const a = sql.raw(spec.alias);
  const record = await selectFirst(
    db,
    select({ status: recordColumnsOf(spec).status }),
    sql`${spec.from} WHERE ${a}.id = ${id} AND ${scopeCondition(spec, auth, 'read')}`,
  );
  if (!record || (record.status === 'deleted' && !withDeleted)) throw notFound();
  const stored = await storedEntries(db, section, id);
  const readableReserves = await readableIds(
    db,
    specs.reserves,
    auth,
    stored.flatMap((e) => e.via?.ids ?? []),
  );
  const entries = visibleEntries(auth, section, stored, readableReserves);
  await nameReferences(db, section, entries);
  return entries;
}

/** What changed in a record after the version a write was made on, as its reader may see it, newest first: the
 * caller has read the record already (a stale save). No reserve is named as the cause of a stock change. */
export async function changesSince(
  db: Database,
  auth: AuthenticatedUser,
  section: Section,
  id: number,
  version: number,
): Promise<HistoryEntry[]> {
  const entries = visibleEntries(auth, section, await storedEntries(db, section, id, version), new Set());
  await nameReferences(db, section, entries);
  return entries;
}

async function storedEntries(
  db: Database,
  section: Section,
  id: number,
  afterVersion?: number,
): Promise<StoredEntry[]> {
  return selectRows(
    db,
    STORED_ENTRY,
    sql`FROM ${recordHistory} ${H} LEFT JOIN ${users} ${U} ON ${U.id} = ${H.user_id}
    WHERE ${H.section} = ${section} AND ${H.record_id} = ${id} ${afterVersion === undefined ? sql`` : sql`AND ${H.version} > ${afterVersion}`}
    ORDER BY ${H.id} DESC`,
  );
}

/** The entries as the reader may see them: hidden fields' changes left out, an entry left with nothing to tell
 * dropped, who wrote left out where the role does not see authors, only readable reserves named as causes. */
function visibleEntries(
  auth: AuthenticatedUser,
  section: Section,
  stored: StoredEntry[],
  readableReserves: Set<number>,
): HistoryEntry[] {
  const fields = HISTORY_FIELDS[section];
  const visible = (change: FieldChange) => {
    const field = fields[change.field];
    return field !== undefined && isColumnVisible(auth.permissions, section, field);
  };
  const showsAuthor = isRefVisible(auth.permissions, `${section}.created_by`);
  const entries: HistoryEntry[] = [];
  for (const e of stored) {
    const changes = (e.changes ?? []).filter(visible);
    if ((e.action === 'update' || e.action === 'stock') && !changes.length) continue;
    const via = e.via ? { ...e.via, ids: (e.via.ids ?? []).filter((rid) => readableReserves.has(rid)) } : null;
    if (via && !via.ids.length) delete (via as Partial<HistoryCause>).ids;
    // a price list's file may name its supplier: only for a reader who sees the offer's supplier
    if (via?.file && !isRefVisible(auth.permissions, 'offers.supplier')) delete via.file;
    entries.push({
      id: e.id,
      at: new Date(e.at).toISOString(),
      action: e.action,
      user: showsAuthor && e.user_id !== null ? { id: e.user_id, name: e.user_name } : null,
      // no user wrote it: the reserves' expiry job (every person's write names its user)
      system: e.user_id === null,
      changes,
      via,
    });
  }
  return entries;
}

/** The reserves among `ids` the caller may read. */
async function readableIds(
  db: Database,
  spec: SectionSpec,
  auth: AuthenticatedUser,
  ids: number[],
): Promise<Set<number>> {
  const unique = [...new Set(ids.map(Number))];
  const scope = scopeOf(auth.permissions, spec.section, 'read');
  if (!unique.length || scope === 'none') return new Set();
  if (scope === 'all') return new Set(unique);
  const a = sql.raw(spec.alias);
  return new Set(
    (
      await selectRows(
        db,
        select({ id: recordColumnsOf(spec).id }),
        sql`${spec.from}
    WHERE ${a}.id IN (${sql.join(
      unique.map((i) => sql`${i}`),
      sql`, `,
    )}) AND (${spec.own(auth)})`,
      )
    ).map((r) => r.id),
  );
}

/** Replaces the ids of references with {id, name}, and names the destination of a city's delivery change: one
 * query per reference list the entries name. */
async function nameReferences(db: Database, section: Section, entries: HistoryEntry[]) {
  const fields = HISTORY_FIELDS[section];
  const wanted = new Map<HistoryRef, Set<number>>();
  const want = (ref: HistoryRef, id: unknown) => {
    if (id === null || id === undefined) return;
    if (!wanted.has(ref)) wanted.set(ref, new Set());
    wanted.get(ref)!.add(Number(id));
  };
  for (const change of entries.flatMap((e) => e.changes)) {
    const field = fields[change.field];
    if (field.format === 'ref') [change.old, change.new].forEach((v) => want(field.ref!, v));
    if (field.format === 'delivery') want(field.ref!, change.key);
  }
  const names = new Map<string, string>();
  for (const [ref, ids] of wanted) {
    const { id, name } = REF_TABLES[ref];
    const rows = await selectRows(
      db,
      select({ id, name }),
      sql`FROM ${id.table}
      WHERE ${id} IN (${sql.join(
        [...ids].map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
    for (const row of rows) names.set(`${ref}:${row.id}`, row.name);
  }
  const named = (ref: HistoryRef, id: unknown): NamedValue | null =>
    id === null || id === undefined ? null : { id: Number(id), name: names.get(`${ref}:${Number(id)}`) ?? null };
  for (const change of entries.flatMap((e) => e.changes)) {
    const field = fields[change.field];
    if (field.format === 'ref') {
      change.old = named(field.ref!, change.old);
      change.new = named(field.ref!, change.new);
    }
    if (field.format === 'delivery') change.name = named(field.ref!, change.key)?.name ?? null;
  }
}
