/**
 * What the request log line costs (docs/decisions/0106): CPU µs per "request completed" line at info, through
 * the server's own logger options (redaction paths, serializers) and RequestLogController, written to
 * /dev/null — and the same for Fastify's default two lines (incoming request + request completed, with the
 * request and response serializers) for comparison. Divide by the app's CPU ms per request (bench.ts) for
 * the share of a list request. Run: node --import tsx bench/request-log.ts
 */
import { openSync } from 'node:fs';
import { LogController } from 'fastify';
import pino from 'pino';
import { loggerOptions, RequestLogController } from '../apps/server/src/lib/logging.ts';

const N = Number(process.argv[2] ?? 200_000);
const { stream: _unused, ...opts } = loggerOptions({ logLevel: 'info' });
const root = pino(opts, pino.destination({ fd: openSync('/dev/null', 'w'), sync: true }));

function fake(i: number) {
  const log = root.child({ reqId: `req-${i}` });
  const request = {
    method: 'GET',
    url: '/m/v2/merchant/bench-m0000/orders/optimized?limit=30&offset=0&filter%5Btab%5D=active',
    headers: { authorization: 'Bearer x', host: '127.0.0.1' },
    ip: '127.0.0.1',
    host: '127.0.0.1',
    socket: { remotePort: 50000 },
    log,
  };
  const reply = { statusCode: 200, elapsedTime: 1.234, log, getHeaders: () => ({}) };
  return { request, reply };
}

function measure(name: string, run: (i: number) => void): number {
  for (let i = 0; i < 20_000; i++) run(i); // warm-up
  const t0 = process.cpuUsage();
  for (let i = 0; i < N; i++) run(i);
  const d = process.cpuUsage(t0);
  const us = (d.user + d.system) / N;
  console.log(`${name}: ${us.toFixed(2)} µs CPU per request`);
  return us;
}

const ours = new RequestLogController(
  { logLevel: 'info' },
  pino.destination({ fd: openSync('/dev/null', 'w'), sync: true }),
);
const theirs = new LogController();
const base = measure('child logger only (Fastify creates it for every request)', (i) => void fake(i));
const one = measure('one line (RequestLogController)', (i) => {
  const { request, reply } = fake(i);
  ours.incomingRequest(request as never);
  ours.requestCompleted(null, request as never, reply as never);
});
const two = measure("Fastify's default two lines", (i) => {
  const { request, reply } = fake(i);
  theirs.incomingRequest(request as never, reply as never, undefined as never);
  theirs.requestCompleted(null, request as never, reply as never, undefined as never);
});
console.log(
  `log line alone: ${(one - base).toFixed(2)} µs; Fastify's default: ${(two - base).toFixed(2)} µs`,
);
