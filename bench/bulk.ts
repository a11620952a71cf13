/**
 * Bulk tools benchmark, each figure beside its floor measured in the same run:
 * - reports batch of 1,000 orders (receipts + packing slips + zip), through the real job
 *   (POST → pg-boss → worker threads → stored) | floor: a bare pdfkit loop of the same page count;
 * - bulk accept of 1,000 orders through the job and the single accept command | floor: 1,000 single
 *   accepts through the raw driver (conditional UPDATE + history INSERT per transaction, same concurrency);
 * - details CSV of a batch of the largest merchant's 100,000 orders (newest first): the job's writer on
 *   PostgreSQL (one COPY writing the CSV text, details-copy.ts) and the JS writer (one server-side cursor,
 *   details-lines.ts → details-csv.ts), each into a counting sink that hashes the bytes (they must be equal),
 *   with node's CPU time and peak extra RSS | floor: COPY (the cursor's SELECT) TO STDOUT CSV through psql,
 *   right after (on fresh statistics);
 * - the orders list's p95 idle and during a 1,000-order reports batch.
 * Every row gives the ratio of the value to its floor.
 * Database: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/mc_bench, with the
 * list benchmark's dataset loaded (bench/run.mjs loads it first).
 * Usage: node --expose-gc --import tsx bench/bulk.ts [--csv-only]   (--csv-only: the details CSV alone;
 *   --expose-gc lets each case start from a collected heap, so its peak extra RSS is its own)
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { insertBatch } from '../apps/server/src/modules/orders/bulk/batch-store.ts';
import { startBulkJobs } from '../apps/server/src/modules/orders/bulk/bulk-queue.ts';
import { copyDetailsLines } from '../apps/server/src/modules/orders/bulk/details-copy.ts';
import { writeDetailsLines } from '../apps/server/src/modules/orders/bulk/details-csv.ts';
import { batchDetailsLines, batchLinesSql } from '../apps/server/src/modules/orders/bulk/details-lines.ts';
import { cloneOrders } from '../apps/server/src/modules/orders/bulk/test-fixtures.ts';
import { BENCH_PASSWORD, benchEmail, largestTmk } from './load-data.ts';

const url =
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/mc_bench';
const N = 1000;
const database = openPostgres(url, 10);
const [m0] = await database.query<{ id: string; timezone: string }>(
  'SELECT id, timezone FROM merchants WHERE tmk = $1',
  [largestTmk],
);
if (!m0) {
  console.log(`bulk bench: no dataset in ${url} (run npm run bench first); skipped`);
  process.exit(0);
}
await database.migrate();
const config = loadConfig({
  ...process.env,
  DATABASE_URL: url,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
});
const { app, ctx } = await buildApp({ config, database });
await app.ready();
if (!process.argv.includes('--csv-only')) await startBulkJobs(ctx, { log: app.log });
const login = await app.inject({
  method: 'POST',
  url: '/a/v2/login',
  payload: { email: benchEmail, password: BENCH_PASSWORD },
});
const headers = { authorization: `Bearer ${login.json().token as string}` };
const P = `/m/v2/merchant/${largestTmk}/orders`;

const ms = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;
const csvOnly = process.argv.includes('--csv-only');
const results: { measure: string; value: string; floor: string; ratio: string; aim: string }[] = [];
const ratio = (value: number, floor: number) => `${(value / floor).toFixed(1)}×`;

async function waitDone(batchId: string) {
  for (;;) {
    const b = (
      await app.inject({ method: 'GET', url: `/m/v2/merchant/${largestTmk}/batches/${batchId}`, headers })
    ).json();
    if (b.state === 'done' || b.state === 'failed') return b;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function listLatencies(count: number, until?: () => boolean): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count || (until && !until()); i++) {
    const t = process.hrtime.bigint();
    const res = await app.inject({
      method: 'GET',
      url: `${P}/optimized?limit=30&filter[tab]=active`,
      headers,
    });
    if (res.statusCode !== 200) throw new Error(`list ${res.statusCode}`);
    out.push(ms(t));
    if (until?.()) break;
  }
  return out;
}

if (!csvOnly) {
  // ----------------------------------------------------------------- reports batch (+ list p95 during it)
  const reportIds = (
    await database.query<{ id: string }>(
      'SELECT id FROM orders WHERE merchant_id = $1 ORDER BY date_submitted DESC LIMIT $2',
      [m0.id, N],
    )
  ).map((r) => r.id);
  // Warm the render workers once (their start-up is paid once per process).
  await waitDone(
    (
      await app.inject({
        method: 'POST',
        url: `${P}/batch/reports`,
        headers,
        payload: { order_keys: reportIds.slice(0, 2), report_types: ['receipt'] },
      })
    ).json().batch_id,
  );
  await listLatencies(20);
  const idle = await listLatencies(200);
  let t = process.hrtime.bigint();
  const started = await app.inject({
    method: 'POST',
    url: `${P}/batch/reports`,
    headers,
    payload: { order_keys: reportIds, report_types: ['receipt', 'packingslip'] },
  });
  let finished = false;
  const during = listLatencies(0, () => finished);
  const report = await waitDone(started.json().batch_id);
  const reportMs = ms(t);
  finished = true;
  const busy = await during;
  const [sizes] = await database.query<{ bytes: number }>(
    'SELECT sum(length(content))::int AS bytes FROM batch_files WHERE batch_id = $1',
    [report.batch_id],
  );

  // floor: bare pdfkit, the same number of pages (one per order and type), a few text lines each
  t = process.hrtime.bigint();
  for (const title of ['Receipts', 'Packing Slips']) {
    await new Promise<void>((resolve) => {
      const doc = new PDFDocument({ autoFirstPage: false, compress: true });
      doc.on('data', () => {});
      doc.on('end', () => resolve());
      for (let i = 0; i < N; i++) {
        doc.addPage({ size: 'LETTER', margin: 40 });
        doc.fontSize(18).text(title);
        for (let l = 0; l < 12; l++)
          doc.fontSize(10).text(`Line ${l} of order ${i}: Old Harbor Bourbon x2 $39.99`);
      }
      doc.end();
    });
  }
  const pdfFloorMs = ms(t);
  results.push({
    measure: `reports batch, ${N} orders (receipts + packing slips + zip; ${(Number(sizes?.bytes ?? 0) / 1e6).toFixed(1)} MB stored)`,
    value: `${(reportMs / 1000).toFixed(2)} s (${report.completed_count} done)`,
    floor: `${(pdfFloorMs / 1000).toFixed(2)} s (bare pdfkit, ${2 * N} pages, main thread)`,
    ratio: ratio(reportMs, pdfFloorMs),
    aim: '≤ 10 s',
  });
  results.push({
    measure: 'orders list p95: idle → during the reports batch',
    value: `${pct(idle, 95).toFixed(1)} ms → ${pct(busy, 95).toFixed(1)} ms (${busy.length} requests; p50 ${pct(idle, 50).toFixed(1)} → ${pct(busy, 50).toFixed(1)})`,
    floor: '– (idle p95 is the reference)',
    ratio: ratio(pct(busy, 95), pct(idle, 95)),
    aim: 'during ≤ 2 × idle',
  });

  // ----------------------------------------------------------------- bulk accept
  const [template] = await database.query<{ id: string }>(
    `SELECT id FROM orders WHERE merchant_id = $1 AND status = 'SUBMITTED' ORDER BY date_submitted DESC LIMIT 1`,
    [m0.id],
  );
  if (!template) throw new Error('no SUBMITTED order to clone');
  await database.query(`DELETE FROM orders WHERE id LIKE 'BULKBENCH-%' OR id LIKE 'BULKFLOOR-%'`);
  const acceptIds = await cloneOrders(database, template.id, N, { prefix: 'BULKBENCH', status: 'SUBMITTED' });
  const floorIds = await cloneOrders(database, template.id, N, { prefix: 'BULKFLOOR', status: 'SUBMITTED' });
  t = process.hrtime.bigint();
  const acc = await app.inject({
    method: 'POST',
    url: `${P}/bulk/accept?wait=false`,
    headers,
    payload: { orders: acceptIds.map((id) => ({ id, status: 'MERCHANT_ACCEPTED' })) },
  });
  const accepted = await waitDone(acc.json().batch_id);
  const acceptMs = ms(t);
  // floor: raw driver, same concurrency (4)
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  t = process.hrtime.bigint();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      const c = await pool.connect();
      try {
        while (next < floorIds.length) {
          const id = floorIds[next++];
          await c.query('BEGIN');
          const r = await c.query(
            `UPDATE orders SET status = 'MERCHANT_ACCEPTED', version = version + 1 WHERE id = $1 AND status = 'SUBMITTED'`,
            [id],
          );
          if (r.rowCount) {
            await c.query(
              `INSERT INTO order_history (order_id, actor_type, action, from_status, to_status) VALUES ($1, 'merchant', 'accept', 'SUBMITTED', 'MERCHANT_ACCEPTED')`,
              [id],
            );
          }
          await c.query('COMMIT');
        }
      } finally {
        c.release();
      }
    }),
  );
  const acceptFloorMs = ms(t);
  await pool.end();
  results.push({
    measure: `bulk accept, ${N} orders (job, single accept command each, 4 lanes)`,
    value: `${(acceptMs / 1000).toFixed(2)} s (${accepted.order_accepted_count} accepted)`,
    floor: `${(acceptFloorMs / 1000).toFixed(2)} s (raw driver, 4 lanes)`,
    ratio: ratio(acceptMs, acceptFloorMs),
    aim: '≤ 5 s',
  });
  await database.query(`DELETE FROM orders WHERE id LIKE 'BULKBENCH-%' OR id LIKE 'BULKFLOOR-%'`);
}

// ----------------------------------------------------------------- details CSV, 100,000 orders streamed
// A details batch of the largest store's orders, newest first, as the console would start it, marked done at
// once so the job's sweeper leaves it alone (its items stay pending, which is what is read). Run for 10,000
// and then 100,000 orders: memory is flat when the peak extra RSS does not grow with the count.
const [benchUser] = await database.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
  benchEmail,
]);
const csvIds = (
  await database.query<{ id: string }>(
    'SELECT id FROM orders WHERE merchant_id = $1 ORDER BY date_submitted DESC NULLS LAST, id DESC NULLS LAST',
    [m0.id],
  )
).map((r) => r.id);

/** A sink that counts and hashes the bytes (the two writers' files are compared by their hashes). */
function countingSink() {
  const hash = createHash('sha256');
  const sink = Object.assign(
    new Writable({
      write(chunk: Buffer, _enc, cb) {
        sink.bytes += chunk.length;
        hash.update(chunk);
        cb();
      },
    }),
    { bytes: 0, digest: () => hash.digest('hex') },
  );
  return sink;
}

