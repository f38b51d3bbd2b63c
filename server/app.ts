// buildApp() assembles the server; main.ts listens, tests call app.inject.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config';
import type { Database } from './db/client';
import { installErrorHandler, notFound } from './errors';
import { russianErrors } from './http/validation';
import { sharedSerializers, validatorCompiler } from './http/ajv';
import { guardInput } from './http/input';
import { authPlugin, requireSession } from './accounts/auth';
import loginRoutes from './accounts/login';
import recoveryRoutes from './accounts/recovery';
import activationRoutes from './accounts/activation';
import invitationRoutes from './admin/invitations';
import adminPageRoutes from './admin/routes';
import { createMailer, type Mailer } from './accounts/mail';
import { HashingGate } from './accounts/hashingGate';
import { HeavyGate } from './http/heavyGate';
import meRoutes from './accounts/me';
import profileRoutes from './profile/routes';
import preferencesRoutes from './preferences';
import adminRoutes from './admin';
import referencesRoutes from './references';
import commentsRoutes from './records/commentsRoutes';
import historyRoutes from './records/historyRoutes';
import filesRoutes from './records/filesRoutes';
import { offerDocumentsRoutes, repriceDailyOffers } from './sections/offers';
import priceListUploadRoutes from './priceListUploads';
import analyticsRoutes from './analytics/routes';
import { SECTION_PLUGINS, SECTION_SPECS } from './sections';
import priceListRoutes from './priceList';
import publicPriceListRoutes from './priceList/public';
import { stopPdfThread } from './priceList/pdfThread';
import quoteRoutes, { checkQuoteMargins } from './quotes';
import updRoutes from './sections/upd';
import invoicesRoutes from './sections/invoices';
import publicQuoteRoutes from './quotes/public';
import { quoteAudience } from './quotes/live';
import { paperAudience } from './sections/papers';
import { limitPublicReads } from './http/publicLimit';
import { SECTIONS } from '../domain/sections';
import { createServer } from 'node:http';
import { safeLogger } from './http/logging';
import { securityHeaders, spaPage } from './http/security';
import { MSG } from '../domain/messages';
import { knownMethods } from './http/methods';
import { memoryBus, type Bus } from './db/bus';
import { openFileStores } from './db/fileStores';
import { healthRoute } from './http/health';
import { installShutdown } from './http/shutdown';
import eventsRoutes from './events';
import notificationsRoutes from './notifications';
import { currencyRatesRoutes, type RatesFollower } from './sections/currencyRates';
import { checkMargins } from './sections/reserves';
import { recostShipments } from './sections/shipments';

/** What follows new rates, in order, wherever rates are stored (the job, the refresh, a rate typed by hand): the
 * 'daily' lots priced at the rate in force, the shipments on today's rate (or with such lots) costed again, then the
 * reserves and the saved quotes on 'daily' lots judged at that cost. */
export const RATES_FOLLOWERS: RatesFollower[] = [repriceDailyOffers, recostShipments, checkMargins, checkQuoteMargins];

export interface AppOptions {
  config: Config;
  db: Database;
  /** Messages between the instances on this database; one in-process bus when not given (a single instance). */
  bus?: Bus;
  /** Fastify's logger; off in tests. */
  logger?: boolean | object;
  /** Tests replace the mail to make it fail. */
  mailer?: Mailer;
}

/** How long an idle kept-alive connection is kept: Fastify's default, longer than a proxy's 60 s. */
const KEEP_ALIVE_MS = 72_000;

