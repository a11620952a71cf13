/**
 * Real server processes for the multi-process and connection-loss tests (PostgreSQL suite): the
 * compiled entry point `apps/server/dist/main.js` when it was built (`npm run build`), otherwise the
 * TypeScript source through tsx's loader. Either way it is `node` itself that runs — no npm, npx or
 * wrapper — so a signal reaches the server and its exit code is the server's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../config.ts';

export const COMPILED_ENTRY = path.join(REPO_ROOT, 'apps/server/dist/main.js');
const SOURCE_ENTRY = path.join(REPO_ROOT, 'apps/server/src/main.ts');

/** How the server is started: the build when present (CI builds first), else the source through tsx. */
export function serverCommand(): { args: string[]; compiled: boolean } {
  if (existsSync(COMPILED_ENTRY)) return { args: [COMPILED_ENTRY], compiled: true };
  return { args: ['--import', 'tsx', SOURCE_ENTRY], compiled: false };
}

/** The test processes' settings (NODE_ENV=test: sandboxes allowed; LOG_LEVEL warn keeps output short). */
export const SERVER_TEST_ENV = {
  NODE_ENV: 'test',
  ALLOW_SANDBOX: '1',
  JWT_SECRET: 'spawned-server-secret-spawned-server-secret',
  MARKETPLACE_KEY: 'spawned-marketplace-key',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
} as const;

const usedPorts = new Set<number>();

/** A free port in [from, to] (each engineer's tests stay in their own range). */
export async function freePortIn(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) {
    if (usedPorts.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const srv = createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (free) {
      usedPorts.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${from}-${to}`);
}

export interface ServerProcess {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** When spawn was called (ms since epoch). */
  spawnedAt: number;
  /** Resolves with the exit code and signal (never rejects). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** The last 50 kB of stdout + stderr. */
  output(): string;
  alive(): boolean;
}

export function spawnServer(opts: {
  name?: string;
  port: number;
  databaseUrl: string;
  role?: 'all' | 'api' | 'worker';
  env?: Record<string, string>;
}): ServerProcess {
  const { args } = serverCommand();
  let log = '';
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...SERVER_TEST_ENV,
      PORT: String(opts.port),
      DATABASE_URL: opts.databaseUrl,
      ROLE: opts.role ?? 'all',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (c: Buffer) => {
    log = (log + c.toString()).slice(-50_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return {
    name: opts.name ?? `${opts.role ?? 'all'}:${opts.port}`,
    port: opts.port,
    url: `http://127.0.0.1:${opts.port}`,
    child,
    spawnedAt,
    exited,
    output: () => log,
    alive: () => child.exitCode === null && child.signalCode === null,
  };
}

/** Waits for `path` (default /healthz) to answer 200; returns the ms since spawn. */
export async function waitUntilUp(
  p: ServerProcess,
  timeoutMs = 90_000,
  urlPath = '/healthz',
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!p.alive())
      throw new Error(`${p.name} exited (${p.child.exitCode ?? p.child.signalCode}):\n${p.output()}`);
    try {
      const res = await fetch(`${p.url}${urlPath}`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return Date.now() - p.spawnedAt;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${p.name} did not answer ${urlPath} within ${timeoutMs} ms:\n${p.output()}`);
}

/** Sends `signal` and waits for the exit (SIGKILL after `timeoutMs`); returns the code and how long it took. */
export async function stopServer(
  p: ServerProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  timeoutMs = 15_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
  const started = Date.now();
  if (p.alive()) p.child.kill(signal);
  const timer = setTimeout(() => p.child.kill('SIGKILL'), timeoutMs);
  const r = await p.exited;
  clearTimeout(timer);
  return { code: r.code, signal: r.signal, ms: r.at - started };
}

/** Resident memory of a process in MB (Linux /proc), or null elsewhere. */
export async function rssMb(pid: number | undefined): Promise<number | null> {
  if (!pid) return null;
  try {
    const { readFile } = await import('node:fs/promises');
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/** A new, empty database (not migrated) on TEST_DATABASE_URL; `drop` removes it. */
export async function createEmptyDatabase(
  prefix = 'mc_proc',
): Promise<{ url: string; drop(): Promise<void> }> {
  const { randomBytes } = await import('node:crypto');
  const { default: pg } = await import('pg');
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface HttpResult {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers read by the tests
  json: any;
  ms: number;
}

/** One HTTP call that never hangs: a timeout (default 15 s) answers status 0. */
export async function call(
  p: Pick<ServerProcess, 'url'>,
  method: string,
  url: string,
  opts: { token?: string | null; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<HttpResult> {
  const started = Date.now();
  try {
    const res = await fetch(`${p.url}${url}`, {
      method,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
      },
      body: opts.body ? JSON.stringify(opts.body) : undefined,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, json, ms: Date.now() - started };
  } catch (error) {
    return { status: 0, json: String(error), ms: Date.now() - started };
  }
}

/** The marketplace's credential of the spawned servers (SERVER_TEST_ENV.MARKETPLACE_KEY). */
export const MARKETPLACE_AUTH = { authorization: `Bearer ${SERVER_TEST_ENV.MARKETPLACE_KEY}` };

/** A small on-demand order for the demo store through the intake API; `n` makes the customer unique. */
export function intakeOrderBody(merchant: string, n = 0) {
  return {
    merchant,
    application_ref: 'caskcrate',
    application_name: 'Cask & Crate',
    delivery: { method: 'on_demand' },
    recipient: {
      first_name: 'Ann',
      last_name: `Lee${n}`,
      street_1: '1 Main St',
      city: 'New York',
      state: 'NY',
      zipcode: '10001',
      phone_number: '(212) 555-0101',
    },
    customer: { first_name: 'Ann', last_name: `Lee${n}`, email: `ann${n}@example.com` },
    items: [{ name: 'Gin', quantity: 1, price: 25.5 }],
    transaction: { tax: 1, delivery_fee: 0, tip: 0 },
  };
}
