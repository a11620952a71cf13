#!/usr/bin/env node
/**
 * End-to-end runner: makes sure Debian's Chromium is there, builds the console when needed, then runs
 * the e2e suite (e2e/vitest.config.ts). Extra arguments go to vitest (e.g. a file filter).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM = '/usr/bin/chromium';

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (res.error) throw res.error;
  return res.status ?? 1;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `e2e: ${CHROMIUM} is missing. Install Debian's Chromium first (sudo apt-get install -y chromium); ` +
        'the tests drive it through playwright-core and never download a browser.',
    );
    process.exit(1);
  }
  console.log('e2e: installing chromium with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    run('apt-get', ['update'], { env }) !== 0 ||
    run('apt-get', ['install', '-y', 'chromium'], { env }) !== 0
  ) {
    console.error('e2e: apt-get could not install chromium');
    process.exit(1);
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`e2e: chromium was installed but ${CHROMIUM} is still missing`);
    process.exit(1);
  }
}

function ensureWebBuild() {
  if (existsSync(join(root, 'apps/web/dist/index.html'))) return;
  console.log('e2e: building the console (apps/web/dist is missing)');
  if (run('npm', ['run', 'build', '-w', 'apps/web']) !== 0) {
    console.error('e2e: the console build failed');
    process.exit(1);
  }
}

ensureChromium();
ensureWebBuild();
process.exit(run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)]));
