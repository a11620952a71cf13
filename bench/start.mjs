#!/usr/bin/env node
/**
 * Start-up and memory of the compiled server (docs/operations.md): starts `node apps/server/dist/main.js`
 * RUNS times on an existing database, and reports the time to the first 200 from /healthz, the CPU the
 * process spent until then (user + system: less sensitive to a busy machine than the wall time), the
 * resident memory after 10 s at rest, and how long SIGTERM takes to exit.
 *
 *   npm run build && node bench/start.mjs [--runs 3] [--port 3400] [ENV=value ...]
 *   node bench/start.mjs DATABASE_URL=postgres://…/merchant ROLE=api
 *
 * The database must exist and hold data already (start the server once first); SEED_DEMO=false is set
 * so an empty database is not seeded during a measurement.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '3' }, port: { type: 'string', default: '3400' } },
});
const env = { ...process.env, PORT: values.port, LOG_LEVEL: 'warn', SEED_DEMO: 'false' };
for (const kv of positionals) {
  const i = kv.indexOf('=');
  env[kv.slice(0, i)] = kv.slice(i + 1);
}
const TICK = 100; // clock ticks per second of /proc/<pid>/stat (USER_HZ on Linux)
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const cpuMs = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / TICK;
};
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

const results = [];
for (let run = 0; run < Number(values.runs); run++) {
  const load = loadavg()[0];
  const t0 = performance.now();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, env, stdio: 'inherit' });
  const exited = new Promise((r) => child.on('exit', (code, signal) => r(code ?? signal)));
  let ready = 0;
  let cpu = 0;
  while (!ready) {
    try {
      if ((await fetch(`http://127.0.0.1:${values.port}/healthz`)).ok) {
        ready = performance.now() - t0;
        cpu = cpuMs(child.pid);
      }
    } catch {}
    if (!ready) await sleep(20);
    if (performance.now() - t0 > 120_000) throw new Error('no /healthz within 120 s');
  }
  await sleep(10_000);
  const rss = rssMb(child.pid);
  const t1 = performance.now();
  child.kill('SIGTERM');
  const code = await exited;
  const stop = performance.now() - t1;
  results.push({ ready, cpu, rss, stop, code, load });
  console.log(
    `run ${run + 1}: /healthz after ${Math.round(ready)} ms (CPU ${Math.round(cpu)} ms), RSS at rest ${rss.toFixed(0)} MB, SIGTERM → exit ${code} in ${Math.round(stop)} ms (load average ${load.toFixed(1)})`,
  );
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `median: /healthz after ${Math.round(median(results.map((r) => r.ready)))} ms (CPU ${Math.round(median(results.map((r) => r.cpu)))} ms), RSS ${median(results.map((r) => r.rss)).toFixed(0)} MB`,
);
