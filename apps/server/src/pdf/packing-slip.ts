/**
 * The packing slip: what to pick and pack, with tick boxes, SKU
 * and container size, engraving text per item, the gift message, and a Code 128 barcode
 * of the order id. On gift orders (a gift message is present) no price appears at all.
 */
import { drawCode128 } from './barcode.ts';
import {
  buildFileName,
  formatCalendarDate,
  formatMoney,
  groupItems,
  type ItemLine,
  totalUnits,
} from './format.ts';
import {
  COLOR,
  checkbox,
  type Doc,
  drawText,
  label,
  measureText,
  type PageFlow,
  renderToBuffer,
  rule,
} from './layout.ts';
import {
  CONTENT_LEFT,
  CONTENT_RIGHT,
  CONTENT_WIDTH,
  createOrderFlow,
  customerLines,
  deliveryLines,
  drawIdCheckNotice,
  drawNoteBox,
  drawOrderHeader,
  drawPanels,
  recipientLines,
} from './order-blocks.ts';
import type { DocumentOrder } from './types.ts';

const TITLE = 'Packing slip';

/**
 * '{orderId}-{lastName}-Packing Slip.pdf'. The customer's last name, as the receipt's
 * file name uses (the recipient's when the customer has none).
 */
export function packingSlipFileName(order: Pick<DocumentOrder, 'id' | 'recipient' | 'customer'>): string {
  const lastName = order.customer.last_name?.trim() || order.recipient.last_name;
  return `${buildFileName([order.id, lastName, 'Packing Slip'], '-')}.pdf`;
}

/** A gift order: the gift message is present and not blank. Prices are then hidden. */
export function isGiftOrder(order: Pick<DocumentOrder, 'gift_message'>): boolean {
  return Boolean(order.gift_message?.message?.trim());
}

interface Column {
  x: number;
  width: number;
}

interface Columns {
  check: Column;
  qty: Column;
  item: Column;
  sku: Column;
  size: Column;
  price: Column | null;
  total: Column | null;
}

function columns(showPrices: boolean): Columns {
  const check = { x: CONTENT_LEFT, width: 22 };
  const qty = { x: CONTENT_LEFT + 22, width: 30 };
  const totalWidth = showPrices ? 62 : 0;
  const priceWidth = showPrices ? 60 : 0;
  const sizeWidth = 52;
  const skuWidth = 92;
  const total = showPrices ? { x: CONTENT_RIGHT - totalWidth, width: totalWidth } : null;
  const price = showPrices ? { x: CONTENT_RIGHT - totalWidth - priceWidth, width: priceWidth } : null;
  const sizeX = CONTENT_RIGHT - totalWidth - priceWidth - sizeWidth;
  const size = { x: sizeX, width: sizeWidth };
  const sku = { x: sizeX - skuWidth, width: skuWidth };
  const itemX = qty.x + qty.width + 12;
  const item = { x: itemX, width: sku.x - itemX - 10 };
  return { check, qty, item, sku, size, price, total };
}

const ROW_PAD = 7;
const ENGRAVING_PAD = 5;
/** A product name is cut after four lines, an engraving text after twelve. */
const NAME_MAX = 50;
const ENGRAVING_MAX = 140;

function drawTableHeader(doc: Doc, cols: Columns, y: number): number {
  label(doc, 'Qty', cols.qty.x, y, cols.qty.width, 'center');
  label(doc, 'Item', cols.item.x, y, cols.item.width);
  label(doc, 'SKU', cols.sku.x, y, cols.sku.width);
  label(doc, 'Size', cols.size.x, y, cols.size.width);
  if (cols.price) label(doc, 'Price', cols.price.x, y, cols.price.width, 'right');
  if (cols.total) label(doc, 'Total', cols.total.x, y, cols.total.width, 'right');
  rule(doc, CONTENT_LEFT, CONTENT_RIGHT, y + 13, COLOR.text, 0.9);
  return y + 13 + ROW_PAD;
}

function availability(line: ItemLine): string {
  const date = line.item.aux_data?.preorder_available_date;
  return date ? `Pre-sale · est. available ${formatCalendarDate(date, 'MMM d, yyyy')}` : '';
}

function engravingTitle(quantity: number): string {
  return quantity > 1 ? `Engrave ×${quantity}` : 'Engrave';
}

/** Height of one engraving panel inside the item column. */
function measureEngraving(doc: Doc, lines: readonly string[], width: number): number {
  const text = lines.length > 0 ? lines.join('\n') : '(no message)';
  return (
    ENGRAVING_PAD +
    10 +
    Math.min(
      measureText(doc, text, width - ENGRAVING_PAD * 2, { font: 'monoBold', size: 10, lineGap: 1 }),
      ENGRAVING_MAX,
    ) +
    ENGRAVING_PAD
  );
}

