// What the record cards of employees, suppliers, products and cities share on the server: one record read
// with the section's list columns (figures included) within the caller's read scope, its hidden fields
// stripped and whether the caller may change it; the refusal of hidden fields on writes; the shared yup
// schema applied; and the duplicate's 409 with the existing record's id, deleted or not.
import { sql, type SQL } from 'drizzle-orm';
import { ValidationError, type AnyObjectSchema } from 'yup';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import { hiddenFieldMessage } from '../../domain/schemas/card';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { rowsOf } from '../http/rows';
import { anyObject, responses } from '../http/schemas';
import { stripHidden } from '../lists/engine';
import type { SectionSpec } from '../spec/section';
import { mayColumn, scopeCondition } from './access';

export type Row = Record<string, unknown>;

/** One record as its card shows it; 404 when it is not there, out of the caller's scope, or deleted and
 * `withDeleted` was not asked for. `extra` adds columns over the section's FROM (ids of references). */
export async function readCardRecord(db: Database, spec: SectionSpec, auth: AuthenticatedUser, id: number, withDeleted: boolean, extra: Record<string, SQL> = {}): Promise<Row> {
  const readable = scopeCondition(spec, auth, 'read');
  const a = sql.raw(spec.alias);
  const columns = { ...spec.columns, ...extra };
  const select = sql.join(Object.entries(columns).map(([k, e]) => sql`${e} AS ${sql.identifier(k)}`), sql`, `);
  const [row] = rowsOf<Row>(await db.execute(sql`SELECT ${select},
      ${a}.status <> 'deleted' AND ${mayColumn(spec, auth, 'update')} AS can_update
    ${spec.from} WHERE ${a}.id = ${id} AND ${readable}`));
  if (!row || (row.status === 'deleted' && !withDeleted)) throw notFound();
  return stripHidden([row], auth.permissions, spec)[0];
}

/** A write may not name a field the caller's role does not see: 403 naming it. */
export function refuseHidden(hidden: ReadonlySet<string>, body: Row, fields: readonly string[]) {
  for (const field of fields) {
    const value = body[field];
    if (value === undefined || value === null || value === '') continue;
    if (hidden.has(field)) throw forbidden(hiddenFieldMessage(field));
  }
}

/** The shared form schema: a 400 with the first message of every field that fails (as the card shows them
 * under its fields), unknown keys dropped. */
export async function validateCard(schema: AnyObjectSchema, values: Row): Promise<Row> {
  try {
    return (await schema.validate(values, { abortEarly: false, stripUnknown: true })) as Row;
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    const first = new Map<string, string>();
    for (const error of e.inner.length ? e.inner : [e]) if (!first.has(error.path ?? '')) first.set(error.path ?? '', error.message);
    throw badRequest(...new Set(first.values()));
  }
}

/** What a PATCH changes: the fields it sends over the stored ones; hidden fields keep what is stored. */
export function mergeStored(fields: readonly string[], body: Row, stored: Row, hidden: ReadonlySet<string>): Row {
  const merged: Row = {};
  for (const field of fields) merged[field] = body[field] !== undefined && !hidden.has(field) ? body[field] : stored[field];
  return merged;
}

/** 409 when `duplicateOf` finds another record (deleted ones count: the link opens them with ?withDeleted). */
export async function refuseDuplicate(db: Database, condition: SQL | null, table: string, message: string, text: string, exceptId?: number) {
  if (!condition) return;
  const [dup] = rowsOf<{ id: number }>(await db.execute(sql`
    SELECT id FROM ${sql.identifier(table)} WHERE (${condition}) ${exceptId ? sql`AND id <> ${exceptId}` : sql``}
    ORDER BY (status = 'deleted'), id LIMIT 1`));
  if (dup) throw conflict(message, text, dup.id);
}

/** The caller must hold the section's create right. */
export function requireCreate(spec: SectionSpec, auth: AuthenticatedUser) {
  scopeCondition(spec, auth, 'create');
}

/** Only a record the caller may update (within its update scope, not deleted) can be changed. */
export function requireUpdatable(record: Row) {
  if (!record.can_update) throw forbidden();
}

/** A form value as a card sends it: a number or a string ('', '12,5'), null for an empty select. */
export const formValue = { type: ['string', 'number', 'null'], maxLength: 500, minimum: -2147483648, maximum: 2147483647 } as const;
const commentsValue = { type: 'array', maxItems: 50, items: { type: 'object', properties: { text: { type: 'string', maxLength: 5000 } } } } as const;

/** The JSON schema of a card's body: its form fields, comments on create, and what the section adds. The
 * rules and Russian messages stay in the shared yup schema; this keeps out what is not a form at all. */
export const cardBody = (fields: readonly string[], extra: Record<string, object> = {}) => ({
  type: 'object',
  properties: { ...Object.fromEntries(fields.map((field) => [field, formValue])), comments: commentsValue, ...extra },
}) as const;

/** The answers of a card's routes: the record as the card shows it (its columns depend on the caller's hidden
 * fields), under 200 or 201. */
export const cardResponse = (status: 200 | 201) => responses({ [status]: anyObject });

/** What /api/docs says of each of a card's routes (records/cardRoutes.ts). */
export interface CardSummaries {
  read: string;
  create: string;
  update: string;
}
