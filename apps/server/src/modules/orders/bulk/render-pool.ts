/**
 * A small pool of PDF-rendering worker threads (lazily started, reused, unref'd so they never keep the
 * process alive). Falls back to rendering on the main thread if a worker cannot start.
 */
import { Worker } from 'node:worker_threads';
import { renderManyPackingSlipsToBuffer } from '../../../pdf/batch.ts';
import { renderPickList } from '../../../pdf/pick-list.ts';
import type { BatchRenderKind, DocumentOrder } from '../../../pdf/types.ts';
import type { RenderRequest, RenderResponse } from './render-worker.ts';

/**
 * From the TypeScript sources the worker boots through tsx (render-worker-boot.mjs); in the compiled
 * server (apps/server/dist/main.js, see build.mjs) this module is inlined into the bundle and the worker
 * is the bundle's sibling dist/render-worker.js, run by plain node.
 */
const COMPILED = !import.meta.url.endsWith('.ts');
const BOOT = new URL(COMPILED ? './render-worker.js' : './render-worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./render-worker.ts', import.meta.url).href;

interface Slot {
  worker: Worker;
  busy: number;
  pending: Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }>;
}

let slots: Slot[] = [];
let seq = 0;

function startSlot(): Slot {
  const worker = new Worker(BOOT, COMPILED ? {} : { workerData: { entry: ENTRY } });
  worker.unref();
  const slot: Slot = { worker, busy: 0, pending: new Map() };
  worker.on('message', (res: RenderResponse) => {
    const p = slot.pending.get(res.id);
    if (!p) return;
    slot.pending.delete(res.id);
    slot.busy -= 1;
    if (res.ok) p.resolve(Buffer.from(res.pdf.buffer, res.pdf.byteOffset, res.pdf.byteLength));
    else p.reject(new Error(res.message));
  });
  const fail = (error: Error) => {
    slots = slots.filter((s) => s !== slot);
    for (const p of slot.pending.values()) p.reject(error);
    slot.pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`render worker exited with ${code}`)));
  return slot;
}

function pick(poolSize: number): Slot {
  const idle = slots.find((s) => s.busy === 0);
  if (idle) return idle;
  if (slots.length < poolSize) {
    const slot = startSlot();
    slots.push(slot);
    return slot;
  }
  return slots.reduce((a, b) => (b.busy < a.busy ? b : a));
}

/**
 * One merged PDF of `orders` (receipts, packing slips, or their one pick list), rendered off the main thread
 * by a pool of at most `poolSize` threads: config.bulkRenderThreads, by default one core left to the server's
 * event loop (the list must stay fast during a batch), so on 2 cores one thread draws the report types one
 * after the other.
 */
export async function renderBatchPdf(
  kind: BatchRenderKind,
  orders: DocumentOrder[],
  poolSize: number,
): Promise<Buffer> {
  let slot: Slot;
  try {
    slot = pick(poolSize);
  } catch {
    return kind === 'picklist' ? renderPickList(orders) : renderManyPackingSlipsToBuffer(orders, kind);
  }
  const id = ++seq;
  slot.busy += 1;
  const request: RenderRequest = { id, kind, orders };
  return new Promise<Buffer>((resolve, reject) => {
    slot.pending.set(id, { resolve, reject });
    slot.worker.postMessage(request);
  });
}

/** Stops the workers (server shutdown, tests). */
export async function stopRenderPool(): Promise<void> {
  const all = slots;
  slots = [];
  await Promise.all(all.map((s) => s.worker.terminate().catch(() => 0)));
}
