/**
 * Worker thread that renders the merged bulk PDFs (and the batch's pick list), so drawing 1,000 receipts never blocks the
 * server's event loop (the list stays fast during a batch) and two report types use two cores.
 */
import { parentPort } from 'node:worker_threads';
import { renderManyPackingSlipsToBuffer } from '../../../pdf/batch.ts';
import { renderPickList } from '../../../pdf/pick-list.ts';
import type { BatchRenderKind, DocumentOrder } from '../../../pdf/types.ts';

export interface RenderRequest {
  id: number;
  kind: BatchRenderKind;
  orders: DocumentOrder[];
}
export type RenderResponse =
  | { id: number; ok: true; pdf: Uint8Array }
  | { id: number; ok: false; message: string };

parentPort?.on('message', async (req: RenderRequest) => {
  try {
    const buf =
      req.kind === 'picklist'
        ? await renderPickList(req.orders)
        : await renderManyPackingSlipsToBuffer(req.orders, req.kind);
    // The PDF's memory moves to the main thread without a copy when the Buffer owns it. Node 24's
    // Buffer.concat can hand back a slice of a larger, untransferable pool: that one is copied first
    // (posting it would throw "Cannot transfer object of unsupported type").
    const owned = buf.byteOffset === 0 && buf.byteLength === buf.buffer.byteLength;
    let pdf = owned ? new Uint8Array(buf.buffer, 0, buf.byteLength) : new Uint8Array(buf);
    try {
      parentPort?.postMessage({ id: req.id, ok: true, pdf } satisfies RenderResponse, [
        pdf.buffer as ArrayBuffer,
      ]);
    } catch {
      // A whole-pool Buffer that is still marked untransferable: send a copy.
      pdf = new Uint8Array(buf);
      parentPort?.postMessage({ id: req.id, ok: true, pdf } satisfies RenderResponse, [
        pdf.buffer as ArrayBuffer,
      ]);
    }
  } catch (error) {
    const res: RenderResponse = {
      id: req.id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    };
    parentPort?.postMessage(res);
  }
});
