#!/usr/bin/env node
/**
 * Console weight and orders-page paint: `node bench/web.mjs` (also run by `npm run bench`).
 * 1. The initial JavaScript: every script index.html loads or preloads, gzip-compressed (aim ≤ 200 KB).
 * 2. Largest contentful paint of /orders/active for the benchmark store's owner, in Debian's Chromium,
 *    against the production build served by the real server on the benchmark database (1,000,000 orders):
 *    a cold load per run after signing in, median and worst of 5 (aim ≤ 0.8 s).
 * Needs the dataset `npm run bench` loads (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/mc_bench).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = join(fileURLToPath(import.meta.url), '../..');
const dist = join(root, 'apps/web/dist');
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/mc_bench';

if (!existsSync(join(dist, 'index.html'))) {
  const b = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(1);
}

// 1. initial JavaScript
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
let gz = 0;
for (const s of new Set(scripts)) gz += gzipSync(readFileSync(join(dist, s))).length;
const kb = (n) => (n / 1024).toFixed(1);
console.log(`initial JavaScript: ${new Set(scripts).size} files, ${kb(gz)} KB gzip (aim <= 200 KB)`);

// 2. LCP of the orders page
const port = await new Promise((res) => {
  const s = createServer().listen(0, () => {
    const p = s.address().port;
    s.close(() => res(p));
  });
});
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: url,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    MARKETPLACE_KEY: 'bench-marketplace-key-0123456789',
    ALLOW_SANDBOX: '1',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/healthz`).catch(() => null))?.ok) break;
    if (i > 120) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  const login = await fetch(`${base}/a/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@bench.test', password: 'bench-password-1' }),
  });
  if (!login.ok)
    throw new Error(`bench login failed (${login.status}); run npm run bench first to load the dataset`);
  const { token, user } = await login.json();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const lcps = [];
  for (let run = 0; run < 6; run++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(
      ([t, m]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('tmk', m);
      },
      [token, user.aux_data.authorized_merchant],
    );
    const page = await context.newPage();
    await page.goto(`${base}/orders/active`, { waitUntil: 'networkidle' });
    await page.getByRole('row').nth(2).waitFor();
    const lcp = await page.evaluate(
      () =>
        new Promise((res) => {
          new PerformanceObserver((list) => {
            const e = list.getEntries().at(-1);
            res(e ? e.startTime : Number.NaN);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    if (run > 0) lcps.push(lcp); // the first run warms the server and the database cache
    await context.close();
  }
  await browser.close();
  lcps.sort((a, b) => a - b);
  const median = lcps[Math.floor(lcps.length / 2)];
  console.log(
    `orders page LCP (1440x900, cold browser cache, ${lcps.length} runs): median ${(median / 1000).toFixed(2)} s, worst ${(lcps.at(-1) / 1000).toFixed(2)} s (aim <= 0.8 s)`,
  );
} finally {
  server.kill('SIGTERM');
}
