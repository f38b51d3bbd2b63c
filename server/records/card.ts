// What the record hooks of several sections share: the shared yup schema applied, the duplicate's 409 with the
// existing record's id (deleted or not), and the JSON schemas of a card's body and answers. The read, the rights,
// hidden fields and versions are the pipeline's (records/pipeline.ts).
import { sql, type SQL } from 'drizzle-orm';
import type { AnyObjectSchema } from 'yup';
import type { Database } from '../db/client';
import { conflict } from '../errors';
import { rowsAs, select, selectFirst } from '../db/rows';
import { tableColumnsOf } from '../contract/tables';
import type { Section } from '../../domain/sections';
import { responses } from '../http/schemas';
import { validated } from '../http/validation';
import type { Row } from './pipeline';
import { CARD_RECORD } from '../../domain/answers';

/** The shared form schema: a 400 with the first message of every field that fails (as the card shows them
 * under its fields), unknown keys dropped. */
export const validateCard = (schema: AnyObjectSchema, values: Row): Promise<Row> => validated<Row>(schema, values);

/** 409 when `duplicateOf` finds another record (deleted ones count: the link opens them with ?withDeleted). */
export async function refuseDuplicate(
  db: Database,
  condition: SQL | null,
  section: Section,
  message: string,
  text: string,
  exceptId?: number,
) {
  if (!condition) return;
  const { id, status } = tableColumnsOf(section);
  const dup = await selectFirst(
    db,
    select({ id }),
    sql`
    FROM ${sql.identifier(section)} WHERE (${condition}) ${exceptId ? sql`AND ${id} <> ${exceptId}` : sql``}
    ORDER BY (${status} = 'deleted'), ${id} LIMIT 1`,
  );
  if (dup) throw conflict(message, text, dup.id);
}

/** A restore's duplicate rule: 409 when a record that is not deleted is the same as the one coming back. */
export async function refuseActiveTwin(
  db: Database,
  condition: SQL | null,
  section: Section,
  message: string,
  text: string,
  exceptId: number,
) {
  if (!condition) return;
  const { id, status } = tableColumnsOf(section);
  const twin = await selectFirst(
    db,
    select({ id }),
    sql`
    FROM ${sql.identifier(section)} WHERE (${condition}) AND ${status} <> 'deleted' AND ${id} <> ${exceptId} ORDER BY ${id} LIMIT 1`,
  );
  if (twin) throw conflict(message, text, twin.id);
}

/** A form value as a card sends it: a number or a string ('', '12,5'), null for an empty select. */
export const formValue = {
  type: ['string', 'number', 'null'],
  maxLength: 500,
  minimum: -2147483648,
  maximum: 2147483647,
} as const;
const commentsValue = {
  type: 'array',
  maxItems: 50,
  items: { type: 'object', properties: { text: { type: 'string', maxLength: 5000 } } },
} as const;

/** The JSON schema of a card's body: its form fields, comments on create, and what the section adds. The
 * rules and Russian messages stay in the shared yup schema; this keeps out what is not a form at all. */
export const cardBody = (fields: readonly string[], extra: Record<string, object> = {}) =>
  ({
    type: 'object',
    properties: { ...Object.fromEntries(fields.map((field) => [field, formValue])), comments: commentsValue, ...extra },
  }) as const;

/** The answers of a card's routes: the record as the card shows it (its columns depend on the caller's hidden
 * fields), under 200 or 201. */
export const cardResponse = (status: 200 | 201) => responses({ [status]: CARD_RECORD });

/** What /api/docs says of each of a card's routes (records/cardRoutes.ts). */
export interface CardSummaries {
  read: string;
  create: string;
  update: string;
}

/** One record a set-based duplicate rule asks about: its id and what makes another record the same (null: nothing). */
export interface TwinProbe {
  id: number;
  condition: SQL | null;
}

/** What the duplicate rule finds for one record: the twin outside `among` as the card's own query would pick it
 * (refuseDuplicate's: any record, the live ones first; refuseActiveTwin's: not deleted, the lowest id), and the
 * records of `among` the same as it (a chunk written together decides those in memory, in id order). */
export interface TwinFound {
  twin: number | null;
  among: number[];
}

/** The duplicate rule for a chunk of records in one statement (a branch per record, each an indexed lookup), where
 * the card asks once per record: `active` as a restore asks (twins not deleted), else as a change does. */
export async function findTwins(
  db: Database,
  section: Section,
  probes: TwinProbe[],
  options: { active: boolean; among: number[] },
): Promise<Map<number, TwinFound>> {
  const found = new Map<number, TwinFound>();
  const asked = probes.filter((p): p is { id: number; condition: SQL } => p.condition !== null);
  for (const p of probes) found.set(p.id, { twin: null, among: [] });
  if (!asked.length) return found;
  const t = sql.identifier(section);
  const { id, status } = tableColumnsOf(section);
  const among = `{${options.among.join(',')}}`;
  const outside = options.active
    ? sql`AND ${status} <> 'deleted' ORDER BY ${id}`
    : sql`ORDER BY (${status} = 'deleted'), ${id}`;
  // a branch per record, each answering the same columns
  const probe = (p: { id: number; condition: SQL }) =>
    select({
      id: sql<number>`${p.id}::int`,
      twin: sql<
        number | null
      >`(SELECT ${id} FROM ${t} WHERE (${p.condition}) AND ${id} <> ${p.id} AND ${id} <> ALL(${among}::int[]) ${outside} LIMIT 1)`,
      among: sql<
        number[] | string
      >`ARRAY(SELECT ${id} FROM ${t} WHERE (${p.condition}) AND ${id} <> ${p.id} AND ${id} = ANY(${among}::int[]) ORDER BY ${id})`,
    });
  const selections = asked.map(probe);
  for (const row of rowsAs(
    selections[0],
    await db.execute(
      sql.join(
        selections.map((s) => sql`SELECT ${s}`),
        sql` UNION ALL `,
      ),
    ),
  )) {
    found.set(Number(row.id), { twin: row.twin === null ? null : Number(row.twin), among: intArray(row.among) });
  }
  return found;
}

/** An int[] as the driver gives it: an array (PostgreSQL, PGlite) or its text '{1,2}'. */
const intArray = (value: number[] | string | null): number[] =>
  Array.isArray(value)
    ? value.map(Number)
    : String(value ?? '')
        .replace(/[{}]/g, '')
        .split(',')
        .filter(Boolean)
        .map(Number);

/** A chunk's records judged in id order as the card would judge them one by one: each one's twin is the one outside
 * (`found.twin`) or one of the chunk that `stands(id)` says is there as the same by then (written, or come back).
 * `pass(id)` is told of each record that goes ahead. Answers the twin of each refused record. */
export function chunkTwins(
  ids: number[],
  found: Map<number, TwinFound>,
  stands: (id: number, passed: ReadonlySet<number>) => boolean,
): Map<number, number> {
  const passed = new Set<number>();
  const refused = new Map<number, number>();
  for (const id of [...ids].sort((x, y) => x - y)) {
    const f = found.get(id);
    const inside = (f?.among ?? []).filter((other) => stands(other, passed));
    const twin = [f?.twin ?? null, ...inside].filter((x): x is number => x !== null).sort((x, y) => x - y)[0];
    if (twin !== undefined) refused.set(id, twin);
    else passed.add(id);
  }
  return refused;
}
