// What the record hooks of several sections share: the shared yup schema applied, the duplicate's 409 with the
// existing record's id (deleted or not), and the JSON schemas of a card's body and answers. The read, the rights,
// hidden fields and versions are the pipeline's (records/pipeline.ts).
import { sql, type SQL } from 'drizzle-orm';
import { ValidationError, type AnyObjectSchema } from 'yup';
import type { Database } from '../db/client';
import { badRequest, conflict } from '../errors';
import { rowsOf } from '../http/rows';
import { responses } from '../http/schemas';
import type { Row } from './pipeline';
import { CARD_RECORD } from '../../domain/responseShapes';

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

/** 409 when `duplicateOf` finds another record (deleted ones count: the link opens them with ?withDeleted). */
export async function refuseDuplicate(db: Database, condition: SQL | null, table: string, message: string, text: string, exceptId?: number) {
  if (!condition) return;
  const [dup] = rowsOf<{ id: number }>(await db.execute(sql`
    SELECT id FROM ${sql.identifier(table)} WHERE (${condition}) ${exceptId ? sql`AND id <> ${exceptId}` : sql``}
    ORDER BY (status = 'deleted'), id LIMIT 1`));
  if (dup) throw conflict(message, text, dup.id);
}

/** A restore's duplicate rule: 409 when a record that is not deleted is the same as the one coming back. */
export async function refuseActiveTwin(db: Database, condition: SQL | null, table: string, message: string, text: string, exceptId: number) {
  if (!condition) return;
  const [twin] = rowsOf<{ id: number }>(await db.execute(sql`
    SELECT id FROM ${sql.identifier(table)} WHERE (${condition}) AND status <> 'deleted' AND id <> ${exceptId} ORDER BY id LIMIT 1`));
  if (twin) throw conflict(message, text, twin.id);
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
export const cardResponse = (status: 200 | 201) => responses({ [status]: CARD_RECORD });

/** What /api/docs says of each of a card's routes (records/cardRoutes.ts). */
export interface CardSummaries {
  read: string;
  create: string;
  update: string;
}
