/**
 * Traces (OpenTelemetry), off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/decisions/0143). Spans:
 * - each request: `GET /m/v2/merchant/{tmk}/orders` (the route template, never the URL with its values),
 *   continuing a caller's W3C `traceparent` (plugins/tracing.ts);
 * - each PostgreSQL query under a span: `SELECT orders`, with the statement's kind and table, never its text
 *   or bind values (db/query-timing.ts);
 * - each call to a provider under a span: `POST stripe` (adapters/http.ts, the SMTP adapter);
 * - each job: `job bulk-batch`, a child of the request that queued it (its `traceparent` travels in the
 *   job's data).
 * Spans go out in batches over OTLP/HTTP (JSON) to `<endpoint>/v1/traces`. The provider is the app's; the
 * spans of queries and provider calls find theirs through `activeTracer()` (one app traces per process).
 */
import {
  type Attributes,
  type Context,
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';

export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL (spans go to `/v1/traces` under it). */
  endpoint: string;
  serviceName: string;
  /** ROLE of this process, as the `service.instance.role` resource attribute. */
  role: string;
  version?: string;
}

export interface Tracing {
  readonly tracer: Tracer;
  /** Sends what is buffered now (tests; shutdown does it too). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

let globalsSet = false;
let current: Tracer | null = null;

/** The tracer of the app that traces in this process, if any. */
export const activeTracer = (): Tracer | null => current;

export function startTracing(opts: TracingOptions): Tracing {
  if (!globalsSet) {
    // Process-wide by nature (async context and the header format); set once, harmless to the apps that
    // do not trace.
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    globalsSet = true;
  }
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': opts.serviceName,
      'service.version': opts.version ?? '0.0.0',
      'service.instance.role': opts.role,
    }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({
          url: `${opts.endpoint.replace(/\/+$/, '')}/v1/traces`,
          timeoutMillis: 5000,
        }),
        scheduledDelayMillis: 1000,
      }),
    ],
  });
  const tracer = provider.getTracer('merchant-console');
  current = tracer;
  return {
    tracer,
    flush: () => provider.forceFlush(),
    async shutdown() {
      if (current === tracer) current = null;
      // A collector that is away must not hold the shutdown: the export times out on its own.
      await provider.shutdown().catch(() => undefined);
    },
  };
}

/**
 * A child span of whatever span is active now (a request's, a job's), or nothing when tracing is off or
 * no span is active: a query of the outbox relay's poll is not worth a trace of its own. `describe` runs
 * only when there is a span to make.
 */
export function startChildSpan(
  describe: () => { name: string; kind: SpanKind; attributes: Attributes },
): Span | null {
  const tracer = current;
  if (!tracer) return null;
  const parent = trace.getSpan(context.active());
  if (!parent?.isRecording()) return null;
  const { name, kind, attributes } = describe();
  return tracer.startSpan(name, { kind, attributes }, context.active());
}

/** Ends a span, marked as an error when `failed`. */
export function endSpan(span: Span | null, failed: boolean, attributes?: Attributes): void {
  if (!span) return;
  if (attributes) span.setAttributes(attributes);
  if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/** The active trace as a `traceparent` string, for work that continues elsewhere (a queued job). */
export function currentTraceparent(): string | undefined {
  if (!current) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** Runs `fn` in a span named `name`, the child of `traceparent` when given (a job queued by a request). */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  traceparent: string | undefined,
  fn: () => Promise<T>,
): Promise<T> {
  const tracer = current;
  if (!tracer) return fn();
  const parent: Context = traceparent
    ? propagation.extract(context.active(), { traceparent })
    : context.active();
  const span = tracer.startSpan(name, { kind: SpanKind.CONSUMER, attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), fn);
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}

export { SpanKind };
