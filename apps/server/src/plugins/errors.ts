import { DomainError } from '@mc/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { reportServerError } from '../lib/error-reporting.ts';
import { markOutageRequest, outageLogOf } from '../lib/outage-log.ts';

/** The console's generic failure text (spec: 'Something went wrong'); 500 and 503 answer with it. */
export const SERVER_ERROR_MESSAGE = 'Something went wrong';

/** One error handler: codes to statuses, `{message, errors?}`; a 5xx has no internals, only its `request_id`. */
export function registerErrorHandling(app: FastifyInstance): void {
  const outage = outageLogOf(app.log);
  app.setErrorHandler((err: unknown, request, reply) => {
    if (err instanceof DomainError) {
      const error = err;
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send({
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.status >= 500 ? { request_id: request.id } : {}),
      });
    }
    const error = err as FastifyError;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path:
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(error.validationContext ?? 'body'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({ message: errors[0]?.message ?? 'Invalid request', errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its schema');
      reportServerError(error, { method: request.method, url: request.url, reqId: request.id });
      return reply.status(500).send({ message: SERVER_ERROR_MESSAGE, request_id: request.id });
    }
    // The database went away (restart, failover, terminated connections): nothing is wrong with the
    // request and nothing was written; the same request succeeds once PostgreSQL is back. One line per
    // reason every 10 s counts these requests, instead of a line each (lib/outage-log.ts).
    if (outage.report('request', error, 'database unavailable: requests answered 503')) {
      markOutageRequest(request);
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({ message: SERVER_ERROR_MESSAGE, request_id: request.id });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      reportServerError(error, { method: request.method, url: request.url, reqId: request.id });
      return reply.status(500).send({ message: SERVER_ERROR_MESSAGE, request_id: request.id });
    }
    if (status === 429) return reply.status(429).send({ message: error.message || 'Too many requests' });
    // Malformed JSON, wrong content type, body too large, ...: the framework's own 4xx, without internals.
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'Malformed JSON body'
        : error.message;
    return reply.status(status).send({ message, errors: [{ path: 'body', message }] });
  });
}
