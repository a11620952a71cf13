/**
 * CPU per raw query on PGlite, in one process: `database.query` (pglite-query.ts, decisions 0110 and 0118)
 * beside `PGlite.query()` (the public API), for the counts and the active and completed first pages of the
 * largest benchmark merchant, the two paths interleaved query by query so both see the same machine load.
 *
 *   BENCH_PGLITE_DIR=/tmp/mc-bench-pglite-data node --import tsx bench/pglite-query.ts [rounds]
 *
 * Opens a copy of `$BENCH_PGLITE_DIR/pglite` (the directory `npm run bench -- --both` loads; a running
 * server may hold the original). Prints, per query and path, the CPU ms per query and the p50 latency.
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openPglite } from '../apps/server/src/db/client.ts';
import { buildListQuery, type ListParams } from '../apps/server/src/modules/orders/list/list-orders-sql.ts';
import { COUNTS_SQL } from '../apps/server/src/modules/orders/list/order-counts.ts';
import { pct } from './common.ts';
import { largestTmk } from './load-data.ts';

const ROUNDS = Number(process.argv[2] ?? 600);
const source = path.join(process.env.BENCH_PGLITE_DIR ?? '/tmp/mc-bench-pglite-data', 'pglite');
const copy = `${source}-query-bench`;
rmSync(copy, { recursive: true, force: true });
cpSync(source, copy, { recursive: true });
const database = await openPglite(copy);
const client = database.pglite!;
const [m] = await database.query<{ id: string }>('SELECT id FROM merchants WHERE tmk = $1', [largestTmk]);
if (!m) throw new Error(`${largestTmk} missing: load the benchmark data first (npm run bench -- --both)`);

const page = (tab: ListParams['tab']) =>
  buildListQuery(
    { merchantId: m.id, limit: 30, offset: 0, cursor: null, tab, sort: 'desc' },
    { hours: tab === 'active', keptTotal: true },
  );
const cases = [
  { name: 'counts', text: COUNTS_SQL, values: [m.id] as unknown[] },
  { name: 'first page, active', ...page('active') },
  { name: 'first page, completed', ...page('completed') },
];
const paths = {
  'PGlite.query()': async (text: string, values: unknown[]) => (await client.query(text, values)).rows,
  'database.query': (text: string, values: unknown[]) => database.query(text, values),
};

const lines = [
  `CPU ms per query and p50 ms, ${ROUNDS} rounds after 50 warm-up, the paths interleaved (one process, ${path.basename(source)} copy):`,
  '',
  '| query | path | CPU ms / query | p50 ms |',
  '|---|---|---:|---:|',
];
for (const c of cases) {
  const cpu: Record<string, number> = {};
  const times: Record<string, number[]> = {};
  for (const name of Object.keys(paths)) {
    cpu[name] = 0;
    times[name] = [];
  }
  for (let round = 0; round < 50 + ROUNDS; round++) {
    for (const [name, run] of Object.entries(paths)) {
      const c0 = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      await run(c.text, c.values);
      const t1 = process.hrtime.bigint();
      const used = process.cpuUsage(c0);
      if (round < 50) continue;
      times[name]!.push(Number(t1 - t0) / 1e6);
      cpu[name]! += (used.user + used.system) / 1000;
    }
  }
  for (const name of Object.keys(paths))
    lines.push(
      `| ${c.name} | ${name} | ${(cpu[name]! / ROUNDS).toFixed(3)} | ${pct(times[name]!, 50).toFixed(3)} |`,
    );
}
console.log(lines.join('\n'));
await database.close();
rmSync(copy, { recursive: true, force: true });
process.exit(0);
