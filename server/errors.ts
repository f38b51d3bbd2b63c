// The error shapes of spec point 8, produced in one place so every route answers alike.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ValidationError } from 'yup';
import { MSG } from '../domain/messages';
import { FORCED_LOGOUT_CODE, type ErrorBody, type FieldMessage } from '../domain/api';
import { VERSION_MSG, type StaleInfo } from '../domain/versions';
import { SECTION_RESOURCES } from '../domain/resources';
import { SECTIONS, type Section } from '../domain/sectionKeys';

export class HttpError extends Error {
  /** headers: sent with the answer (e.g. Retry-After on a 429). */
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message ?? body.messages?.[0] ?? body.error);
  }
}

export const badRequest = (...messages: string[]) =>
  new HttpError(400, { status: 'error', error: 'validation', messages });
/** A 400 of refused fields: each field with its message, so one message shared by three fields ('Минимум
 * 2 символа') is told three times, by field; `messages` holds each message once, as before. */
export const fieldsRefused = (refused: FieldMessage[]) => {
  const errors = refused.filter(
    (e, i) => refused.findIndex((o) => o.field === e.field && o.message === e.message) === i,
  );
  return new HttpError(400, {
    status: 'error',
    error: 'validation',
    messages: [...new Set(errors.map((e) => e.message))],
    errors,
  });
};
export const unauthorized = () =>
  new HttpError(401, { status: 'error', error: 'unauthorized', message: MSG.unauthorized });
export const forbidden = (message: string = MSG.forbidden) =>
  new HttpError(403, { status: 'error', error: 'forbidden', message });
/** 403 with code 2: the SPA ends the session after 10 seconds (spec point 4), e.g. for a deactivated account. */
export const forcedLogout = (message: string) =>
  new HttpError(403, { status: 'error', error: 'forbidden', code: FORCED_LOGOUT_CODE, message });
export const notFound = (message: string = MSG.notFound) =>
  new HttpError(404, { status: 'error', error: 'not_found', message });
export const conflict = (message: string, text: string, id: number) =>
  new HttpError(409, { status: 'error', error: 'conflict', message, info: { text, id } });
/** 409 'stale': the write was made on an older version of the record; nothing was changed. */
export const stale = (info: StaleInfo) =>
  new HttpError(409, { status: 'error', error: 'stale', message: VERSION_MSG.stale, stale: info });
export const tooManyRequests = (message: string) =>
  new HttpError(429, { status: 'error', error: 'too_many_requests', messages: [message] });

/** Russian texts for the framework's own 4xx answers (malformed JSON, wrong content type, too large…). */
const FRAMEWORK_MESSAGES: Record<number, string> = {
  400: 'Некорректный запрос',
  404: MSG.notFound,
  405: MSG.methodNotAllowed,
  413: 'Слишком большой запрос',
  415: 'Неподдерживаемый формат запроса',
};

export const DB_MSG = {
  missingReference: (field: string) => (field ? `Поле «${field}»: запись не найдена` : 'Запись не найдена'),
  inUse: 'Запись используется в других данных и не может быть изменена',
  duplicate: 'Такая запись уже есть',
  conflict: 'Изменение противоречит текущим данным: обновите страницу и попробуйте снова',
  required: (field: string) => (field ? `Поле «${field}»: укажите значение` : 'Не заполнено обязательное поле'),
  tooLarge: 'Слишком большое число',
  tooLong: 'Слишком длинное значение',
  badValue: 'Недопустимое значение',
  badDate: 'Недопустимая дата',
  badCharacters: 'Недопустимые символы',
  /** A deadlock or a serialization failure: nothing was written, the same request may simply be sent again. */
  retry: 'Повторите запрос',
} as const;

interface PgError {
  code?: string;
  detail?: string;
  column?: string;
}

/** The PostgreSQL error behind a failed query (drizzle wraps it as `cause`), if there is one. */
function pgErrorOf(error: unknown): PgError | null {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 3;
    e = e.cause as typeof e, i++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as PgError;
  }
  return null;
}

/** A database error that is the caller's doing (a reference to nothing, a duplicate, a value the column cannot
 * hold) as the 400 or 409 it is; null for the server's own failures, which stay 500. Routes validate first: this
 * is the last line, so a gap in a schema is a clear Russian answer rather than an 'internal' one. */
