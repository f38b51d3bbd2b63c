// The answers' schemas are TypeBox: each is the JSON Schema a route answers with (and /api/docs shows, and the SPA
// checks an answer against, domain/shape.ts) and, through `Static`, the TypeScript type of that answer at once. The
// server's code that makes an answer and the SPA's that reads it are typed by the one declaration, so a field renamed
// here fails the typecheck on both sides (__tests__/types/derived.ts).
// The helpers keep the JSON as the SPA's check reads it: a null is a type list ({type: ['string', 'null']}), not an
// anyOf, and a map is additionalProperties, not patternProperties.
import { Type, type SchemaOptions, type Static, type TSchema } from '@sinclair/typebox';

export const ID = Type.Integer();
export const TEXT = Type.String();
export const FLAG = Type.Boolean();
export const COUNT = Type.Integer();
export const TIMESTAMP = Type.String({ format: 'date-time' });

/** The schema, or null. */
export const Nullable = <T extends TSchema>(schema: T, options: SchemaOptions = {}) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'], ...options });

/** One of the strings named. */
export const OneOf = <const T extends readonly string[]>(values: T, options: SchemaOptions = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** An object of any keys (of `K` where given), each value of `value`'s schema. */
export const Dict = <V extends TSchema, K extends string = string>(value: V, options: SchemaOptions = {}) =>
  Type.Unsafe<Record<K, Static<V>>>({ type: 'object', additionalProperties: value, ...options });

/** The same, where only some of the keys `K` stand. */
export const PartialDict = <V extends TSchema, K extends string>(value: V, options: SchemaOptions = {}) =>
  Type.Unsafe<Partial<Record<K, Static<V>>>>({ type: 'object', additionalProperties: value, ...options });

export const NULLABLE_ID = Nullable(ID);
export const NULLABLE_TEXT = Nullable(TEXT);
/** A reference as {id, name}. */
export const NAMED = Type.Object({ id: ID, name: TEXT });
/** A reference as {id, name}; null where there is none or the reader may not see it. */
export const REFERENCE = Nullable(NAMED);
