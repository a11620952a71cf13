/**
 * The contract with Sentry: what `reportServerError` sends, checked against a local stand-in that reads
 * envelopes as Sentry's ingest does (POST /api/<project>/envelope/, newline-delimited JSON: envelope
 * header, then a header and a payload per item). And that a Sentry that fails, refuses or hangs never
 * breaks the caller (docs/decisions/0121-server-error-reporting-through-sentry-core.md).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { close, flush } from '@sentry/core';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initErrorReporting, reportServerError, SEND_TIMEOUT_MS } from './error-reporting.ts';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A Sentry stand-in on 127.0.0.1: records each request and answers `status` (or never, with `hang`). */
async function standIn(opts: { status?: number; hang?: boolean } = {}) {
  const received: Received[] = [];
  const closed: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (opts.hang) return;
      res.writeHead(opts.status ?? 200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    res.on('close', () => closed.push(req.url ?? ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    closed,
    port,
    dsn: `http://public0key@127.0.0.1:${port}/42`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A Sentry envelope: one JSON line of envelope header, then a header line and a payload line per item. */
function parseEnvelope(body: string) {
  const lines = body.split('\n').filter((l) => l.length > 0);
  const header = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
  const items: { header: Record<string, unknown>; payload: Record<string, unknown> }[] = [];
  for (let i = 1; i + 1 < lines.length; i += 2)
    items.push({ header: JSON.parse(lines[i] ?? '{}'), payload: JSON.parse(lines[i + 1] ?? '{}') });
  return { header, items };
}

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

describe('error reporting through @sentry/core', () => {
  const stands: Awaited<ReturnType<typeof standIn>>[] = [];
  afterEach(async () => {
    // One client at a time, as in a process: the next test's init replaces a closed one.
    await close(1000);
  });
  afterAll(async () => {
    await Promise.all(stands.map((s) => s.close()));
  });

  it('is off without a DSN', async () => {
    expect(await initErrorReporting(undefined, 'test')).toBe(false);
    expect(() => reportServerError(new Error('nobody listens'))).not.toThrow();
  });

  it('refuses a DSN without a key or project, without repeating it', async () => {
    const printed = vi.spyOn(console, 'error');
    try {
      for (const dsn of ['https://sentry.example.com/42', 'https://secretish@sentry.example.com/project']) {
        await expect(initErrorReporting(dsn, 'test')).rejects.toThrow(
          /^SENTRY_DSN is not a valid Sentry DSN$/,
        );
      }
      expect(printed).not.toHaveBeenCalled();
    } finally {
      printed.mockRestore();
    }
  });

  it('sends one event envelope: the exception with its frames, the environment, the key, no secret', async () => {
    const sentry = await standIn();
    stands.push(sentry);
    expect(await initErrorReporting(sentry.dsn, 'test-env')).toBe(true);

    reportServerError(new Error('boom'), { url: '/forgot/password-reset/secret-token', method: 'POST' });
    expect(await flush(SEND_TIMEOUT_MS)).toBe(true);

    expect(sentry.received).toHaveLength(1);
    const [request] = sentry.received;
    if (!request) throw new Error('no request');
    expect(request.method).toBe('POST');
    expect(new URL(request.url, 'http://x').pathname).toBe('/api/42/envelope/');
    expect(request.headers['x-sentry-auth']).toMatch(/^Sentry sentry_version=7, sentry_key=public0key, /);
    expect(request.body).not.toContain('secret-token');

    const envelope = parseEnvelope(request.body);
    expect(envelope.items).toHaveLength(1);
    const [item] = envelope.items;
    if (!item) throw new Error('no item');
    expect(item.header.type).toBe('event');
    expect(envelope.header.event_id).toBe(item.payload.event_id);

    const event = item.payload as {
      environment?: string;
      platform?: string;
      level?: string;
      sdk?: { name?: string };
      extra?: Record<string, unknown>;
      request?: unknown;
      user?: unknown;
      exception?: {
        values?: {
          type?: string;
          value?: string;
          stacktrace?: { frames?: { filename?: string; function?: string; vars?: unknown }[] };
        }[];
      };
    };
    expect(event.environment).toBe('test-env');
    expect(event.platform).toBe('node');
    expect(event.level).toBe('error');
    expect(event.sdk?.name).toBe('sentry.javascript.node');
    const exception = event.exception?.values?.[0];
    expect(exception?.type).toBe('Error');
    expect(exception?.value).toBe('boom');
    const frames = exception?.stacktrace?.frames ?? [];
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.some((f) => f.filename?.endsWith('error-reporting.test.ts'))).toBe(true);
    // No local variables of frames, no request (headers, cookies, body), no user.
    expect(frames.every((f) => f.vars === undefined)).toBe(true);
    expect(event.request).toBeUndefined();
    expect(event.user).toBeUndefined();
    // The context goes as `extra`, scrubbed.
    expect(event.extra).toEqual({ url: '/forgot/password-reset/[REDACTED]', method: 'POST' });
    expect(unhandled).toEqual([]);
  });

  it('does not throw or leave a rejection when Sentry answers 500', async () => {
    const sentry = await standIn({ status: 500 });
    stands.push(sentry);
    await initErrorReporting(sentry.dsn, 'test');
    expect(() => reportServerError(new Error('boom while Sentry is down'))).not.toThrow();
    await flush(SEND_TIMEOUT_MS);
    expect(sentry.received).toHaveLength(1);
    // The next report goes out too: a 500 is not a rate limit.
    reportServerError(new Error('second'));
    await flush(SEND_TIMEOUT_MS);
    expect(sentry.received).toHaveLength(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  });

  it('does not throw or leave a rejection when the connection is refused', async () => {
    const gone = await standIn();
    await gone.close();
    await initErrorReporting(gone.dsn, 'test');
    expect(() => reportServerError(new Error('boom with nobody listening'))).not.toThrow();
    await flush(SEND_TIMEOUT_MS);
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  });

  it('abandons a send that gets no answer after the timeout', async () => {
    const sentry = await standIn({ hang: true });
    stands.push(sentry);
    await initErrorReporting(sentry.dsn, 'test');
    const started = Date.now();
    reportServerError(new Error('boom while Sentry hangs'));
    await flush(SEND_TIMEOUT_MS * 3);
    const took = Date.now() - started;
    expect(sentry.received).toHaveLength(1);
    expect(took).toBeGreaterThanOrEqual(SEND_TIMEOUT_MS - 100);
    expect(took).toBeLessThan(SEND_TIMEOUT_MS * 2);
    // The client closed its side of the connection.
    await expect.poll(() => sentry.closed.length).toBe(1);
    expect(unhandled).toEqual([]);
  });
});
