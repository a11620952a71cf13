/**
 * npm start's staleness rule (scripts/start.mjs) and the deploy-consistency check
 * (scripts/check-deploy.mjs) on altered copies of the deploy files.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { staleReason, TARGETS } from './start.mjs';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'mc-scripts-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function touch(file: string, seconds: number) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'x');
  const t = new Date(seconds * 1000);
  utimesSync(file, t, t);
}

describe('npm start builds only what is missing or stale', () => {
  const server = TARGETS.find((t: { name: string }) => t.name === 'the server');

  it('builds when the output is missing, or older than a source, and not otherwise', () => {
    const base = tempDir();
    touch(path.join(base, 'apps/server/src/main.ts'), 1_000);
    expect(staleReason(server, base)).toBe('apps/server/dist/main.js is missing');
    touch(path.join(base, 'apps/server/dist/main.js'), 2_000);
    expect(staleReason(server, base)).toBeNull();
    touch(path.join(base, 'packages/domain/src/rules.ts'), 3_000);
    expect(staleReason(server, base)).toBe('its sources changed since the last build');
  });

  it('ignores test files', () => {
    const base = tempDir();
    touch(path.join(base, 'apps/server/src/main.ts'), 1_000);
    touch(path.join(base, 'apps/server/dist/main.js'), 2_000);
    touch(path.join(base, 'apps/server/src/orders.test.ts'), 3_000);
    touch(path.join(base, 'apps/server/src/test/harness.ts'), 3_000);
    expect(staleReason(server, base)).toBeNull();
  });
});

describe('check-deploy keeps the deploy files in step with CI', () => {
  const FILES = [
    'README.md',
    'package.json',
    'package-lock.json',
    'Dockerfile',
    '.dockerignore',
    'compose.yaml',
    '.env.example',
    '.ci/run',
    '.node-version',
    'apps/server/build.mjs',
    'scripts/start.mjs',
  ];
  /** A copy of the deploy files, and a way to alter one. */
  async function check() {
    const base = tempDir();
    for (const f of FILES) cpSync(path.join(root, f), path.join(base, f));
    const change = (file: string, fn: (text: string) => string) =>
      writeFileSync(path.join(base, file), fn(readFileSync(path.join(base, file), 'utf8')));
    return { base, change };
  }
  /** The check's exit code and output on a tree. */
  async function runCheck(base: string) {
    try {
      const { stdout } = await run(process.execPath, [path.join(root, 'scripts/check-deploy.mjs')], {
        env: { ...process.env, CHECK_DEPLOY_ROOT: base },
      });
      return { code: 0, out: stdout };
    } catch (e) {
      const err = e as { code: number; stderr: string };
      return { code: err.code, out: err.stderr };
    }
  }

  it('passes on the files as they are', async () => {
    const { base } = await check();
    const res = await runCheck(base);
    expect(res.out).toContain('in step with CI');
    expect(res.code).toBe(0);
  });

  it('names each drift: entry point, user, build command, settings, replicas, lock file', async () => {
    const { base, change } = await check();
    change('Dockerfile', (t) =>
      t
        .replace('CMD ["node", "apps/server/dist/main.js"]', 'CMD ["node", "apps/server/src/main.ts"]')
        .replace('USER node', 'USER root'),
    );
    change('.ci/run', (t) => t.replace(/^npm run build$/m, 'npm run build -w apps/web'));
    change('.env.example', (t) => t.replace(/^# MAPS_API_KEY=.*$/m, ''));
    change('compose.yaml', (t) => t.replace('replicas: 2', 'replicas: 1'));
    change('package-lock.json', (t) => {
      const lock = JSON.parse(t);
      delete lock.packages['node_modules/@biomejs/cli-darwin-arm64'];
      lock.packages['node_modules/cookie'].engines = { node: '>=99' };
      return JSON.stringify(lock);
    });
    const res = await runCheck(base);
    expect(res.code).toBe(1);
    expect(res.out).toContain(
      'Dockerfile: CMD runs apps/server/src/main.ts, the build makes apps/server/dist/main.js',
    );
    expect(res.out).toContain('Dockerfile: the runtime stage must run as a non-root USER');
    expect(res.out).toContain('.ci/run: expected `npm run build`');
    expect(res.out).toContain('.env.example: MAPS_API_KEY (in the README table) is missing');
    expect(res.out).toContain('compose.yaml: two or more API processes (ROLE=api)');
    expect(res.out).toContain('lists the optional @biomejs/cli-darwin-arm64 but the lock has no entry');
    expect(res.out).toMatch(/node_modules\/cookie@[\d.]+ wants node >=99/);
  });

  it('keeps one Node major in .node-version, engines and the image, and compose logs rotated', async () => {
    const { base, change } = await check();
    change('.node-version', () => '22.20.0\n');
    change('package.json', (t) => t.replace(/"node": ">=\d+"/, '"node": ">=20.19"'));
    change('compose.yaml', (t) =>
      t
        .replace('    logging: *logging\n', '')
        .replace('DATABASE_URL: ${DATABASE_URL:-', 'DATABASE_URL: ${X:-'),
    );
    const res = await runCheck(base);
    expect(res.code).toBe(1);
    expect(res.out).toMatch(/\.node-version wants Node 22, CI runs Node \d+/);
    expect(res.out).toContain('package.json: engines.node is ">=20.19", expected ">=22"');
    expect(res.out).toContain('compose.yaml: db needs a rotated log');
    expect(res.out).toContain('compose.yaml: api sets DATABASE_URL over the one in .env');
  });

  it('fails when the README table or .env.example is not what the settings schema generates', async () => {
    const { base, change } = await check();
    change('.env.example', (t) => t.replace('# SESSION_TTL_HOURS=168', '# SESSION_TTL_HOURS=24'));
    change('README.md', (t) =>
      t.replace('| `SESSION_TTL_HOURS` | `168` |', '| `SESSION_TTL_HOURS` | `24` |'),
    );
    const res = await runCheck(base);
    expect(res.code).toBe(1);
    expect(res.out).toContain(
      '.env.example: not what the settings schema generates: run `npm run settings:docs` and commit the result',
    );
    expect(res.out).toContain(
      'README.md: the Settings table is not what the settings schema generates: run `npm run settings:docs`',
    );
    change('README.md', (t) => t.replace('<!-- settings:end -->', ''));
    expect((await runCheck(base)).out).toContain('README.md: no generated settings block');
  }, 90_000);

  it('refuses a setting the README does not list', async () => {
    const { base, change } = await check();
    change('compose.yaml', (t) => t.replace('ROLE: worker', 'ROLE: worker\n      QUEUE_SIZE: 5'));
    const res = await runCheck(base);
    expect(res.code).toBe(1);
    expect(res.out).toContain('compose.yaml: worker sets QUEUE_SIZE, not a setting in the README table');
  });
});
