// Every failed call becomes { status, message, entityId?, code? } with the texts of spec point 8, so screens
// show `error.message` and never parse server bodies themselves.
import { MSG, UI } from '../../domain/messages';

export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'UNKNOWN';
  message: string;
  /** 409: the id of the existing record (for the 'Посмотреть …' link). */
  entityId?: number;
  code?: number;
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
    const info = isObject(body.info) ? body.info : {};
    const entityId = typeof info.id === 'number' ? info.id : Number(info.id) || undefined;
    return { status, message: message ?? messages[0] ?? MSG.unknown, entityId };
  }
  if (status === 404) return { status, message: message ?? messages[0] ?? MSG.notFound };
  if (messages.length) return { status, message: messages[0], code };
  if (message) return { status, message, code };
  return { status, message: MSG.unknown, code };
}

export function isApiError(value: unknown): value is ApiError {
  return isObject(value) && typeof value.message === 'string' && 'status' in value;
}

/** The message to show for whatever a hook or an unwrap() gave back. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : MSG.unknown;
}
