/**
 * Packing slip benchmark: 1,000 packing slips into one PDF, database reads included, by the
 * production path of a bulk reports batch (loadBulkOrders in chunks of 250, two queries each, then the
 * one document mapper toDocumentOrder, then renderManyPackingSlipsToBuffer, what the render worker runs), beside
 * the floor in the same run: a bare pdfkit loop drawing the same layout (drawPackingSlip) for the same
 * orders already in memory, no database, no stream plumbing.
 *
 *   node bench/packing-slips.mjs [--orders 1000] [--runs 5] [--pg]
 *
 * PGlite in memory by default; --pg uses BENCH_DATABASE_URL (a fresh database is created and dropped).
 * Reported per variant: median wall time of the runs and the peak extra memory (RSS above the level
 * measured right before the run, sampled every 5 ms, after a forced GC).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { applications, merchants, orderItems, orders } from '../apps/server/src/db/schema.ts';
import { toDocumentOrder } from '../apps/server/src/modules/orders/printouts/document-order.ts';
import { loadBulkOrders } from '../apps/server/src/modules/orders/printouts/load-orders.ts';
import { renderManyPackingSlipsToBuffer } from '../apps/server/src/pdf/batch.ts';
import { drawPackingSlip } from '../apps/server/src/pdf/packing-slip.ts';
import type { DocumentOrder } from '../apps/server/src/pdf/types.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name: string, dflt: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const N = opt('orders', 1000);
const RUNS = opt('runs', 5);
const usePg = args.includes('--pg');
const log = (s: string) => console.error(`[packing-slips] ${s}`);

const gc = (globalThis as { gc?: () => void }).gc;

async function openDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!usePg) {
    const database = await openPglite(null);
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `mc_slips_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = openPostgres(u.toString(), 4);
  await database.migrate();
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const NAMES = [
  'Ada Lovelace',
  'Grace Hopper',
  'Katherine Johnson',
  'Alan Turing',
  'Edsger Dijkstra',
  'Barbara Liskov',
];
const PRODUCTS = [
  ['Old Harbor Small Batch Bourbon', 3999, '750ml'],
  ['Maison Duclair Brut Champagne', 5900, '750ml'],
  ['Casa Verde Blanco Tequila', 3502, '1L'],
  ['Highland Reserve 12 Year Single Malt', 6499, '750ml'],
  ['Napa Ridge Cabernet Sauvignon', 2450, '1.5L'],
] as const;

async function loadData(
  database: Database,
): Promise<{ merchant: typeof merchants.$inferSelect; ids: string[] }> {
  const { db } = database;
  const [merchant] = await db
    .insert(merchants)
    .values({
      tmk: 'bench-slips',
      name: 'Bench Wine & Spirits',
      street_1: '120 Hudson St',
      city: 'New York',
      state: 'NY',
      zipcode: '10013',
      primary_phone: '(212) 555-0134',
    })
    .returning();
  const [app] = await db
    .insert(applications)
    .values({ ref: 'bench-app', name: 'ReserveBar', brand_name: 'ReserveBar' })
    .returning();
  const ids: string[] = [];
  const now = Date.now();
  for (let start = 0; start < N; start += 250) {
    const orderRows: (typeof orders.$inferInsert)[] = [];
    const itemRows: (typeof orderItems.$inferInsert)[] = [];
    for (let i = start; i < Math.min(N, start + 250); i++) {
      const id = `BENCH${String(i).padStart(5, '0')}-SLP-01`;
      ids.push(id);
      const [first, last] = NAMES[i % NAMES.length]!.split(' ') as [string, string];
      const lines = 2 + (i % 3);
      let subtotal = 0;
      for (let l = 0; l < lines; l++) {
        const [name, price, size] = PRODUCTS[(i + l) % PRODUCTS.length]!;
        const quantity = 1 + ((i + l) % 3);
        subtotal += price * quantity;
        const itemId = crypto.randomUUID();
        itemRows.push({
          id: itemId,
          order_id: id,
          name,
          description: l === 0 ? 'Aged in new charred oak; notes of caramel and vanilla.' : '',
          quantity,
          price_cents: price,
          subtotal_cents: price * quantity,
          merchant_sku: `SKU-${(i + l) % 97}`,
          container_size: { value: 750, unit: 'ml', formatted: size },
          position: l * 2,
        });
        if (l === 0 && i % 5 === 0) {
          itemRows.push({
            order_id: id,
            parent_line_item_id: itemId,
            name: 'Engraving',
            quantity,
            price_cents: 1500,
            subtotal_cents: 1500 * quantity,
            aux_data: { engraving_message: ['Happy 40th, Sam', 'Cheers'] },
            position: l * 2 + 1,
          });
        }
      }
      orderRows.push({
        id,
        merchant_id: merchant!.id,
        application_id: app!.id,
        application_ref: 'bench-app',
        application_name: app!.name,
        application_brand_name: app!.brand_name,
        status: 'MERCHANT_ACCEPTED',
        date_submitted: new Date(now - i * 60_000),
        delivery_method: i % 2 ? 'shipping' : 'on_demand',
        gift_message: i % 4 === 0 ? 'Happy birthday! Enjoy responsibly. <3' : null,
        recipient: {
          first_name: first,
          last_name: last,
          street_1: `${100 + i} Fifth Avenue`,
          street_2: i % 3 ? '' : 'Suite 4100',
          street_3: '',
          city: 'New York',
          state: 'NY',
          zipcode: '10118',
          country: 'US',
          phone_number: '(212) 555-0147',
          delivery_instructions: i % 2 ? 'Leave with the front desk concierge.' : '',
        },
        customer: {
          first_name: first,
          last_name: last,
          email: 'bench@example.com',
          phone_number: '(646) 555-0199',
          last_order: null,
        },
        recipient_name: `${first} ${last}`,
        customer_email: 'bench@example.com',
        subtotal_cents: subtotal,
        tax_cents: Math.round(subtotal * 0.08875),
        total_cents: Math.round(subtotal * 1.08875),
        item_quantity: lines,
      });
    }
    await db.insert(orders).values(orderRows);
    await db.insert(orderItems).values(itemRows);
  }
  return { merchant: merchant!, ids };
}

interface Sample {
  ms: number;
  /** CPU time of this process (user + system): the fair figure on a shared, loaded machine. */
  cpuMs: number;
  extraMb: number;
  bytes: number;
}