function measureRow(doc: Doc, line: ItemLine, cols: Columns): number {
  const width = cols.item.width;
  let height = Math.min(measureText(doc, line.item.name, width, { font: 'bold', size: 10.5 }), NAME_MAX);
  if (line.item.description)
    height += 1 + Math.min(measureText(doc, line.item.description, width, { size: 8.5 }), 22);
  const available = availability(line);
  if (available) height += 2 + measureText(doc, available, width, { font: 'bold', size: 8.5 });
  for (const group of line.engravings) height += 5 + measureEngraving(doc, group.lines, width);
  return Math.max(height, 14) + ROW_PAD * 2;
}

function drawRow(doc: Doc, line: ItemLine, cols: Columns, y: number): void {
  const { item } = line;
  const width = cols.item.width;
  checkbox(doc, cols.check.x + 2, y + 1, 11);
  drawText(doc, String(item.quantity), cols.qty.x, y - 0.5, {
    font: 'bold',
    size: 12,
    width: cols.qty.width,
    align: 'center',
    noWrap: true,
  });
  let cy = y;
  cy += drawText(doc, item.name, cols.item.x, cy, {
    font: 'bold',
    size: 10.5,
    width,
    height: NAME_MAX,
    ellipsis: true,
  });
  drawText(doc, item.sku || '-', cols.sku.x, y + 1, {
    font: 'mono',
    size: 9,
    width: cols.sku.width - 6,
    noWrap: true,
  });
  drawText(doc, item.container_size || '-', cols.size.x, y + 1, {
    size: 9,
    width: cols.size.width - 4,
    noWrap: true,
  });
  if (cols.price) {
    drawText(doc, formatMoney(item.price), cols.price.x, y + 1, {
      size: 9.5,
      width: cols.price.width,
      align: 'right',
      noWrap: true,
    });
  }
  if (cols.total) {
    drawText(doc, formatMoney(item.subtotal), cols.total.x, y + 1, {
      font: 'bold',
      size: 9.5,
      width: cols.total.width,
      align: 'right',
      noWrap: true,
    });
  }
  if (item.description) {
    cy += 1;
    cy += drawText(doc, item.description, cols.item.x, cy, {
      size: 8.5,
      color: COLOR.muted,
      width,
      height: 22,
      ellipsis: true,
    });
  }
  const available = availability(line);
  if (available) {
    cy += 2;
    cy += drawText(doc, available, cols.item.x, cy, { font: 'bold', size: 8.5, color: COLOR.accent, width });
  }
  for (const group of line.engravings) {
    cy += 5;
    const height = measureEngraving(doc, group.lines, width);
    doc
      .save()
      .rect(cols.item.x, cy, width, height)
      .lineWidth(0.75)
      .fillAndStroke(COLOR.panel, COLOR.rule)
      .restore();
    label(
      doc,
      engravingTitle(group.quantity),
      cols.item.x + ENGRAVING_PAD,
      cy + ENGRAVING_PAD,
      width - ENGRAVING_PAD * 2,
    );
    drawText(
      doc,
      group.lines.length > 0 ? group.lines.join('\n') : '(no message)',
      cols.item.x + ENGRAVING_PAD,
      cy + ENGRAVING_PAD + 10,
      {
        font: 'monoBold',
        size: 10,
        width: width - ENGRAVING_PAD * 2,
        height: ENGRAVING_MAX,
        ellipsis: true,
        lineGap: 1,
      },
    );
    if (group.isCharged && cols.price && cols.total) {
      const feeY = cy + ENGRAVING_PAD;
      drawText(doc, formatMoney(group.unitPrice), cols.price.x, feeY, {
        size: 9,
        color: COLOR.muted,
        width: cols.price.width,
        align: 'right',
        noWrap: true,
      });
      drawText(doc, formatMoney(group.fee), cols.total.x, feeY, {
        size: 9,
        width: cols.total.width,
        align: 'right',
        noWrap: true,
      });
    }
    cy += height;
  }
}

function drawItems(doc: Doc, flow: PageFlow, order: DocumentOrder, showPrices: boolean): void {
  const cols = columns(showPrices);
  const lines = groupItems(order.items);
  flow.ensure(44);
  flow.y = drawTableHeader(doc, cols, flow.y);
  if (lines.length === 0) {
    flow.y +=
      drawText(doc, 'No items', cols.item.x, flow.y, { size: 9.5, color: COLOR.muted, noWrap: true }) +
      ROW_PAD;
  }
  lines.forEach((line, index) => {
    const height = measureRow(doc, line, cols);
    if (flow.ensure(height)) flow.y = drawTableHeader(doc, cols, flow.y);
    drawRow(doc, line, cols, flow.y);
    flow.y += height - ROW_PAD;
    if (index < lines.length - 1) rule(doc, CONTENT_LEFT, CONTENT_RIGHT, flow.y, COLOR.hairline, 0.6);
    flow.y += ROW_PAD;
  });
  rule(doc, CONTENT_LEFT, CONTENT_RIGHT, flow.y - ROW_PAD + 2, COLOR.rule, 0.9);
  flow.y += 4;
}

