/**
 * Error reporting: Sentry when SENTRY_DSN is set, otherwise nothing beyond the log. The client is loaded
 * only when configured, so a machine without a DSN never imports it.
 *
 * The client is `@sentry/core`'s server client with a transport over Node's `fetch`, not `@sentry/node`:
 * the server only reports exceptions, and `@sentry/node` brings its OpenTelemetry layer, bundler plugins
 * and the `sentry` CLI for that, 67 MB of the production install
 * (docs/decisions/0121-server-error-reporting-through-sentry-core.md).
 */
import { hostname } from 'node:os';
import { scrubEvent } from '@mc/domain';
import type { BaseTransportOptions, Transport } from '@sentry/core';
import type { ServerRuntimeClientOptions } from '@sentry/core/server';

export { scrubEvent };

export type ServerErrorReporter = (error: unknown, context?: Record<string, unknown>) => void;

/** A send that has not finished by then is abandoned: a slow Sentry must not hold sockets or memory. */
export const SEND_TIMEOUT_MS = 5_000;

let reporter: ServerErrorReporter = () => {};
/** Waits for the events already captured to be sent (at most `ms`); nothing to wait for without a DSN. */
let flusher: (ms: number) => Promise<unknown> = async () => true;

/** `https://<public key>@<host>[:port]/[path/]<project id>`, as Sentry writes a DSN. */
function looksLikeDsn(dsn: string): boolean {
  try {
    const url = new URL(dsn);
    return /^\w+$/.test(url.username) && /\/\d+$/.test(url.pathname.replace(/\/$/, ''));
  } catch {
    return false;
  }
}

export async function initErrorReporting(dsn: string | undefined, environment: string): Promise<boolean> {
  if (!dsn) return false;
  // Checked here first: the SDK prints an invalid DSN, key included, to stderr.
  if (!looksLikeDsn(dsn)) throw new Error('SENTRY_DSN is not a valid Sentry DSN');
  const [core, server] = await Promise.all([import('@sentry/core'), import('@sentry/core/server')]);
  const publicKey = core.makeDsn(dsn)?.publicKey;
  if (!publicKey) throw new Error('SENTRY_DSN is not a valid Sentry DSN');

  /** Posts the envelope to the DSN's envelope endpoint (`options.url`); answers and failures are Sentry's to count. */
  const fetchTransport = (options: BaseTransportOptions): Transport =>
    core.createTransport(options, async (request) => {
      const response = await fetch(options.url, {
        method: 'POST',
        body: request.body,
        headers: {
          ...options.headers,
          'content-type': 'application/x-sentry-envelope',
          'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${publicKey}, sentry_client=sentry.javascript.node/${core.SDK_VERSION}`,
        },
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.body?.cancel();
      return {
        statusCode: response.status,
        headers: {
          'x-sentry-rate-limits': response.headers.get('x-sentry-rate-limits'),
          'retry-after': response.headers.get('retry-after'),
        },
      };
    });

  // Only exceptions with their frames and the scrubbed context: no request integration (headers, cookies,
  // bodies, query values), no local variables of stack frames (a `password` or `token` among them), no
  // source lines, no tracing. `dataCollection` says the same for anything of the SDK that would read it.
  const options: ServerRuntimeClientOptions = {
    dsn,
    environment,
    platform: 'node',
    runtime: { name: 'node', version: process.version },
    serverName: hostname(),
    transport: fetchTransport,
    stackParser: core.createStackParser(server.nodeStackLineParser()),
    integrations: [core.linkedErrorsIntegration(), core.dedupeIntegration()],
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
      frameContextLines: 0,
    },
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (crumb) => scrubEvent(crumb),
  };
  // Names the SDK in each event (`sentry.javascript.node`, package `@sentry/core`) and the User-Agent.
  core.applySdkMetadata(options, 'node', ['core']);
  core.initAndBind(server.ServerRuntimeClient, options);
  reporter = (error, context) => {
    core.captureException(error, context ? { extra: context } : undefined);
  };
  flusher = (ms) => core.flush(ms);
  return true;
}

/**
 * Before the process exits on an uncaught exception: gives the report of it up to `ms` to leave (sending
 * is asynchronous). Never rejects.
 */
export async function flushServerErrors(ms = 2_000): Promise<void> {
  try {
    await flusher(ms);
  } catch {
    /* the exit must not wait on, or fail because of, the reporting service */
  }
}

/** Unexpected failures only (the 5xx path of the error handler); expected DomainErrors are not reported. */
export function reportServerError(error: unknown, context?: Record<string, unknown>): void {
  try {
    reporter(error, context ? scrubEvent(context) : undefined);
  } catch {
    /* reporting must never break a response */
  }
}

/** Tests swap the reporter to observe what would be sent. */
export function setServerErrorReporter(next: ServerErrorReporter | null): void {
  reporter = next ?? (() => {});
}
