/** Sample data for the document tests and screenshots (not used by production code). */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFParse } from 'pdf-parse';
import { expect } from 'vitest';
import type { DocumentItem, DocumentOrder } from './types.ts';

/** Where the sample order goes: Maria Gonzalez's address in New York (documents, labels, texts). */
export const SAMPLE_ADDRESS = {
  street_1: '350 Fifth Avenue',
  street_2: 'Suite 4100',
  city: 'New York',
  state: 'NY',
  zipcode: '10118',
  phone_number: '(212) 555-0147',
};

export function buildDocumentOrder(overrides: Partial<DocumentOrder> = {}): DocumentOrder {
  return {
    id: '2ABNPFR-3A0-9E',
    status: 'MERCHANT_ACCEPTED',
    date_submitted: '2024-11-20T18:05:00Z',
    timezone: 'America/New_York',
    delivery: {
      method: 'scheduled',
      date: '2024-11-22',
      window: ['2024-11-22T19:00:00Z', '2024-11-22T21:00:00Z'],
    },
    gift_message: null,
    promo_code: 'HOLIDAY10',
    recipient: {
      first_name: 'Maria',
      last_name: 'Gonzalez',
      ...SAMPLE_ADDRESS,
      street_3: null,
      country: 'US',
      delivery_instructions: 'Leave with the front desk concierge. Buzz 4100.',
    },
    customer: {
      first_name: 'James',
      last_name: 'Whitaker',
      phone_number: '(646) 555-0199',
      email: 'james.whitaker@example.com',
    },
    transaction: {
      subtotal: 184.99,
      tax: 16.42,
      delivery_fee: 7.99,
      shipping: 0,
      tip: 10,
      discount: 18.5,
      total: 200.9,
    },
    items: [
      {
        id: 'li-1',
        name: "Maker's Mark Kentucky Straight Bourbon Whisky",
        description: 'Handmade bourbon with a soft, wheated profile and notes of caramel and vanilla.',
        quantity: 2,
        price: 34.99,
        subtotal: 69.98,
        sku: 'MM-750-001',
        container_size: '750ml',
      },
      {
        id: 'li-1-e1',
        name: 'Engraving',
        description: null,
        quantity: 2,
        price: 10,
        subtotal: 20,
        parent_line_item_id: 'li-1',
        aux_data: { engraving_message: ['Happy 40th, Sam', 'Cheers to you'] },
      },
      {
        id: 'li-2',
        name: 'Veuve Clicquot Yellow Label Brut Champagne',
        description: 'Non-vintage.',
        quantity: 1,
        price: 59.99,
        subtotal: 59.99,
        sku: 'VC-750-BRUT',
        container_size: '750ml',
      },
      {
        id: 'li-3',
        name: 'Casamigos Blanco Tequila',
        description: null,
        quantity: 1,
        price: 35.02,
        subtotal: 35.02,
        sku: 'CAS-BL-1L',
        container_size: '1L',
      },
    ],
    tracking_provider: 'FedEx',
    tracking_id: '781234567890',
    merchant: {
      name: 'Union Square Wine & Spirits',
      address_lines: ['140 Fourth Avenue', 'New York, NY 10003'],
      phone: '(212) 555-0100',
    },
    application_brand_name: 'ReserveBar',
    ...overrides,
  };
}

export function buildItems(count: number): DocumentItem[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `bulk-${index + 1}`,
    name: `Reserve Selection Cabernet Sauvignon No. ${index + 1}`,
    description: index % 3 === 0 ? 'Napa Valley. Dark fruit, cedar and a long finish.' : null,
    quantity: (index % 4) + 1,
    price: 24.5 + index,
    subtotal: (24.5 + index) * ((index % 4) + 1),
    sku: `CAB-${String(index + 1).padStart(4, '0')}`,
    container_size: index % 2 === 0 ? '750ml' : '1.5L',
  }));
}

export interface ReadPdf {
  /** All text, pages joined by '\n'. Whitespace runs are collapsed to one space per line. */
  text: string;
  pages: string[];
  pageCount: number;
  /** Size in points of each page. */
  sizes: Array<{ width: number; height: number }>;
}

/** Reads a PDF back with pdf.js (through pdf-parse), independently of the writer. */
export async function readPdf(pdf: Buffer, options: { sizes?: boolean } = {}): Promise<ReadPdf> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText({ pageJoiner: '' });
    const pages = result.pages.map((page) =>
      page.text
        .split('\n')
        .map((line) => line.replace(/[ \t]+/g, ' ').trim())
        .join('\n'),
    );
    let sizes: ReadPdf['sizes'] = [];
    if (options.sizes) {
      const info = await parser.getInfo({ parsePageInfo: true });
      sizes = info.pages.map((page) => ({ width: page.width, height: page.height }));
    }
    return { text: pages.join('\n'), pages, pageCount: result.total, sizes };
  } finally {
    await parser.destroy();
  }
}

/**
 * Checks that the bytes are a one-page PDF whose text holds every expected piece, and returns what was
 * read so a test can go on checking the rest.
 */
export async function expectOnePagePdf(
  pdf: Buffer,
  expected: readonly string[],
  options: { sizes?: boolean } = {},
): Promise<ReadPdf> {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const read = await readPdf(pdf, options);
  expect(read.pageCount).toBe(1);
  for (const piece of expected) expect(read.text).toContain(piece);
  return read;
}

/**
 * The pick list's order, however it was produced: categories Champagne, Whiskey, then Other, by name
 * within one, and one line per SKU (the bourbon three orders share appears once).
 */
export function expectPickListOrder(text: string): void {
  const at = (s: string) => text.indexOf(s);
  expect(at('CHAMPAGNE')).toBeLessThan(at('WHISKEY'));
  expect(at('Glen Avon')).toBeLessThan(at('Old Harbor'));
  expect(at('WHISKEY')).toBeLessThan(at('OTHER'));
  expect(text.split('Old Harbor Small Batch Bourbon').length - 1).toBe(1);
}

function hasCommand(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** pdftoppm (poppler-utils) and zbarimg (zbar-tools) are both installed: barcodes can be scanned. */
export const canScanBarcodes = hasCommand('pdftoppm') && hasCommand('zbarimg');

/** Rasterises page 1 at `dpi` and returns what zbarimg decodes, e.g. ['CODE-128:2ABNPFR-3A0-9E']. */
export function scanBarcodes(pdf: Buffer, dpi = 203): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-scan-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      String(dpi),
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      join(dir, 'page'),
    ]);
    const out = execFileSync(
      'zbarimg',
      ['-q', '--raw', '-Sdisable', '-Scode128.enable', join(dir, 'page.png')],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    return out
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => `CODE-128:${line}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 640x480 RGB PNG that looks like a street map with a marker in the middle (a stand-in for a static map). */
export function buildMapPng(width = 640, height = 480): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      let rgb: [number, number, number] = [236, 232, 224];
      if ((x + 30) % 160 < 14 || (y + 10) % 120 < 12) rgb = [255, 255, 255];
      if (Math.abs(x - y * 1.3 - 40) < 9) rgb = [250, 214, 120];
      if (x > 420 && x < 520 && y > 300 && y < 380) rgb = [200, 225, 190];
      const dx = x - width / 2;
      const dy = y - height / 2 + 18;
      if (dx * dx + dy * dy < 15 * 15 || (Math.abs(dx) < 16 - (dy > 0 ? dy : 99) && dy >= 0 && dy < 18))
        rgb = [219, 68, 55];
      row.set(rgb, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
