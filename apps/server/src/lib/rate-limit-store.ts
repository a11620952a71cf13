/**
 * @fastify/rate-limit's counters in PostgreSQL (docs/decisions/0137), so every API process counts against
 * one limit: with the plugin's in-memory store each process counted alone and N processes allowed N times
 * the limit. One statement per counted request, on the `request_counters` table the sign-up limits already
 * share: a fixed window per (route, client) that the first request after it lapses starts again.
 * Rows older than a day (no window is longer than an hour) are pruned now and then by whichever process
 * counts. A database that cannot answer lets the request through (`skipOnError` in app.ts): the route
 * itself then answers 503 if it needs the database.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/client.ts';

const COUNT = `
INSERT INTO request_counters AS c (bucket, key, window_started_at, count) VALUES ($1, $2, now(), 1)
ON CONFLICT (bucket, key) DO UPDATE SET
  count = CASE WHEN c.window_started_at <= now() - $3::int * interval '1 millisecond' THEN 1 ELSE c.count + 1 END,
  window_started_at = CASE WHEN c.window_started_at <= now() - $3::int * interval '1 millisecond'
                           THEN now() ELSE c.window_started_at END
RETURNING count, greatest(0, ceil(extract(epoch FROM c.window_started_at + $3::int * interval '1 millisecond' - now()) * 1000))::int AS ttl`;

const PRUNE = `DELETE FROM request_counters WHERE window_started_at < now() - interval '1 day'`;
const PRUNE_EVERY = 1000;

/**
 * Counts one request against a limit of its own, outside a route's configuration: the same table and
 * statement as the store, in bucket `bucket` for `key`. Used where the client is known only once the
 * request is authenticated (an API key, by its id: docs/decisions/0140).
 */
export async function countRequest(
  database: Database,
  bucket: string,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const [row] = await database.query<{ count: number; ttl: number }>(COUNT, [
    bucket,
    key,
    Math.round(windowMs),
  ]);
  return { current: row?.count ?? 1, ttl: row?.ttl ?? windowMs };
}

export function postgresRateLimitStore(database: Database): FastifyRateLimitStoreCtor {
  let counted = 0;
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly bucket: string;

    constructor(options?: unknown) {
      this.bucket = typeof options === 'string' ? options : 'rate:';
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      if (++counted % PRUNE_EVERY === 0) database.query(PRUNE).catch(() => {});
      database.query<{ count: number; ttl: number }>(COUNT, [this.bucket, key, Math.round(timeWindow)]).then(
        ([row]) => callback(null, { current: row?.count ?? 1, ttl: row?.ttl ?? timeWindow }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: {
      method?: string | string[];
      url?: string;
      routeInfo?: { method?: string; url?: string };
    }) {
      const method = routeOptions.routeInfo?.method ?? routeOptions.method;
      const url = routeOptions.routeInfo?.url ?? routeOptions.url;
      return new PostgresRateLimitStore(`rate:${String(method)} ${String(url)}`);
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
