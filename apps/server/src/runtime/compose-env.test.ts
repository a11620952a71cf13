// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Compose interpolation expressions are the data under test
/**
 * The compose path of docs/operations.md, as an operator follows it: `cp .env.example .env`, fill in only
 * what the doc lists, `docker compose up`. No Docker engine runs here, so the environment Compose v2 gives
 * each service is worked out from compose.yaml, that .env and the Dockerfile's runtime ENV
 * (test/compose-env.ts), and the compiled server (`apps/server/dist/main.js`, the image's CMD; the source
 * through tsx when nothing is built) is started with exactly that environment on a fresh database of the
 * local PostgreSQL, once per role. Each must reach /readyz. PostgreSQL suite only.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../paths.ts';
import {
  dockerfileRuntimeEnv,
  interpolate,
  loadCompose,
  parseDotenv,
  type Vars,
} from '../test/compose-env.ts';
import { TEST_DB } from '../test/harness.ts';
import {
  createEmptyDatabase,
  freePort,
  launch,
  type ServerProcess,
  stopServer,
  waitUntilUp,
} from '../test/spawn-server.ts';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const PORTS: [number, number] = [3560, 3579];

/** The settings docs/operations.md tells an operator to fill in after `cp .env.example .env` (its compose steps). */
function settingsTheDocAsksFor(): string[] {
  const doc = read('docs/operations.md');
  const line = doc.split('\n').find((l) => l.includes('cp .env.example .env'));
  expect(line, 'docs/operations.md: a `cp .env.example .env` step').toBeDefined();
  return [...(line ?? '').matchAll(/\b([A-Z][A-Z0-9]*_[A-Z0-9_]+)\b/g)].map((m) => m[1] as string);
}

/** `.env.example` with `values` filled in, the way an editor would: the `KEY=` line set (uncommented if need be). */
function fill(example: string, values: Vars): string {
  let text = example;
  for (const [key, value] of Object.entries(values)) {
    const line = new RegExp(`^#?\\s*${key}=.*$`, 'm');
    text = line.test(text) ? text.replace(line, `${key}=${value}`) : `${text}\n${key}=${value}\n`;
  }
  return text;
}

/** What an operator puts in: random secrets, their URL, and the sandbox choice the doc explains. */
function operatorValues(): Vars {
  return {
    POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    MARKETPLACE_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'https://console.chain.example',
    ALLOW_SANDBOX: '1',
  };
}

describe('Compose interpolation and dotenv rules used here', () => {
  it('follows the specification: defaults, required values, alternatives, nesting, $$', () => {
    const vars = { SET: 'x', EMPTY: '' };
    expect(interpolate('${SET} $SET ${UNSET}', vars)).toBe('x x ');
    expect(interpolate('${EMPTY:-d} ${EMPTY-d} ${UNSET-d}', vars)).toBe('d  d');
    expect(interpolate('${EMPTY:+a}|${EMPTY+a}|${SET:+a}', vars)).toBe('|a|a');
    expect(interpolate('${UNSET:-${SET:-y}}-${UNSET:-${ALSO:-z}}', vars)).toBe('x-z');
    expect(interpolate('$$SET and $${SET}', vars)).toBe('$SET and ${SET}');
    expect(() => interpolate('${EMPTY:?set EMPTY}', vars)).toThrow('required variable EMPTY');
    expect(interpolate('${EMPTY?fine when set}', vars)).toBe('');
  });

  it('reads .env as Compose does: comments, quotes, export, interpolation', () => {
    const env = parseDotenv(
      [
        '# comment',
        'A=plain value # trailing comment',
        'export B="double ${A} \\n end"',
        "C='single ${A}'",
        'D=${A}-d',
        'E=',
        'F=a#b',
      ].join('\n'),
    );
    expect(env).toEqual({
      A: 'plain value',
      B: 'double plain value \n end',
      C: 'single ${A}',
      D: 'plain value-d',
      E: '',
      F: 'a#b',
    });
  });
});

