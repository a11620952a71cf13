/**
 * "The database is not reachable right now" — as opposed to a bug or a bad query. These errors say
 * nothing about the request: the same request succeeds once PostgreSQL accepts connections again, so
 * the API answers them with 503 (plugins/errors.ts), the job queue retries, and the process lives on.
 */

/** Socket-level failures while connecting to or talking with the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of an unavailable server: class 08 (connection exception), 57P01 admin_shutdown
 * (pg_terminate_backend, a fast shutdown), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up,
 * recovering), 53300 too_many_connections.
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300'
  );
}

/**
 * node-postgres and pg-pool report a lost or impossible connection by message only; each message with the
 * short reason the outage log names it by (lib/outage-log.ts).
 */
const MESSAGES: [message: string, reason: string][] = [
  ['Connection terminated', 'connection terminated'],
  ['connection timeout', 'connect timeout'],
  ['timeout exceeded when trying to connect', 'connect timeout'],
  ['Client has encountered a connection error and is not queryable', 'client not queryable'],
  ['Client was closed and is not queryable', 'client not queryable'],
  ['terminating connection due to administrator command', '57P01'],
  ['the database system is starting up', 'server starting up'],
  ['the database system is shutting down', 'server shutting down'],
  ['the database system is in recovery mode', 'server in recovery'],
];

/** Why `error` means "unreachable" (a network code, a SQLSTATE or a short text), or null if it does not. */
function unavailableOne(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const e = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (NETWORK_CODES.has(e.code)) return e.code;
    if (/^[0-9A-Z]{5}$/.test(e.code) && isUnavailableSqlState(e.code)) return e.code;
  }
  if (typeof e.message === 'string') {
    const message = e.message;
    const known = MESSAGES.find(([m]) => message.includes(m));
    if (known) return known[1];
  }
  // Node's happy-eyeballs connect: an AggregateError of one ECONNREFUSED per address.
  if (Array.isArray(e.errors) && e.errors.length > 0) {
    const reasons = e.errors.map(unavailableOne);
    if (reasons.every((r) => r !== null)) return reasons[0] ?? null;
  }
  return null;
}

/**
 * Why the database is unreachable according to `error` (or an error wrapped in `cause`, as Drizzle does):
 * `ECONNREFUSED`, `57P01`, `connection terminated`, …; null when the error means something else.
 */
export function databaseUnavailableReason(error: unknown): string | null {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    const reason = unavailableOne(e);
    if (reason) return reason;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** True for an error (or an error wrapped in `cause`, as Drizzle does) meaning "the database is unreachable". */
export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailableReason(error) !== null;
}
