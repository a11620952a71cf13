/**
 * The one way the tests start a real server process: the server suites' multi-process and
 * connection-loss tests, the end-to-end fixtures (e2e/fixtures.ts) and the benchmarks. The compiled entry
 * point when there is one (E2E_SERVER_ENTRY, set by e2e/run.mjs, or `apps/server/dist/main.js` after
 * `npm run build`), otherwise the TypeScript source through tsx's loader. Either way it is `node` itself
 * that runs — no npm, npx or wrapper — so a signal reaches the server and its exit code is the server's.
 * Each process leads its own process group, and stopping it signals the whole group.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../paths.ts';

export const COMPILED_ENTRY = path.join(REPO_ROOT, 'apps/server/dist/main.js');
const SOURCE_ENTRY = path.join(REPO_ROOT, 'apps/server/src/main.ts');

/**
 * node's arguments for the server: the build when present (CI and e2e/run.mjs build first), else the
 * source through tsx. `source: true` always runs the source (the benchmarks, and tests of what main.ts
 * itself does before listening).
 */
export function serverCommand(opts: { source?: boolean } = {}): { args: string[]; compiled: boolean } {
  const entry = process.env.E2E_SERVER_ENTRY || (existsSync(COMPILED_ENTRY) ? COMPILED_ENTRY : '');
  if (entry && !opts.source) return { args: [entry], compiled: true };
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

function listensOn(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(null));
    srv.listen(port, '127.0.0.1', () => {
      const address = srv.address();
      const bound = typeof address === 'object' && address ? address.port : null;
      srv.close(() => resolve(bound));
    });
  });
}

/**
 * A free port on 127.0.0.1: any the system gives, or a free one in `range` (each server suite keeps to its
 * own range, so suites running side by side never race for one). The scan starts at a random place in
 * the range: two whole test runs on one machine would otherwise both pick its first port, and one run's
 * readiness check could be answered by the other run's server.
 */
export async function freePort(range?: readonly [from: number, to: number]): Promise<number> {
  if (!range) {
    const port = await listensOn(0);
    if (port === null) throw new Error('no free port');
    return port;
  }
  const [from, to] = range;
  const size = to - from + 1;
  const start = randomInt(size);
  for (let i = 0; i < size; i++) {
    const port = from + ((start + i) % size);
    if (usedPorts.has(port)) continue;
    if ((await listensOn(port)) !== null) {
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
  /** The last 50 kB of stdout + stderr (of what is piped). */
  output(): string;
  alive(): boolean;
}

export interface LaunchOptions {
  name: string;
  port: number;
  /** The process's whole environment: nothing else is inherited. */
  env: NodeJS.ProcessEnv;
  /** node's arguments: serverCommand().args unless given (e.g. another script through tsx). */
  args?: string[];
  /** Where stdout and stderr go: kept for output() ('pipe', the default), dropped, or shared with ours. */
  stdout?: 'pipe' | 'ignore' | 'inherit';
  stderr?: 'pipe' | 'inherit';
}

/** Starts a process (by default the server) as the leader of a new process group; see stopServer. */
export function launch(opts: LaunchOptions): ServerProcess {
  let log = '';
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, opts.args ?? serverCommand().args, {
    cwd: REPO_ROOT,
    env: opts.env,
    stdio: ['ignore', opts.stdout ?? 'pipe', opts.stderr ?? 'pipe'],
    detached: true,
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
    name: opts.name,
    port: opts.port,
    url: `http://127.0.0.1:${opts.port}`,
    child,
    spawnedAt,
    exited,
    output: () => log,
    alive: () => child.exitCode === null && child.signalCode === null,
  };
}

/** A server with the test settings (SERVER_TEST_ENV) on `databaseUrl`, over this process's environment. */
export function spawnServer(opts: {
  name?: string;
  port: number;
  databaseUrl: string;
  role?: 'all' | 'api' | 'worker';
  env?: Record<string, string>;
}): ServerProcess {
  return launch({
    name: opts.name ?? `${opts.role ?? 'all'}:${opts.port}`,
    port: opts.port,
    env: {
      ...process.env,
      ...SERVER_TEST_ENV,
      PORT: String(opts.port),
      DATABASE_URL: opts.databaseUrl,
      ROLE: opts.role ?? 'all',
      ...opts.env,
    },
  });
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

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // the group is gone
  }
}

function groupAlive(child: ChildProcess): boolean {
  try {
    if (!child.pid) return false;
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sends `signal` to the process's group and waits for its exit (SIGKILL to the group after `timeoutMs`),
 * then for the rest of the group (bounded); returns the code and how long the exit took.
 */
export async function stopServer(
  p: ServerProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  timeoutMs = 15_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
  const started = Date.now();
  if (p.alive()) signalGroup(p.child, signal);
  const timer = setTimeout(() => signalGroup(p.child, 'SIGKILL'), timeoutMs);
  const r = await p.exited;
  clearTimeout(timer);
  // Whatever else the group still runs goes too, so nothing writes to the data directory afterwards.
  const deadline = Date.now() + 5_000;
  while (groupAlive(p.child) && Date.now() < deadline) {
    if (Date.now() > deadline - 4_000) signalGroup(p.child, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
