/**
 * scripts/backup.sh and scripts/restore.sh (docs/operations.md) against a real PostgreSQL server:
 * dump a database with orders and a job queue that has run jobs (pg-boss's partitioned tables, which
 * pg_restore --clean alone cannot replace), restore into a new database, and find the same orders there.
 * PostgreSQL suite only (pg_dump has nothing to dump on PGlite).
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBulkJobs } from '../modules/orders/index.ts';
import { REPO_ROOT } from '../paths.ts';
import { buildMerchant, buildOrder, createTestApp, TEST_DB, type TestApp } from '../test/harness.ts';

const run = promisify(execFile);
const BACKUP = path.join(REPO_ROOT, 'scripts/backup.sh');
const RESTORE = path.join(REPO_ROOT, 'scripts/restore.sh');
const adminUrl = process.env.TEST_DATABASE_URL;
const JOBS_DONE = "SELECT count(*) AS n FROM pgboss.job WHERE state = 'completed'";

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function count(url: string, sql: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ n: number }>(sql);
    return Number(rows[0]?.n);
  } finally {
    await c.end();
  }
}

async function sql(url: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

describe.skipIf(TEST_DB !== 'pg' || !adminUrl)('backup and restore scripts (PostgreSQL)', () => {
  let t: TestApp;
  let dir: string;
  const created: string[] = [];

  /** A new, empty database on the test server (dropped after the file). */
  async function newDatabase(): Promise<string> {
    const name = `mc_restore_${randomBytes(6).toString('hex')}`;
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    created.push(name);
    const u = new URL(adminUrl!);
    u.pathname = `/${name}`;
    return u.toString();
  }

  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(path.join(tmpdir(), 'mc-backup-'));
    const merchant = await buildMerchant(t.ctx);
    for (const status of ['ACTIVE', 'MERCHANT_ACCEPTED', 'MERCHANT_SHIPPED', 'CLOSED', 'CANCELLED'] as const)
      await buildOrder(t.ctx, { merchantTmk: merchant.tmk, status });
    // The project's own job queue, as a worker runs it: pg-boss creates its schema (a partitioned job
    // table) and works one job, so the dump holds what a production database holds.
    const jobs = await startBulkJobs(t.ctx, { sweepIntervalMs: 60_000 });
    await jobs.enqueue(randomUUID()); // a batch that no longer exists: the job completes at once
    for (let i = 0; i < 300; i++) {
      if ((await count(t.database.connectionString!, JOBS_DONE)) > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await count(t.database.connectionString!, JOBS_DONE)).toBeGreaterThan(0);
  });

  afterAll(async () => {
    await t?.close();
    for (const name of created) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('dumps the database and restores it into a new one with the same orders and history', async () => {
    const source = t.database.connectionString!;
    const file = path.join(dir, 'nested', 'merchant.dump');
    const backup = await run('bash', [BACKUP, file], { env: { ...process.env, DATABASE_URL: source } });
    expect(backup.stdout).toContain(`wrote ${file}`);
    expect(statSync(file).size).toBeGreaterThan(0);
    // Every order and customer address is in it: readable by its owner only, whatever the caller's umask.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}.partial`)).toBe(false);

    const target = await newDatabase();
    const restore = await run('bash', [RESTORE, file, target]);
    expect(restore.stdout).toContain('(5 orders)');

    for (const table of ['orders', 'order_history', 'merchants'])
      expect(await count(target, `SELECT count(*) AS n FROM ${table}`)).toBe(
        await count(source, `SELECT count(*) AS n FROM ${table}`),
      );
    // The migrations journal came along, so a server started on the copy runs no migration twice.
    expect(await count(target, 'SELECT count(*) AS n FROM drizzle.__drizzle_migrations')).toBe(
      await count(source, 'SELECT count(*) AS n FROM drizzle.__drizzle_migrations'),
    );
    expect(await count(target, JOBS_DONE)).toBe(await count(source, JOBS_DONE));
  });

  it('refuses a target that already holds tables unless --clean, and replaces it with --clean', async () => {
    const file = path.join(dir, 'again.dump');
    await run('bash', [BACKUP, file], {
      env: { ...process.env, DATABASE_URL: t.database.connectionString! },
    });
    const target = await newDatabase();
    await run('bash', [RESTORE, file, target]);
    await sql(target, 'TRUNCATE orders CASCADE');

    const refused = await run('bash', [RESTORE, file, target]).catch((e) => e);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('not empty');
    expect(await count(target, 'SELECT count(*) AS n FROM orders')).toBe(0);

    // The target holds pg-boss's partitioned tables from the first restore: --clean replaces them too.
    const clean = await run('bash', [RESTORE, '--clean', file, target]);
    expect(clean.stdout).toContain('(5 orders)');
    expect(await count(target, 'SELECT count(*) AS n FROM orders')).toBe(5);
    expect(await count(target, JOBS_DONE)).toBeGreaterThan(0);
    // Twice in a row works as well (a restore over a restore).
    await run('bash', [RESTORE, '--clean', file, target]);
    expect(await count(target, 'SELECT count(*) AS n FROM orders')).toBe(5);
  });

  it('leaves the target as it was when the archive is cut off', async () => {
    const file = path.join(dir, 'whole.dump');
    await run('bash', [BACKUP, file], {
      env: { ...process.env, DATABASE_URL: t.database.connectionString! },
    });
    const target = await newDatabase();
    await run('bash', [RESTORE, file, target]);
    const cut = path.join(dir, 'cut.dump');
    const bytes = readFileSync(file);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const failed = await run('bash', [RESTORE, '--clean', cut, target]).catch((e) => e);
    expect(failed.code).not.toBe(0);
    expect(await count(target, 'SELECT count(*) AS n FROM orders')).toBe(5);
  });

  it('says what is missing instead of dumping nowhere', async () => {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    const res = await run('bash', [BACKUP, path.join(dir, 'x.dump')], { env }).catch((e) => e);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('DATABASE_URL');
  });
});