/** Runs `fn` with RSS sampled every 5 ms; extra = peak RSS minus RSS just before. */
async function measure(fn: () => Promise<number>): Promise<Sample> {
  gc?.();
  await new Promise((r) => setTimeout(r, 20));
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const bytes = await fn();
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  const cpuMs = (c.user + c.system) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, cpuMs, extraMb: (peak - base) / 1024 / 1024, bytes };
}

/** The orders as a bulk reports batch reads them (run-outputs.ts: loadPending, then toDocumentOrder). */
async function loadDocuments(
  database: Database,
  merchant: typeof merchants.$inferSelect,
  ids: string[],
): Promise<DocumentOrder[]> {
  const docs: DocumentOrder[] = [];
  for (let i = 0; i < ids.length; i += 250) {
    for (const row of await loadBulkOrders(database, merchant.id, ids.slice(i, i + 250))) {
      docs.push(toDocumentOrder(row, merchant));
    }
  }
  return docs;
}

/** The product path: database reads, the document mapper and the batch PDF the render worker draws. */
async function full(
  database: Database,
  merchant: typeof merchants.$inferSelect,
  ids: string[],
): Promise<number> {
  const pdf = await renderManyPackingSlipsToBuffer(
    await loadDocuments(database, merchant, ids),
    'packingslip',
  );
  return pdf.length;
}

/** The floor: a bare pdfkit document, the same draw function, orders already in memory. */
function floor(docs: readonly DocumentOrder[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, compress: true });
    let bytes = 0;
    doc.on('data', (c: Buffer) => {
      bytes += c.length;
    });
    doc.on('end', () => resolve(bytes));
    doc.on('error', reject);
    for (const o of docs) drawPackingSlip(doc, o);
    doc.end();
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