function drawSummary(doc: Doc, order: DocumentOrder, showPrices: boolean, y: number): number {
  const units = totalUnits(order.items);
  drawText(doc, `Total units: ${units}`, CONTENT_LEFT, y, {
    font: 'bold',
    size: 10,
    width: 200,
    noWrap: true,
  });
  if (showPrices) {
    drawText(doc, 'Order total', CONTENT_RIGHT - 220, y, {
      size: 10,
      color: COLOR.muted,
      width: 120,
      noWrap: true,
    });
    drawText(doc, formatMoney(order.transaction.total), CONTENT_RIGHT - 100, y, {
      font: 'bold',
      size: 10,
      width: 100,
      align: 'right',
      noWrap: true,
    });
  }
  return 18;
}

function drawSignOff(doc: Doc, y: number): number {
  const fields = ['Picked by', 'Packed by', 'Date'];
  const width = CONTENT_WIDTH / fields.length;
  fields.forEach((field, index) => {
    const x = CONTENT_LEFT + index * width;
    const used = drawText(doc, field, x, y + 10, { size: 9, color: COLOR.muted, noWrap: true });
    const lineStart = x + doc.widthOfString(field) + 8;
    rule(doc, lineStart, x + width - 18, y + 10 + used - 1, COLOR.text, 0.6);
  });
  return 30;
}

/** Draws one order's packing slip on its own page(s) of `doc`. */
export function drawPackingSlip(doc: Doc, order: DocumentOrder): void {
  const isGift = isGiftOrder(order);
  const showPrices = !isGift;
  const flow = createOrderFlow(
    doc,
    order,
    TITLE,
    isGift ? 'Gift order: no prices included.' : 'Please enjoy responsibly.',
  );
  flow.start();
  flow.y = drawOrderHeader(doc, order, 'PACKING SLIP', flow.y, {
    afterTitle: (top, right, width) => {
      try {
        drawCode128(doc, order.id, {
          x: right - width,
          y: top,
          maxWidth: width,
          height: 34,
          moduleWidth: 1,
          align: 'right',
        });
        return top + 34;
      } catch {
        // An id Code 128 cannot encode: the slip still prints, without a barcode.
        return top;
      }
    },
  });

  flow.y +=
    drawPanels(
      doc,
      [
        { title: 'Ship to', lines: recipientLines(order) },
        { title: 'Customer', lines: customerLines(order) },
        { title: 'Delivery', lines: deliveryLines(order) },
      ],
      flow.y,
    ) + 14;

  const instructions = order.recipient.delivery_instructions?.trim();
  if (instructions) {
    const options = { fill: COLOR.panel, maxBodyHeight: 120 };
    flow.ensure(drawNoteBox(doc, 'Delivery instructions', instructions, flow.y, { ...options, draw: false }));
    flow.y += drawNoteBox(doc, 'Delivery instructions', instructions, flow.y, options) + 10;
  }

  if (isGift && order.gift_message) {
    const message = order.gift_message.message.trim();
    const options = { bodyFont: 'italic' as const, bodySize: 12, stroke: COLOR.text, maxBodyHeight: 300 };
    flow.ensure(drawNoteBox(doc, 'Gift message', message, flow.y, { ...options, draw: false }));
    flow.y += drawNoteBox(doc, 'Gift message', message, flow.y, options) + 14;
  }

  drawItems(doc, flow, order, showPrices);

  flow.ensure(18 + 30 + 12);
  flow.y += drawSummary(doc, order, showPrices, flow.y);
  flow.y += drawSignOff(doc, flow.y) + 12;

  const noticeHeight = drawIdCheckNotice(doc, flow.y, false);
  flow.ensure(noticeHeight);
  drawIdCheckNotice(doc, flow.y);
  flow.y += noticeHeight;
  flow.finish();
}

/** One packing slip as a PDF. */
export function renderPackingSlip(order: DocumentOrder): Promise<Buffer> {
  return renderToBuffer(
    { title: `Packing slip ${order.id}`, author: order.merchant.name, subject: 'Packing slip' },
    (doc) => drawPackingSlip(doc, order),
  );
}
