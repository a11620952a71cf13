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

/** node-postgres and pg-pool report a lost or impossible connection by message only. */
const MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'terminating connection due to administrator command',
  'the database system is starting up',
  'the database system is shutting down',
  'the database system is in recovery mode',
];

function isUnavailableOne(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (NETWORK_CODES.has(e.code)) return true;
    if (/^[0-9A-Z]{5}$/.test(e.code) && isUnavailableSqlState(e.code)) return true;
  }
  if (typeof e.message === 'string' && MESSAGES.some((m) => (e.message as string).includes(m))) return true;
  // Node's happy-eyeballs connect: an AggregateError of one ECONNREFUSED per address.
  if (Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every(isUnavailableOne)) return true;
  return false;
}

/** True for an error (or an error wrapped in `cause`, as Drizzle does) meaning "the database is unreachable". */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    if (isUnavailableOne(e)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
