/**
 * What the benchmark scripts (bench.ts, engines.ts, reports.ts) share: the repository root, the command
 * line's `--name value` options, a free port, a timed keep-alive GET, percentiles, and a process's CPU
 * time and resident memory read from /proc.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const args = process.argv.slice(2);
/** `--name` given on the command line. */
export const flag = (name: string): boolean => args.includes(`--${name}`);
/** The number after `--name`, or `dflt`. */
export const opt = (name: string, dflt: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};

export { freePort } from '../apps/server/src/test/spawn-server.ts';

export interface Answer {
  status: number;
  body: string;
  /** Wall time from sending to the last byte. */
  ms: number;
}

/** A GET over keep-alive connections (at most `maxSockets` at once), timed; `close()` ends the connections. */
export function keepAliveGet(maxSockets = Number.POSITIVE_INFINITY) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const get = (url: string, headers: Record<string, string> = {}): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const t = process.hrtime.bigint();
      const req = http.get(url, { agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            ms: Number(process.hrtime.bigint() - t) / 1e6,
          }),
        );
      });
      req.on('error', reject);
    });
  return Object.assign(get, { close: () => agent.destroy() });
}

/** The p-th percentile (nearest rank) of `xs`, NaN for none. */
export const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); NaN elsewhere. */
export function cpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Resident memory of a process in MB (Linux /proc), NaN elsewhere. */
export function rssMb(pid: number | undefined): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
