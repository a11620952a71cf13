/**
 * The pick list (docs/decisions/0103): ONE document for a batch of orders, listing each SKU once with its name,
 * size, the total quantity to pick, the orders that need it and a Code 128 barcode of the SKU, grouped
 * and sorted by category then name (@mc/domain's buildPickList). Gift-wrap and engraving lines are
 * called out under the SKU with the orders they belong to. A SKU needed by hundreds of orders flows on
 * over pages line by line, so nothing is cut.
 */
import {
  buildPickList,
  formatPickListRefs,
  isEngravingItem,
  type PickList,
  type PickListLine,
  type PickListOrderInput,
} from '@mc/domain';
import { drawCode128 } from './barcode.ts';
import { buildFileName, formatDateTime, groupItems } from './format.ts';
import {
  COLOR,
  checkbox,
  type Doc,
  drawText,
  LETTER,
  label,
  MARGIN,
  measureText,
  PageFlow,
  renderToBuffer,
  rule,
  type TextStyle,
  textWidth,
} from './layout.ts';
import { CONTENT_LEFT, CONTENT_RIGHT, CONTENT_WIDTH, FOOTER_RESERVE } from './order-blocks.ts';
import type { DocumentMerchant, DocumentOrder } from './types.ts';

export const PICK_LIST_TITLE = 'Pick list';

const COL = {
  check: { x: CONTENT_LEFT, width: 20 },
  qty: { x: CONTENT_LEFT + 20, width: 36 },
  item: { x: CONTENT_LEFT + 62, width: 248 },
  size: { x: CONTENT_LEFT + 318, width: 58 },
  sku: { x: CONTENT_RIGHT - 150, width: 150 },
} as const;
/** Orders and call-outs run under the item, as far as the SKU column. */
const DETAIL = { x: COL.item.x, width: COL.sku.x - 10 - COL.item.x } as const;
const ROW_PAD = 9;
const NAME_MAX = 26;
const BARCODE_HEIGHT = 24;

/** The orders' product lines as the pick list reads them (engraving lines go with their product). */
export function pickListInput(orders: readonly DocumentOrder[]): PickListOrderInput[] {
  return orders.map((order) => ({
    id: order.id,
    lines: groupItems(order.items)
      .filter(({ item }) => !isEngravingItem(item))
      .map(({ item, engravings }) => ({
        name: item.name,
        sku: item.sku,
        size: item.container_size,
        category: item.aux_data?.category,
        quantity: item.quantity,
        gift_wrap: item.aux_data?.gift_wrap,
        engravings: engravings.map((e) => ({ lines: e.lines, quantity: e.quantity })),
      })),
  }));
}

interface DetailLine {
  text: string;
  style: TextStyle;
  /** A call-out line: drawn with a bar on its left. */
  callout?: boolean;
}

const ORDERS_STYLE: TextStyle = { size: 8.5, color: COLOR.muted };
const CALLOUT_STYLE: TextStyle = { font: 'bold', size: 8.5, color: COLOR.accent };
const CALLOUT_INDENT = 7;

