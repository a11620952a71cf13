#!/usr/bin/env node
/**
 * `npm start`: builds what is missing or older than its sources (the console in apps/web/dist, the
 * compiled server in apps/server/dist), then runs the compiled server IN THIS PROCESS, so the signals
 * npm forwards (SIGTERM, SIGINT) reach the server's own handlers and no wrapper is left behind.
 *
 * Production runs `node apps/server/dist/main.js` directly (Dockerfile); this script is for a checkout.
 * `--build-only` builds what is stale and exits (CI and scripts that want a fresh build).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHARED = [
  'packages/domain/src',
  'packages/api/src',
  'packages/domain/package.json',
  'packages/api/package.json',
];

/** What each build makes, from which sources, and how. */
export const TARGETS = [
  {
    name: 'the console',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      ...SHARED,
    ],
    build: ['npm', ['run', 'build', '-w', 'apps/web']],
  },
  {
    name: 'the server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', ...SHARED],
    build: [process.execPath, ['apps/server/build.mjs']],
  },
];

/** Test files do not change a build. */
const isTest = (name) => /\.test\.tsx?$|\.e2e\./.test(name) || name === 'test';

/** Newest modification time of the files under `p` (0 when absent). */
function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(p)) if (!isTest(entry)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

/** Why `target` needs building, or null when its output is newer than every source. */
export function staleReason(target, base = root) {
  const out = path.join(base, target.output);
  if (!existsSync(out)) return `${target.output} is missing`;
  const built = statSync(out).mtimeMs;
  const changed = Math.max(...target.sources.map((s) => newest(path.join(base, s))));
  return changed > built ? 'its sources changed since the last build' : null;
}

function buildStale() {
  for (const target of TARGETS) {
    const reason = staleReason(target);
    if (!reason) continue;
    console.log(`start: building ${target.name} (${reason})`);
    const [cmd, args] = target.build;
    const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
    if (res.status !== 0) {
      console.error(
        `start: building ${target.name} failed${res.error ? ` (${res.error.message})` : ''}. ` +
          'Building needs the development dependencies (npm install or npm ci, without --omit=dev).',
      );
      process.exit(1);
    }
  }
}

/**
 * npm runs this through `sh -c`, and Debian's sh (dash) does not pass a SIGTERM on: stopping `npm start`
 * kills npm and the shell and would leave the server running. When our parent goes away we send
 * ourselves SIGTERM, so the server stops the way it does on a direct signal (graceful, exit 0).
 */
function stopWithParent() {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    console.log('start: npm went away; stopping the server');
    process.kill(process.pid, 'SIGTERM');
  }, 500);
  timer.unref();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildStale();
  if (!process.argv.includes('--build-only')) {
    stopWithParent();
    await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
  }
}
