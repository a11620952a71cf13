#!/usr/bin/env node
/**
 * End-to-end runner: makes sure Debian's Chromium is there, builds the console and the server when
 * needed, then runs the e2e suite (e2e/vitest.config.ts) against the built server. Extra arguments go to
 * vitest (e.g. a file filter).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM = '/usr/bin/chromium';

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (res.error) throw res.error;
  return res.status ?? 1;
}

/** Debian packages the suite drives: Chromium (playwright-core, no browser download) and pdftotext. */
const NEEDED = [
  { path: CHROMIUM, pkg: 'chromium' },
  { path: '/usr/bin/pdftotext', pkg: 'poppler-utils' },
];

function ensureDebianPackages() {
  const missing = NEEDED.filter((n) => !existsSync(n.path));
  if (missing.length === 0) return;
  const pkgs = missing.map((n) => n.pkg);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `e2e: ${missing.map((n) => n.path).join(', ')} missing. Install Debian's ${pkgs.join(' ')} first ` +
        `(sudo apt-get install -y ${pkgs.join(' ')}); the tests never download a browser.`,
    );
    process.exit(1);
  }
  console.log(`e2e: installing ${pkgs.join(' ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    run('apt-get', ['update'], { env }) !== 0 ||
    run('apt-get', ['install', '-y', ...pkgs], { env }) !== 0
  ) {
    console.error(`e2e: apt-get could not install ${pkgs.join(' ')}`);
    process.exit(1);
  }
  for (const n of missing) {
    if (!existsSync(n.path)) {
      console.error(`e2e: ${n.pkg} was installed but ${n.path} is still missing`);
      process.exit(1);
    }
  }
}

/** Newest modification time under a path (files only). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

/** Builds the console when dist is missing or older than any of its sources (a stale build tests old code). */
function ensureWebBuild() {
  const index = join(root, 'apps/web/dist/index.html');
  const sources = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'packages/domain/src',
    'packages/api/src',
  ];
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const changed = Math.max(...sources.map((p) => newest(join(root, p))));
  if (built && built >= changed) return;
  console.log(
    `e2e: building the console (${built ? 'sources changed since the last build' : 'apps/web/dist is missing'})`,
  );
  if (run('npm', ['run', 'build', '-w', 'apps/web']) !== 0) {
    console.error('e2e: the console build failed');
    process.exit(1);
  }
}

/**
 * Builds the server (apps/server/dist) when it is missing or older than any of its sources, and names its
 * entry point for the fixtures: each file's server is then `node apps/server/dist/main.js`, what
 * production runs, instead of npx + tsx compiling the sources at every start.
 */
function ensureServerBuild() {
  const main = join(root, 'apps/server/dist/main.js');
  const sources = [
    'apps/server/src',
    'apps/server/build.mjs',
    'apps/server/package.json',
    'packages/domain/src',
    'packages/api/src',
  ];
  const built = existsSync(main) ? statSync(main).mtimeMs : 0;
  const changed = Math.max(...sources.map((p) => newest(join(root, p))));
  if (!built || built < changed) {
    console.log(
      `e2e: building the server (${built ? 'sources changed since the last build' : 'apps/server/dist is missing'})`,
    );
    if (run('npm', ['run', 'build', '-w', 'apps/server']) !== 0) {
      console.error('e2e: the server build failed');
      process.exit(1);
    }
  }
  return main;
}

ensureDebianPackages();
ensureWebBuild();
const serverEntry = ensureServerBuild();
process.exit(
  run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)], {
    env: { ...process.env, E2E_SERVER_ENTRY: serverEntry },
  }),
);
