// Every typed read checks its answer's shape (spec point 5): an endpoint spreads `checked(shape, entity)` into its
// definition, RTK Query runs the shape on the answer, and a mismatch becomes the spec's 'Ошибка формата данных для
// {entity}' like any other failure. Only the signed-in sections load this module, never the sign-in page.
import type { NamedSchemaError, SchemaFailureInfo } from '@reduxjs/toolkit/query';
import { MSG } from '../../domain/messages';
import { standardShape, type Shape } from '../../domain/shape';
import type { ApiError } from './errors';

/** The field a mismatch is at: the first key of its path ('' for the whole answer). */
export const mismatchedField = (error: NamedSchemaError) => String(error.issues[0]?.path?.[0] ?? '');

export function checked<T, Arg = unknown>(
  shape: Shape,
  entity: string | ((arg: Arg) => string),
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

/** The same check on the answer as it arrives, for an endpoint whose transformResponse then reshapes it. */
export function checkedRaw<T, Arg = unknown>(shape: Shape, entity: string | ((arg: Arg) => string)) {
  const { responseSchema, catchSchemaFailure } = checked<T, Arg>(shape, entity);
  return { rawResponseSchema: responseSchema, catchSchemaFailure };
}
