/**
 * Durability: a real server process is killed with SIGKILL in the middle of a 1,000-order
 * bulk accept, and again in the middle of a 1,000-order reports batch; started again on the same
 * database, it finishes both: every order accepted exactly once (one history row each), counts adding
 * up to 1,000, one file per kind.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openPglite } from '../../../db/client.ts';
import {
  buildMerchant,
  buildOrder,
  buildUser,
  createTestDatabase,
  TEST_DB,
  TEST_PASSWORD,
} from '../../../test/harness.ts';
import {
  freePort,
  launch,
  SERVER_TEST_ENV,
  type ServerProcess,
  stopServer,
  waitUntilUp,
} from '../../../test/spawn-server.ts';
import { cloneOrders } from './test-fixtures.ts';

const N = 1000;

let dataDir = '';
let pgDatabase: Database | null = null;
let tmk = '';
let email = '';
let ids: string[] = [];

/** Every server this file started, so a failed run leaves none behind (afterAll stops those still up). */
const started: ServerProcess[] = [];

/** The server on this file's database: PostgreSQL's copy, or the embedded database in dataDir. */
async function startServer(): Promise<ServerProcess> {
  const port = await freePort();
  const p = launch({
    name: `crash:${port}`,
    port,
    env: {
      ...process.env,
      ...SERVER_TEST_ENV,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: pgDatabase?.connectionString ?? '',
    },
  });
  started.push(p);
  await waitUntilUp(p);
  return p;
}

async function api(
  p: ServerProcess,
  method: string,
  url: string,
  token: string | null,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers read by the test
): Promise<any> {
  const res = await fetch(`${p.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = res.headers.get('content-type')?.includes('json') ? await res.json() : null;
  if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const login = async (p: ServerProcess) =>
  (await api(p, 'POST', '/a/v2/login', null, { email, password: TEST_PASSWORD })).token as string;

async function batchOf(p: ServerProcess, token: string, id: string) {
  return api(p, 'GET', `/m/v2/merchant/${tmk}/batches/${id}`, token);
}

// A durability test, not a speed one: on a loaded 2-core machine both batches took 100 s after the restart.
async function untilDone(p: ServerProcess, token: string, id: string, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const b = await batchOf(p, token, id);
    if (b.state === 'done' || b.state === 'failed') return b;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`batch ${id} did not finish\n${p.output()}`);
}

/** Kills the server once every batch is underway (running, the first with progress), none settled. */
async function killMidway(p: ServerProcess, token: string, batchIds: string[], minDone: number) {
  const seen: string[] = [];
  for (;;) {
    const all = await Promise.all(batchIds.map((id) => batchOf(p, token, id)));
    seen.push(all.map((b) => `${b.state}:${b.completed_count}`).join('/'));
    expect(
      all.some((b) => b.state === 'done'),
      `a batch finished before the kill: ${seen.slice(-5).join(', ')}`,
    ).toBe(false);
    const first = all[0];
    if (
      first &&
      all.every((b) => b.state === 'running') &&
      first.completed_count + first.error_count >= minDone
    )
      break;
    await new Promise((r) => setTimeout(r, 20));
  }
  await stopServer(p, 'SIGKILL');
}

async function openDatabaseForChecks(): Promise<Database> {
  return pgDatabase ?? openPglite(path.join(dataDir, 'pglite'));
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'mc-crash-'));
  const database =
    TEST_DB === 'pg' ? await createTestDatabase() : await openPglite(path.join(dataDir, 'pglite'));
  if (TEST_DB === 'pg') pgDatabase = database;
  else await database.migrate();
  const ctx = { database, orderEvents: { kick() {} } };
  const merchant = await buildMerchant(ctx);
  const user = await buildUser(ctx, { merchantId: merchant.id });
  const template = await buildOrder(ctx, { merchantTmk: merchant.tmk, status: 'SUBMITTED' });
  ids = await cloneOrders(database, template, N, { prefix: 'CRASH' });
  tmk = merchant.tmk;
  email = user.email;
  if (TEST_DB === 'pglite') await database.close();
}, 60_000);

afterAll(async () => {
  await Promise.all(started.filter((p) => p.alive()).map((p) => stopServer(p, 'SIGKILL')));
  await pgDatabase?.close();
  await rm(dataDir, { recursive: true, force: true });
});

it('finishes a 1,000-order bulk accept and a 1,000-order reports batch after SIGKILL, exactly once', async () => {
  const T0 = Date.now();
  const phase = (name: string) => console.log(`crash test: ${name} at ${Date.now() - T0} ms`);
  let server = await startServer();
  let token = await login(server);
  phase('started');
  // Both batches run at once; the server is killed while the accept is part-way and the PDFs are rendering.
  const accept = await api(server, 'POST', `/m/v2/merchant/${tmk}/orders/bulk/accept?wait=false`, token, {
    orders: ids.map((id) => ({ id, status: 'MERCHANT_ACCEPTED' })),
  });
  const reports = await api(server, 'POST', `/m/v2/merchant/${tmk}/orders/batch/reports`, token, {
    order_keys: ids,
    report_types: ['receipt', 'packingslip'],
  });
  await killMidway(server, token, [accept.batch_id, reports.batch_id], 20);
  phase('killed');

  server = await startServer();
  token = await login(server);
  phase('restarted');
  const accepted = await untilDone(server, token, accept.batch_id);
  expect(accepted).toMatchObject({
    state: 'done',
    total_count: N,
    order_accepted_count: N,
    order_rejected_count: 0,
  });
  expect(accepted.completed_count + accepted.error_count).toBe(N);
  const printed = await untilDone(server, token, reports.batch_id);
  expect(printed).toMatchObject({ state: 'done', total_count: N, completed_count: N, error_count: 0 });
  phase('both done');
  const zip = await fetch(`${server.url}${printed.batch_pdf_urls.download}`);
  expect(zip.status).toBe(200);
  expect(
    Buffer.from(await zip.arrayBuffer())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');
  await stopServer(server, 'SIGTERM');

  // --- what is stored
  const db = await openDatabaseForChecks();
  try {
    const [acceptedRows] = await db.query<{ orders: number; history: number; dup: number }>(
      `SELECT (SELECT count(*)::int FROM orders WHERE id LIKE 'CRASH-%' AND status = 'MERCHANT_ACCEPTED') AS orders,
              (SELECT count(*)::int FROM order_history WHERE order_id LIKE 'CRASH-%' AND to_status = 'MERCHANT_ACCEPTED') AS history,
              (SELECT count(*)::int FROM (SELECT order_id FROM order_history WHERE order_id LIKE 'CRASH-%' AND to_status = 'MERCHANT_ACCEPTED'
                 GROUP BY order_id HAVING count(*) > 1) d) AS dup`,
    );
    expect(acceptedRows).toEqual({ orders: N, history: N, dup: 0 });
    const files = await db.query<{ kind: string; n: number }>(
      'SELECT kind, count(*)::int AS n FROM batch_files WHERE batch_id = $1 GROUP BY kind ORDER BY kind',
      [reports.batch_id],
    );
    expect(files).toEqual([
      { kind: 'packingslip', n: 1 },
      { kind: 'receipt', n: 1 },
      { kind: 'zip', n: 1 },
    ]);
  } finally {
    if (db !== pgDatabase) await db.close();
  }
}, 420_000);
