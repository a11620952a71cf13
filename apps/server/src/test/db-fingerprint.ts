/**
 * A fingerprint of the application's tables (row count and an md5 of every row's text, per table) to
 * prove that a refused request changed nothing: take one before, one after, compare.
 */
import type { Database } from '../db/client.ts';

/**
 * Not compared: `login_failures` and `request_counters` are the limits' own ledgers (recording a refused
 * guess or a refused sign-up is their job);
 * `order_event_outbox` is emptied by the relay on its own schedule (an earlier change's event can leave it
 * between the two fingerprints), and an event row is only ever written with the change it announces.
 * pg-boss keeps its queue in its own schema, outside `public`.
 */
const IGNORED = new Set(['login_failures', 'request_counters', 'order_event_outbox', '__drizzle_migrations']);

/**
 * Rows left out of a table's fingerprint: an open live-update stream holds a place in
 * `event_stream_tickets` (`stream:` rows) whose expiry is pushed on a timer and which is deleted when the
 * stream ends, on the stream's own schedule, not by the request being checked. The one-time tickets a
 * request mints are still compared.
 */
const ROW_FILTERS: Record<string, string> = {
  event_stream_tickets: `where t.ticket_hash not like 'stream:%'`,
};

const tablesCache = new WeakMap<Database, string[]>();

async function tables(database: Database): Promise<string[]> {
  const cached = tablesCache.get(database);
  if (cached) return cached;
  const rows = await database.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = rows.map((r) => r.name).filter((n) => !IGNORED.has(n) && /^[a-z_][a-z0-9_]*$/.test(n));
  tablesCache.set(database, names);
  return names;
}

export type Fingerprint = Record<string, string>;

/** `{table: "count:md5"}` for every public table. */
export async function fingerprint(database: Database): Promise<Fingerprint> {
  const names = await tables(database);
  const sql = names
    .map(
      (n) =>
        `select '${n}' as name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from "${n}" t ${ROW_FILTERS[n] ?? ''}`,
    )
    .join(' union all ');
  const rows = await database.query<{ name: string; sum: string }>(sql);
  return Object.fromEntries(rows.map((r) => [r.name, r.sum]));
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
}
