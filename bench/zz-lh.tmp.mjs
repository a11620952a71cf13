import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
const port = 3432; const dataDir = mkdtempSync('/tmp/mc-prof-');
const server = spawn(process.execPath, ['apps/server/dist/main.js'], { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: 'inherit' });
const base = `http://127.0.0.1:${port}`;
for (;;) { if ((await fetch(`${base}/healthz`).catch(() => null))?.ok) break; await new Promise((r) => setTimeout(r, 300)); }
const { token, user } = await (await fetch(`${base}/a/v2/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password-1' }) })).json();
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
for (let i = 0; i < 2; i++) {
const page = await browser.newPage();
await page.goto(`${base}/favicon.ico`).catch(() => {});
await page.evaluate((t, m) => { localStorage.setItem('token', t); localStorage.setItem('tmk', m); }, token, user.aux_data.authorized_merchant);
const r = await lighthouse(`${base}/orders/active`, { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true }, desktopConfig, page);
const a = r.lhr.audits;
if (i === 1) {
console.log('TBT', a['total-blocking-time'].numericValue, 'tasks', JSON.stringify(a['long-tasks'].details.items.map(t=>[t.url?.slice(-40), Math.round(t.startTime), Math.round(t.duration)])));
console.log(JSON.stringify(a['mainthread-work-breakdown'].details.items.map(x=>[x.group, Math.round(x.duration)])));
console.log(JSON.stringify(a['bootup-time'].details.items.slice(0,8).map(x=>[x.url.slice(-40), Math.round(x.total), Math.round(x.scripting), Math.round(x.scriptParseCompile)])));
}
await page.close();
}
await browser.close(); server.kill('SIGTERM');
