/**
 * `/metrics` (docs/decisions/0136): counts every request by its operationId, and serves the exposition
 * on the main port — behind `METRICS_TOKEN` when one is set, open in development without one, absent in
 * production without one — and, with `METRICS_PORT`, on a second port of its own (no token: keep that port
 * internal), opened when the app listens and closed with it.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { type Metrics, type PoolLike, type ReplicaLike, statusClass } from '../lib/metrics.ts';

const started = Symbol('metrics start');
type Timed = FastifyRequest & { [started]?: number | undefined };
type Labels = { operation: string; method: string; status_class: string };

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether the main port serves `/metrics`: with a token always; without one, outside production only. */
export const metricsOnMainPort = (config: Config) =>
  config.metrics.token !== undefined || config.env !== 'production';

async function metricsPlugin(
  app: FastifyInstance,
  opts: { config: Config; metrics: Metrics; pool?: PoolLike | undefined; replica?: ReplicaLike | undefined },
): Promise<void> {
  const { config, metrics } = opts;
  if (opts.pool) metrics.watchPool('main', opts.pool);
  if (opts.replica) metrics.watchReplica(opts.replica);
  // Plain callback hooks and one label object per (operation, method, status class): a few µs per
  // request (bench/metrics-cost.ts).
  const labelSets = new Map<string, Labels>();
  app.addHook('onRequest', (request, _reply, next) => {
    (request as Timed)[started] = performance.now();
    metrics.inFlight.inc();
    next();
  });
  const done = (request: FastifyRequest, status: number | 'aborted') => {
    const at = (request as Timed)[started];
    if (at === undefined) return;
    (request as Timed)[started] = undefined;
    metrics.inFlight.dec();
    const operation =
      (request.routeOptions.config as { operationId?: string } | undefined)?.operationId ??
      (request.routeOptions.url ? request.routeOptions.url : 'unrouted');
    const statusClassOf = status === 'aborted' ? 'aborted' : statusClass(status);
    const key = `${operation} ${request.method} ${statusClassOf}`;
    let labels = labelSets.get(key);
    if (!labels) {
      labels = { operation, method: request.method, status_class: statusClassOf };
      labelSets.set(key, labels);
    }
    metrics.requests.inc(labels);
    metrics.requestDuration.observe(labels, (performance.now() - at) / 1000);
  };
  app.addHook('onResponse', (request, reply, next) => {
    done(request, reply.statusCode);
    next();
  });
  app.addHook('onClose', async () => metrics.close());
  // A client gone before the answer still leaves the in-flight count (status class `aborted`).
  app.addHook('onRequestAbort', (request, next) => {
    done(request, 'aborted');
    next();
  });

  if (metricsOnMainPort(config)) {
    app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
      const token = config.metrics.token;
      if (token !== undefined) {
        const header = request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
        if (!sameSecret(given, token))
          return reply
            .status(401)
            .header('www-authenticate', 'Bearer realm="metrics"')
            .send({ message: 'Send METRICS_TOKEN as a bearer token' });
      }
      const { contentType, body } = await metrics.scrape();
      return reply.type(contentType).header('cache-control', 'no-store').send(body);
    });
  }

  const port = config.metrics.port;
  if (port !== undefined) {
    let server: Server | null = null;
    app.addHook('onListen', async () => {
      server = createServer((req, res) => {
        if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
          res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
          return;
        }
        metrics.scrape().then(
          ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
          (err: unknown) => {
            app.log.error({ err }, 'metrics scrape failed');
            res
              .writeHead(500, { 'content-type': 'application/json' })
              .end('{"message":"Something went wrong"}');
          },
        );
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, config.host, () => resolve());
      });
      app.log.info({ port, host: config.host }, 'metrics: /metrics on its own port');
    });
    app.addHook('onClose', async () => {
      const open = server;
      if (open) await new Promise<void>((resolve) => open.close(() => resolve()));
    });
  }
}

export const registerMetrics = fp(metricsPlugin, { name: 'metrics', fastify: '5.x' });
