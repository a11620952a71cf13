import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { buildOpenApiDocument, type OperationId } from '@mc/api';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { productionWarnings, settingWarnings } from './config-check.ts';
import { type Adapters, type AppContext, defaultAdapters, usesSandbox } from './context.ts';
import type { Database } from './db/client.ts';
import {
  type DestinationStream,
  lazyChildLogger,
  loggerOptions,
  RequestLogController,
} from './lib/logging.ts';
import { outageLogOf } from './lib/outage-log.ts';
import { validatorCompiler } from './lib/request-validation.ts';
import { lazySerializerFactory } from './lib/response-schemas.ts';
import { marketplaceHandlers } from './marketplace/routes.ts';
import { authHandlers, sessionCacheOf } from './modules/auth/index.ts';
import { billingHandlers, registerSandboxStripePages } from './modules/billing/index.ts';
import { courierHandlers } from './modules/courier/index.ts';
import { registerDevRoutes } from './modules/dev/index.ts';
import { registerDocsRoutes } from './modules/docs/index.ts';
import { inventoryHandlers } from './modules/inventory/index.ts';
import { merchantHandlers } from './modules/merchants/index.ts';
import {
  listenOrderEvents,
  manageBulkJobs,
  OrderEventRelay,
  OrderStreams,
  orderHandlers,
} from './modules/orders/index.ts';
import { reportsHandlers } from './modules/reports/index.ts';
import { smsHandlers } from './modules/sms/index.ts';
import { teamHandlers } from './modules/team/index.ts';
import { CSP_DIRECTIVES } from './plugins/csp.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import type { EndpointHandlers } from './routes/endpoint-handlers.ts';
import { registerEndpoints } from './routes/register-endpoints.ts';
import { type Readiness, registerHealthRoutes } from './runtime/health.ts';
import { fastifyTimeoutOptions, type HttpTimeouts } from './runtime/http-timeouts.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  adapters?: Partial<Adapters>;
  logStream?: DestinationStream;
  /** Start-up/shutdown state behind /readyz (runtime/server.ts); default: ready. */
  readiness?: Readiness;
  /** Tests only: shorter HTTP deadlines than runtime/http-timeouts.ts's (the production values are asserted apart). */
  httpTimeouts?: HttpTimeouts;
  /** Tests only: change the handler map before it is checked against the endpoint table. */
  adjustHandlers?: (handlers: Record<string, unknown>) => Record<string, unknown>;
}

/** The API's description in /openapi.json (the endpoints come from the table in packages/api). */
export const OPENAPI_INFO = {
  title: 'Merchant API',
  version: '2.0.0',
  description:
    'The merchant fulfilment API behind the console: accounts (/a/v2), merchant data (/c/v2) and orders (/m/v2). ' +
    'Authenticate with `POST /a/v2/login` and send the token as `Authorization: Bearer <token>`. ' +
    'Errors are `{message, errors?}` with 400, 401, 403, 404, 409 or 429.',
};

const API_PREFIXES = [
  '/a/',
  '/c/',
  '/m/',
  '/v1/',
  '/dev/',
  '/api-docs',
  '/openapi.json',
  '/healthz',
  '/readyz',
];

