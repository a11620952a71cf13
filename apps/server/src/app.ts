import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { productionWarnings } from './config-check.ts';
import { type Adapters, type AppContext, defaultAdapters, type OrderEvent, usesSandbox } from './context.ts';
import type { Database } from './db/client.ts';
import { type DestinationStream, loggerOptions } from './lib/logging.ts';
import { registerMarketplaceRoutes } from './marketplace/routes.ts';
import { registerAuthRoutes } from './modules/auth/routes.ts';
import { registerBillingRoutes } from './modules/billing/routes.ts';
import { registerCourierWebhookRoutes } from './modules/courier/doordash-webhook.ts';
import { registerDevRoutes } from './modules/dev/routes.ts';
import { registerDocsRoutes } from './modules/docs/routes.ts';
import { registerInventoryRoutes } from './modules/inventory/routes.ts';
import { registerMerchantRoutes } from './modules/merchants/routes.ts';
import { registerBulkRoutes } from './modules/orders/bulk/routes.ts';
import { registerOrderDetailRoutes } from './modules/orders/detail/routes.ts';
import { registerLabelRoutes } from './modules/orders/labels/routes.ts';
import { listenOrderEvents, notifyOrderEvent } from './modules/orders/list/order-events-pg.ts';
import { registerOrderListRoutes } from './modules/orders/list/routes.ts';
import { registerReportRoutes } from './modules/orders/reports/routes.ts';
import { registerReportsSummaryRoutes } from './modules/reports/routes.ts';
import { registerSmsRoutes } from './modules/sms/routes.ts';
import { registerTeamRoutes } from './modules/team/routes.ts';
import { CSP_DIRECTIVES } from './plugins/csp.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { type Readiness, registerHealthRoutes } from './runtime/health.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  adapters?: Partial<Adapters>;
  logStream?: DestinationStream;
  /** Start-up/shutdown state behind /readyz (runtime/server.ts); default: ready. */
  readiness?: Readiness;
}

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
    routerOptions: { maxParamLength: 200 },
    // During a graceful stop, requests already on an open connection are served (with Connection: close)
    // rather than refused with Fastify's own 503 body.
    return503OnClosing: false,
  });
  for (const warning of productionWarnings(config)) app.log.warn(warning);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('principal', null);

  const events = new EventEmitter();
  events.setMaxListeners(0);
  const ctx: AppContext = {
    config,
    database,
    adapters: { ...(await defaultAdapters(config, database)), ...opts.adapters },
    events,
    async publishOrderEvent(e: OrderEvent) {
      if (database.pool) await notifyOrderEvent(database.pool, events, e);
      else events.emit('order', e);
    },
  };
  // ROLE=worker serves only /healthz and /readyz (runtime/server.ts runs its job queue).
  const servesApi = config.role !== 'worker';
  // With a PostgreSQL server, events of every process reach this one through LISTEN/NOTIFY.
  if (servesApi && database.pool && database.connectionString)
    app.addHook('onClose', await listenOrderEvents(database.connectionString, events, app.log));

  registerErrorHandling(app);
  registerInputGuard(app);
  await app.register(helmet, {
    contentSecurityPolicy: { directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    // HSTS in production only (a browser would pin a developer's localhost to https otherwise).
    strictTransportSecurity:
      config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Merchant API',
        version: '2.0.0',
        description:
          'The merchant fulfilment API behind the console: accounts (/a/v2), merchant data (/c/v2) and orders (/m/v2). ' +
          'Authenticate with `POST /a/v2/login` and send the token as `Authorization: Bearer <token>`. ' +
          'Errors are `{message, errors?}` with 400, 401, 403, 404, 409 or 429.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          marketplaceKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'Server-to-server marketplace credential',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  registerHealthRoutes(app, database, opts.readiness ?? { migrated: true, draining: false });
  if (!servesApi) {
    app.setNotFoundHandler((_req, reply) => reply.status(404).send({ message: 'Not found' }));
    return { app, ctx };
  }
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerAuthRoutes(app, ctx);
  registerMerchantRoutes(app, ctx);
  registerOrderListRoutes(app, ctx);
  registerInventoryRoutes(app, ctx);
  registerTeamRoutes(app, ctx);
  registerBillingRoutes(app, ctx);
  registerMarketplaceRoutes(app, ctx);
  registerOrderDetailRoutes(app, ctx);
  registerBulkRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  registerReportsSummaryRoutes(app, ctx);
  registerLabelRoutes(app, ctx);
  registerSmsRoutes(app, ctx);
  registerCourierWebhookRoutes(app, ctx);
  await registerDocsRoutes(app, ctx);
  // The sandbox outbox shows every kept email (reset links included): development only, whatever the adapters.
  if (config.env !== 'production' && usesSandbox(ctx.adapters)) registerDevRoutes(app, ctx);

  // The built console, with SPA fallback for its client-side routes.
  const index = path.join(config.webDist, 'index.html');
  const hasWeb = existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => url.startsWith(p));
    if (req.method === 'GET' && !isApi && hasWeb && !path.extname(url)) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html', { maxAge: 0 });
    }
    return reply.status(404).send({ message: 'Not found' });
  });

  return { app, ctx };
}
