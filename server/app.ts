// buildApp() assembles the server; main.ts listens, tests call app.inject.
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config';
import type { Database } from './db/client';
import { installErrorHandler, notFound } from './errors';
import { authPlugin, requireSession } from './http/auth';
import authRoutes from './accounts/login';
import meRoutes from './accounts/me';
import offersRoutes from './routes/offers';
import reservesRoutes from './routes/reserves';
import employeesRoutes from './routes/employees';
import suppliersRoutes from './routes/suppliers';
import productsRoutes from './routes/products';
import citiesRoutes from './routes/cities';
import settingsRoutes from './routes/settings';
import listsRoutes from './routes/lists';
import filesRoutes from './routes/files';
import commentsRoutes from './routes/comments';

export interface AppOptions {
  config: Config;
  db: Database;
  /** Fastify's logger; off in tests. */
  logger?: boolean | object;
}

export async function buildApp({ config, db, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: 1024 * 1024 });
  installErrorHandler(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'NutDesk API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin, { db });
  await app.register(authRoutes, { db, config });

  // Everything under /api needs a live session, except the API docs.
  await app.register(async (api) => {
    api.addHook('onRequest', requireSession);
    await api.register(meRoutes);
    for (const routes of [offersRoutes, reservesRoutes, employeesRoutes, suppliersRoutes, productsRoutes, citiesRoutes, settingsRoutes, listsRoutes]) {
      await api.register(routes, { db });
    }
    await api.register(commentsRoutes, { db });
    await api.register(filesRoutes, { db, config });
  }, { prefix: '/api' });

  const indexHtml = path.join(config.distDir, 'index.html');
  if (existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      wildcard: false,
      index: false,
      // file names carry a content hash: cache them for good; index.html is never cached
      setHeaders(reply, filePath) {
        reply.header('Cache-Control', filePath.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = url === '/api' || url.startsWith('/api/');
    if (request.method === 'GET' && !isApi && existsSync(indexHtml)) {
      // every SPA route (/, /login, /offers/12 …) is the same page; the router takes it from there
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', config.distDir);
    }
    throw notFound();
  });

  return app;
}
