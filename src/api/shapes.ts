// Every typed read checks its answer's shape (spec point 5): an endpoint spreads `checked(schema, entity)` into its
// definition, RTK Query runs the schema on the answer, and a mismatch becomes the spec's 'Ошибка формата данных для
// {entity}' like any other failure. The schemas are the server's own (domain/answers/), so the answer's type is
// derived from the schema the route answers with, not written again here. Only the signed-in sections load this
// module, never the sign-in page.
import type { NamedSchemaError, SchemaFailureInfo } from '@reduxjs/toolkit/query';
import type { Static, TSchema } from '@sinclair/typebox';
import { MSG } from '../../domain/messages';
import { standardShape, type Shape } from '../../domain/shape';
import type { ApiError } from './errors';

/** The field a mismatch is at: the first key of its path ('' for the whole answer). */
export const mismatchedField = (error: NamedSchemaError) => String(error.issues[0]?.path?.[0] ?? '');

type Entity<Arg> = string | ((arg: Arg) => string);

/** The check of an open answer (a section's rows, a card, a saved layout), typed `T` by what the screen knows of the
 * keys the schema leaves open. */
export function checkedAs<T, Arg = unknown>(
  shape: Shape,
  entity: Entity<Arg>,
  message: (entity: string, error: NamedSchemaError) => string = (name) => MSG.badShape(name),
) {
  return {
    responseSchema: standardShape<T>(shape),
    catchSchemaFailure: (error: NamedSchemaError, info: SchemaFailureInfo): ApiError => ({
      status: 'BAD_SHAPE',
      message: message(typeof entity === 'function' ? entity(info.arg as Arg) : entity, error),
    }),
  };
}

/** The check of an answer typed by its schema: the endpoint's answer is `Static<typeof schema>`. */
export const checked = <S extends TSchema, Arg = unknown>(
  schema: S,
  entity: Entity<Arg>,
  message?: (entity: string, error: NamedSchemaError) => string,
) => checkedAs<Static<S>, Arg>(schema, entity, message);

/** The same check on the answer as it arrives, for an endpoint whose transformResponse then reshapes it. */
export function checkedRaw<T, Arg = unknown>(shape: Shape, entity: Entity<Arg>) {
  const { responseSchema, catchSchemaFailure } = checkedAs<T, Arg>(shape, entity);
  return { rawResponseSchema: responseSchema, catchSchemaFailure };
}
