// What no route may receive, whatever its schema says, checked once for all before validation:
// - JSON nested deeper than any form of ours (a body fifty thousand levels deep would otherwise be parsed and
//   walked by recursive code until the stack runs out);
// - text PostgreSQL cannot store or that is not text at all: NUL characters and lone UTF-16 surrogates, in
//   params, the query string, body values and body keys.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors';

/** Deeper than any body the API takes (a saved table layout is about four levels). */
export const MAX_JSON_DEPTH = 32;

export const INPUT_MSG = {
  tooDeep: 'Слишком глубокая вложенность данных',
  badCharacters: (where: string, field: string) =>
    field ? `${where} «${field}»: недопустимые символы` : 'Недопустимые символы в запросе',
} as const;

/** The deepest nesting of arrays and objects in JSON text, counted without parsing it. */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}

/** Text a database column can hold: no NUL, no lone surrogate. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isStorableText = (s: string) => !s.includes('\u0000') && !LONE_SURROGATE.test(s);

/** The top-level field under which a value holds unstorable text, '' for the value itself, or null when clean. */
export function badTextField(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : '';
  if (typeof value !== 'object' || value === null || depth > MAX_JSON_DEPTH) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    if (!isStorableText(key) || badTextField(item, depth + 1) !== null)
      return Array.isArray(value) && depth === 0 ? '' : key;
  }
  return null;
}

const WHERE = { params: 'Адрес: параметр', query: 'Параметр', body: 'Поле' } as const;

export function guardInput(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepth(body as string, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
      return done(badRequest(INPUT_MSG.tooDeep), undefined);
    parseJson(request, body as string, done);
  });
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const part of ['params', 'query', 'body'] as const) {
      const field = badTextField(request[part]);
      if (field !== null) throw badRequest(INPUT_MSG.badCharacters(WHERE[part], field));
    }
  });
}
