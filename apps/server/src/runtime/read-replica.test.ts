/**
 * The read replica against a real one (db/replica.ts, docs/decisions/0145): a primary and a streaming
 * replica of this suite's own (test/replica-cluster.ts). The proof a read went to the replica: with its
 * replay paused, an order just written on the primary is missing from the report, and there once replay
 * resumes. Then: a replica lagging past REPLICA_MAX_LAG_MS, and a stopped one, send the reads to the
 * primary with no failed request, each with one calm line that never shows the URL's password; a details
 * batch's file is read on the replica once it has replayed the batch.
 * Self-contained, so it runs once (the server-pg project leaves it out: vitest.config.ts); skipped, with
 * the reason printed, where the PostgreSQL programs are missing.
 */
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { AppContext } from '../context.ts';
import { type Database, openPostgres, readQuery, withReadDatabase } from '../db/client.ts';
import type { ReplicaReads } from '../db/replica.ts';
import { bearer, buildMerchant, buildOrder, buildUser, login, testConfig } from '../test/harness.ts';
import { postgresBin, type ReplicaPair, startReplicaPair } from '../test/replica-cluster.ts';

const found = postgresBin();
if ('missing' in found) console.log(`read replica suite skipped: ${found.missing}`);
const suite = 'bin' in found ? describe : describe.skip;

// Generous enough that a loaded CI machine never reaches it between a write and the next report.
const MAX_LAG_MS = 2000;
const PASSWORD = 'replica-secret-pw';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let pair: ReplicaPair | null = null;
let database: Database | null = null;
let app: FastifyInstance | null = null;
let ctx: AppContext;
let replica: ReplicaReads;
let headers: Record<string, string>;
let tmk: string;
let replicaClient: pg.Client | null = null;
const lines: { level: 'info' | 'warn'; obj: object; msg: string }[] = [];

beforeAll(async () => {
  if (!('bin' in found)) return;
  pair = await startReplicaPair(found.bin);
  // Trust authentication takes any password: the URL carries one so the logs can be checked for it.
  const replicaUrl = pair.replicaUrl.replace('postgres@', `postgres:${PASSWORD}@`);
  database = openPostgres(pair.primaryUrl, 4, { url: replicaUrl, maxLagMs: MAX_LAG_MS });
  await database.migrate();
  const built = await buildApp({
    config: testConfig({
      databaseUrl: pair.primaryUrl,
      databaseReplicaUrl: replicaUrl,
      replicaMaxLagMs: MAX_LAG_MS,
    }),
    database,
  });
  app = built.app;
  ctx = built.ctx;
  replica = database.replica!;
  replica.useLog({
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
  });
  await app.ready();
  const merchant = await buildMerchant(ctx);
  tmk = merchant.tmk;
  const user = await buildUser(ctx, { merchantId: merchant.id });
  headers = bearer(await login(app, user.email));
  replicaClient = await pair.replicaClient();
}, 60_000);

afterAll(async () => {
  await replicaClient?.end().catch(() => undefined);
  await app?.close();
  await database?.close();
  await pair?.stop();
});