export async function buildApp(opts: BuildAppOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, database } = opts;
  const app = Fastify({
    logger: loggerOptions(config, opts.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A slow client cannot hold a connection: headers within 15 s, the whole request within 25 s, 60 s of
    // silence at most (runtime/http-timeouts.ts, docs/decisions/0115).
    ...fastifyTimeoutOptions(opts.httpTimeouts),
    routerOptions: { maxParamLength: 200 },
    // During a graceful stop, requests already on an open connection are served (with Connection: close)
    // rather than refused with Fastify's own 503 body.
    return503OnClosing: false,
    // One line per request, at completion, without the request/response serializers (lib/logging.ts).
    logController: new RequestLogController(config, opts.logStream),
    // fast-json-stringify serializers compiled on each route's first response, not at start-up.
    schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory } },
    // Each request's child logger is made when something is logged through it (lib/logging.ts).
    childLoggerFactory: lazyChildLogger,
  });
  for (const warning of [...settingWarnings(config), ...productionWarnings(config)]) app.log.warn(warning);
  app.setValidatorCompiler(validatorCompiler);
  // Responses: Fastify's precompiled serialisers (fast-json-stringify) from the table's schemas converted
  // to JSON Schema once; a route whose schema does not convert sets zod's serialiser itself (register-endpoints.ts).
  app.decorateRequest('principal', null);

  const events = new EventEmitter();
  events.setMaxListeners(0);
  // Every role publishes the order events its own changes wrote (a worker's bulk accepts included).
  const orderEvents = new OrderEventRelay(database, events, app.log);
  const ctx: AppContext = {
    config,
    database,
    adapters: { ...(await defaultAdapters(config, database)), ...opts.adapters },
    events,
    orderEvents,
  };
  // ROLE=worker serves only /healthz and /readyz (runtime/server.ts runs its job queue).
  const servesApi = config.role !== 'worker';
  // With a PostgreSQL server, events of every process reach this one through LISTEN/NOTIFY.
  // Events published while this process's LISTEN was down never arrive: once it is back, the open event
  // streams end and every console reconnects, reloading its counts and lists (use-order-events.ts).
  const streams = new OrderStreams(ctx, app.log);
  if (servesApi && database.pool && database.connectionString)
    app.addHook(
      'onClose',
      await listenOrderEvents(database.connectionString, events, app.log, () => {
        app.log.info({ streams: streams.open.size }, 'order events: LISTEN back, consoles asked to resync');
        streams.closeAll();
        // Session revocations sent while the LISTEN was down never arrive: forget every cached session.
        sessionCacheOf(ctx).clear();
      }),
    );
  // On close the relay publishes what is left; rows it cannot publish wait for the next start.
  orderEvents.start();
  app.addHook('onClose', () => orderEvents.stop());

  registerErrorHandling(app);
  // The outage lines' pending counts are written on close (lib/outage-log.ts).
  app.addHook('onClose', async () => outageLogOf(app.log).close());
  registerInputGuard(app);
  // helmet's headers, computed once from these options (plugins/security-headers.ts).
  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    // HSTS in production only (a browser would pin a developer's localhost to https otherwise).
    strictTransportSecurity:
      config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  await app.register(rateLimit, { global: false });
  registerHealthRoutes(app, database, opts.readiness ?? { migrated: true, draining: false });
  if (!servesApi) {
    app.setNotFoundHandler((_req, reply) => reply.status(404).send({ message: 'Not found' }));
    return { app, ctx };
  }
  let openapi: Record<string, unknown> | undefined;
  app.get('/openapi.json', { logLevel: 'warn' }, async () => {
    openapi ??= buildOpenApiDocument(OPENAPI_INFO);
    return openapi;
  });

  // The job queue lives with the app: started on first use (or by the runtime for a worker), stopped on close.
  manageBulkJobs(app, ctx, { log: app.log });
  app.addHook('preClose', (done) => {
    streams.closeAll();
    done();
  });
  // The ended streams' places are given back before the database closes.
  app.addHook('onClose', () => streams.settled());
  // Every endpoint of the table, each with its module's handler (a missing or extra handler stops here).
  const handlers = {
    ...authHandlers(ctx, app.log),
    ...teamHandlers(ctx),
    ...merchantHandlers(ctx),
    ...billingHandlers(ctx),
    ...inventoryHandlers(ctx),
    ...orderHandlers(ctx, streams),
    ...reportsHandlers(ctx),
    ...smsHandlers(ctx),
    ...marketplaceHandlers(ctx),
    ...courierHandlers(ctx),
  } satisfies EndpointHandlers<OperationId>;
  try {
    registerEndpoints(
      app,
      ctx,
      (opts.adjustHandlers ? opts.adjustHandlers(handlers) : handlers) as EndpointHandlers<OperationId>,
    );
  } catch (error) {
    await app.close();
    throw error;
  }
  // Outside the table (docs/decisions/0074): HTML and scripts of the reference page, sandbox pages.
  await registerDocsRoutes(app, ctx);
  if (ctx.adapters.payments.kind === 'sandbox') registerSandboxStripePages(app, ctx);
  // The sandbox outbox shows every kept email (reset links included): development only, whatever the adapters.
  if (config.env !== 'production' && usesSandbox(ctx.adapters)) registerDevRoutes(app, ctx);

  // The built console, with SPA fallback for its client-side routes.
  const index = path.join(config.webDist, 'index.html');
  const hasWeb = existsSync(index);
  if (hasWeb) {
    // Hashed assets never change under their name: cached for a year. Anything else (index.html, the
    // favicon) is revalidated on every load so a deploy is seen at once. Brotli or gzip from the build's
    // precompressed siblings (apps/web/vite.config.ts), by Accept-Encoding.
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', staticCacheControl(filePath));
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => url.startsWith(p));
    if (req.method === 'GET' && !isApi && hasWeb && !path.extname(url)) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found' });
  });

  return { app, ctx };
}

/** `Cache-Control` of a file of the built console: hashed assets are immutable, the rest revalidates. */
export function staticCacheControl(filePath: string): string {
  return /[/\\]assets[/\\]/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
