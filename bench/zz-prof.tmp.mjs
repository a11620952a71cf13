import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
const port = 3431; const dataDir = mkdtempSync('/tmp/mc-prof-');
const server = spawn(process.execPath, ['apps/server/dist/main.js'], { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: 'inherit' });
const base = `http://127.0.0.1:${port}`;
for (;;) { if ((await fetch(`${base}/healthz`).catch(() => null))?.ok) break; await new Promise((r) => setTimeout(r, 300)); }
const { token, user } = await (await fetch(`${base}/a/v2/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password-1' }) })).json();
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
for (let i = 0; i < 2; i++) {
const page = await browser.newPage(); await page.setViewport({ width: 1350, height: 940 });
await page.goto(`${base}/favicon.ico`).catch(() => {});
await page.evaluate((t, m) => { localStorage.setItem('token', t); localStorage.setItem('tmk', m); }, token, user.aux_data.authorized_merchant);
const cdp = await page.createCDPSession();
await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start');
await page.goto(`${base}/orders/active`, { waitUntil: 'load' });
await page.waitForFunction(() => document.querySelectorAll('tbody tr').length > 0);
await new Promise((r) => setTimeout(r, 1500));
const { profile } = await cdp.send('Profiler.stop');
writeFileSync(`/tmp/web-prof-${i}.cpuprofile`, JSON.stringify(profile));
await page.close();
}
await browser.close(); server.kill('SIGTERM');