export function fromDatabaseError(error: unknown): HttpError | null {
  const pg = pgErrorOf(error);
  if (!pg?.code) return null;
  const field = pg.column ?? /^Key \(([\w, ]+)\)=/.exec(pg.detail ?? '')?.[1] ?? '';
  const conflictBody = (message: string) => new HttpError(409, { status: 'error', error: 'conflict', message });
  switch (pg.code) {
    case '23503': // foreign_key_violation
      return /still referenced/.test(pg.detail ?? '')
        ? conflictBody(DB_MSG.inUse)
        : badRequest(DB_MSG.missingReference(field));
    case '23505':
      return conflictBody(DB_MSG.duplicate); // unique_violation
    // deadlock_detected, serialization_failure: the transaction was rolled back whole
    case '40P01':
    case '40001':
      return new HttpError(409, { status: 'error', error: 'retry', message: DB_MSG.retry });
    case '23514':
      return conflictBody(DB_MSG.conflict); // check_violation
    case '23502':
      return badRequest(DB_MSG.required(field)); // not_null_violation
    case '22003':
      return badRequest(DB_MSG.tooLarge); // numeric_value_out_of_range
    case '22001':
      return badRequest(DB_MSG.tooLong); // string_data_right_truncation
    case '22007':
    case '22008':
      return badRequest(DB_MSG.badDate); // invalid_datetime_format, datetime_field_overflow
    case '22021':
    case '22P05':
      return badRequest(DB_MSG.badCharacters); // character_not_in_repertoire, untranslatable_character
    case '22P02':
    case '22023':
    case '2201E':
    case '22012':
      return badRequest(DB_MSG.badValue); // invalid text, parameter, log, division by zero
    default:
      return null;
  }
}

/** The section an /api/<section>/… request writes, if it is one. */
function sectionOf(url: string): Section | null {
  const first = /^\/api\/([a-z_]+)/.exec(url)?.[1];
  return (SECTIONS as readonly string[]).includes(first ?? '') ? (first as Section) : null;
}

/** A 400's field pairs with each field's label as its section's card names it (a bare 'Обязательное поле'
 * named no field; 'Дней доставки' says which). */
function labelled(body: ErrorBody, url: string): ErrorBody {
  if (!body.errors?.length) return body;
  const section = sectionOf(url);
  const fields = section
    ? (SECTION_RESOURCES[section].spec.fields as Record<string, { label?: string } | undefined>)
    : {};
  return {
    ...body,
    errors: body.errors.map((e) => {
      const label = e.label ?? (Object.hasOwn(fields, e.field) ? fields[e.field]?.label : undefined);
      return label ? { ...e, label } : e;
    }),
  };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | ValidationError, request, reply) => {
    if (error instanceof HttpError)
      return reply.status(error.statusCode).headers(error.headers).send(labelled(error.body, request.url));
    const refused = fromDatabaseError(error);
    if (refused) {
      // the input should have been refused before the query: worth a look, but the caller gets its answer
      request.log.warn({ err: error }, 'database refused the input');
      return reply.status(refused.statusCode).send(refused.body);
    }
    if (error instanceof ValidationError) {
      const refused = (error.inner.length ? error.inner : [error]).map((e) => ({
        field: (e.path ?? '').split(/[.[]/)[0],
        message: e.errors[0] ?? e.message,
      }));
      if (!refused.some((r) => r.message))
        return reply.status(400).send({ status: 'error', error: 'validation', messages: [MSG.validationFallback] });
      return reply.status(400).send(labelled(fieldsRefused(refused).body, request.url));
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      return reply.status(400).send({ status: 'error', error: 'validation', messages: [MSG.validationFallback] });
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        status: 'error',
        error: fastifyError.code ?? 'bad_request',
        messages: [FRAMEWORK_MESSAGES[status] ?? FRAMEWORK_MESSAGES[400]],
      });
    }
    // a fixed message: an error's own message may carry a failed query's values (drizzle's 'params: …')
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ status: 'error', error: 'internal', message: MSG.serverError });
  });
}
