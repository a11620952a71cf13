#!/usr/bin/env node
/**
 * Start-up and memory of the compiled server (docs/operations.md): starts `node apps/server/dist/main.js`
 * RUNS times on an existing database, and reports the time to the first 200 from /healthz, the CPU the
 * process spent until then (user + system: less sensitive to a busy machine than the wall time), the
 * resident memory after 10 s at rest, and how long SIGTERM takes to exit.
 *
 *   npm run build && node bench/start.mjs [--runs 3] [--port 3400] [ENV=value ...]
 *   node bench/start.mjs DATABASE_URL=postgres://…/merchant ROLE=api
 *
 * The database must exist and hold data already (start the server once first); SEED_DEMO=false is set
 * so an empty database is not seeded during a measurement.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureStart, median } from './start-measure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '3' }, port: { type: 'string', default: '3400' } },
});
const env = { ...process.env, PORT: values.port, LOG_LEVEL: 'warn', SEED_DEMO: 'false' };
for (const kv of positionals) {
  const i = kv.indexOf('=');
  env[kv.slice(0, i)] = kv.slice(i + 1);
}

const results = [];
for (let run = 0; run < Number(values.runs); run++) {
  const r = await measureStart({ args: ['apps/server/dist/main.js'], cwd: root, env, port: values.port });
  results.push(r);
  const { ready, cpu, rss, stop, code, load } = r;
  console.log(
    `run ${run + 1}: /healthz after ${Math.round(ready)} ms (CPU ${Math.round(cpu)} ms), RSS at rest ${rss.toFixed(0)} MB, SIGTERM → exit ${code} in ${Math.round(stop)} ms (load average ${load.toFixed(1)})`,
  );
}
console.log(
  `median: /healthz after ${Math.round(median(results.map((r) => r.ready)))} ms (CPU ${Math.round(median(results.map((r) => r.cpu)))} ms), RSS ${median(results.map((r) => r.rss)).toFixed(0)} MB`,
);