export async function buildApp({
  config,
  db,
  bus = memoryBus(),
  logger = false,
  mailer,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: safeLogger(logger),
    // a request trickled in (slowloris) is cut off: Node answers 408 and closes the connection. The server checks
    // its connections at a tenth of the limit, so the cut comes close to it.
    serverFactory: (handler) => {
      const server = createServer(
        {
          requestTimeout: config.requestTimeoutMs,
          headersTimeout: Math.ceil(config.requestTimeoutMs / 4),
          connectionsCheckingInterval: Math.max(100, Math.ceil(config.requestTimeoutMs / 10)),
        },
        handler,
      );
      // an idle kept-alive connection is kept 72 s, Fastify's own default, which a serverFactory's server does not
      // get (Node's is 5 s): with 5 s, a request already in the socket when the loop came back from a long hold-up
      // (the embedded database's burst of 200 list reads) was closed under it, unanswered
      server.keepAliveTimeout = KEEP_ALIVE_MS;
      return server;
    },
    bodyLimit: 1024 * 1024,
    // request.ip is the client's address (sign-in throttling): behind a proxy, only when it is trusted
    trustProxy: config.trustProxy,
    // failures of the route schemas come back in Russian in the spec's shape
    schemaErrorFormatter: russianErrors(),
    schemaController: { compilersFactory: { buildSerializer: sharedSerializers } },
  });
  // bodies are checked without coercion and refuse unknown keys; params and query are coerced from text
  app.setValidatorCompiler(validatorCompiler());
  const methodsOf = knownMethods(app);
  installErrorHandler(app);
  guardInput(app);
  app.decorate('bus', bus);
  app.decorate('mailer', mailer ?? createMailer(config, app.log));
  app.decorate('hashingGate', new HashingGate(config.hashingConcurrency, config.hashingQueue));
  app.decorate('heavyGate', new HeavyGate(config.exportsPerInstance, config.exportsPerUser, config.exportStallMs));
  // mail still on its way is written before the database closes
  app.addHook('onClose', () => app.mailer.idle());
  installShutdown(app);
  const fileStores = await openFileStores(config, db);
  app.addHook('onClose', () => fileStores.close());
  // the PDF worker (server/priceList/pdfThread.ts) goes with the server; a later PDF starts another
  app.addHook('onClose', () => stopPdfThread());

  await app.register(swagger, {
    openapi: {
      info: { title: 'NutDesk API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });
  await securityHeaders(app);
  // Swagger UI runs from its own files under a policy of its own: its scripts only from here, the inline styles it
  // writes allowed (a developer's page with no user content), no upgrade to https (a laptop serves plain http)
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP:
      "default-src 'self'; base-uri 'self'; font-src 'self' data:; frame-ancestors 'none'; img-src 'self' data:; object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'",
  });
  await app.register(authPlugin, { db });
  await app.register(loginRoutes, { db, config });
  await app.register(recoveryRoutes, { db, config });
  await app.register(activationRoutes, { db, config });

  healthRoute(app, db);

  // Everything under /api needs a live session, except the API docs and the health probe.
  await app.register(
    async (api) => {
      api.addHook('onRequest', requireSession);
      await api.register(meRoutes);
      await api.register(profileRoutes, { db, config });
      api.decorate('sectionSpecs', SECTION_SPECS);
      // one plugin per section of the registry, each owning /api/<section>
      for (const section of SECTIONS) await api.register(SECTION_PLUGINS[section], { db });
      await api.register(commentsRoutes, { db, specs: SECTION_SPECS });
      await api.register(historyRoutes, { db, specs: SECTION_SPECS });
      await api.register(filesRoutes, { db, stores: fileStores, specs: SECTION_SPECS });
      await api.register(offerDocumentsRoutes, { db, stores: fileStores });
      await api.register(priceListUploadRoutes, { db, stores: fileStores });
      await api.register(referencesRoutes, { db });
      await api.register(preferencesRoutes, { db });
      await api.register(adminRoutes, { db });
      await api.register(invitationRoutes, { db, config });
      await api.register(adminPageRoutes, { db, config });
      await api.register(priceListRoutes, { db, config });
      await api.register(quoteRoutes, { db, config });
      await api.register(updRoutes, { db });
      await api.register(invoicesRoutes, { db });
      // the live event stream: every committed change of a record, told to the users who may read it
      const papers = (['invoices', 'upd'] as const).map((paper) => paperAudience(paper, SECTION_SPECS.reserves));
      await api.register(eventsRoutes, { db, config, wings: [quoteAudience, ...papers] });
      await api.register(notificationsRoutes, { db });
      await api.register(analyticsRoutes, { db });
      await api.register(currencyRatesRoutes, { db, url: config.cbrRatesUrl, followers: RATES_FOLLOWERS });
    },
    { prefix: '/api' },
  );
  // the reads without a session, limited per address: a buyer's price list by its link (DESIGN.md "Public pages"),
  // and a saved quote by its link
  await app.register(
    async (publicApi) => {
      await limitPublicReads(publicApi, config.publicRequestsPerMinute);
      await publicApi.register(publicPriceListRoutes, {
        db,
        specs: SECTION_SPECS,
        stores: fileStores,
        cacheSeconds: config.publicCacheSeconds,
      });
      await publicApi.register(publicQuoteRoutes, { db, stores: fileStores });
    },
    { prefix: '/api/public' },
  );

  const indexHtml = path.join(config.distDir, 'index.html');
  let indexTemplate: string | undefined;
  if (existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      wildcard: false,
      index: false,
      // the page is served with its nonce by the handler below, never as a file
      allowedPath: (pathName) => pathName !== '/index.html',
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
      const page = spaPage((indexTemplate ??= readFileSync(indexHtml, 'utf8')));
      return reply
        .header('Cache-Control', 'no-cache')
        .header('Content-Security-Policy', page.policy)
        .type('text/html; charset=utf-8')
        .send(page.html);
    }
    const allowed = methodsOf(url);
    if (allowed.length) {
      return reply
        .status(405)
        .header('Allow', allowed.join(', '))
        .send({ status: 'error', error: 'method_not_allowed', message: MSG.methodNotAllowed });
    }
    throw notFound();
  });

  return app;
}
