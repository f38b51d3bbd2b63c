// Route schemas are the handlers' types: a route declares its params, query and body with TypeBox (`Type.*`), and
// Fastify's type provider gives the handler `request.params`, `request.query` and `request.body` as those schemas
// say, so what is checked and what is read cannot drift apart and no handler casts what it was given.
// Plugins and route helpers take an `App`; Fastify's `register` accepts them as they are.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** The same instance, its routes typed from their TypeBox schemas. */
export const typed = (app: FastifyInstance): App => app.withTypeProvider<TypeBoxTypeProvider>();
