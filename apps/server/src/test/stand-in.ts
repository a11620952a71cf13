/**
 * A local stand-in for a provider's HTTP API (node:http on 127.0.0.1, a random port): it records every
 * request exactly as received and answers with what the test scripts. No network is used.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface RecordedRequest {
  method: string;
  /** Path and query string. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  /** The body decoded as a form (application/x-www-form-urlencoded). */
  form(): URLSearchParams;
  json<T = Record<string, unknown>>(): T;
}

export type Answer =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** Never answers (a hung provider). */
  | 'hang';

export type Handler = (req: RecordedRequest) => Answer | Promise<Answer>;

export interface StandIn {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** Replace the answer for the following requests. */
  answer(handler: Handler): void;
  close(): Promise<void>;
}

export async function startStandIn(handler: Handler = () => ({ status: 404, body: {} })): Promise<StandIn> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const u = new URL(req.url ?? '/', 'http://stand-in');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        path: u.pathname,
        query: u.searchParams,
        headers: req.headers,
        body,
        form: () => new URLSearchParams(body),
        json: () => JSON.parse(body),
      };
      requests.push(recorded);
      const a = await current(recorded);
      if (a === 'hang') return;
      const isBuffer = Buffer.isBuffer(a.body);
      const payload =
        a.body === undefined ? '' : isBuffer || typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
      res.writeHead(a.status, {
        ...(isBuffer || typeof a.body === 'string' ? {} : { 'content-type': 'application/json' }),
        ...a.headers,
      });
      res.end(payload);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    answer(h) {
      current = h;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/**
 * One stand-in for the enclosing file or describe block: started in a beforeAll, closed in an afterAll, and
 * its recorded requests cleared before each test. The object returned reads that stand-in, so it may be
 * taken at collection time and used once the hooks have run.
 */
export function useStandIn(handler?: Handler): StandIn {
  let current: StandIn | undefined;
  beforeAll(async () => {
    current = await startStandIn(handler);
  });
  afterAll(async () => current?.close());
  beforeEach(() => {
    if (current) current.requests.length = 0;
  });
  const started = (): StandIn => {
    if (!current) throw new Error('useStandIn: the stand-in starts in beforeAll; use it in a hook or a test');
    return current;
  };
  return {
    get url() {
      return started().url;
    },
    get port() {
      return started().port;
    },
    get requests() {
      return started().requests;
    },
    answer: (h) => started().answer(h),
    close: () => started().close(),
  };
}
