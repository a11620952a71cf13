/**
 * A server span for each request (lib/tracing.ts, docs/decisions/0143), named by the method and the route's
 * template (`GET /m/v2/orders/:id`), never the URL the caller sent, and continuing the caller's W3C
 * `traceparent`. Each route's handler runs inside the span, so the queries and provider calls it makes
 * become its children. Registered before any route: the handlers are wrapped as the routes are added.
 */
import { context, propagation, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Tracing } from '../lib/tracing.ts';

const SPAN = Symbol('trace span');
type Traced = FastifyRequest & { [SPAN]?: Span };

export function registerTracing(app: FastifyInstance, tracing: Tracing): void {
  const { tracer } = tracing;
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url ?? 'unrouted';
    const parent = propagation.extract(context.active(), request.headers);
    (request as Traced)[SPAN] = tracer.startSpan(
      `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'http.route': route,
          'url.scheme': request.protocol,
          'mc.request_id': String(request.id),
        },
      },
      parent,
    );
  });
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function traced(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const span = (request as Traced)[SPAN];
      if (!span) return handler.call(this, request, reply);
      return context.with(trace.setSpan(context.active(), span), () => handler.call(this, request, reply));
    } as RouteHandlerMethod;
  });
  const end = (request: FastifyRequest, status: number | null) => {
    const span = (request as Traced)[SPAN];
    if (!span) return;
    (request as Traced)[SPAN] = undefined;
    if (status === null) span.setStatus({ code: SpanStatusCode.ERROR, message: 'client went away' });
    else {
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };
  app.addHook('onResponse', async (request, reply) => end(request, reply.statusCode));
  app.addHook('onRequestAbort', async (request) => end(request, null));
  app.addHook('onClose', async () => tracing.shutdown());
}
