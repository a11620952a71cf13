import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { batchFileName, renderManyPackingSlips, renderManyPackingSlipsToBuffer } from './batch.ts';
import { buildDocumentOrder, readPdf } from './test-fixtures.ts';
import type { DocumentOrder } from './types.ts';

function orderAt(index: number): DocumentOrder {
  const id = `BATCH-${String(index).padStart(4, '0')}`;
  return buildDocumentOrder({
    id,
    gift_message: index % 5 === 0 ? { message: `Gift note ${index}` } : null,
    recipient: { ...buildDocumentOrder().recipient, last_name: `Recipient${index}` },
  });
}

async function* orderStream(count: number, seen: { pulled: number; closed: boolean }) {
  try {
    for (let index = 1; index <= count; index++) {
      seen.pulled = index;
      yield orderAt(index);
    }
  } finally {
    seen.closed = true;
  }
}

describe('renderManyPackingSlips', () => {
  it('renders 200 orders into one streamed PDF, one page per slip, in order', async () => {
    const orders = Array.from({ length: 200 }, (_, index) => orderAt(index + 1));
    const pdf = await renderManyPackingSlipsToBuffer(orders, 'packingslip');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/%%EOF/g)).toHaveLength(1);
    const { pages, pageCount } = await readPdf(pdf);
    expect(pageCount).toBe(200);
    pages.forEach((page, index) => {
      expect(page).toContain(`Order #BATCH-${String(index + 1).padStart(4, '0')}`);
      expect(page).toContain('PACKING SLIP');
    });
    // Gift orders (every fifth) carry no prices; the others do.
    expect(pages[4]).toContain('Gift note 5');
    expect(pages[4]).not.toContain('$');
    expect(pages[3]).toContain('$69.98');
  });

  it('renders receipts, and slips followed by receipts for all', async () => {
    const orders = [orderAt(1), orderAt(2)];
    const receipts = await readPdf(await renderManyPackingSlipsToBuffer(orders, 'receipt'));
    expect(receipts.pageCount).toBe(2);
    expect(receipts.pages[1]).toContain('RECEIPT');
    expect(receipts.pages[1]).toContain('Order #BATCH-0002');

    const both = await readPdf(await renderManyPackingSlipsToBuffer(orders, 'all'));
    expect(both.pageCount).toBe(4);
    expect(both.pages.map((page) => (page.includes('PACKING SLIP') ? 'slip' : 'receipt'))).toEqual([
      'slip',
      'receipt',
      'slip',
      'receipt',
    ]);
  });

  it('pulls orders from an async iterable only as fast as the consumer reads', async () => {
    const seen = { pulled: 0, closed: false };
    const stream = renderManyPackingSlips(orderStream(300, seen), 'packingslip', {
      highWaterMark: 16 * 1024,
    });
    await sleep(100);
    // Nothing read yet: the producer stopped once the output buffer was full.
    expect(seen.pulled).toBeGreaterThan(0);
    expect(seen.pulled).toBeLessThan(30);

    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(seen.pulled).toBe(300);
    expect(seen.closed).toBe(true);
    expect((await readPdf(Buffer.concat(chunks))).pageCount).toBe(300);
  });

  it('stops pulling orders when the consumer goes away', async () => {
    const seen = { pulled: 0, closed: false };
    const stream = renderManyPackingSlips(orderStream(1000, seen), 'packingslip', {
      highWaterMark: 16 * 1024,
    });
    for await (const _chunk of stream) break; // destroys the stream
    await sleep(50);
    expect(seen.closed).toBe(true);
    expect(seen.pulled).toBeLessThan(30);
  });

  it('fails the stream when the source fails', async () => {
    async function* failing() {
      yield orderAt(1);
      throw new Error('cursor lost');
    }
    await expect(renderManyPackingSlipsToBuffer(failing(), 'packingslip')).rejects.toThrow('cursor lost');
  });

  it('prints one explanatory page for an empty batch', async () => {
    const { pageCount, text } = await readPdf(await renderManyPackingSlipsToBuffer([], 'receipt'));
    expect(pageCount).toBe(1);
    expect(text).toContain('No orders to print.');
  });

  it('names batch files', () => {
    expect(batchFileName('packingslip', 'b-123')).toBe('b-123_Packing Slips.pdf');
    expect(batchFileName('receipt', 'b-123')).toBe('b-123_Receipts.pdf');
  });
});
