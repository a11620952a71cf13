/**
 * How long a client may take to send a request, and how long a silent connection stays open
 * (docs/decisions/0115-bounded-requests-streams-and-calm-outage-logs.md, docs/security.md "Request and
 * stream limits"). Constants, not settings: no deployment has needed another value, and a proxy in front
 * usually has its own, shorter limits.
 *
 * Node checks the header and request deadlines every `connectionsCheckingInterval` (its default, 30 s,
 * would let a slow body live up to a minute), so the worst case is the deadline plus one check:
 * - headers: HEADERS_TIMEOUT_MS + CHECK_MS = 15 s;
 * - the whole request, body included: REQUEST_TIMEOUT_MS + CHECK_MS = 25 s (a 1 MB body, the largest
 *   accepted, needs 50 KB/s). A client that is too slow gets 408 and its connection is closed.
 * Neither deadline applies to the response: an event stream or a long download is bounded by
 * CONNECTION_TIMEOUT_MS of silence instead (the streams send a heartbeat every 25 s).
 */

/** All request headers must have arrived within this time of the connection (or the previous request). */
const HEADERS_TIMEOUT_MS = 10_000;
/** The whole request, headers and body, must have arrived within this time. */
const REQUEST_TIMEOUT_MS = 20_000;
/** How often Node looks for requests past those deadlines. */
const CONNECTIONS_CHECK_MS = 5_000;
/** A socket with no byte read or written for this long is closed (above the event streams' 25 s heartbeat). */
const CONNECTION_TIMEOUT_MS = 60_000;
/** An idle keep-alive connection is closed after this (Fastify's default, kept; above most proxies' 60 s). */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

export interface HttpTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  connectionsCheckMs: number;
  connectionTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersTimeoutMs: HEADERS_TIMEOUT_MS,
  requestTimeoutMs: REQUEST_TIMEOUT_MS,
  connectionsCheckMs: CONNECTIONS_CHECK_MS,
  connectionTimeoutMs: CONNECTION_TIMEOUT_MS,
  keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS,
};

/** The longest a slow request can hold its connection: its deadline plus one check. */
export function worstCaseMs(t: HttpTimeouts, what: 'headers' | 'request'): number {
  return (what === 'headers' ? t.headersTimeoutMs : t.requestTimeoutMs) + t.connectionsCheckMs;
}

/** Fastify's factory options for these timeouts (`http` is handed to node:http's createServer). */
export function fastifyTimeoutOptions(t: HttpTimeouts = HTTP_TIMEOUTS) {
  return {
    connectionTimeout: t.connectionTimeoutMs,
    keepAliveTimeout: t.keepAliveTimeoutMs,
    requestTimeout: t.requestTimeoutMs,
    http: {
      headersTimeout: t.headersTimeoutMs,
      requestTimeout: t.requestTimeoutMs,
      connectionsCheckingInterval: t.connectionsCheckMs,
    },
  };
}
