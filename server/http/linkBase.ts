// Where a buyer's link (a price list's /p/…, a quote's /q/…) starts: PUBLIC_URL when it is set; else the
// address the request came to, as the browser named it (Host, or X-Forwarded-Host and -Proto from a trusted proxy:
// Fastify's request.host and request.protocol under TRUST_PROXY), never http://localhost:PORT for an app opened
// at another address. An administrator is warned while PUBLIC_URL is unset on a server reached from elsewhere.
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** A host as a browser sends it: a name or an address, an optional port. Anything else is not used in a link. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const LOCAL = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

export const PUBLIC_URL_MSG = {
  unset: (base: string) =>
    `Не задан PUBLIC_URL: ссылки для покупателей строятся от адреса, по которому открыто приложение (${base}). ` +
    'Задайте PUBLIC_URL — адрес, по которому приложение открывают покупатели, и перезапустите сервер',
} as const;

type LinkConfig = Pick<Config, 'publicUrl' | 'publicUrlSet'>;

/** The address the request came to, or null when its Host is none a browser would send. */
function requestBase(request: FastifyRequest): string | null {
  const host = request.host;
  return host && HOST.test(host) ? `${request.protocol === 'https' ? 'https' : 'http'}://${host.toLowerCase()}` : null;
}

/** The start of a buyer's link for this request. */
export const linkBase = (config: LinkConfig, request: FastifyRequest): string =>
  config.publicUrlSet ? config.publicUrl : (requestBase(request) ?? config.publicUrl);

/** What an administrator is told about the links' address: a warning when PUBLIC_URL is unset and the app was
 * reached at an address other than this machine's. */
export function publicUrlState(
  config: LinkConfig,
  request: FastifyRequest,
): { base: string; configured: boolean; warning: string | null } {
  const base = linkBase(config, request);
  const local = LOCAL.test(request.host ?? '');
  return {
    base,
    configured: Boolean(config.publicUrlSet),
    warning: config.publicUrlSet || local ? null : PUBLIC_URL_MSG.unset(base),
  };
}
