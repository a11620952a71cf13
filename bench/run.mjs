#!/usr/bin/env node
/**
 * npm run bench [-- --pglite | --both] [--orders N --merchants M --largest L] [--reload]
 *
 * Loads the benchmark dataset (1,000,000 orders over 1,000 merchants, the largest with 100,000) into
 * the configured database — BENCH_DATABASE_URL, else DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/mc_bench (created when missing) — or, with --pglite, a PGlite
 * directory (smaller default dataset), then measures the orders API against a bare floor route.
 * With --both, the orders counts and first pages on PostgreSQL and PGlite side by side, each beside its
 * floor, on one dataset (bench/engines.ts) instead of the orders benchmark. Then, each skippable with
 * `--no-<name>`: packing slips, bulk tools, reports, live-console streams, webhooks (each on a database
 * of its own), the read replica (a primary and replica of its own), the embedded database at rest,
 * the console's main thread (Lighthouse) and the console's weight.
 * Results: printed as markdown and written to bench/.results/.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const both = process.argv.includes('--both');
const main = both ? 'bench/engines.ts' : 'bench/bench.ts';
const res = spawnSync(process.execPath, ['--import', 'tsx', main, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
// Packing slips: 1,000 slips into one PDF beside a bare pdfkit floor; `--no-slips` skips it.
const slips = process.argv.includes('--no-slips')
  ? { status: 0 }
  : spawnSync(process.execPath, ['bench/packing-slips.mjs'], {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    });
// Bulk tools: reports batch, bulk accept and the 100,000-order details CSV beside their floors.
const bulk =
  process.argv.includes('--no-bulk') || process.argv.includes('--pglite') || both
    ? { status: 0 }
    : spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/bulk.ts'], {
        cwd: root,
        stdio: 'inherit',
        env: process.env,
      });
// Reports summary (docs/decisions/0084) beside a bare count(*) floor on the same dataset; `--no-reports` skips it.
const reports = process.argv.includes('--no-reports')
  ? { status: 0 }
  : spawnSync(process.execPath, ['--import', 'tsx', 'bench/reports.ts', ...process.argv.slice(2)], {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    });
// Live consoles: 5,000 and 10,000 open event streams on one API process, beside a bare SSE server; `--no-streams` skips it.
const streams =
  process.argv.includes('--no-streams') || process.argv.includes('--pglite') || both
    ? { status: 0 }
    : spawnSync(process.execPath, ['--import', 'tsx', 'bench/streams.ts'], {
        cwd: root,
        stdio: 'inherit',
        env: process.env,
      });
// Webhooks: 10,000 events to 5 endpoints through a worker process, its latency, and an outage; `--no-webhooks` skips it.
const webhooks =
  process.argv.includes('--no-webhooks') || process.argv.includes('--pglite') || both
    ? { status: 0 }
    : spawnSync(process.execPath, ['--import', 'tsx', 'bench/webhooks.ts'], {
        cwd: root,
        stdio: 'inherit',
        env: process.env,
      });
// Read replica: the reports summary on the primary and on a streaming replica of its own, idle and under
// writes, in one run (docs/decisions/0145); `--no-replica` skips it.
const replica =
  process.argv.includes('--no-replica') || process.argv.includes('--pglite') || both
    ? { status: 0 }
    : spawnSync(process.execPath, ['--import', 'tsx', 'bench/replica.ts'], {
        cwd: root,
        stdio: 'inherit',
        env: process.env,
      });
// The embedded database at rest: the compiled server on PGlite with the demo data, started five times,
// beside a bare PGlite process (docs/decisions/0151); `--no-embedded` skips it.
const embedded =
  process.argv.includes('--no-embedded') || both
    ? { status: 0 }
    : spawnSync(process.execPath, ['bench/embedded.mjs'], { cwd: root, stdio: 'inherit', env: process.env });
// The console's main thread by Lighthouse (desktop and mobile presets) beside a bare React + Mantine page;
// `--no-lighthouse` skips it.
const lighthouse =
  process.argv.includes('--no-lighthouse') || process.argv.includes('--pglite') || both
    ? { status: 0 }
    : spawnSync(process.execPath, ['bench/lighthouse.mjs'], {
        cwd: root,
        stdio: 'inherit',
        env: process.env,
      });
// Console weight and the orders page's largest contentful paint on the same dataset; `--no-web` skips it.
const web =
  process.argv.includes('--no-web') || process.argv.includes('--pglite') || both
    ? { status: 0 }
    : spawnSync(process.execPath, ['bench/web.mjs'], { cwd: root, stdio: 'inherit', env: process.env });
process.exit(
  (res.status ?? 1) ||
    (slips.status ?? 1) ||
    (bulk.status ?? 1) ||
    (reports.status ?? 1) ||
    (streams.status ?? 1) ||
    (webhooks.status ?? 1) ||
    (replica.status ?? 1) ||
    (embedded.status ?? 1) ||
    (lighthouse.status ?? 1) ||
    (web.status ?? 1),
);
