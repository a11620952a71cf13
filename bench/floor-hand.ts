/**
 * The hand-written floor of the orders list (docs/decisions/0149): what a person would write by hand for
 * a tab's first page — node:http, a pg pool of 20 like the app, ONE plain SQL query (the page's rows
 * joined to their application, the tab's kept total and the store's hours) and the answer written out
 * field by field. No framework, no auth, no validation, no shared SQL builder. It gives the same answer
 * as the app (bench.ts compares the two, parsed, before measuring): the SLA badge through the domain's
 * rule (`onTrackStatusClock`), the same next_url.
 *
 * Serves GET /m/v2/merchant/{tmk}/orders/optimized?limit=N&offset=0[&filter[tab]=TAB] (a first page,
 * newest first); anything else is a 404. An empty page answers total_rows 0 (the kept total rides on
 * the rows; the app asks again then — the measured page is never empty).
 * Env: FLOOR_PORT, DATABASE_URL.
 */
import http from 'node:http';
import { ORDER_LIST_FILTER_NAMES } from '@mc/api';
import { centsToDollars, DEFAULT_TIMEZONE, isoString, onTrackStatusClock, SORT_DIRECTIONS } from '@mc/domain';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });

/**
 * The page with or without a tab. Of the plain forms tried (docs/decisions/0149), the cheapest for
 * PostgreSQL: the application joined, the kept total and the hours as sub-selects PostgreSQL runs once;
 * the cross-joined and `($2 IS NULL OR tab = $2)` forms cost about a quarter more planning and execution.
 * NULLS LAST as in the ordering indexes (a plain DESC is NULLS FIRST: another index and a sort).
 */
function pageSql(tab: boolean): string {
  return `SELECT o.id, o.logistic_order_ref, o.status, o.date_submitted, o.printed_timestamp, o.application_ref,
  a.name AS application_name, a.brand_name AS application_brand_name,
  o.delivery_method, o.delivery_date::text AS delivery_date, o.delivery_window_start, o.delivery_window_end,
  o.courier_estimate_id, o.gift_message, o.promo_code, o.status_recent_comment,
  o.recipient->>'first_name' AS r_first, o.recipient->>'last_name' AS r_last,
  o.customer->>'first_name' AS c_first, o.customer->>'last_name' AS c_last, o.customer_email,
  o.item_quantity, o.has_at_distributor, o.total_cents,
  (extract(epoch FROM o.date_submitted) * 1000000)::bigint::text AS k_us,
  CASE WHEN o.delivery_method IN ('preorder','deposit')
    THEN (SELECT max(i.aux_data->>'preorder_available_date') FROM order_items i WHERE i.order_id = o.id) END AS preorder_date,
  (SELECT coalesce(sum(count), 0)::int FROM merchant_tab_counts WHERE merchant_id = $1${tab ? ' AND tab = $3' : ''}) AS total,
  (SELECT coalesce(json_agg(json_build_object('weekday', weekday, 'time_open', time_open, 'time_close', time_close)), '[]'::json)
     FROM merchant_hours WHERE merchant_id = $1) AS hours
FROM orders o
JOIN applications a ON a.id = o.application_id
WHERE o.merchant_id = $1${tab ? ' AND o.tab = $3' : ''}
ORDER BY o.date_submitted DESC NULLS LAST, o.id DESC NULLS LAST
LIMIT $2`;
}
const PAGE_SQL = pageSql(false);
const PAGE_SQL_TAB = pageSql(true);

const merchants = new Map<string, { id: string; timezone: string }>();
async function merchant(tmk: string) {
  let m = merchants.get(tmk);
  if (!m) {
    const { rows } = await pool.query('SELECT id::text AS id, timezone FROM merchants WHERE tmk = $1', [tmk]);
    if (!rows[0]) return null;
    m = { id: rows[0].id, timezone: rows[0].timezone || DEFAULT_TIMEZONE };
    merchants.set(tmk, m);
  }
  return m;
}

const iso = (d: Date | null) => (d ? isoString(d) : null);
const ROUTE = /^\/m\/v2\/merchant\/([^/]+)\/orders\/optimized$/;

async function answer(url: string): Promise<string | null> {
  const u = new URL(url, 'http://floor');
  const route = ROUTE.exec(u.pathname);
  const q = u.searchParams;
  if (!route || (q.get('offset') ?? '0') !== '0' || q.has('cursor')) return null;
  const tmk = decodeURIComponent(route[1]!);
  const m = await merchant(tmk);
  if (!m) return null;
  const limit = Number(q.get('limit') ?? 30);
  const tab = q.get('filter[tab]');
  const { rows } = tab
    ? await pool.query(PAGE_SQL_TAB, [m.id, limit + 1, tab])
    : await pool.query(PAGE_SQL, [m.id, limit + 1]);
  const now = new Date();
  const onTrack = onTrackStatusClock(m.timezone, rows[0]?.hours ?? null);
  const page = rows.slice(0, limit);
  const items = page.map((r) => ({
    id: r.id,
    logistic_order_ref: r.logistic_order_ref,
    status: r.status,
    date_submitted: isoString(r.date_submitted),
    printed_timestamp: iso(r.printed_timestamp),
    application_ref: r.application_ref,
    application_name: r.application_name,
    application_brand_name: r.application_brand_name,
    delivery: {
      method: r.delivery_method,
      date: r.delivery_date,
      window:
        r.delivery_window_start && r.delivery_window_end
          ? [isoString(r.delivery_window_start), isoString(r.delivery_window_end)]
          : null,
    },
    courier_estimate_id: r.courier_estimate_id,
    gift_message: r.gift_message ? { message: r.gift_message } : null,
    promo_code: r.promo_code || null,
    status_recent_comment: r.status_recent_comment,
    on_track_status: onTrack({
      status: r.status,
      now,
      deliveryMethod: r.delivery_method,
      submittedAt: r.date_submitted,
      deliveryWindowEnd: r.delivery_window_end,
      preorderAvailableDate: r.preorder_date,
    }),
    recipient: { first_name: r.r_first ?? '', last_name: r.r_last ?? '' },
    customer: { first_name: r.c_first ?? '', last_name: r.c_last ?? '', email: r.customer_email },
    item_quantity: r.item_quantity,
    has_at_distributor: r.has_at_distributor,
    transaction: { total: centsToDollars(r.total_cents) },
  }));
  const last = page.at(-1);
  let next_url: string | null = null;
  if (rows.length > limit && last) {
    const cursor = Buffer.from(`n|${last.k_us}|${last.id}`, 'utf8').toString('base64url');
    const p = new URLSearchParams({ limit: String(limit), offset: String(limit), cursor });
    if (tab) p.set('filter[tab]', tab);
    next_url = `/m/v2/merchant/${encodeURIComponent(tmk)}/orders/optimized?${p}`;
  }
  return JSON.stringify({
    items,
    timezone: m.timezone,
    next_url,
    prev_url: null,
    total_rows: rows[0]?.total ?? 0,
    total_rows_capped: false,
    current_filter: tab ? [{ name: 'tab', value: tab }] : [],
    current_sort: [{ name: 'date', value: 'desc' }],
    available_filters: ORDER_LIST_FILTER_NAMES,
    available_sorts: [{ name: 'date', values: SORT_DIRECTIONS }],
  });
}

const server = http.createServer(async (req, res) => {
  try {
    const body = await answer(req.url ?? '/');
    if (body === null) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
  } catch (e) {
    res.writeHead(500).end(String(e));
  }
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.FLOOR_PORT ?? 3902), '127.0.0.1', () => console.log('floor ready'));
const stop = async () => {
  server.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
