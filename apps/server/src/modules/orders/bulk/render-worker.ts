/**
 * Worker thread that renders the merged bulk PDFs, so drawing 1,000 receipts never blocks the
 * server's event loop (the list stays fast during a batch) and two report types use two cores.
 */
import { parentPort } from 'node:worker_threads';
import { renderManyPackingSlipsToBuffer } from '../../../documents/batch.ts';
import type { BatchDocumentKind, DocumentOrder } from '../../../documents/types.ts';

export interface RenderRequest {
  id: number;
  kind: BatchDocumentKind;
  orders: DocumentOrder[];
}
export type RenderResponse =
  | { id: number; ok: true; pdf: Uint8Array }
  | { id: number; ok: false; message: string };

parentPort?.on('message', async (req: RenderRequest) => {
  try {
    const buf = await renderManyPackingSlipsToBuffer(req.orders, req.kind);
    const pdf = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    const res: RenderResponse = { id: req.id, ok: true, pdf };
    parentPort?.postMessage(res, [pdf.buffer as ArrayBuffer]);
  } catch (error) {
    const res: RenderResponse = {
      id: req.id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    };
    parentPort?.postMessage(res);
  }
});
