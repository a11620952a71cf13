/**
 * The SQL of the orders list, built once and run by the route (and, for the benchmark floor, by a
 * bare route through the raw driver). Every value is a bind parameter: search text is data, never SQL.
 *
 * Paging: `LIMIT n+1` tells whether a next page exists; `next_url` carries a keyset cursor on
 * (date_submitted, id) so a deep page costs what the first one does (index
 * orders_merchant_tab_date_idx / orders_merchant_date_idx). A plain `offset` stays accepted: its page's
 * keys are found first and only those rows are read in full.
 */
import { isSet, ORDER_LIST_FILTERS, type OrderListFilterName, type OrderListFilterValues } from '@mc/api';
import { SLA_STATUSES, type SortDirection } from '@mc/domain';

/**
 * One list request: the page, the order, and the filters by their names in the table of `@mc/api`
 * (ORDER_LIST_FILTERS). A filter is asked for when its value is set and not empty.
 */
export interface ListParams extends OrderListFilterValues {
  merchantId: string;
  limit: number;
  offset: number;
  cursor: Cursor | null;
  sort: SortDirection;
}

/** Keyset position: the (date_submitted in µs since the epoch, id) of a row, and which way to read. */
export interface Cursor {
  dir: 'next' | 'prev';
  us: string;
  id: string;
}

export interface SqlQuery {
  text: string;
  values: unknown[];
  /** The name PostgreSQL keeps the statement prepared under (RawQuery's `prepare`), when it has one. */
  prepare?: string;
}

/**
 * Statement names for the page queries that are prepared: one per text, the same for the process's life
 * (node-postgres refuses one name for two texts). Bounded: past it a new text goes unprepared.
 */