/** The report's order count over the days around now (wide enough for any store zone). */
async function reportOrders(): Promise<number> {
  const from = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const res = await app!.inject({
    method: 'GET',
    url: `/m/v2/merchant/${tmk}/reports/summary?from=${from}&to=${to}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { orders: number }).orders;
}

const placeOrder = (seed: number) => buildOrder(ctx, { merchantTmk: tmk, seed, submittedAt: new Date() });

async function replicaReads(target: string): Promise<number> {
  const metric = await ctx.metrics!.replicaReads.get();
  return metric.values.find((v) => v.labels.target === target)?.value ?? 0;
}

/** Replay on, the replica caught up with the primary (its own clients, not the guard's), and the guard's answer fresh. */
async function caughtUp(): Promise<void> {
  await replicaClient!.query('SELECT pg_wal_replay_resume()');
  const [primary] = await ctx.database.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
  for (let i = 0; i < 500; i++) {
    const { rows } = await replicaClient!.query('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok', [
      primary?.lsn,
    ]);
    if (rows[0].ok) break;
    await sleep(20);
  }
  await replica.check();
  expect(replica.status.usable, JSON.stringify(replica.status)).toBe(true);
}

suite('read replica', () => {
  it('sends a report read to the replica: an order written while its replay is paused shows once replay resumes', async () => {
    await caughtUp();
    expect(replica.status).toMatchObject({ usable: true, lagMs: 0 });
    // Caught up on an idle primary: the last replayed commit grows old, yet nothing is missing (lag 0).
    await sleep(MAX_LAG_MS + 200);
    await replica.check();
    expect(replica.status).toMatchObject({ usable: true, lagMs: 0 });
    // A fresh commit replayed, so the pause below starts with a recent one (its age is the lag then).
    await placeOrder(0);
    await caughtUp();
    const before = await reportOrders();
    const viaReplica = await replicaReads('replica');

    await replicaClient!.query('SELECT pg_wal_replay_pause()');
    await placeOrder(1);
    await replica.check();
    expect(replica.status.usable, JSON.stringify(replica.status)).toBe(true);
    // The primary has the order; the report, read on the paused replica, does not.
    const [onPrimary] = await ctx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders o JOIN merchants m ON m.id = o.merchant_id WHERE m.tmk = $1',
      [tmk],
    );
    expect(onPrimary?.n).toBe(before + 1);
    expect(await reportOrders()).toBe(before);
    expect(await replicaReads('replica')).toBeGreaterThan(viaReplica);
    // The replica's own view of who reads it: this process's read pool, by its application_name.
    const { rows } = await replicaClient!.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'merchant-console-reads'",
    );
    expect(rows[0].n).toBeGreaterThan(0);

    await caughtUp();
    expect(await reportOrders()).toBe(before + 1);
    // The inventory list reads through the routed Drizzle handle (readDb): on the replica too.
    const counted = await replicaReads('replica');
    const offerings = await app!.inject({ method: 'GET', url: `/c/v2/merchants/${tmk}/offerings`, headers });
    expect(offerings.statusCode, offerings.body).toBe(200);
    expect(await replicaReads('replica')).toBeGreaterThan(counted);
    // A batch's reads (withReadDatabase) go to the replica once it has replayed what the primary had.
    expect(
      await withReadDatabase(
        ctx.database,
        async (d) => (await d.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r'))[0]?.r,
      ),
    ).toBe(true);
  });

  it('reads on the primary while the replica lags past REPLICA_MAX_LAG_MS, and on the replica again once it catches up', async () => {
    await caughtUp();
    lines.length = 0;
    const before = await reportOrders();
    const fallbacks = await replicaReads('primary_fallback');

    await replicaClient!.query('SELECT pg_wal_replay_pause()');
    await placeOrder(2);
    await sleep(MAX_LAG_MS + 300);
    await replica.check();
    expect(replica.status).toMatchObject({ usable: false, reason: 'lagging' });
    expect(replica.status.lagMs).toBeGreaterThan(MAX_LAG_MS);
    // The primary answers: the new order is counted.
    expect(await reportOrders()).toBe(before + 1);
    expect(await replicaReads('primary_fallback')).toBeGreaterThan(fallbacks);
    // A batch does not wait on a paused replica past its second: it reads the primary.
    expect(
      await withReadDatabase(
        ctx.database,
        async (d) => (await d.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r'))[0]?.r,
      ),
    ).toBe(false);

    await caughtUp();
    expect(replica.status.usable).toBe(true);
    expect(await reportOrders()).toBe(before + 1);
    expect(lines.map((l) => `${l.level} ${l.msg}`)).toEqual([
      'warn read replica not used: its reads go to the primary',
      'info read replica back in use: its reads leave the primary',
    ]);
    expect(lines[0]?.obj).toMatchObject({ replica: { reason: 'lagging', maxLagMs: MAX_LAG_MS } });
  });

  it("reads a details batch on the replica once it has replayed the batch (the job's COPY there)", async () => {
    await caughtUp();
    const viaReplica = await replicaReads('replica');
    const ids = (
      await ctx.database.query<{ id: string }>(
        'SELECT o.id FROM orders o JOIN merchants m ON m.id = o.merchant_id WHERE m.tmk = $1',
        [tmk],
      )
    ).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(1);
    const started = await app!.inject({
      method: 'POST',
      url: `/m/v2/merchant/${tmk}/orders/batch/details`,
      headers,
      payload: { items: ids },
    });
    expect(started.statusCode, started.body).toBeLessThan(300);
    const batchId = started.json().batch_id as string;
    let state = '';
    for (let i = 0; i < 300 && state !== 'done' && state !== 'failed'; i++) {
      if (i > 0) await sleep(100);
      const res = await app!.inject({
        method: 'GET',
        url: `/m/v2/merchant/${tmk}/batches/${batchId}`,
        headers,
      });
      state = res.json().state;
    }
    expect(state).toBe('done');
    expect(await replicaReads('replica')).toBeGreaterThan(viaReplica);
    const [file] = await ctx.database.query<{ content: Buffer }>(
      "SELECT content FROM batch_files WHERE batch_id = $1 AND kind = 'csv'",
      [batchId],
    );
    const csv = file!.content.toString('utf8');
    for (const id of ids) expect(csv).toContain(id);
  });

  it('answers every report from the primary when the replica is stopped, with one line and no password', async () => {
    await caughtUp();
    lines.length = 0;
    const expected = await reportOrders();
    await replicaClient!.end();
    replicaClient = null;
    await pair!.stopReplica();
    // The replica's pooled connections are gone: the first reads fail there and run again on the primary.
    const answers = await Promise.all(Array.from({ length: 12 }, () => reportOrders()));
    expect(answers).toEqual(Array.from({ length: 12 }, () => expected));
    await sleep(1100);
    expect(await reportOrders()).toBe(expected);
    expect(replica.status.usable).toBe(false);
    // And a raw read handle (the same router) as well.
    expect((await readQuery(ctx.database)<{ one: number }>('SELECT 1 AS one'))[0]?.one).toBe(1);
    const warnings = lines.filter((l) => l.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toBe('read replica not used: its reads go to the primary');
    const text = JSON.stringify(lines);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(String(pair!.replicaPort));
    const scrape = (await ctx.metrics!.scrape()).body;
    expect(scrape).toMatch(/db_pool_connections\{pool="replica",state="total"\}/);
    expect(scrape).toMatch(/db_replica_reads_total\{target="primary_fallback"\} \d+/);
    expect(scrape).toMatch(/db_replica_in_use 0/);
  });
});
