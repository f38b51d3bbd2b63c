// What the request log may keep. An invitation or reset link carries its one-time token in the query string, and
// anyone who reads the log could use an unused one: the URL is logged with secret parameters masked, and headers
// that carry credentials never are.
import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = /([?&](?:token|psswd|psswrd|password|confirmPsswrd|authorization)=)[^&#]*/gi;

/** The URL with every secret parameter's value masked. */
export const redactUrl = (url: string): string => url.replace(SECRET_PARAMS, '$1[скрыто]');

/** Fastify's logger options with the request serializer that masks secrets, over what the caller passed. */
export function safeLogger(logger: boolean | object): false | object {
  if (logger === false) return false;
  return {
    ...(logger === true ? {} : logger),
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip,
      }),
    },
    // should a log line ever carry them, these are masked whatever logged them
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.psswd', '*.psswrd', '*.token', 'headers.authorization'], censor: '[скрыто]' },
  };
}
