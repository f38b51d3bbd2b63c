// Every failed call becomes { status, message, entityId?, code?, stale? } with the texts of spec point 8, so screens
// show `error.message` and never parse server bodies themselves.
import { MSG, UI } from '../../domain/messages';

export interface ApiError {
  /** BAD_SHAPE: the answer came but does not have the shape the read expects (src/api/shapes.ts). */
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'UNKNOWN' | 'BAD_SHAPE';
  message: string;
  /** 409: the id of the existing record (for the 'Посмотреть …' link). */
  entityId?: number;
  code?: number;
  /** 409 'stale': the record changed since the version the write was made on (plain JSON: the store keeps it). */
  stale?: StaleRecord;
  /** 409 'credit': the buyer's credit limit or overdue debt refused the reserve; a user with the right may
   * go ahead with a reason. */
  credit?: boolean;
  /** 400: each refused field's message, by the field's name (the server's {field, message} pairs), for a
   * card to show under its fields; a message several fields share is shown under each. */
  fields?: Record<string, string>;
}

/** A change of one field since the caller's version: the database column, as domain/history.ts names it. */
export interface StaleChange {
  field: string;
  old: unknown;
  new: unknown;
}

/** What the server answers with a stale write: the record's current version, who wrote it and when (null where
 * the caller may not see it), and the changes since the caller's version, newest last, hidden fields left out. */
export interface StaleRecord {
  version: number;
  by: string | null;
  at: string | null;
  changes: StaleChange[];
  /** The titles of the fields changed since. */
  fields?: string[];
}

interface ErrorLike {
  status: number | string;
  data?: unknown;
  error?: string;
  originalStatus?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function normaliseError(error: ErrorLike, entity: string = UI.genericEntity): ApiError {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') {
    return { status: 'FETCH_ERROR', message: MSG.network(entity) };
  }
  if (error.status === 'PARSING_ERROR') {
    return { status: error.originalStatus ?? 'PARSING_ERROR', message: MSG.notJson };
  }
  if (typeof error.status !== 'number') return { status: 'UNKNOWN', message: MSG.unknownFetch(entity) };

  const status = error.status;
  const body = isObject(error.data) ? error.data : {};
  const messages = Array.isArray(body.messages) ? body.messages.filter((m): m is string => typeof m === 'string') : [];
  const message = typeof body.message === 'string' ? body.message : undefined;
  const code = typeof body.code === 'number' ? body.code : undefined;

  if (status === 409) {
    const stale = body.error === 'stale' && isObject(body.stale) ? staleOf(body.stale) : undefined;
    if (stale) return { status, message: message ?? MSG.unknown, stale };
    if (body.error === 'credit') return { status, message: message ?? messages.join('. '), credit: true };
    const info = isObject(body.info) ? body.info : {};
    const entityId = typeof info.id === 'number' ? info.id : Number(info.id) || undefined;
    return { status, message: message ?? messages[0] ?? MSG.unknown, entityId };
  }
  if (status === 404) return { status, message: message ?? messages[0] ?? MSG.notFound };
  const fields = fieldsOf(body.errors);
  const named = namedFirst(body.errors);
  if (messages.length) return { status, message: named ?? messages[0], code, ...(fields ? { fields } : {}) };
  if (message) return { status, message, code };
  return { status, message: MSG.unknown, code };
}

/** The first message of each named field of a 400's {field, message} pairs; none without a named field. */
function fieldsOf(errors: unknown): Record<string, string> | undefined {
  if (!Array.isArray(errors)) return undefined;
  const fields: Record<string, string> = {};
  for (const e of errors) {
    if (isObject(e) && typeof e.field === 'string' && e.field && typeof e.message === 'string' && !(e.field in fields))
      fields[e.field] = e.message;
  }
  return Object.keys(fields).length ? fields : undefined;
}

/** The first refused field's message naming its field by label ('Дней доставки: Обязательное поле'), so an alert
 * says which field even where the card shows no such field; as it is when it names the field already. */
function namedFirst(errors: unknown): string | undefined {
  const first = Array.isArray(errors)
    ? (errors.find((e) => isObject(e) && typeof e.message === 'string') as Record<string, unknown> | undefined)
    : undefined;
  if (!first) return undefined;
  const message = first.message as string;
  const label = typeof first.label === 'string' ? first.label : '';
  return label && !message.toLowerCase().includes(label.toLowerCase()) ? `${label}: ${message}` : message;
}

function staleOf(stale: Record<string, unknown>): StaleRecord | undefined {
  if (typeof stale.version !== 'number') return undefined;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const changes = Array.isArray(stale.changes)
    ? stale.changes.filter((c): c is StaleChange => isObject(c) && typeof c.field === 'string')
    : [];
  const fields = Array.isArray(stale.fields)
    ? stale.fields.filter((f): f is string => typeof f === 'string')
    : undefined;
  return { version: stale.version, by: text(stale.by), at: text(stale.at), changes, ...(fields ? { fields } : {}) };
}

export function isApiError(value: unknown): value is ApiError {
  return isObject(value) && typeof value.message === 'string' && 'status' in value;
}

/** The message to show for whatever a hook or an unwrap() gave back. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : MSG.unknown;
}
