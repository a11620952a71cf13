/**
 * One start of a server process, measured (bench/start.mjs, bench/embedded.mjs): the time to the first
 * 200 from /healthz, the CPU the process spent until then (user + system: steadier than the wall time on a
 * busy machine), its resident memory after `restMs` at rest, its peak (VmHWM) and how long SIGTERM takes.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const TICK = 100; // clock ticks per second of /proc/<pid>/stat (USER_HZ on Linux)
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const cpuMs = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / TICK;
};
const statusMb = (pid, key) =>
  Number(new RegExp(`${key}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

export async function measureStart({ args, cwd, env, port, restMs = 10_000 }) {
  const load = loadavg()[0];
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { cwd, env, stdio: 'inherit' });
  const exited = new Promise((r) => child.on('exit', (code, signal) => r(code ?? signal)));
  let ready = 0;
  let cpu = 0;
  while (!ready) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) {
        ready = performance.now() - t0;
        cpu = cpuMs(child.pid);
      }
    } catch {}
    if (!ready) await sleep(20);
    if (performance.now() - t0 > 120_000) throw new Error('no /healthz within 120 s');
  }
  await sleep(restMs);
  const rss = statusMb(child.pid, 'VmRSS');
  const peak = statusMb(child.pid, 'VmHWM');
  const t1 = performance.now();
  child.kill('SIGTERM');
  const code = await exited;
  return { ready, cpu, rss, peak, stop: performance.now() - t1, code, load };
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
