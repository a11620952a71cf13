/**
 * Bulk printing ('batch reports'): one PDF document holding every order's
 * packing slip or receipt, streamed. Orders are pulled one at a time from a (possibly
 * async) iterable, drawn with the same draw functions as the single documents, and each
 * finished page is written out at once; the producer waits while the consumer is behind,
 * so 1,000 slips hold neither 1,000 documents nor all pages in memory.
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { buildFileName } from './format.ts';
import { addPage, COLOR, createDocument, type Doc, drawText, LETTER, MARGIN } from './layout.ts';
import { drawPackingSlip } from './packing-slip.ts';
import { drawReceipt } from './receipt.ts';
import type { BatchDocumentKind, DocumentOrder } from './types.ts';

/** 'all' prints each order's packing slip followed by its receipt. */
export type BatchKind = BatchDocumentKind | 'all';

const TITLES: Record<BatchKind, string> = {
  packingslip: 'Packing Slips',
  receipt: 'Receipts',
  all: 'Packing Slips and Receipts',
};

function drawOrder(doc: Doc, order: DocumentOrder, kind: BatchKind): void {
  if (kind === 'receipt') {
    drawReceipt(doc, order);
    return;
  }
  drawPackingSlip(doc, order);
  if (kind === 'all') drawReceipt(doc, order);
}

function drawEmptyPage(doc: Doc, kind: BatchKind): void {
  addPage(doc);
  drawText(doc, TITLES[kind], MARGIN, MARGIN, { font: 'bold', size: 18, color: COLOR.accent, noWrap: true });
  drawText(doc, 'No orders to print.', MARGIN, MARGIN + 30, {
    size: 11,
    color: COLOR.muted,
    width: LETTER.width - MARGIN * 2,
  });
}

export interface BatchOptions {
  /** Output buffer size before the producer pauses (bytes). Default 1 MiB. */
  highWaterMark?: number;
}

/**
 * One PDF with the packing slip (or receipt) of every order, as a byte stream. Errors from
 * the iterable or from drawing destroy the stream with that error. If the consumer destroys
 * the stream, iteration stops (an async iterator's `return` is called, closing a cursor).
 */
export function renderManyPackingSlips(
  orders: AsyncIterable<DocumentOrder> | Iterable<DocumentOrder>,
  kind: BatchKind = 'packingslip',
  options: BatchOptions = {},
): Readable {
  const out = new PassThrough({ highWaterMark: options.highWaterMark ?? 1024 * 1024 });
  const doc = createDocument({ title: TITLES[kind], subject: TITLES[kind] });
  doc.on('data', (chunk: Buffer) => {
    if (!out.destroyed) out.write(chunk);
  });
  doc.on('end', () => {
    if (!out.destroyed) out.end();
  });
  doc.on('error', (error: Error) => out.destroy(error));

  const waitForConsumer = async (): Promise<void> => {
    if (!out.writableNeedDrain || out.destroyed) return;
    const controller = new AbortController();
    try {
      await Promise.race([
        once(out, 'drain', { signal: controller.signal }),
        once(out, 'close', { signal: controller.signal }),
      ]);
    } finally {
      controller.abort();
    }
  };

  const produce = async (): Promise<void> => {
    let count = 0;
    for await (const order of orders) {
      if (out.destroyed) return;
      drawOrder(doc, order, kind);
      count += 1;
      await waitForConsumer();
      if (out.destroyed) return;
    }
    if (count === 0) drawEmptyPage(doc, kind);
    doc.end();
  };

  // Start on the next tick so the caller can attach listeners or pipe first.
  setImmediate(() => {
    produce().catch((error: unknown) => {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  return out;
}

/** The same document collected into one Buffer (for small batches and tests). */
export async function renderManyPackingSlipsToBuffer(
  orders: AsyncIterable<DocumentOrder> | Iterable<DocumentOrder>,
  kind: BatchKind = 'packingslip',
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of renderManyPackingSlips(orders, kind)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** '{batchId}_Packing Slips.pdf', '{batchId}_Receipts.pdf' */
export function batchFileName(kind: BatchKind, batchId: string): string {
  return `${buildFileName([batchId, TITLES[kind]], '_')}.pdf`;
}
