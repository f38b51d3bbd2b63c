// Response checking (spec point 5): every typed read checks the answer's shape before a screen uses it. The shapes
// are JSON Schema, the subset the server's route schemas are written in (type, one or a list, with 'integer';
// properties; required; items; additionalProperties), and the server answers with the same objects
// (domain/answers/), so what the SPA expects is what the server declares. A dozen lines rather than ajv:
// the checks load with the signed-in sections, and the sign-in page has no room for a schema compiler.

type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

export interface Shape {
  type?: JsonType | readonly JsonType[];
  properties?: Readonly<Record<string, Shape>>;
  required?: readonly string[];
  items?: Shape;
  /** true: other keys pass unchecked; a shape: every other key is checked by it. */
  additionalProperties?: boolean | Shape;
  /** description, format, enum and the rest describe the value for /api/docs; the check passes them by. */
  [annotation: string]: unknown;
}

const typeOf = (value: unknown): JsonType =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : Number.isInteger(value)
        ? 'integer'
        : (typeof value as JsonType);

/** The path of the first place `value` does not fit `shape` ('pagination.totalItems', '3.id', '' for the whole
 * answer), or null when it fits. */
export function mismatch(value: unknown, shape: Shape, path: string[] = []): string[] | null {
  const types = shape.type === undefined ? [] : ([] as JsonType[]).concat(shape.type as JsonType);
  const actual = typeOf(value);
  if (types.length && !types.includes(actual) && !(actual === 'integer' && types.includes('number'))) return path;
  if (actual === 'array' && shape.items) {
    for (let i = 0; i < (value as unknown[]).length; i++) {
      const found = mismatch((value as unknown[])[i], shape.items, [...path, String(i)]);
      if (found) return found;
    }
  }
  if (actual === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of shape.required ?? []) if (!(key in record)) return [...path, key];
    for (const [key, item] of Object.entries(record)) {
      const rule =
        shape.properties?.[key] ??
        (typeof shape.additionalProperties === 'object' ? shape.additionalProperties : undefined);
      const found = rule && item !== undefined ? mismatch(item, rule, [...path, key]) : null;
      if (found) return found;
    }
  }
  return null;
}

/** A shape as a Standard Schema (what RTK Query's responseSchema runs); the issue's path names the field. */
export function standardShape<T>(shape: Shape) {
  return {
    '~standard': {
      version: 1 as const,
      vendor: 'nutdesk',
      validate: (value: unknown) => {
        const path = mismatch(value, shape);
        return path === null ? { value: value as T } : { issues: [{ message: `shape: ${path.join('.')}`, path }] };
      },
    },
  };
}
