/**
 * The orders list's filters, in one table (docs/decisions/0125-one-list-filter-table.md). Each entry is a
 * filter's name — its query key is `filter[name]`, and `current_filter` and `available_filters` echo the
 * name — the limit on its raw text, and how that text is parsed (a value, or INVALID with the entry's
 * message). The request schema (list-schemas.ts), the server's list parameters, paging links and echo, and
 * the console's queries are all made from this table. How the server's SQL matches each filter is the
 * server's own table, keyed by filter name (apps/server/src/modules/orders/list/list-orders-sql.ts,
 * docs/decisions/0127), so no column name reaches the console.
 *
 * Zod-free on purpose: the console builds its list queries from this module on its first page
 * (docs/decisions/0109-first-pages-without-zod-data-router-or-eager-dialogs.md); the schema side is in
 * list-schemas.ts.
 *
 * Adding a filter is one entry here plus its entry in the server's SQL table (a missing one does not compile).
 */
import {
  DELIVERY_METHODS,
  type MaxLengthKey,
  normalizeStatus,
  ORDER_STATUSES,
  ORDER_TABS,
  type OrderStatus,
  parseTab,
} from '@mc/domain';

/** What a filter's `parse` answers for text it refuses (the request is then a 400 naming the filter). */
export const INVALID: unique symbol = Symbol('invalid filter value');
type Invalid = typeof INVALID;

/** A filter of the table; `V` is its parsed value (a string, or a string list written as a comma list). */
interface FilterSpec<N extends string, V extends string | readonly string[]> {
  name: N;
  /** The limit on the raw text (MAX_LENGTH key). */
  max: MaxLengthKey;
  /** The raw text (already within `max` and clean) → the value, or INVALID. */
  parse: (raw: string) => V | Invalid;
  /** The 400's message when `parse` refuses (the path is the query key). */
  invalid?: string;
}

/** An entry, typed with its name and parsed value. */
const filter = <N extends string, V extends string | readonly string[]>(spec: FilterSpec<N, V>) => spec;

/** A brand (application) ref or uuid: letters, digits, dot, dash, underscore. */
const APPLICATION_REF_RE = /^[A-Za-z0-9._-]{1,64}$/;

/** `a, b,,a` → `['a', 'b']`: trimmed, blanks dropped, each once. */
function commaList(v: string): string[] {
  return [
    ...new Set(
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

const trimmed = (v: string): string => v.trim();

/** The table, in query-string order (paging links and `current_filter` follow it). */
export const ORDER_LIST_FILTERS = [
  filter({
    name: 'tab',
    max: 'short',
    parse: (v) => parseTab(v) ?? INVALID,
    invalid: `must be one of ${ORDER_TABS.join(', ')}`,
  }),
  filter({
    name: 'application_ref',
    max: 'token',
    parse: (v) => {
      const refs = commaList(v);
      return refs.length > 50 || refs.some((r) => !APPLICATION_REF_RE.test(r)) ? INVALID : refs;
    },
    invalid: 'must be a comma list of brand refs or uuids',
  }),
  /** One method, or a comma list (the console's 'Pre-sale' option is `preorder,deposit`). */
  filter({
    name: 'delivery_method',
    max: 'short',
    parse: (v) => {
      const methods = commaList(v);
      return !methods.length || methods.some((m) => !(DELIVERY_METHODS as readonly string[]).includes(m))
        ? INVALID
        : methods;
    },
    invalid: `must be one of ${DELIVERY_METHODS.join(', ')} (or a comma list of them)`,
  }),
  /** One status, or a comma list (any case; the console offers the statuses of the tab it shows). */
  filter({
    name: 'status',
    // every status in one comma list fits in a line's limit
    max: 'addressLine',
    parse: (v): OrderStatus[] | Invalid => {
      const statuses = commaList(v.toUpperCase()).map(normalizeStatus);
      return !statuses.length || statuses.includes(null) ? INVALID : [...new Set(statuses as OrderStatus[])];
    },
    invalid: `must be one of ${ORDER_STATUSES.join(', ')} (or a comma list of them)`,
  }),
  filter({ name: 'order_key', max: 'id', parse: trimmed }),
  /** Order id search (the 'Order #' box, '#' already dropped). */
  filter({ name: 'search', max: 'search', parse: trimmed }),
  filter({
    name: 'recipient_name',
    max: 'search',
    parse: trimmed,
  }),
  /** The buyer's or the recipient's name (the console's 'Customer Name' search). */
  filter({ name: 'name', max: 'search', parse: trimmed }),
  filter({
    name: 'customer_email',
    max: 'email',
    parse: trimmed,
  }),
] as const;

export type OrderListFilter = (typeof ORDER_LIST_FILTERS)[number];
export type OrderListFilterName = OrderListFilter['name'];
/** A filter's query key: `filter[tab]`, ... */
export type OrderListFilterKey<N extends string = OrderListFilterName> = `filter[${N}]`;
type ValueOf<F> = F extends { parse: (raw: string) => infer V } ? Exclude<V, Invalid> : never;

/** The parsed filters, by name (a filter not asked for is undefined; an empty text or list is not asked for). */
export type OrderListFilterValues = {
  [F in OrderListFilter as F['name']]?: ValueOf<F>;
};

/** `filter[name]` of a filter. */
export const orderListFilterKey = <N extends string>(name: N): OrderListFilterKey<N> => `filter[${name}]`;

/** The names, as the list answers them in `available_filters`. */
export const ORDER_LIST_FILTER_NAMES: OrderListFilterName[] = ORDER_LIST_FILTERS.map((f) => f.name);

/** Every `filter[...]` and `sort[...]` key the list understands; any other is a 400. */
export const ORDER_LIST_FILTER_KEYS: readonly string[] = [
  ...ORDER_LIST_FILTERS.map((f) => orderListFilterKey(f.name)),
  'sort[date]',
];

/** A value as it is written in the query string and echoed in `current_filter` (a list as a comma list). */
export const filterText = (v: string | readonly string[]): string =>
  typeof v === 'string' ? v : v.join(',');

/** Whether a parsed value asks for anything (an empty text or list does not). */
export const isSet = (v: string | readonly string[] | undefined): v is string | readonly string[] =>
  v !== undefined && v.length > 0;

/**
 * The query-string entries of some filters, by name, in the table's order: `{tab: 'active'}` →
 * `{'filter[tab]': 'active'}`. A list is written as a comma list; an unset, empty or null value is left out.
 */
export function orderListFilterQuery(
  values: {
    [N in OrderListFilterName]?: string | readonly string[] | null;
  },
): { [N in OrderListFilterName as OrderListFilterKey<N>]?: string } {
  const out: Record<string, string> = {};
  for (const f of ORDER_LIST_FILTERS) {
    const v = values[f.name] ?? undefined;
    if (isSet(v)) out[orderListFilterKey(f.name)] = filterText(v);
  }
  return out;
}
