/** Test helpers for the event stream: open a real SSE connection, collect its events, see it end. */
import http from 'node:http';
import type { OrderStreamEvent } from '@mc/api';
import { orderEventsPath, orderEventsTicketPath } from '@mc/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { listenLocal, type TestApp } from '../../../test/harness.ts';

export interface Stream {
  status: number;
  events: (OrderStreamEvent & { event: string })[];
  /** Set when the server ends the response. */
  ended: boolean;
  body: string;
  close(): void;
}

export function openStream(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers }, (res) => {
      const stream: Stream = {
        status: res.statusCode ?? 0,
        events: [],
        ended: false,
        body: '',
        close: () => req.destroy(),
      };
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        stream.body += chunk;
        buf += chunk;
        let i = buf.indexOf('\n\n');
        while (i >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) stream.events.push({ event, ...JSON.parse(data) });
          i = buf.indexOf('\n\n');
        }
      });
      res.on('end', () => {
        stream.ended = true;
      });
      res.on('close', () => {
        stream.ended = true;
      });
      res.on('error', () => {});
      resolve(stream);
    });
    req.on('error', reject);
  });
}

export async function until(check: () => boolean, ms = 3000): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - start;
}

/** POST …/orders/events/ticket with a bearer token. */
export async function ticketFor(app: FastifyInstance, tmk: string, token: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: orderEventsTicketPath(tmk),
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) throw new Error(`ticket refused: ${res.statusCode} ${res.body}`);
  return res.json().ticket as string;
}

export const eventsUrl = (path: string, ticket: string) => `${path}?ticket=${encodeURIComponent(ticket)}`;

/**
 * The file's test app listening on a local port (a stream needs a real HTTP client), and the streams its
 * tests open, closed after the file. Call it after `useTestApp`: vitest runs after-hooks newest first, so
 * the streams close before the app does.
 */
export function useStreamServer(t: TestApp) {
  const open: Stream[] = [];
  let base = '';
  beforeAll(async () => {
    base = await listenLocal(t.app);
  });
  afterAll(() => {
    for (const s of open) s.close();
  });
  const keep = (s: Stream): Stream => {
    open.push(s);
    return s;
  };
  return {
    /** The listening app's base URL. */
    get base() {
      return base;
    },
    /** Keeps a stream a test opened itself, to close after the file. */
    keep,
    /** `tmk`'s order events through `at` (this app's base or another process's), on a ticket `app` issues for `token`. */
    open: async (app: FastifyInstance, at: string, tmk: string, token: string): Promise<Stream> =>
      keep(await openStream(at, eventsUrl(orderEventsPath(tmk), await ticketFor(app, tmk, token)))),
  };
}