/** Runs `write` into a counting sink with wall time, node's CPU time and peak extra RSS. */
async function measured(write: (sink: Writable) => Promise<unknown>) {
  const sink = countingSink();
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  const result = await write(sink);
  const wall = ms(t0);
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  return {
    result,
    wall,
    cpu: (cpu.user + cpu.system) / 1e6,
    rss: (peak - rss0) / 1e6,
    bytes: sink.bytes,
    digest: sink.digest(),
  };
}

async function detailsCsvCase(ids: string[]) {
  const batchId = await insertBatch(ctx, {
    merchantId: m0!.id,
    userId: benchUser?.id ?? m0!.id,
    kind: 'details',
    orderIds: ids,
  });
  await database.query(`UPDATE batches SET state = 'done' WHERE id = $1`, [batchId]);
  const batch = { id: batchId, merchant_id: m0!.id };
  // Untimed, as the job does before it writes: the batch's items whose order is gone are settled (none here).
  // This first read of the items just inserted also sets their hint bits, which neither writer should pay.
  await database.query(
    `UPDATE batch_items b SET state = 'failed' WHERE b.batch_id = $1 AND b.state = 'pending'
        AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = b.order_id AND o.merchant_id = $2)`,
    [batchId, m0!.id],
  );
  const opts = { timeZone: m0!.timezone };
  // The job's writer on PostgreSQL: one COPY, the database writing the CSV text (details-copy.ts), run first
  // on the batch just inserted, as the job runs it.
  const copied = await measured((sink) => copyDetailsLines(database, batch, sink, opts));
  // The JS writer: one server-side cursor, node writing the text (details-lines.ts → details-csv.ts).
  const js = await measured((sink) => writeDetailsLines(batchDetailsLines(database, batch), sink, opts));
  const written = js.result as { orders: number; lines: number };
  if (!copied.result) throw new Error('the COPY did not run (no offsets table for the zone)');
  if (copied.digest !== js.digest) throw new Error('the COPY and the JS writer wrote different bytes');
  // The floor: the very SELECT the cursor reads, written as CSV by the server itself, planned on fresh
  // statistics (untimed ANALYZE) so that it gets its best plan (parallel hash joins) and not the one a batch
  // just inserted would get.
  await database.query('ANALYZE batch_items');
  const select = batchLinesSql(false).replace('$1', `'${batchId}'`).replace('$2', `'${m0!.id}'`);
  const tc1 = process.hrtime.bigint();
  const copyBytes = await new Promise<number>((resolve, reject) => {
    const p = spawn('psql', [url, '-q', '-c', `COPY (${select}) TO STDOUT CSV HEADER`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let n = 0;
    p.stdout.on('data', (c: Buffer) => {
      n += c.length;
    });
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve(n) : reject(new Error(`psql exited ${code}`))));
  });
  const copyMs = ms(tc1);
  await database.query('DELETE FROM batches WHERE id = $1', [batchId]);
  const size = `${written.orders.toLocaleString('en-US')} orders, ${written.lines.toLocaleString('en-US')} lines, ${(copied.bytes / 1e6).toFixed(1)} MB`;
  const floor = `${(copyMs / 1000).toFixed(2)} s (COPY of the cursor's SELECT TO STDOUT CSV via psql, ${(copyBytes / 1e6).toFixed(1)} MB)`;
  const value = (m: Awaited<ReturnType<typeof measured>>) =>
    `${(m.wall / 1000).toFixed(2)} s (node CPU ${m.cpu.toFixed(2)} s), peak extra RSS ${m.rss.toFixed(0)} MB`;
  const aim = ids.length >= 100_000 ? '≤ 2 s and ≤ 4× COPY' : 'RSS as for 100,000 (flat)';
  results.push({
    measure: `details CSV, a batch of the largest store (${size}), the job's COPY (database writes the text)`,
    value: value(copied),
    floor,
    ratio: ratio(copied.wall, copyMs),
    aim,
  });
  results.push({
    measure: `details CSV, the same batch, JS writer from one cursor (same bytes: sha256 ${copied.digest.slice(0, 12)})`,
    value: value(js),
    floor,
    ratio: ratio(js.wall, copyMs),
    aim: "– (the writer before decision 0108; PGlite's)",
  });
}
await detailsCsvCase(csvIds.slice(0, 10_000));
await detailsCsvCase(csvIds);

await app.close();
await database.close();

const table = [
  '| measure | value | floor (same run) | value ÷ floor | aim |',
  '|---|---|---|---:|---|',
  ...results.map((r) => `| ${r.measure} | ${r.value} | ${r.floor} | ${r.ratio} | ${r.aim} |`),
].join('\n');
console.log(`\n## Bulk tools\n\n${table}\n`);
mkdirSync('bench/.results', { recursive: true });
writeFileSync(`bench/.results/bulk-${new Date().toISOString().replace(/[:.]/g, '-')}.md`, `${table}\n`);
