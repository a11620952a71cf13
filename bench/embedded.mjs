#!/usr/bin/env node
/**
 * The embedded database at rest (docs/decisions/0151): the compiled server on PGlite with the demo data,
 * started RUNS times on its existing data directory — time and CPU to the first 200 from /healthz, resident
 * memory 10 s later and its peak — beside two floors measured in the same run: a bare node:http process
 * that opens the same directory with PGlite's defaults, and one with the server's PGlite settings.
 * Aims: RSS at rest ≤ 300 MB, start to /healthz ≤ 2 s.
 *
 *   node bench/embedded.mjs [--runs 5] [--port 3410]     (part of `npm run bench`; --no-embedded skips it)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureStart, median } from './start-measure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, port: { type: 'string', default: '3410' } },
  strict: false,
});
const port = values.port;
const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'mc-bench-embedded-'));
const base = { ...process.env, PORT: port, LOG_LEVEL: 'warn', DATA_DIR: dataDir, NODE_ENV: 'development' };
delete base.DATABASE_URL;
console.log(`embedded: seeding the demo data into ${dataDir}`);
await measureStart({ args: ['apps/server/dist/main.js'], cwd: root, env: base, port, restMs: 0 });

const kinds = [
  { name: 'app (compiled server, PGlite)', args: ['apps/server/dist/main.js'], env: { SEED_DEMO: 'false' } },
  {
    name: 'floor: node:http + PGlite, its defaults',
    args: ['bench/embedded-floor.mjs'],
    env: { EMBEDDED_FLOOR: 'defaults' },
  },
  {
    name: "floor: node:http + PGlite, the server's settings",
    args: ['bench/embedded-floor.mjs'],
    env: { EMBEDDED_FLOOR: 'app' },
  },
];
const results = new Map(kinds.map((k) => [k.name, []]));
// Interleaved, so each kind sees the same load.
for (let run = 0; run < Number(values.runs); run++) {
  for (const k of kinds) {
    const r = await measureStart({ args: k.args, cwd: root, env: { ...base, ...k.env }, port });
    results.get(k.name).push(r);
  }
}
rmSync(dataDir, { recursive: true, force: true });

const f0 = (x) => x.toFixed(0);
const span = (xs, f = f0) => `${f(Math.min(...xs))}–${f(Math.max(...xs))}`;
const s = (ms) => (ms / 1000).toFixed(2);
console.log(`\n### Embedded database at rest (demo data, ${values.runs} starts each, interleaved)\n`);
console.log(
  '| process | /healthz after, median (range) s | CPU to /healthz, median s | RSS at rest, median (range) MB | peak RSS, median MB | load average |',
);
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, rs] of results) {
  const get = (key) => rs.map((r) => r[key]);
  console.log(
    `| ${name} | ${s(median(get('ready')))} (${span(get('ready'), s)}) | ${s(median(get('cpu')))} | ${f0(median(get('rss')))} (${span(get('rss'))}) | ${f0(median(get('peak')))} | ${span(get('load'), (x) => x.toFixed(1))} |`,
  );
}
const app = results.get(kinds[0].name);
const rss = median(app.map((r) => r.rss));
const ready = median(app.map((r) => r.ready));
console.log('\n| aim | measured (median) | limit | met |\n|---|---:|---:|---|');
console.log(`| RSS at rest on the demo data | ${f0(rss)} MB | 300 MB | ${rss <= 300 ? 'yes' : 'no'} |`);
console.log(
  `| start to /healthz, existing data directory | ${s(ready)} s | 2 s | ${ready <= 2000 ? 'yes' : 'no (judge it on a quiet machine: CPU column)'} |`,
);