const PREPARED = new Map<string, string>();
const MAX_PREPARED = 200;
function preparedName(text: string): string | undefined {
  let name = PREPARED.get(text);
  if (!name && PREPARED.size < MAX_PREPARED) {
    name = `mc_orders_list_${PREPARED.size + 1}`;
    PREPARED.set(text, name);
  }
  return name;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.dir === 'next' ? 'n' : 'p'}|${c.us}|${c.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(s: string): Cursor | null {
  const raw = Buffer.from(s, 'base64url').toString('utf8');
  const m = /^([np])\|(-?\d{1,19})\|([A-Za-z0-9-]{1,64})$/.exec(raw);
  if (!m) return null;
  return { dir: m[1] === 'n' ? 'next' : 'prev', us: m[2]!, id: m[3]! };
}

/** A full order id (2ABNPFR-3A0-9E). */
export const FULL_ORDER_ID_RE = /^[A-Z0-9]{7}-[A-Z0-9]{3}-[A-Z0-9]{2}$/;

/** `%term%` for ILIKE with the term's own wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const SLA_LIST = SLA_STATUSES.map((s) => `'${s}'`).join(',');

/**
 * The page's columns. The application's name and brand name are the order's kept copies (migration 0018,
 * docs/decisions/0149), not a look-up of applications per row. The keyset key `k_us` is exact µs (a
 * timestamp may carry them; the Date the driver gives keeps ms): numeric arithmetic, measured at 0.1 µs a
 * row. The preorder date is read only for preorder/deposit orders in an SLA status, and only where the page
 * can show an SLA (`ListExtras.sla`).
 */
const columns = (
  preorder: boolean,
) => `o.id, o.logistic_order_ref, o.status, o.date_submitted, o.printed_timestamp, o.application_ref,
  o.application_name, o.application_brand_name, o.delivery_method, o.delivery_date::text AS delivery_date, o.delivery_window_start, o.delivery_window_end,
  o.courier_estimate_id, o.gift_message, o.promo_code, o.status_recent_comment,
  o.recipient->>'first_name' AS r_first, o.recipient->>'last_name' AS r_last,
  o.customer->>'first_name' AS c_first, o.customer->>'last_name' AS c_last, o.customer_email,
  o.item_quantity, o.has_at_distributor, o.total_cents,
  (extract(epoch FROM o.date_submitted) * 1000000)::bigint::text AS k_us,
  ${preorder ? PREORDER_DATE : 'NULL::text'} AS preorder_date`;
const PREORDER_DATE = `CASE WHEN o.delivery_method IN ('preorder','deposit') AND o.status IN (${SLA_LIST})
    THEN (SELECT max(i.aux_data->>'preorder_available_date') FROM order_items i WHERE i.order_id = o.id) END`;
const COLUMNS_SLA = columns(true);
const COLUMNS_NO_SLA = columns(false);

export interface ListRow {
  /** Present when asked for with ListExtras (the same on every row). */
  x_hours?: { weekday: string; time_open: string; time_close: string }[];
  x_kept_total?: number;
  id: string;
  logistic_order_ref: string | null;
  status: string;
  date_submitted: Date | string;
  printed_timestamp: Date | string | null;
  application_ref: string;
  application_name: string;
  application_brand_name: string;
  delivery_method: string;
  delivery_date: string | null;
  delivery_window_start: Date | string | null;
  delivery_window_end: Date | string | null;
  courier_estimate_id: string | null;
  gift_message: string | null;
  promo_code: string | null;
  status_recent_comment: string | null;
  r_first: string | null;
  r_last: string | null;
  c_first: string | null;
  c_last: string | null;
  customer_email: string;
  item_quantity: number;
  has_at_distributor: boolean;
  total_cents: number;
  k_us: string;
  preorder_date: string | null;
}

/**
 * `column ILIKE '%term%'`, through an index whatever the term's length. Terms of three characters or more
 * go through the merchant's trigram index. A term of one or two characters has no trigram: it is matched
 * against the column's one- and two-character pieces (`mc_short_grams`, migration 0007), which another GIN
 * index led by the merchant holds, so a rare or absent term never reads the whole store; for a common one
 * the planner keeps the newest-first scan, which stops at the page's last match
 * (docs/decisions/0100-short-searches-through-a-grams-index.md). A longer term that trims to fewer than
 * three characters keeps the newest-first scan (the column wrapped so the trigram index is not used).
 */
function containsCondition(column: string, term: string, add: (v: unknown) => string): string {
  if (term.length <= 2) return `mc_short_grams(${column}) @> ARRAY[lower(${add(term)}::text)]`;
  const col = term.trim().length >= 3 ? column : `(${column} || '')`;
  return `${col} ILIKE ${add(containsPattern(term))}`;
}

type Bind = (v: unknown) => string;

/** How the SQL matches a one-value filter against its column. */
export type TextMatch =
  /** `column = $n`. */
  | 'equals'
  /** Order id search: a whole id matches exactly, a part matches as a prefix of the key. */
  | 'idPrefix'
  /** `column ILIKE '%term%'` through the trigram / short-grams indexes. */
  | 'contains'
  /** Same, the term lower-cased first (the column is stored lower case). */
  | 'containsLowercase';

/** How the SQL matches a list filter (comma list in the URL) against its column. */
export type ListMatch =
  /** `column = ANY($n::text[])`, whatever the number of values. */
  | 'anyOf'
  /** `column = $n` for one value, `column = ANY($n::text[])` for more. */
  | 'oneOrAnyOf';

/**
 * A filter's SQL: its column (an expression over `orders o`) and a match that fits its value. A text match
 * may name several columns: a row matches when any of them does.
 */
interface FilterSql<V> {
  column: V extends readonly string[] ? string : string | readonly string[];
  match: V extends readonly string[] ? ListMatch : TextMatch;
  /** The kept per-tab counts still answer `total_rows` with this filter set (only the tab: they are per tab). */
  keptCount?: true;
}

/**
 * The SQL of each filter of the contract's table (ORDER_LIST_FILTERS in `@mc/api`), by filter name
 * (docs/decisions/0125, 0127). Typed over the table: a filter without its entry does not compile, and a
 * list filter takes a list match.
 */
export const LIST_FILTER_SQL: {
  [N in OrderListFilterName]: FilterSql<NonNullable<OrderListFilterValues[N]>>;
} = {
  tab: { column: 'o.tab', match: 'equals', keptCount: true },
  application_ref: { column: 'o.application_ref', match: 'anyOf' },
  delivery_method: { column: 'o.delivery_method', match: 'oneOrAnyOf' },
  status: { column: 'o.status', match: 'oneOrAnyOf' },
  order_key: { column: 'o.id', match: 'equals' },
  search: { column: 'o.id', match: 'idPrefix' },
  recipient_name: { column: 'o.recipient_name', match: 'contains' },
  name: { column: ['o.recipient_name', 'o.customer_name'], match: 'contains' },
  customer_email: { column: 'o.customer_email', match: 'containsLowercase' },
};

/** Whether a match takes a list (a comma list in the URL). */
export const isListMatch = (match: TextMatch | ListMatch): match is ListMatch =>
  match === 'anyOf' || match === 'oneOrAnyOf';

/** The SQL clause of each match, for a value that is set. */
const TEXT_CLAUSES: Record<TextMatch, (column: string, v: string, add: Bind) => string> = {
  equals: (column, v, add) => `${column} = ${add(v)}`,
  idPrefix: (column, v, add) => {
    const s = v.toUpperCase();
    if (FULL_ORDER_ID_RE.test(s)) return `${column} = ${add(s)}`;
    // Prefix of the primary key as a range (index scan), with starts_with for exactness.
    const lo = add(s);
    return `${column} >= ${lo} AND ${column} < ${add(`${s}\u{10FFFF}`)} AND starts_with(${column}, ${lo})`;
  },
  contains: (column, v, add) => containsCondition(column, v, add),
  containsLowercase: (column, v, add) => containsCondition(column, v.toLowerCase(), add),
};
const LIST_CLAUSES: Record<ListMatch, (column: string, v: readonly string[], add: Bind) => string> = {
  anyOf: (column, v, add) => `${column} = ANY(${add(v)}::text[])`,
  oneOrAnyOf: (column, v, add) =>
    v.length === 1 ? `${column} = ${add(v[0])}` : `${column} = ANY(${add(v)}::text[])`,
};

/** The table's filters with their clause, in the table's order, worked out once. */
const FILTER_CLAUSES = ORDER_LIST_FILTERS.map((f) => {
  const { column, match }: { column: string | readonly string[]; match: TextMatch | ListMatch } =
    LIST_FILTER_SQL[f.name];
  let clause: (v: string | readonly string[], add: Bind) => string;
  if (isListMatch(match)) {
    const list = LIST_CLAUSES[match];
    clause = (v, add) => list(column as string, v as readonly string[], add);
  } else {
    const text = TEXT_CLAUSES[match];
    clause =
      typeof column === 'string'
        ? (v, add) => text(column, v as string, add)
        : (v, add) => `(${column.map((c) => text(c, v as string, add)).join(' OR ')})`;
  }
  return { name: f.name, clause };
});

/** The filters that make the kept per-tab counts unable to answer the total (all but the tab). */
const UNCOUNTED_FILTERS: OrderListFilterName[] = ORDER_LIST_FILTERS.filter(
  (f) => !LIST_FILTER_SQL[f.name].keptCount,
).map((f) => f.name);

/** Shared WHERE conditions (without the cursor). */
function whereClause(p: ListParams, values: unknown[]): string[] {
  const add = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const where = [`o.merchant_id = ${add(p.merchantId)}`];
  for (const f of FILTER_CLAUSES) {
    const v = p[f.name];
    if (isSet(v)) where.push(f.clause(v, add));
  }
  return where;
}

/** What the page query also returns on each row (computed once): the merchant's hours, the kept total. */
export interface ListExtras {
  hours?: boolean;
  keptTotal?: boolean;
  /**
   * Whether rows in an SLA status can be on the page (`tabHasSla`): their preorder date is read for the
   * SLA badge. False: `preorder_date` is null on every row (no row would use it). Default true.
   */
  sla?: boolean;
}

/**
 * The page query. Reads `limit + 1` rows. For a 'prev' cursor it reads backwards (the caller
 * reverses the rows). Sort 'none' is the server's default order (newest first).
 */
export function buildListQuery(p: ListParams, extras: ListExtras = {}): SqlQuery {
  const values: unknown[] = [];
  const where = whereClause(p, values);
  const COLUMNS = extras.sla === false ? COLUMNS_NO_SLA : COLUMNS_SLA;
  // $1 is the merchant id (whereClause adds it first). The extras are uncorrelated subqueries: PostgreSQL
  // runs each once per statement (an InitPlan), so the page, the kept total and the hours come back in
  // one round trip instead of three.
  let extraColumns = '';
  if (extras.hours) {
    extraColumns += `,
  (SELECT coalesce(json_agg(json_build_object('weekday', h.weekday, 'time_open', h.time_open, 'time_close', h.time_close)), '[]'::json)
     FROM merchant_hours h WHERE h.merchant_id = $1) AS x_hours`;
  }
  if (extras.keptTotal) {
    extraColumns += `,
  (SELECT coalesce(sum(c.count), 0)::int FROM merchant_tab_counts c WHERE c.merchant_id = $1${
    p.tab ? ` AND c.tab = $${values.indexOf(p.tab) + 1}` : ''
  }) AS x_kept_total`;
  }
  const asc = p.sort === 'asc';
  // Reading direction: a 'prev' cursor reads against the list order.
  const readAsc = p.cursor?.dir === 'prev' ? !asc : asc;
  if (p.cursor) {
    values.push(p.cursor.us, p.cursor.id);
    const ts = `(timestamptz 'epoch' + $${values.length - 1}::bigint * interval '1 microsecond')`;
    where.push(`(o.date_submitted, o.id) ${readAsc ? '>' : '<'} (${ts}, $${values.length}::text)`);
  }
  // NULLS placement as in the indexes (DESC NULLS LAST), or the planner cannot read them in order.
  const dir = readAsc ? 'ASC NULLS FIRST' : 'DESC NULLS LAST';
  values.push(p.limit + 1);
  const order = `ORDER BY o.date_submitted ${dir}, o.id ${dir}`;
  if (!p.cursor && p.offset > 0) {
    // An offset page skips rows: find the page's keys first (an index scan over the ordering index,
    // no SELECT-list lookups for skipped rows), then read the details of those keys only.
    values.push(p.offset);
    const text = `SELECT ${COLUMNS}${extraColumns}
FROM (SELECT o.id FROM orders o
      WHERE ${where.join(' AND ')}
      ${order}
      LIMIT $${values.length - 1} OFFSET $${values.length}) page
JOIN orders o ON o.id = page.id
${order}`;
    return withPrepare({ text, values }, p);
  }
  const text = `SELECT ${COLUMNS}${extraColumns}
FROM orders o
WHERE ${where.join(' AND ')}
${order}
LIMIT $${values.length}`;
  return withPrepare({ text, values }, p);
}

/**
 * A page filtered by the tab alone (the console's lists, their next/prev and offset pages) is prepared:
 * PostgreSQL parses and plans it once per connection instead of on every request (0.12 ms of its 0.8 ms
 * round trip, docs/benchmarks.md), and its plan is the ordering index whatever the values. Searches and
 * the other filters are planned for their values every time (a generic plan cannot weigh a search term).
 */
function withPrepare(q: SqlQuery, p: ListParams): SqlQuery {
  if (!usesKeptCount(p)) return q;
  const name = preparedName(q.text);
  return name ? { ...q, prepare: name } : q;
}

/** Whether the total is the kept per-tab count (no filter beyond the tab). */
export function usesKeptCount(p: ListParams): boolean {
  for (const name of UNCOUNTED_FILTERS) if (isSet(p[name])) return false;
  return true;
}

/** A filtered count stops here: past it total_rows is the cap and total_rows_capped is true. */
export const FILTERED_COUNT_CAP = 1000;

/** total_rows: the kept counts when only the tab filters, otherwise a count of the filtered rows. */
export function buildTotalQuery(p: ListParams): SqlQuery {
  if (usesKeptCount(p)) {
    const values: unknown[] = [p.merchantId];
    let text = 'SELECT coalesce(sum(count), 0)::int AS n FROM merchant_tab_counts WHERE merchant_id = $1';
    if (p.tab) {
      values.push(p.tab);
      text += ' AND tab = $2';
    }
    return { text, values };
  }
  const values: unknown[] = [];
  const where = whereClause(p, values);
  values.push(FILTERED_COUNT_CAP + 1);
  return {
    text: `SELECT count(*)::int AS n FROM (SELECT 1 FROM orders o WHERE ${where.join(' AND ')} LIMIT $${values.length}) s`,
    values,
  };
}