describe.skipIf(TEST_DB !== 'pg')('the compose path of docs/operations.md (PostgreSQL)', () => {
  const example = read('.env.example');
  const image = dockerfileRuntimeEnv(read('Dockerfile'));
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('the doc names every setting an operator must fill in, ALLOW_SANDBOX (or the providers) among them', () => {
    expect(new Set(settingsTheDocAsksFor())).toEqual(new Set(Object.keys(operatorValues())));
  });

  it('DATABASE_URL: the db service by default, and the one in .env when .env sets it', () => {
    const values = operatorValues();
    const project = loadCompose(REPO_ROOT, fill(example, values));
    for (const svc of ['api', 'worker'])
      expect(project.serviceEnv(svc).DATABASE_URL).toBe(
        `postgres://merchant:${values.POSTGRES_PASSWORD}@db:5432/merchant`,
      );
    const own = 'postgres://app:secret@pg.internal:5432/chain';
    const withOwn = loadCompose(REPO_ROOT, fill(example, { ...values, DATABASE_URL: own }));
    expect(withOwn.serviceEnv('api').DATABASE_URL).toBe(own);
    expect(withOwn.serviceEnv('worker').DATABASE_URL).toBe(own);
    expect(withOwn.serviceEnv('api').ROLE).toBe('api');
    expect(withOwn.serviceEnv('worker').ROLE).toBe('worker');
    // Every service keeps its logs rotated.
    for (const [name, svc] of Object.entries(withOwn.file.services))
      expect(svc.logging, name).toMatchObject({
        driver: 'json-file',
        options: { 'max-size': expect.any(String) },
      });
  });

  /** The container's environment (image ENV, then Compose's), plus what differs on this machine. */
  async function containerEnv(values: Vars, role: 'api' | 'worker') {
    const project = loadCompose(REPO_ROOT, fill(example, values));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mc-compose-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort(PORTS);
    const env: Vars = {
      ...image,
      ...project.serviceEnv(role),
      // The container listens on 3000 behind a port mapping and keeps DATA_DIR in the image; here a free
      // port and a temporary directory stand in for them. PATH finds node. Nothing else is added.
      PORT: String(port),
      DATA_DIR: dataDir,
      PATH: process.env.PATH ?? '/usr/bin:/bin',
    };
    return { env, port };
  }

  function start(name: string, env: Vars, port: number): ServerProcess {
    const p = launch({ name, port, env });
    cleanups.push(async () => {
      if (p.alive()) await stopServer(p, 'SIGKILL');
    });
    return p;
  }

  for (const role of ['api', 'worker'] as const) {
    it(`ROLE=${role} starts with the environment compose gives it and reaches /readyz`, async () => {
      const database = await createEmptyDatabase(`mc_compose_${role}`);
      cleanups.push(() => database.drop());
      // An operator with their own PostgreSQL server sets DATABASE_URL in .env (here: a fresh database).
      const { env, port } = await containerEnv({ ...operatorValues(), DATABASE_URL: database.url }, role);
      expect(env).toMatchObject({ NODE_ENV: 'production', ROLE: role, DATABASE_URL: database.url });
      const server = start(role, env, port);
      await waitUntilUp(server, 150_000, '/readyz');
      expect(server.output()).toContain(`(role: ${role})`);
      expect(server.output()).toContain('ALLOW_SANDBOX=1: running with sandbox adapters');
      const stopped = await stopServer(server);
      expect(stopped.code).toBe(0);
    }, 200_000);
  }

  it('without ALLOW_SANDBOX or the providers, production refuses to start: one line per setting, named first', async () => {
    const { ALLOW_SANDBOX: _, ...values } = operatorValues();
    const { env, port } = await containerEnv(values, 'api');
    const server = start('api-refused', env, port);
    const { code } = await server.exited;
    expect(code).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(6);
    for (const line of lines) expect(line).toMatch(/^[A-Z][A-Z0-9_]+[ ,]/);
    expect(lines).toContain(
      'SMTP_URL is not set: the email adapter would use its sandbox; set it, or ALLOW_SANDBOX=1 to run with the sandbox',
    );
  }, 120_000);
});
