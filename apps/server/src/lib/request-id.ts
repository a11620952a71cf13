/**
 * Request ids: a caller's `X-Request-Id` is kept when it is short and made of safe characters (a proxy's
 * or a client's id then follows the request through our logs), otherwise a random UUID is made. The id is
 * echoed on every response, bound to every log line of the request (`reqId`), and put in a 5xx body so a
 * person reporting a failure can quote it.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The caller's id when it is safe to log and echo; undefined otherwise. */
export function acceptedRequestId(value: string | string[] | undefined): string | undefined {
  const id = Array.isArray(value) ? value[0] : value;
  return id !== undefined && SAFE_ID.test(id) ? id : undefined;
}

/** Fastify's `genReqId`: the caller's safe id or a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  return acceptedRequestId(req.headers[REQUEST_ID_HEADER]) ?? randomUUID();
}

/** Echoes the id on every response, errors and 404s included. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
