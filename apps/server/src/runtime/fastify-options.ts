/**
 * The options app.ts creates its Fastify instance with: logging, body and parameter limits, deadlines,
 * graceful-stop behaviour and the lazily compiled serialisers.
 */
import type { Config } from '../config.ts';
import {
  type DestinationStream,
  lazyChildLogger,
  loggerOptions,
  RequestLogController,
} from '../lib/logging.ts';
import { requestIdOf } from '../lib/request-id.ts';
import { lazySerializerFactory } from '../lib/response-schemas.ts';
import { fastifyTimeoutOptions, type HttpTimeouts } from './http-timeouts.ts';

export function fastifyOptions(
  config: Config,
  opts: { logStream?: DestinationStream; httpTimeouts?: HttpTimeouts },
) {
  return {
    logger: loggerOptions(config, opts.logStream),
    trustProxy: config.trustProxy,
    // The caller's X-Request-Id when safe, else a UUID (lib/request-id.ts); never a per-process counter.
    genReqId: requestIdOf,
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
  };
}
