import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { asOneCaller, newCaller } from './db/query-queue.js';
import { AppError } from './errors/app-error.js';
import { EventBus } from './events/event-bus.js';
import { sessionCheck } from './modules/accounts/accounts-service.js';
import accountsSetup from './modules/accounts/accounts-setup.js';
import accountsRoutes from './modules/accounts/index.js';
import bookingsRoutes from './modules/bookings/index.js';
import knownFullSetup from './modules/bookings/known-full-setup.js';
import waitlistRoutes from './modules/bookings/waitlist-routes.js';
import waitlistSetup from './modules/bookings/waitlist-setup.js';
import chatSetup from './modules/chat/chat-setup.js';
import chatRoutes, { chatMediaRoutes } from './modules/chat/index.js';
import devRoutes from './modules/dev/index.js';
import { isFollowingStore } from './modules/engagement/follows-service.js';
import engagementRoutes from './modules/engagement/index.js';
import healthRoutes from './modules/health/index.js';
import probeRoutes from './modules/health/probes.js';
import { createHomeHead, createRouteData, siteConfigHead } from './modules/home-boot/home-head.js';
import {
  createServerRender,
  importServerBundle,
  siteIconSymbols,
} from './modules/home-boot/server-render.js';
import locationsRoutes from './modules/locations/index.js';
import mediaRoutes from './modules/media/index.js';
import merchantDashboardRoutes from './modules/merchant-dashboard/index.js';
import notificationsRoutes from './modules/notifications/index.js';
import notificationsSetup from './modules/notifications/notifications-setup.js';
import offersRoutes from './modules/offers/index.js';
import paymentsRoutes from './modules/payments/index.js';
import paymentsSetup from './modules/payments/payments-setup.js';
import referralsRoutes from './modules/referrals/index.js';
import referralsSetup from './modules/referrals/referrals-setup.js';
import searchRoutes from './modules/search/index.js';
import serviceRequestsRoutes from './modules/service-requests/index.js';
import servicesRoutes from './modules/services/index.js';
import storesRoutes from './modules/stores/index.js';
import supportRoutes from './modules/support/index.js';
import apiKey from './plugins/api-key.js';
import auth from './plugins/auth.js';
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD_BYTES, COMPRESSED_ENCODINGS } from './plugins/compression.js';
import docs from './plugins/docs.js';
import errorHandler, { frameworkErrors } from './plugins/error-handler.js';
import inputGuard from './plugins/input-guard.js';
import { type LogStream, loggerOptions } from './plugins/log-redaction.js';
import metrics from './plugins/metrics.js';
import { PageCache, PublicDataSignal } from './plugins/page-cache.js';
import publicCache from './plugins/public-cache.js';
import rateLimit from './plugins/rate-limit.js';
import security from './plugins/security.js';
import staticSites, { inlineScriptHashes } from './plugins/static-sites.js';
import { createWindowLimiter } from './plugins/window-limiter.js';
import socketServer from './realtime/socket-server.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    redis: Redis | undefined;
    /** The one in-process domain event bus (booking and payment events). */
    events: EventBus;
  }
}

export interface AppDependencies {
  config: Config;
  database: Database;
  redis?: Redis | undefined;
  /** Tests add probe routes inside the /api/v1 scope (api key, auth and rate limit apply). */
  extraApiRoutes?: FastifyPluginAsync;
  /** Where log lines go (default stdout); tests read them to check redaction. */
  logStream?: LogStream;
}

export const API_PREFIX = '/api/v1';