async function main() {
  const { database, drop } = await openDatabase();
  try {
    log(`loading ${N} orders into ${usePg ? 'PostgreSQL' : 'PGlite (in memory)'}`);
    const { merchant, ids } = await loadData(database);
    const docs = await loadDocuments(database, merchant, ids);
    // Warm up both paths (font loading, JIT).
    await full(database, merchant, ids.slice(0, 50));
    await floor(docs.slice(0, 50));
    const fulls: Sample[] = [];
    const floors: Sample[] = [];
    for (let r = 0; r < RUNS; r++) {
      floors.push(await measure(() => floor(docs)));
      fulls.push(await measure(() => full(database, merchant, ids)));
      log(
        `run ${r + 1}: full ${fulls.at(-1)!.ms.toFixed(0)} ms (cpu ${fulls.at(-1)!.cpuMs.toFixed(0)}), floor ${floors.at(-1)!.ms.toFixed(0)} ms (cpu ${floors.at(-1)!.cpuMs.toFixed(0)})`,
      );
    }
    const result = {
      date: new Date().toISOString(),
      node: process.version,
      database: usePg ? 'postgresql' : 'pglite',
      orders: N,
      runs: RUNS,
      gc: Boolean(gc),
      load_average: os.loadavg()[0] ?? 0,
      cpus: os.cpus().length,
      full: {
        median_ms: median(fulls.map((s) => s.ms)),
        median_cpu_ms: median(fulls.map((s) => s.cpuMs)),
        peak_extra_mb: Math.max(...fulls.map((s) => s.extraMb)),
        bytes: fulls[0]!.bytes,
      },
      floor: {
        median_ms: median(floors.map((s) => s.ms)),
        median_cpu_ms: median(floors.map((s) => s.cpuMs)),
        peak_extra_mb: Math.max(...floors.map((s) => s.extraMb)),
        bytes: floors[0]!.bytes,
      },
    };
    const ratio = result.full.median_ms / result.floor.median_ms;
    const lines = [
      `### Packing slips: ${N} into one PDF (${result.database}, ${process.version}, median of ${RUNS})`,
      '',
      `Machine: ${result.cpus} CPUs, load average ${result.load_average.toFixed(1)} at the end of the run.`,
      '',
      '| variant | wall time | CPU time | peak extra memory | PDF size |',
      '|---|---:|---:|---:|---:|',
      `| full (database reads, mapper, batch PDF) | ${(result.full.median_ms / 1000).toFixed(2)} s | ${(result.full.median_cpu_ms / 1000).toFixed(2)} s | ${result.full.peak_extra_mb.toFixed(0)} MB | ${(result.full.bytes / 1e6).toFixed(1)} MB |`,
      `| floor (bare pdfkit loop, same layout, in memory) | ${(result.floor.median_ms / 1000).toFixed(2)} s | ${(result.floor.median_cpu_ms / 1000).toFixed(2)} s | ${result.floor.peak_extra_mb.toFixed(0)} MB | ${(result.floor.bytes / 1e6).toFixed(1)} MB |`,
      '',
      `Full / floor: ${ratio.toFixed(2)}× wall, ${(result.full.median_cpu_ms / result.floor.median_cpu_ms).toFixed(2)}× CPU. Aim: ≤ 5 s, ≤ 4× the floor, ≤ 250 MB extra — wall time ${result.full.median_ms <= 5000 ? 'met' : 'NOT met'}, CPU time ${result.full.median_cpu_ms <= 5000 ? 'met' : 'NOT met'}, ratio ${ratio <= 4 ? 'met' : 'NOT met'}, memory ${result.full.peak_extra_mb <= 250 ? 'met' : 'NOT met'}.`,
    ];
    console.log(lines.join('\n'));
    mkdirSync(path.join(ROOT, 'bench/.results'), { recursive: true });
    writeFileSync(
      path.join(ROOT, 'bench/.results/packing-slips.json'),
      `${JSON.stringify({ ...result, ratio }, null, 2)}\n`,
    );
  } finally {
    await drop();
  }
}

await main();
