// Route schema failures in Russian, in the spec's shape {status:'error', error:'validation', messages}.
// Fastify runs ajv on params, query and body before a handler; this turns ajv's English into the messages a
// user of the form or list reads. A route may name its own message per field (the list's filter titles,
// bulk delete's 'Не выбраны записи для удаления'); every other failure gets a general one naming the field.
import type { FastifySchemaValidationError, SchemaErrorDataVar } from 'fastify/types/schema';
import { ValidationError, type ValidateOptions } from 'yup';
import { badRequest, fieldsRefused, type HttpError } from '../errors';
import { formatNumber } from '../../domain/format';

/** A field's message, or one per ajv keyword (minItems, maxItems, type, …) with `default` for the rest.
 * The key is the field's name at the top of params, query or body; '' is the whole of it. */
export type FieldMessages = Record<string, string | { default: string; [keyword: string]: string }>;

export interface ErrorTexts {
  fields?: FieldMessages;
  /** A key the schema does not know (additionalProperties: false). */
  unknown?: (key: string) => string;
}

const WHERE: Record<SchemaErrorDataVar, string> = {
  body: 'Поле',
  querystring: 'Параметр',
  params: 'Адрес: параметр',
  headers: 'Заголовок',
};
/** A key nobody asked for, by where it came. */
const UNKNOWN: Partial<Record<SchemaErrorDataVar, string>> = {
  body: 'Неизвестное поле',
  querystring: 'Неизвестный параметр',
};

function general(error: FastifySchemaValidationError, field: string, dataVar: SchemaErrorDataVar): string {
  const where = WHERE[dataVar];
  if (field === '') return 'Некорректный запрос';
  switch (error.keyword) {
    case 'required':
      return `${where} «${field}»: укажите значение`;
    case 'additionalProperties':
      return UNKNOWN[dataVar] ? `${UNKNOWN[dataVar]}: ${field}` : `${where} «${field}» не поддерживается`;
    case 'type':
      return `${where} «${field}»: ${['integer', 'number'].includes(String(error.params.type)) ? 'введите число' : 'неверный тип значения'}`;
    case 'maxLength':
      return `${where} «${field}»: не длиннее ${String(error.params.limit)} символов`;
    case 'maximum':
      return `${where} «${field}»: максимум ${formatNumber(error.params.limit)}`;
    case 'minimum':
      return `${where} «${field}»: минимум ${formatNumber(error.params.limit)}`;
    default:
      return `${where} «${field}»: недопустимое значение`;
  }
}

/** The top-level field an ajv error is about. */
function fieldOf(error: FastifySchemaValidationError): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  if (error.keyword === 'required' && params.missingProperty) return params.missingProperty;
  if (error.keyword === 'additionalProperties' && params.additionalProperty) return params.additionalProperty;
  const top = (error.instancePath ?? '').split('/')[1] ?? '';
  // an item of a body that is itself a list ([names…]) speaks for the whole body
  return /^\d+$/.test(top) ? '' : top;
}

export function russianErrors(texts: ErrorTexts = {}) {
  return (errors: FastifySchemaValidationError[], dataVar: SchemaErrorDataVar): HttpError => {
    // a value none of anyOf's alternatives took: one message for it, not one per alternative
    const alternatives = errors
      .filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf')
      .map((e) => e.instancePath ?? '');
    const reported = errors.filter(
      (e) =>
        e.keyword === 'anyOf' ||
        e.keyword === 'oneOf' ||
        !alternatives.some((path) => (e.instancePath ?? '') === path || (e.instancePath ?? '').startsWith(`${path}/`)),
    );
    const messageOf = (error: FastifySchemaValidationError, field: string): string => {
      if (error.keyword === 'additionalProperties' && texts.unknown) return texts.unknown(field);
      // a record id in the path that is not one is a path to nothing
      if (dataVar === 'params' && field === 'id') return 'Неверный номер записи';
      // a field named like Object.prototype's members (constructor, toString…) is just an unknown field
      const own = texts.fields && Object.hasOwn(texts.fields, field) ? texts.fields[field] : undefined;
      if (typeof own === 'string') return own;
      if (own) return Object.hasOwn(own, error.keyword) ? own[error.keyword] : own.default;
      return general(error, field, dataVar);
    };
    const refused = reported.map((error) => {
      const field = fieldOf(error);
      return { field, message: messageOf(error, field) };
    });
    // a body's fields are a card's fields: each with its own message; a URL's parameters are no card's
    return dataVar === 'body' ? fieldsRefused(refused) : badRequest(...new Set(refused.map((r) => r.message)));
  };
}

/** A failed shared (yup) schema as the card shows it: each failing field's first message by the field's path, in the
 * schema's order. The one reading of a shared schema's refusal: a card's or a document's 400, a bulk row's refusal
 * and an import row's problems all come from it. Anything that is not a schema's refusal is thrown on. */
export function fieldProblems(e: unknown): Map<string, string> {
  if (!(e instanceof ValidationError)) throw e;
  const first = new Map<string, string>();
  for (const error of e.inner.length ? e.inner : [e])
    if (!first.has(error.path ?? '')) first.set(error.path ?? '', error.errors[0] ?? error.message);
  return first;
}

/** The 400 of a failed shared schema: the first message of every field that fails, field by field. */
export const schemaRefusal = (e: unknown): HttpError =>
  fieldsRefused([...fieldProblems(e)].map(([field, message]) => ({ field, message })));

/** A shared schema applied as a card's write applies it (every field checked, unknown keys dropped unless the
 * options say otherwise): its values, or the 400 of schemaRefusal. */
export async function validated<T>(
  schema: { validate(value: unknown, options?: ValidateOptions): Promise<T> },
  value: unknown,
  options: ValidateOptions = { stripUnknown: true },
): Promise<T> {
  try {
    return await schema.validate(value, { abortEarly: false, ...options });
  } catch (e) {
    throw schemaRefusal(e);
  }
}
