/**
 * The floor's answer (floor-server.ts, list-cpu.ts): the identical SQL of the orders routes through the
 * raw driver — no auth, no validation, no mapping; the rows as they come, to be sent as JSON.
 */
import { ORDER_LIST_FILTERS, orderListFilterKey } from '@mc/api';
import type { Database } from '../apps/server/src/db/client.ts';
import {
  buildListQuery,
  buildTotalQuery,
  decodeCursor,
  isListMatch,
  LIST_FILTER_SQL,
  type ListParams,
  usesKeptCount,
} from '../apps/server/src/modules/orders/list/list-orders-sql.ts';
import { COUNTS_SQL } from '../apps/server/src/modules/orders/list/order-counts.ts';

/** Each filter's name, query key and whether it is a comma list (`anyOf`/`oneOrAnyOf`), worked out once. */
const FILTERS = ORDER_LIST_FILTERS.map((f) => ({
  name: f.name,
  key: orderListFilterKey(f.name),
  list: isListMatch(LIST_FILTER_SQL[f.name].match),
}));

function params(merchant: string, u: URL, defaultLimit: number): ListParams {
  const g = (k: string) => u.searchParams.get(k) ?? undefined;
  const cursor = g('cursor');
  const p: ListParams = {
    merchantId: merchant,
    limit: Number(g('limit') ?? defaultLimit),
    offset: Number(g('offset') ?? 0),
    cursor: cursor ? decodeCursor(cursor) : null,
    sort: (g('sort[date]') as ListParams['sort']) ?? 'desc',
  };
  // As read, unchecked (the floor validates nothing); a list split on commas.
  const filters = p as Record<string, unknown>;
  for (const f of FILTERS) {
    const v = g(f.key);
    filters[f.name] = f.list ? v?.split(',') : v;
  }
  return p;
}

const ROUTE = /^\/m\/v2\/merchant\/([^/]+)\/orders\/(optimized|optimize|count)$/;

/** The floor's answer to a URL: the body (rows as read), or null for an unknown path. */
export function floorAnswer(db: Database): (url: string) => Promise<unknown> {
  const merchantIds = new Map<string, string>();
  async function merchantId(tmk: string): Promise<string> {
    let id = merchantIds.get(tmk);
    if (!id) {
      const [row] = await db.query<{ id: string }>('SELECT id FROM merchants WHERE tmk = $1', [tmk]);
      id = row?.id ?? '';
      merchantIds.set(tmk, id);
    }
    return id;
  }
  return async (url) => {
    const u = new URL(url, 'http://floor');
    const m = ROUTE.exec(u.pathname);
    if (!m) return null;
    const id = await merchantId(decodeURIComponent(m[1]!));
    let body: unknown;
    if (m[2] === 'count') body = await db.query(COUNTS_SQL, [id]);
    else {
      const p = params(id, u, m[2] === 'optimize' ? 10 : 30);
      const kept = usesKeptCount(p);
      const sla = !p.tab || p.tab === 'active';
      const list = buildListQuery(p, { hours: sla, keptTotal: kept, sla });
      const total = buildTotalQuery(p);
      // Prepared as the app prepares it (a page filtered by the tab alone, docs/decisions/0149).
      const rows = await db.query(
        list.text,
        list.values,
        list.prepare ? { prepare: list.prepare } : undefined,
      );
      const needCount =
        (kept && rows.length === 0) ||
        (!kept && (p.cursor || rows.length > p.limit || (rows.length === 0 && p.offset > 0)));
      const n = needCount ? await db.query(total.text, total.values) : null;
      body = { rows, n };
    }
    return body;
  };
}
