/**
 * Slow clients cannot hold a connection (docs/decisions/0115): a body trickled a byte at a time and
 * headers that never end are both cut. The production deadlines are asserted on a real app; the cut itself
 * is shown on an app with the same options at a tenth of the time (so the test takes seconds, not 25 s).
 */

import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestApp, createTestDatabase, type TestApp, testConfig } from '../test/harness.ts';
import { HTTP_TIMEOUTS, type HttpTimeouts, worstCaseMs } from './http-timeouts.ts';

const FAST: HttpTimeouts = {
  headersTimeoutMs: 600,
  requestTimeoutMs: 1200,
  connectionsCheckMs: 200,
  connectionTimeoutMs: 60_000,
  keepAliveTimeoutMs: 72_000,
};

let prod: TestApp;
let fast: TestApp;
let port = 0;
beforeAll(async () => {
  prod = await createTestApp({ config: { env: 'production', allowSandbox: true } });
  const database = await createTestDatabase();
  const { app, ctx } = await buildApp({ config: testConfig(), database, httpTimeouts: FAST });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  fast = {
    app,
    ctx,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
  // Two apps and two databases: on a loaded 2-core machine this took over the 60 s default.
}, 180_000);
afterAll(async () => {
  await prod?.close();
  await fast?.close();
});

/** Opens a connection, writes `head`, then one byte of `trickle` every `everyMs`; resolves when the server closes it. */
function trickle(head: string, trickleByte: string, everyMs: number, giveUpMs: number) {
  return new Promise<{ closedAfterMs: number; answer: string }>((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write(trickleByte);
    }, everyMs);
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`still open after ${giveUpMs} ms`));
    }, giveUpMs);
    socket.on('data', (d) => {
      answer += d.toString();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
  });
}

describe('HTTP deadlines', () => {
  it('production: headers within 15 s, the whole request within 25 s (both under 30 s), keep-alive unchanged', () => {
    const server = prod.app.server as typeof prod.app.server & { connectionsCheckingInterval?: number };
    expect(server.headersTimeout).toBe(HTTP_TIMEOUTS.headersTimeoutMs);
    expect(server.requestTimeout).toBe(HTTP_TIMEOUTS.requestTimeoutMs);
    expect(server.timeout).toBe(HTTP_TIMEOUTS.connectionTimeoutMs);
    expect(server.keepAliveTimeout).toBe(72_000);
    if (server.connectionsCheckingInterval !== undefined)
      expect(server.connectionsCheckingInterval).toBe(HTTP_TIMEOUTS.connectionsCheckMs);
    expect(worstCaseMs(HTTP_TIMEOUTS, 'headers')).toBeLessThanOrEqual(15_000);
    expect(worstCaseMs(HTTP_TIMEOUTS, 'request')).toBeLessThanOrEqual(25_000);
    // The event streams' heartbeat keeps them above the silence limit.
    expect(HTTP_TIMEOUTS.connectionTimeoutMs).toBeGreaterThan(25_000 * 2);
  });

  it('a body sent a byte at a time is answered 408 and closed at its deadline', async () => {
    const head =
      'POST /a/v2/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{';
    const r = await trickle(head, ' ', 100, 10_000);
    expect(r.closedAfterMs).toBeGreaterThanOrEqual(FAST.requestTimeoutMs - 50);
    expect(r.closedAfterMs).toBeLessThanOrEqual(worstCaseMs(FAST, 'request') + 1000);
    expect(r.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('headers that never end are cut at the header deadline', async () => {
    const r = await trickle('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'x', 100, 10_000);
    expect(r.closedAfterMs).toBeLessThanOrEqual(worstCaseMs(FAST, 'headers') + 1000);
    expect(r.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a quick request on the same server is not affected', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
  });
});
