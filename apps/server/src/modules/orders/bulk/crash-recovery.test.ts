/**
 * Durability: a real server process is killed with SIGKILL in the middle of a 1,000-order
 * bulk accept, and again in the middle of a 1,000-order reports batch; started again on the same
 * database, it finishes both: every order accepted exactly once (one history row each), counts adding
 * up to 1,000, one file per kind.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../config.ts';
import { type Database, openPglite } from '../../../db/client.ts';
import {
  buildMerchant,
  buildOrder,
  buildUser,
  createTestDatabase,
  TEST_DB,
  TEST_PASSWORD,
} from '../../../test/harness.ts';
import { cloneOrders } from './test-fixtures.ts';

const N = 1000;
const JWT_SECRET = 'crash-test-secret-crash-test-secret';

let dataDir = '';
let pgDatabase: Database | null = null;
let tmk = '';
let email = '';
let ids: string[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

interface Proc {
  url: string;
  child: ChildProcess;
  output: () => string;
}

async function startServer(): Promise<Proc> {
  const port = await freePort();
  let log = '';
  const child = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...(pgDatabase?.connectionString
        ? { DATABASE_URL: pgDatabase.connectionString }
        : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const append = (c: Buffer) => {
    log = (log + c.toString()).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${log}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child, output: () => log };
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start:\n${log}`);
}

async function stop(p: Proc, signal: 'SIGKILL' | 'SIGTERM') {
  if (p.child.exitCode !== null || !p.child.pid) return;
  const exited = new Promise((r) => p.child.once('exit', r));
  const group = -p.child.pid;
  process.kill(group, signal); // npx, tsx and node: the group we created
  await exited;
  // Wait until every process of the group is gone (the node process may close the database after npx exits).
  for (let i = 0; i < 300; i++) {
    try {
      process.kill(group, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  process.kill(group, 'SIGKILL');
}

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read by the test
async function api(p: Proc, method: string, url: string, token: string | null, body?: unknown): Promise<any> {
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

const login = async (p: Proc) =>
  (await api(p, 'POST', '/a/v2/login', null, { email, password: TEST_PASSWORD })).token as string;

async function batchOf(p: Proc, token: string, id: string) {
  return api(p, 'GET', `/m/v2/merchant/${tmk}/orders/batch/${id}`, token);
}

async function untilDone(p: Proc, token: string, id: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const b = await batchOf(p, token, id);
    if (b.state === 'done' || b.state === 'failed') return b;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`batch ${id} did not finish\n${p.output()}`);
}

/** Kills the server once every batch is underway (running, the first with progress), none settled. */
async function killMidway(p: Proc, token: string, batchIds: string[], minDone: number) {
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
  await stop(p, 'SIGKILL');
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
  await stop(server, 'SIGTERM');

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
}, 120_000);
