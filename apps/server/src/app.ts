import { EventEmitter } from 'node:events';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { productionWarnings, settingWarnings } from './config-check.ts';
import { type Adapters, type AppContext, defaultAdapters, usesSandbox } from './context.ts';
import type { Database } from './db/client.ts';
import { registerCompression } from './lib/compression.ts';
import type { DestinationStream } from './lib/logging.ts';
import { Metrics } from './lib/metrics.ts';
import { outageLogOf } from './lib/outage-log.ts';
import { postgresRateLimitStore } from './lib/rate-limit-store.ts';
import { registerRequestIdHeader } from './lib/request-id.ts';
import { validatorCompiler } from './lib/request-validation.ts';
import { startTracing } from './lib/tracing.ts';
import { registerTwilioInbound } from './modules/alerts/index.ts';
import { registerApiDocsRoutes } from './modules/api-docs/index.ts';
import { registerSandboxStripePages } from './modules/billing/index.ts';
import { registerDevRoutes } from './modules/dev/index.ts';
import {
  manageBulkJobs,
  OrderEventRelay,
  OrderStreams,
  orderEventStreamsPlugin,
  orderEventsPlugin,
  watchOrderMetrics,
} from './modules/orders/index.ts';
import { consolePlugin } from './plugins/console.ts';
import { CSP_DIRECTIVES } from './plugins/csp.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerTracing } from './plugins/tracing.ts';
import { appHandlers } from './routes/handlers.ts';
import { registerEndpoints } from './routes/register-endpoints.ts';
import { fastifyOptions } from './runtime/fastify-options.ts';
import { type Readiness, registerHealthRoutes } from './runtime/health.ts';
import type { HttpTimeouts } from './runtime/http-timeouts.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  adapters?: Partial<Adapters>;
  logStream?: DestinationStream;
  /** Start-up/shutdown state behind /readyz (runtime/server.ts); default: ready. */
  readiness?: Readiness;
  /** Tests only: shorter HTTP deadlines than runtime/http-timeouts.ts's (the production values are asserted apart). */
  httpTimeouts?: HttpTimeouts;
  /** The benchmark only: false builds the app without the metrics hooks, to measure what they cost. */
  metrics?: boolean;
  /** Tests only: change the handler map before it is checked against the endpoint table. */
  adjustHandlers?: (handlers: Record<string, unknown>) => Record<string, unknown>;
}

export async function buildApp(opts: BuildAppOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, database } = opts;
  const app = Fastify(fastifyOptions(config, opts));
  for (const warning of [...settingWarnings(config), ...productionWarnings(config)]) app.log.warn(warning);
  app.setValidatorCompiler(validatorCompiler);
  // Responses: fast-json-stringify from the table's schemas, else zod's serialiser (register-endpoints.ts).
  app.decorateRequest('principal', null);

  const events = new EventEmitter();
  events.setMaxListeners(0);
  const relay = new OrderEventRelay(database, events, app.log);
  const ctx: AppContext = {
    config,
    database,
    adapters: { ...(await defaultAdapters(config, database)), ...opts.adapters },
    events,
    orderEvents: relay,
    ...(opts.metrics === false ? {} : { metrics: new Metrics() }),
  };
  // ROLE=worker serves only /healthz and /readyz (runtime/server.ts runs its job queue).
  const servesApi = config.role !== 'worker';
  const streams = new OrderStreams(ctx, app.log);
  watchOrderMetrics(ctx, streams);
  // Relay and LISTEN in every role: for the consoles, and to wake webhook delivery (order-events-plugin.ts).
  await app.register(orderEventsPlugin, { ctx, relay, streams, listen: true });
  registerRequestIdHeader(app);
  // Before any route: each route's handler runs inside its request's span (plugins/tracing.ts).
  if (config.tracing) registerTracing(app, startTracing({ ...config.tracing, role: config.role }));
  const { pool, replica } = database;
  if (ctx.metrics) await app.register(registerMetrics, { config, metrics: ctx.metrics, pool, replica });
  replica?.useLog(app.log); // its fallback and recovery lines (db/replica.ts)
  registerErrorHandling(app);
  app.addHook('onClose', async () => outageLogOf(app.log).close()); // pending outage counts (lib/outage-log.ts)
  registerInputGuard(app);
  // helmet's headers, computed once from these options (plugins/security-headers.ts).
  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    // HSTS in production only (a browser would pin a developer's localhost to https otherwise).
    strictTransportSecurity:
      config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // Per-route limits counted in PostgreSQL, shared by every API process (lib/rate-limit-store.ts); a
  // database that cannot count lets the request through rather than failing it.
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(database),
    skipOnError: true,
  });
  // Text answers of 1 KB and more (a list page is 20+ KB of JSON) in br or gzip as the client accepts.
  registerCompression(app);
  registerHealthRoutes(app, database, opts.readiness ?? { migrated: true, draining: false });
  if (!servesApi) {
    app.setNotFoundHandler((_req, reply) => reply.status(404).send({ message: 'Not found' }));
    return { app, ctx };
  }
  await app.register(openApiPlugin, { publicUrl: config.publicUrl });

  // The job queue lives with the app: started on first use (or by the runtime for a worker), stopped on close.
  manageBulkJobs(app, ctx, { log: app.log });
  // The open event streams end on close, their places given back before the database closes.
  await app.register(orderEventStreamsPlugin, { streams });
  // Every endpoint of the table, each with its module's handler (a missing or extra handler stops here).
  const handlers = appHandlers(ctx, streams, app.log);
  try {
    registerEndpoints(
      app,
      ctx,
      (opts.adjustHandlers ? opts.adjustHandlers(handlers) : handlers) as typeof handlers,
    );
  } catch (error) {
    await app.close();
    throw error;
  }
  // Outside the table (docs/decisions/0074): HTML and scripts of the reference page, sandbox pages.
  await registerApiDocsRoutes(app, ctx);
  if (ctx.adapters.payments.kind === 'sandbox') registerSandboxStripePages(app, ctx);
  registerTwilioInbound(app, ctx); // STOP replies to the store's texting number (when Twilio is set)
  // The sandbox outbox shows every kept email (reset links included): development only, whatever the adapters.
  if (config.env !== 'production' && usesSandbox(ctx.adapters)) registerDevRoutes(app, ctx);

  // The built console, with SPA fallback for its client-side routes; JSON 404s otherwise (plugins/console.ts).
  await app.register(consolePlugin, {
    webDist: config.webDist,
    site: {
      siteName: config.siteName,
      legacyBankForm: config.legacyBankForm,
      sentryBrowserDsn: config.sentryBrowserDsn,
    },
  });

  return { app, ctx };
}
