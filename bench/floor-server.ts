/**
 * The benchmark floor: the identical SQL of the orders routes, run through the raw driver behind a bare
 * node:http route — no auth, no validation, no mapping; rows go out as JSON.
 * With FLOOR_FASTIFY=1, the same behind a bare Fastify route (no logger, no schema, no hooks): the
 * framework's own floor, which the app is compared with too (issue 13 item 1).
 * Env: FLOOR_PORT, and DATABASE_URL (pool of 20 like the app) or PGLITE_DIR.
 */
import http from 'node:http';
import Fastify from 'fastify';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import {
  buildListQuery,
  buildTotalQuery,
  decodeCursor,
  type ListParams,
  usesKeptCount,
} from '../apps/server/src/modules/orders/list/list-orders-sql.ts';
import { COUNTS_SQL } from '../apps/server/src/modules/orders/list/order-counts.ts';

const db: Database = process.env.DATABASE_URL
  ? openPostgres(process.env.DATABASE_URL, 20)
  : await openPglite(process.env.PGLITE_DIR ?? null);
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

function params(merchant: string, u: URL, defaultLimit: number): ListParams {
  const g = (k: string) => u.searchParams.get(k) ?? undefined;
  const cursor = g('cursor');
  return {
    merchantId: merchant,
    limit: Number(g('limit') ?? defaultLimit),
    offset: Number(g('offset') ?? 0),
    cursor: cursor ? decodeCursor(cursor) : null,
    tab: g('filter[tab]') as ListParams['tab'],
    applicationRefs: g('filter[application_ref]')?.split(','),
    deliveryMethods: g('filter[delivery_method]')?.split(','),
    orderKey: g('filter[order_key]'),
    search: g('filter[search]'),
    recipientName: g('filter[recipient_name]'),
    customerEmail: g('filter[customer_email]'),
    sort: (g('sort[date]') as ListParams['sort']) ?? 'desc',
  };
}

const ROUTE = /^\/m\/v2\/merchant\/([^/]+)\/orders\/(optimized|optimize|count)$/;

/** The body of a floor answer, or null for an unknown path. */
async function answer(url: string): Promise<unknown> {
  const u = new URL(url, 'http://floor');
  const m = ROUTE.exec(u.pathname);
  if (!m) return null;
  const id = await merchantId(decodeURIComponent(m[1]!));
  let body: unknown;
  if (m[2] === 'count') body = await db.query(COUNTS_SQL, [id]);
  else {
    const p = params(id, u, m[2] === 'optimize' ? 10 : 30);
    const kept = usesKeptCount(p);
    const list = buildListQuery(p, { hours: !p.tab || p.tab === 'active', keptTotal: kept });
    const total = buildTotalQuery(p);
    const rows = await db.query(list.text, list.values);
    const needCount =
      (kept && rows.length === 0) ||
      (!kept && (p.cursor || rows.length > p.limit || (rows.length === 0 && p.offset > 0)));
    const n = needCount ? await db.query(total.text, total.values) : null;
    body = { rows, n };
  }
  return body;
}

const port = Number(process.env.FLOOR_PORT ?? 3901);
let close: () => Promise<void>;
if (process.env.FLOOR_FASTIFY === '1') {
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 200 } });
  app.get('/m/v2/merchant/:tmk/orders/:kind', async (req, reply) => {
    const body = await answer(req.url);
    if (body === null) return reply.status(404).send();
    return body;
  });
  await app.listen({ port, host: '127.0.0.1' });
  app.server.keepAliveTimeout = 60_000;
  console.log('floor ready');
  close = () => app.close();
} else {
  const server = http.createServer(async (req, res) => {
    try {
      const body = await answer(req.url ?? '/');
      if (body === null) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    } catch (e) {
      res.writeHead(500).end(String(e));
    }
  });
  server.keepAliveTimeout = 60_000;
  server.listen(port, '127.0.0.1', () => console.log('floor ready'));
  close = async () => {
    server.close();
  };
}
const stop = async () => {
  await close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