/** Builds the whole app without listening: the server and every test use this. */
export async function buildApp({
  config,
  database,
  redis,
  extraApiRoutes,
  logStream,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('redis', redis);
  app.decorate('events', new EventBus(app.log));
  app.decorate('publicData', new PublicDataSignal());
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  if (database.kind === 'pglite') {
    // Each request is one caller of PGlite's queue (db/query-queue.ts): its statements keep the place
    // its first one took. Entered again once the body is read (the stream's events run outside it).
    // PostgreSQL has a pool and needs no order (and no async context on every promise).
    const callerOf = new WeakMap<FastifyRequest, ReturnType<typeof newCaller>>();
    app.addHook('onRequest', (request, _reply, done) => {
      const caller = newCaller();
      callerOf.set(request, caller);
      asOneCaller(caller, done);
    });
    app.addHook('preValidation', (request, _reply, done) => {
      asOneCaller(callerOf.get(request) ?? newCaller(), done);
    });
  }

  // HTML, JSON and SVG over 1 KB leave compressed when the client accepts it (issue 16: the home
  // page's HTML with its boot data is 62 KB plain, ~7 KB gzip), as plugins/compression.ts says.
  // Built site assets are precompressed on disk (@fastify/static serves those as they are), and so
  // is a page the page cache keeps, once per copy.
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: [...COMPRESSED_ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
  });
  await app.register(cookie);
  // Operations (issue 35): request metrics for every route below, and /livez + /readyz at the root.
  await app.register(metrics);
  await app.register(probeRoutes);
  await app.register(errorHandler);
  await app.register(inputGuard);
  await app.register(security, {
    corsOrigins: config.corsOrigins,
    isProduction: config.isProduction,
    googleSignIn: Boolean(config.googleClientId),
    inlineScripts: inlineScriptHashes([config.webDist, config.merchantDist]),
  });
  await app.register(docs, { serve: config.apiDocs });
  await app.register(healthRoutes, { operationIdSuffix: 'AtRoot' });
  await app.register(mediaRoutes);
  await app.register(chatMediaRoutes);
  // The M-Pesa client, the payments context, the reconciliation and money jobs; the Daraja simulator at /mpesa-sim.
  await app.register(paymentsSetup);
  // The referral withdrawals' context (M-Pesa B2C through the client above).
  await app.register(referralsSetup);
  // Socket.IO at /socket.io on this server (issue 11); app.realtime reaches connected users.
  await app.register(socketServer, {
    redis,
    keyPrefix: config.realtimeKeyPrefix,
    corsOrigins: config.corsOrigins,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    budgets: config.socketBudgets,
    sessionSweepMs: config.socketSessionSweepMs,
  });
  // The chat context (send limiter, attachments, message writer) and the chat's socket events.
  await app.register(chatSetup);
  // The accounts context (senders, Google, one-time codes, sign-in throttle) and the session validators.
  await app.register(accountsSetup);
  // The notifications service, its event-bus producers and the reminder job (issue 11).
  await app.register(notificationsSetup);
  await app.register(waitlistSetup);

  await app.register(
    async (api) => {
      await api.register(apiKey, { keys: config.apiKeys });
      await api.register(rateLimit, { max: config.rateLimitMax, redis });
      await api.register(auth, { secret: config.jwtSecret, secureCookie: config.isProduction });
      // A logout or password reset ends older tokens (accounts: the token version of each account).
      const isSessionCurrent = sessionCheck(app.db);
      api.setSessionValidator('customer', isSessionCurrent);
      api.setSessionValidator('merchant', isSessionCurrent);
      // Socket handshakes check tokens exactly as the API does (signature, expiry, revocation).
      app.realtime.setAuthenticator({
        authenticate: async (token) => {
          const session = await api.readSession({
            headers: { authorization: `Bearer ${token}` },
            cookies: {},
          } as unknown as FastifyRequest);
          return session ? { sub: session.sub, role: session.role, tv: session.tv, exp: session.exp } : null;
        },
        isCurrent: (session) => api.isSessionCurrent(session),
      });
      await api.register(publicCache, { ttlMs: config.publicCacheTtlMs });
      await api.register(knownFullSetup, { prefix: config.realtimeKeyPrefix });
      await api.register(healthRoutes, {});
      await api.register(supportRoutes);
      await api.register(accountsRoutes);
      await api.register(storesRoutes, { isFollowingStore });
      await api.register(offersRoutes);
      await api.register(servicesRoutes);
      await api.register(locationsRoutes);
      await api.register(searchRoutes);
      await api.register(engagementRoutes);
      await api.register(bookingsRoutes);
      await api.register(waitlistRoutes);
      await api.register(paymentsRoutes);
      await api.register(notificationsRoutes);
      await api.register(merchantDashboardRoutes);
      await api.register(serviceRequestsRoutes);
      await api.register(referralsRoutes);
      await api.register(chatRoutes);
      if (!config.isProduction) await api.register(devRoutes);
      if (extraApiRoutes) await api.register(extraApiRoutes);
      // Unknown API paths spend the caller's rate-limit budget like any other call.
      api.setNotFoundHandler({ preHandler: api.rateLimit() }, (request) => {
        throw new AppError(
          'ROUTE_NOT_FOUND',
          `Route ${request.method} ${request.url.split('?')[0]} not found`,
        );
      });
    },
    { prefix: API_PREFIX },
  );

  await app.register(staticSites, {
    sites: [
      { prefix: '/', root: config.webDist },
      { prefix: '/merchant/', root: config.merchantDist },
    ],
    homeHead: createHomeHead(app),
    routeData: createRouteData(app),
    siteHead: siteConfigHead({ googleClientId: config.googleClientId }),
    render: config.webServerEntry
      ? createServerRender(app, importServerBundle(config.webServerEntry), siteIconSymbols(config.webDist))
      : undefined,
    pageCache: new PageCache(config.publicCacheTtlMs, app.publicData),
    pageBudget: createWindowLimiter({
      max: config.pageRateLimitMax,
      windowMs: 60_000,
      redis,
      prefix: config.realtimeKeyPrefix,
      name: 'pages',
    }),
  });

  // /socket.io belongs to Socket.IO (a path it does not serve is a 404, never the site's index.html).
  const isApiPath = (pathname: string) =>
    pathname === '/api' ||
    pathname.startsWith('/api/') ||
    pathname === '/socket.io' ||
    pathname.startsWith('/socket.io/');

  // A page's address (its last segment without a file extension) goes straight to the page, as the
  // not-found handler below would send it. Through @fastify/static's wildcard it was first looked for
  // on disk (the file, its .br and .gz copies, then a read of each folder on its path for a spelling
  // check): a few per cent of a store page's CPU (issue 38), and folder reads for any made-up address.
  //
  // A callback hook that does not call `done` once the page has the request (decision 0818): an
  // async hook returning `reply` let Fastify go on when the reply's promise settled, and a reader
  // hanging up mid-page settles it. The wildcard route then missed its file and the not-found
  // handler rendered the page again for nobody, spending a second page of the reader's budget.
  app.addHook('onRequest', (request, reply, done) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.routeOptions.url?.endsWith('*'))
      return done();
    const pathname = request.url.split('?')[0] ?? '/';
    // A folder's address ('/merchant/') is its site's index.html, which the static plugin sends;
    // siteFallback declines an address with a file extension, which goes on to the file.
    if (pathname.endsWith('/') || isApiPath(pathname) || !app.siteFallback(request.url, reply)) done();
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (
      !isApiPath(pathname) &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      app.siteFallback(request.url, reply)
    ) {
      return reply;
    }
    throw new AppError('ROUTE_NOT_FOUND', `Route ${request.method} ${pathname} not found`);
  });

  app.addHook('onClose', async () => {
    await app.events.drain();
    await redis?.quit().catch(() => undefined);
  });

  return app;
}
