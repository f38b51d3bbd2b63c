// What the request log may keep. An invitation or reset link carries its one-time token in the query string, a
// buyer's link in its path, and anyone who reads the log could use them: the URL is logged with those masked, headers
// that carry credentials never are, and a database error without its query's values.
import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = /([?&](?:token|psswd|psswrd|password|confirmPsswrd|authorization)=)[^&#]*/gi;
// a buyer's link carries its token in the path: the page (/p/…, /q/…) and its API (/api/public/price-list/…)
const SECRET_PATHS = /^(\/(?:p|q)\/|\/api\/public\/[^/?#]+\/)[^/?#]+/;

/** The URL with every secret parameter's value, and a public link's token, masked. */
export const redactUrl = (url: string): string => url.replace(SECRET_PARAMS, '$1[скрыто]').replace(SECRET_PATHS, '$1[скрыто]');

/** What of an error the log keeps: a database error without the values of its query (drizzle puts its parameters in
 * the message, PostgreSQL the offending value in `detail` or in a data exception's message: an INN, a phone). */
export function safeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const e = error as Error & Record<string, unknown>;
  // a data exception (SQLSTATE class 22: 'invalid input syntax for type integer: "…"') quotes the value it refused
  const quotesValue = typeof e.code === 'string' && e.code.startsWith('22');
  const withoutParams = (text: string | undefined) => {
    const cut = text?.replace(/\nparams: [^\n]*/g, '');
    return quotesValue ? cut?.replace(/"[^"\n]*"/g, '"[скрыто]"') : cut;
  };
  const kept: Record<string, unknown> = { type: e.constructor?.name ?? 'Error', message: withoutParams(e.message), stack: withoutParams(e.stack) };
  for (const key of ['code', 'constraint', 'table', 'column', 'severity', 'routine', 'statusCode', 'query']) {
    if (e[key] !== undefined) kept[key] = e[key];
  }
  if (e.cause !== undefined) kept.cause = safeError(e.cause);
  return kept;
}

/** Fastify's logger options with the request serializer that masks secrets, over what the caller passed. */
export function safeLogger(logger: boolean | object): false | object {
  if (logger === false) return false;
  return {
    ...(logger === true ? {} : logger),
    serializers: {
      err: safeError,
      req: (request: FastifyRequest) => ({
        method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip,
      }),
    },
    // should a log line ever carry them, these are masked whatever logged them
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.psswd', '*.psswrd', '*.token', 'headers.authorization'], censor: '[скрыто]' },
  };
}