/** Greedy word wrap to `width` (measured with the fonts that will draw it). */
function wrap(doc: Doc, text: string, width: number, style: TextStyle): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (current && textWidth(doc, next, style) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

function units(quantity: number): string {
  return quantity === 1 ? '1 unit' : `${quantity} units`;
}

/** 'Orders: …', then one call-out per gift wrap and engraving, each wrapped to the detail width. */
function detailLines(doc: Doc, line: PickListLine): DetailLine[] {
  const out: DetailLine[] = [];
  const push = (text: string, style: TextStyle, callout = false) => {
    const width = DETAIL.width - (callout ? CALLOUT_INDENT : 0);
    for (const part of wrap(doc, text, width, style)) out.push({ text: part, style, callout });
  };
  push(`Orders: ${formatPickListRefs(line.orders)}`, ORDERS_STYLE);
  if (line.gift_wrap.length > 0) {
    const total = line.gift_wrap.reduce((sum, r) => sum + r.quantity, 0);
    push(`GIFT WRAP ${units(total)}: ${formatPickListRefs(line.gift_wrap)}`, CALLOUT_STYLE, true);
  }
  for (const e of line.engravings) {
    const message = e.lines.length > 0 ? `"${e.lines.join(' / ')}"` : '(no message)';
    push(`ENGRAVE ${e.order_id} ×${e.quantity}: ${message}`, CALLOUT_STYLE, true);
  }
  return out;
}

function lineHeight(doc: Doc, style: TextStyle): number {
  return measureText(doc, 'X', 200, style) + 1;
}

function nameHeight(doc: Doc, line: PickListLine): number {
  return Math.max(
    Math.min(measureText(doc, line.name, COL.item.width, { font: 'bold', size: 10.5 }), NAME_MAX),
    14,
  );
}

/** The SKU column: its text, then its barcode. */
function skuHeight(line: PickListLine): number {
  return 12 + (line.sku ? BARCODE_HEIGHT + 2 : 0);
}

function drawHead(doc: Doc, line: PickListLine, y: number): void {
  checkbox(doc, COL.check.x + 2, y + 1, 11);
  drawText(doc, String(line.quantity), COL.qty.x, y - 0.5, {
    font: 'bold',
    size: 13,
    width: COL.qty.width,
    align: 'center',
    noWrap: true,
  });
  drawText(doc, line.name, COL.item.x, y, {
    font: 'bold',
    size: 10.5,
    width: COL.item.width,
    height: NAME_MAX,
    ellipsis: true,
  });
  drawText(doc, line.size || '-', COL.size.x, y + 1, { size: 9.5, width: COL.size.width - 4, noWrap: true });
  drawText(doc, line.sku || '-', COL.sku.x, y + 1, {
    font: 'mono',
    size: 9,
    width: COL.sku.width,
    noWrap: true,
  });
  if (line.sku) {
    try {
      drawCode128(doc, line.sku, {
        x: COL.sku.x,
        y: y + 13,
        maxWidth: COL.sku.width,
        height: BARCODE_HEIGHT,
        moduleWidth: 1,
        align: 'left',
      });
    } catch {
      // A SKU Code 128 cannot encode: its text is printed, without a barcode.
    }
  }
}

function drawTableHeader(doc: Doc, y: number): number {
  label(doc, 'Qty', COL.qty.x, y, COL.qty.width, 'center');
  label(doc, 'Item', COL.item.x, y, COL.item.width);
  label(doc, 'Size', COL.size.x, y, COL.size.width);
  label(doc, 'SKU', COL.sku.x, y, COL.sku.width);
  rule(doc, CONTENT_LEFT, CONTENT_RIGHT, y + 13, COLOR.text, 0.9);
  return y + 13 + ROW_PAD;
}

function drawCategoryHeading(doc: Doc, category: PickList['categories'][number], y: number): number {
  const height = 20;
  doc.save().rect(CONTENT_LEFT, y, CONTENT_WIDTH, height).fill(COLOR.panel).restore();
  const title = category.category.toUpperCase();
  drawText(doc, title, CONTENT_LEFT + 8, y + 5.5, {
    font: 'bold',
    size: 10,
    color: COLOR.accent,
    characterSpacing: 0.6,
    width: 300,
    noWrap: true,
  });
  const skus = category.lines.length;
  const total = category.lines.reduce((sum, l) => sum + l.quantity, 0);
  drawText(doc, `${skus} ${skus === 1 ? 'SKU' : 'SKUs'} · ${units(total)}`, CONTENT_RIGHT - 208, y + 6, {
    size: 9,
    color: COLOR.muted,
    width: 200,
    align: 'right',
    noWrap: true,
  });
  return y + height + 8;
}

function drawHeader(
  doc: Doc,
  merchant: DocumentMerchant,
  list: PickList,
  printed: string,
  y: number,
): number {
  let left = y;
  left += drawText(doc, merchant.name || 'Merchant', CONTENT_LEFT, left, {
    font: 'bold',
    size: 17,
    width: 300,
    height: 44,
    ellipsis: true,
  });
  left += 3;
  for (const address of merchant.address_lines) {
    left += drawText(doc, address, CONTENT_LEFT, left, {
      size: 9,
      color: COLOR.muted,
      width: 300,
      noWrap: true,
    });
  }
  const rightWidth = 230;
  const rightX = CONTENT_RIGHT - rightWidth;
  let right = y;
  right += drawText(doc, 'PICK LIST', rightX, right, {
    font: 'bold',
    size: 18,
    color: COLOR.accent,
    width: rightWidth,
    align: 'right',
    noWrap: true,
    characterSpacing: 1.2,
  });
  right += 6;
  const summary = `${list.order_count} ${list.order_count === 1 ? 'order' : 'orders'} · ${list.sku_count} ${
    list.sku_count === 1 ? 'SKU' : 'SKUs'
  } · ${units(list.unit_count)}`;
  right += drawText(doc, summary, rightX, right, {
    font: 'bold',
    size: 10.5,
    width: rightWidth,
    align: 'right',
    noWrap: true,
  });
  right += 1;
  right += drawText(doc, `Printed ${printed}`, rightX, right, {
    size: 9,
    color: COLOR.muted,
    width: rightWidth,
    align: 'right',
    noWrap: true,
  });
  const bottom = Math.max(left, right) + 12;
  rule(doc, CONTENT_LEFT, CONTENT_RIGHT, bottom, COLOR.text, 1.2);
  return bottom + 14;
}

function drawDetail(doc: Doc, detail: DetailLine, y: number, height: number): void {
  const x = DETAIL.x + (detail.callout ? CALLOUT_INDENT : 0);
  if (detail.callout) {
    doc
      .save()
      .rect(DETAIL.x, y - 1, 2.5, height)
      .fill(COLOR.accent)
      .restore();
  }
  drawText(doc, detail.text, x, y, { ...detail.style, width: DETAIL.width - (x - DETAIL.x), noWrap: true });
}

function drawLine(doc: Doc, flow: PageFlow, line: PickListLine, onNewPage: () => void): void {
  const name = nameHeight(doc, line) + 3;
  const sku = skuHeight(line);
  const details = detailLines(doc, line);
  const heights = details.map((d) => lineHeight(doc, d.style));
  const total = Math.max(name + heights.reduce((a, b) => a + b, 0), sku) + ROW_PAD;
  const fullPage = flow.bottom - (MARGIN + 34 + 20);
  // Whole rows stay together; a row longer than a page starts with its head and flows on line by line.
  if (flow.ensure(total <= fullPage ? total : Math.max(name + (heights[0] ?? 0), sku) + ROW_PAD)) onNewPage();
  const top = flow.y;
  const page = flow.pageNumber;
  drawHead(doc, line, top);
  flow.y += name;
  details.forEach((detail, index) => {
    const height = heights[index] ?? 0;
    if (flow.ensure(height + ROW_PAD)) onNewPage();
    drawDetail(doc, detail, flow.y, height);
    flow.y += height;
  });
  if (flow.pageNumber === page) flow.y = Math.max(flow.y, top + sku);
  flow.y += ROW_PAD;
}

/** Draws the pick list of `orders` on its own pages of `doc`. */
export function drawPickList(doc: Doc, orders: readonly DocumentOrder[], printedAt: Date = new Date()): void {
  const list = buildPickList(pickListInput(orders));
  const first = orders[0];
  const merchant: DocumentMerchant = first?.merchant ?? { name: '', address_lines: [] };
  const timezone = first?.timezone ?? 'UTC';
  const printed = formatDateTime(printedAt.toISOString(), timezone);
  const flow = new PageFlow(doc, {
    footerReserve: FOOTER_RESERVE,
    continuationHeader: (d) => {
      drawText(d, merchant.name, CONTENT_LEFT, MARGIN, { font: 'bold', size: 11, width: 300, noWrap: true });
      drawText(d, `Pick list · printed ${printed} (continued)`, CONTENT_RIGHT - 300, MARGIN + 1, {
        size: 9,
        color: COLOR.muted,
        width: 300,
        align: 'right',
        noWrap: true,
      });
      rule(d, CONTENT_LEFT, CONTENT_RIGHT, MARGIN + 20, COLOR.text, 1);
      return MARGIN + 34;
    },
    footer: (d, pageNumber) => {
      const y = LETTER.height - MARGIN - 12;
      rule(d, CONTENT_LEFT, CONTENT_RIGHT, y - 7, COLOR.hairline);
      drawText(d, `Pick list · ${list.order_count} orders · ${list.sku_count} SKUs`, CONTENT_LEFT, y, {
        size: 8,
        color: COLOR.faint,
        width: 360,
        noWrap: true,
      });
      drawText(d, `Page ${pageNumber}`, CONTENT_RIGHT - 160, y, {
        size: 8,
        color: COLOR.faint,
        width: 160,
        align: 'right',
        noWrap: true,
      });
    },
  });
  flow.start();
  flow.y = drawHeader(doc, merchant, list, printed, flow.y);
  if (list.categories.length === 0) {
    drawText(doc, 'No items to pick.', CONTENT_LEFT, flow.y, { size: 11, color: COLOR.muted, noWrap: true });
    flow.finish();
    return;
  }
  flow.y = drawTableHeader(doc, flow.y);
  const newPage = () => {
    flow.y = drawTableHeader(doc, flow.y);
  };
  for (const category of list.categories) {
    const firstRow = skuHeight(category.lines[0] as PickListLine) + 30;
    if (flow.ensure(28 + firstRow)) newPage();
    flow.y = drawCategoryHeading(doc, category, flow.y);
    category.lines.forEach((line, index) => {
      drawLine(doc, flow, line, newPage);
      if (index < category.lines.length - 1)
        rule(doc, CONTENT_LEFT, CONTENT_RIGHT, flow.y - ROW_PAD / 2 - 1, COLOR.hairline, 0.6);
    });
    flow.y += 6;
  }
  flow.finish();
}

/** The pick list of `orders` as one PDF. */
export function renderPickList(orders: readonly DocumentOrder[], printedAt?: Date): Promise<Buffer> {
  return renderToBuffer(
    { title: PICK_LIST_TITLE, author: orders[0]?.merchant.name ?? '', subject: PICK_LIST_TITLE },
    (doc) => drawPickList(doc, orders, printedAt),
  );
}

/** '{batchId}_Pick List.pdf' */
export function pickListFileName(batchId: string): string {
  return `${buildFileName([batchId, 'Pick List'], '_')}.pdf`;
}
