#!/usr/bin/env node
/**
 * The console's main thread, measured by Lighthouse (pinned in package.json) in Debian's Chromium against
 * the compiled server: `node bench/lighthouse.mjs [--runs 5] [--demo]` (also run by `npm run bench`;
 * `--no-lighthouse` skips it there).
 *
 * - `/orders/active` signed in, desktop preset: the longest main-thread task, total blocking time, and the
 *   DOM elements once the first 30 rows show (aims: no task over 150 ms, TBT ≤ 200 ms, ≤ 800 elements).
 * - `/orders/active` signed in, mobile preset (Lighthouse's default: a mid-range phone, 4× CPU slowdown,
 *   slow 4G): TBT (aim ≤ 400 ms).
 * - `/login`, mobile preset: largest contentful paint (aim ≤ 2.0 s).
 * The median of the runs, beside a floor measured the same way in the same run: the bare React 19 +
 * Mantine page of 30 table rows (bench/web-floor.mjs), served by a bare node:http static server.
 *
 * Data: the benchmark database `npm run bench` loads (BENCH_DATABASE_URL, the largest store's owner), or
 * with --demo the demo data on a fresh embedded database.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { buildFloor } from './web-floor.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, demo: { type: 'boolean', default: false } },
  strict: false,
});
const RUNS = Number(values.runs);
const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const freePort = () =>
  new Promise((res) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => res(p));
    });
  });

/** The floor's build, served by a bare static server (index.html for every path that is not a file). */
const floor = buildFloor();
const floorPort = await freePort();
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html' };
const floorServer = createServer((req, res) => {
  const file = req.url.startsWith('/assets/') ? req.url.split('?')[0] : '/index.html';
  try {
    const body = readFileSync(path.join(floor.dist, file));
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
}).listen(floorPort, '127.0.0.1');
const floorUrl = `http://127.0.0.1:${floorPort}/`;

const port = await freePort();
const dataDir = values.demo ? mkdtempSync(path.join(tmpdir(), 'mc-bench-lighthouse-')) : null;
const env = {
  ...process.env,
  PORT: String(port),
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  MARKETPLACE_KEY: 'bench-marketplace-key-0123456789',
  ALLOW_SANDBOX: '1',
  ...(dataDir
    ? { DATA_DIR: dataDir, SEED_DEMO: 'true', NODE_ENV: 'development' }
    : {
        DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/mc_bench',
        SEED_DEMO: 'false',
      }),
};
if (dataDir) delete env.DATABASE_URL;
const account = dataDir
  ? { email: 'owner@demo.test', password: 'demo-password-1' }
  : { email: 'owner@bench.test', password: 'bench-password-1' };
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** One Lighthouse navigation of `url` in a new page; `prepare` runs on the origin first (sign-in). */
async function audit(browser, url, config, prepare) {
  const page = await browser.newPage();
  if (prepare) {
    await page.goto(`${base}/favicon.ico`).catch(() => {});
    await prepare(page);
  }
  const result = await lighthouse(
    url,
    { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
    config,
    page,
  );
  await page.close();
  const a = result.lhr.audits;
  const tasks = a['long-tasks']?.details?.items ?? [];
  return {
    tbt: a['total-blocking-time'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    longest: tasks.reduce((m, t) => Math.max(m, t.duration), 0),
    error: result.lhr.runtimeError?.message,
  };
}

/** DOM elements on `url` once `ready` holds (the table's rows). */
async function domElements(browser, url, prepare, ready) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1350, height: 940 });
  await page.goto(`${base}/favicon.ico`).catch(() => {});
  if (prepare) await prepare(page);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(ready, { timeout: 30_000 });
  const counts = await page.evaluate(() => ({
    elements: document.getElementsByTagName('*').length,
    rows: document.querySelectorAll('tbody tr').length,
  }));
  await page.close();
  return counts;
}

let exitCode = 0;
try {
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/healthz`).catch(() => null))?.ok) break;
    if (i > 240) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  const login = await fetch(`${base}/a/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!login.ok)
    throw new Error(
      `bench login failed (${login.status}); load the dataset with npm run bench first, or pass --demo`,
    );
  const { token, user } = await login.json();
  const signIn = (page) =>
    page.evaluate(
      (t, m) => {
        localStorage.setItem('token', t);
        localStorage.setItem('tmk', m);
      },
      token,
      user.aux_data.authorized_merchant,
    );

  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const orders = `${base}/orders/active`;
  const rows = { desktop: [], mobile: [], login: [], floorDesktop: [], floorMobile: [] };
  // Warm-up: the server's caches and the database's, not counted.
  await audit(browser, orders, desktopConfig, signIn);
  for (let run = 0; run < RUNS; run++) {
    rows.desktop.push(await audit(browser, orders, desktopConfig, signIn));
    rows.floorDesktop.push(await audit(browser, floorUrl, desktopConfig, null));
    rows.mobile.push(await audit(browser, orders, undefined, signIn));
    rows.floorMobile.push(await audit(browser, floorUrl, undefined, null));
    rows.login.push(await audit(browser, `${base}/login`, undefined, null));
  }
  const hasRows = () => document.querySelectorAll('tbody tr').length > 0;
  const dom = await domElements(browser, orders, signIn, hasRows);
  const floorDom = await domElements(browser, floorUrl, null, hasRows);
  await browser.close();

  const errors = Object.values(rows)
    .flat()
    .map((r) => r.error)
    .filter(Boolean);
  const ms = (x) => `${Math.round(x)} ms`;
  const all = (xs) => xs.map((x) => Math.round(x)).join(', ');
  const m = (k, key) => median(rows[k].map((r) => r[key]));
  const load = loadavg()[0].toFixed(1);
  console.log(
    `\n### Main thread (Lighthouse 13.5.0, ${RUNS} runs each, median; ${dataDir ? 'demo data' : 'benchmark store'}; load average ${load})\n`,
  );
  console.log('| page, preset | measure | median | all runs (ms) | floor median | limit | met |');
  console.log('|---|---|---:|---|---:|---:|---|');
  const line = (page, measure, k, key, floorK, limit) => {
    const v = m(k, key);
    console.log(
      `| ${page} | ${measure} | ${ms(v)} | ${all(rows[k].map((r) => r[key]))} | ${ms(m(floorK, key))} | ${limit} ms | ${v <= limit ? 'yes' : 'no'} |`,
    );
  };
  line('/orders/active, desktop', 'longest task', 'desktop', 'longest', 'floorDesktop', 150);
  line('/orders/active, desktop', 'total blocking time', 'desktop', 'tbt', 'floorDesktop', 200);
  line('/orders/active, mobile', 'total blocking time', 'mobile', 'tbt', 'floorMobile', 400);
  line('/login, mobile', 'largest contentful paint', 'login', 'lcp', 'floorMobile', 2000);
  console.log(
    `| /orders/active | DOM elements with ${dom.rows} rows | ${dom.elements} | – | ${floorDom.elements} (${floorDom.rows} rows) | 800 | ${dom.elements <= 800 ? 'yes' : 'no'} |`,
  );
  if (errors.length) {
    console.log(`Lighthouse reported: ${[...new Set(errors)].join('; ')}`);
    exitCode = 1;
  }
} catch (e) {
  console.error(e);
  exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  floorServer.close();
  floor.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
