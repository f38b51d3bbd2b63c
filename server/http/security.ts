// The headers that keep a browser on our side: no framing (clickjacking), no type sniffing, no referrer to other
// sites, HSTS when the app is reached over TLS (directly or, with TRUST_PROXY, through a proxy saying
// X-Forwarded-Proto: https), and a Content Security Policy on everything. The SPA's page gets a policy with a
// nonce made for that response: its scripts and styles come from our own origin, and the only inline styles
// allowed are those emotion (MUI) and the table's drag and drop write with that nonce, which the page hands them
// in <meta name="csp-nonce">. Every other answer (JSON, files) may load nothing at all.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/** The SPA page's policy for one response. */
export const spaPolicy = (nonce: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    // photos are fetched with the token and shown from blob: URLs
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** What every other answer may load: nothing. */
export const NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The API's own docs (Swagger UI) set their policy themselves. */
const ownPolicy = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

export async function securityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    // set per response below: the page's carries a nonce
    contentSecurityPolicy: false,
    // HSTS only where the request came over TLS (below): on plain http a browser ignores it anyway, and a
    // laptop install must not pin localhost to https
    hsts: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // the SPA loads nothing cross-origin; these would only get in the way of Swagger UI
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    const path = request.url.split('?')[0];
    if (!reply.hasHeader('Content-Security-Policy') && !ownPolicy(path))
      reply.header('Content-Security-Policy', NOTHING_POLICY);
    // no API answer is kept by a browser or a proxy (records, sessions, files, a buyer's price list, the sign-in's
    // token): what a user read stays nowhere once the session ends. The docs' static files are the exception, and
    // a route that chose its own (a photo, privately for an hour; the event stream) keeps it
    const api = path.startsWith('/api/') && !ownPolicy(path);
    // GET /login is the SPA's page (no-cache above); POST /login answers the token
    const signIn = (path === '/login' || path === '/logout') && request.method === 'POST';
    if ((api || signIn) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });
}

/** The SPA's page for one response: a fresh nonce in its meta tag and in its policy. */
export function spaPage(template: string): { html: string; policy: string } {
  const nonce = randomBytes(16).toString('base64');
  return {
    html: template.replace('<head>', `<head><meta name="csp-nonce" content="${nonce}">`),
    policy: spaPolicy(nonce),
  };
}
