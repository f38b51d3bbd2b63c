// Which methods a path is served with: a request with another method on a known path is answered 405 with the
// Allow header (not 404 'Объект не найден', which says the thing is not there). The routes are collected as they
// are registered; a route's path pattern (/api/offers/:id, a wildcard) becomes one regular expression.
import type { FastifyInstance } from 'fastify';

const patternOf = (url: string) =>
  new RegExp(
    `^${url
      .split('/')
      .map((part) =>
        part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/')}/?$`,
  );

export function knownMethods(app: FastifyInstance): (path: string) => string[] {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    if (methods.length) routes.push({ pattern: patternOf(route.url), methods });
  });
  return (path) => [...new Set(routes.filter((r) => r.pattern.test(path)).flatMap((r) => r.methods))].sort();
}
