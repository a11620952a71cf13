/**
 * At most 10 open event streams per session (docs/decisions/0115): the 11th is refused with 429 and a
 * message saying what to do, the open ones stay open, and closing one frees its place. Another session of
 * the same user has its own 10. On PostgreSQL the bound holds across processes (two apps, one database).
 */
import { orderEventsPath } from '@mc/api';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildMerchantWithOwner, login, startOtherApp, TEST_DB, useTestApp } from '../../../test/harness.ts';
import { eventsUrl, type Stream, ticketFor, useStreamServer } from './stream-test-helpers.ts';
import { MAX_STREAMS_PER_SESSION, TOO_MANY_STREAMS_MESSAGE } from './stream-tickets.ts';

const t = useTestApp();
const server = useStreamServer(t);
const stream = server.open;

/** The answer to one more stream, read whole (a refusal is a JSON body, not a stream). */
async function oneMore(app: FastifyInstance, at: string, tmk: string, token: string) {
  const res = await fetch(`${at}${eventsUrl(orderEventsPath(tmk), await ticketFor(app, tmk, token))}`, {
    signal: AbortSignal.timeout(5000),
  });
  if (res.status === 200) {
    await res.body?.cancel();
    return { status: 200, json: null };
  }
  return { status: res.status, json: await res.json() };
}

describe('open event streams per session', () => {
  it('the 11th is 429 with a clear message; the 10 stay open; closing one frees its place', async () => {
    const a = await buildMerchantWithOwner(t);
    const tmk = a.merchant.tmk;
    const streams: Stream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) {
      const s = await stream(t.app, server.base, tmk, a.token);
      expect(s.status, `stream ${i + 1}`).toBe(200);
      streams.push(s);
    }
    expect(MAX_STREAMS_PER_SESSION).toBe(10);
    const refused = await oneMore(t.app, server.base, tmk, a.token);
    expect(refused).toEqual({ status: 429, json: { message: TOO_MANY_STREAMS_MESSAGE } });
    expect(TOO_MANY_STREAMS_MESSAGE).toMatch(
      /^Too many open live updates for this session: close another tab/,
    );
    // None of the open ones was dropped to make room.
    await new Promise((r) => setTimeout(r, 200));
    expect(streams.filter((s) => s.ended)).toHaveLength(0);

    // Another session of the same user has its own places.
    const other = await login(t.app, a.user.email);
    const mine = await stream(t.app, server.base, tmk, other);
    expect(mine.status).toBe(200);

    // Closing one stream gives its place back.
    streams[0]!.close();
    let again = { status: 0 };
    for (let i = 0; i < 50 && again.status !== 200; i++) {
      again = await oneMore(t.app, server.base, tmk, a.token);
      if (again.status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(again.status).toBe(200);
  });
});

const pgOnly = TEST_DB === 'pg' ? describe : describe.skip;

pgOnly('open event streams per session, across processes (PostgreSQL)', () => {
  it('streams opened on two API processes count against the same 10', async () => {
    const second = await startOtherApp(t, 4);
    try {
      const a = await buildMerchantWithOwner(t);
      const tmk = a.merchant.tmk;
      for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) {
        const [app, at] = i % 2 === 0 ? [t.app, server.base] : [second.app, second.base];
        expect((await stream(app, at, tmk, a.token)).status).toBe(200);
      }
      expect((await oneMore(t.app, server.base, tmk, a.token)).status).toBe(429);
      expect((await oneMore(second.app, second.base, tmk, a.token)).status).toBe(429);
    } finally {
      await second.close();
    }
  });
});
