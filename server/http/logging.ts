// What the request log may keep. An invitation or reset link carries its one-time token in the query string, a
// buyer's link in its path, and anyone who reads the log could use them: the URL is logged with those masked, headers
// that carry credentials never are, and a database error without its query's values.
import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = /([?&](?:token|psswd|psswrd|password|confirmPsswrd|authorization)=)[^&#]*/gi;
// a buyer's link carries its token in the path: the page (/p/…, /q/…) and its API (/api/public/price-list/…)
const SECRET_PATHS = /^(\/(?:p|q)\/|\/api\/public\/[^/?#]+\/)[^/?#]+/;

/** The URL with every secret parameter's value, and a public link's token, masked. */
export const redactUrl = (url: string): string =>
  url.replace(SECRET_PARAMS, '$1[скрыто]').replace(SECRET_PATHS, '$1[скрыто]');

/** Longest text an error's field keeps in the log, and longest line the log writes: one request must not write
 * an upload into it. */
export const LOG_TEXT_MAX = 4_000;
export const LOG_LINE_MAX = 16_000;
const capped = (text: string | undefined) =>
  text !== undefined && text.length > LOG_TEXT_MAX
    ? `${text.slice(0, LOG_TEXT_MAX)}… [ещё ${text.length - LOG_TEXT_MAX} симв.]`
    : text;

/** A log line past LOG_LINE_MAX as a line of its own that says so, with its level and its beginning. */
export function cappedLine(line: string): string {
  if (line.length <= LOG_LINE_MAX) return line;
  const level = /^\{"level":(\d+)/.exec(line)?.[1];
  return `${JSON.stringify({ level: level ? Number(level) : 50, time: Date.now(), msg: 'log line cut', length: line.length, head: line.slice(0, LOG_LINE_MAX / 2) })}\n`;
}

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
  const kept: Record<string, unknown> = {
    type: e.constructor?.name ?? 'Error',
    message: capped(withoutParams(e.message)),
    stack: capped(withoutParams(e.stack)),
  };
  for (const key of ['code', 'constraint', 'table', 'column', 'severity', 'routine', 'statusCode', 'query']) {
    if (e[key] !== undefined) kept[key] = typeof e[key] === 'string' ? capped(e[key]) : e[key];
  }
  if (e.cause !== undefined) kept.cause = safeError(e.cause);
  return kept;
}

/** Fastify's logger options with the request serializer that masks secrets, over what the caller passed. */
export function safeLogger(logger: boolean | object): false | object {
  if (logger === false) return false;
  return {
    ...(logger === true ? {} : logger),
    hooks: { streamWrite: cappedLine },
    serializers: {
      err: safeError,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
    // should a log line ever carry them, these are masked whatever logged them
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.psswd',
        '*.psswrd',
        '*.token',
        'headers.authorization',
      ],
      censor: '[скрыто]',
    },
  };
}
