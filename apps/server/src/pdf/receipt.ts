/** The customer receipt ('Print Receipt' on the order detail); its file name is `receiptFileName`'s. */
import { buildFileName, formatCalendarDate, formatMoney, groupItems, type ItemLine } from './format.ts';
import {
  COLOR,
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

const TITLE = 'Receipt';

/** '{orderId}_{customer last name}_Receipt.pdf' */
export function receiptFileName(order: Pick<DocumentOrder, 'id' | 'customer'>): string {
  return `${buildFileName([order.id, order.customer.last_name, 'Receipt'], '_')}.pdf`;
}

// Item table columns.
const COL = {
  item: { x: CONTENT_LEFT, width: 300 },
  qty: { x: CONTENT_LEFT + 300, width: 52 },
  price: { x: CONTENT_LEFT + 352, width: 90 },
  total: { x: CONTENT_RIGHT - 90, width: 90 },
} as const;

/** One amount of a sub-line (engraving, gift wrap), right-aligned in its column. */
function subAmount(
  doc: Doc,
  text: string,
  col: { x: number; width: number },
  y: number,
  color: string = COLOR.text,
) {
  drawText(doc, text, col.x, y, { size: 9, color, width: col.width, align: 'right', noWrap: true });
}

const ROW_PAD = 6;
const SUB_INDENT = 14;
/** A product name is cut after four lines. */
const NAME_MAX = 48;

function drawTableHeader(doc: Doc, y: number): number {
  label(doc, 'Item', COL.item.x, y, COL.item.width);
  label(doc, 'Qty', COL.qty.x, y, COL.qty.width, 'right');
  label(doc, 'Price', COL.price.x, y, COL.price.width, 'right');
  label(doc, 'Total', COL.total.x, y, COL.total.width, 'right');
  rule(doc, CONTENT_LEFT, CONTENT_RIGHT, y + 13, COLOR.text, 0.9);
  return y + 13 + ROW_PAD;
}

function itemMeta(line: ItemLine): string {
  const { item } = line;
  const parts: string[] = [];
  if (item.sku) parts.push(`SKU ${item.sku}`);
  if (item.container_size) parts.push(item.container_size);
  if (item.aux_data?.preorder_available_date) {
    parts.push(`Est. available ${formatCalendarDate(item.aux_data.preorder_available_date, 'MMM d, yyyy')}`);
  }
  return parts.join('  ·  ');
}

interface SubLine {
  title: string;
  detail: string[];
  quantity?: number;
  price?: number;
  total?: number;
}

function subLines(line: ItemLine): SubLine[] {
  const subs: SubLine[] = [];
  for (const group of line.engravings) {
    const detail = group.lines.length > 0 ? group.lines.map((text) => `"${text}"`) : ['(no message)'];
    subs.push(
      group.isCharged
        ? { title: 'Engraving', detail, quantity: group.quantity, price: group.unitPrice, total: group.fee }
        : { title: 'Engraving', detail },
    );
  }
  return subs;
}

function measureRow(doc: Doc, line: ItemLine): number {
  let height = Math.min(
    measureText(doc, line.item.name, COL.item.width - 8, { font: 'bold', size: 10 }),
    NAME_MAX,
  );
  if (line.item.description)
    height += 1 + Math.min(measureText(doc, line.item.description, COL.item.width - 8, { size: 8.5 }), 22);
  const meta = itemMeta(line);
  if (meta) height += 2 + measureText(doc, meta, COL.item.width - 8, { size: 8 });
  for (const sub of subLines(line)) {
    height += 4 + measureText(doc, sub.title, COL.item.width - SUB_INDENT - 8, { size: 9 });
    for (const text of sub.detail)
      height += measureText(doc, text, COL.item.width - SUB_INDENT - 8, { font: 'italic', size: 9 });
  }
  return height + ROW_PAD * 2;
}

function money(
  doc: Doc,
  amount: number | undefined,
  x: number,
  width: number,
  y: number,
  bold = false,
): void {
  if (amount === undefined) return;
  drawText(doc, formatMoney(amount), x, y, {
    font: bold ? 'bold' : 'regular',
    size: bold ? 10 : 9.5,
    width,
    align: 'right',
    noWrap: true,
  });
}

function drawRow(doc: Doc, line: ItemLine, y: number): number {
  const { item } = line;
  let cy = y;
  const textWidth = COL.item.width - 8;
  cy += drawText(doc, item.name, COL.item.x, cy, {
    font: 'bold',
    size: 10,
    width: textWidth,
    height: NAME_MAX,
    ellipsis: true,
  });
  drawText(doc, String(item.quantity), COL.qty.x, y, {
    size: 10,
    width: COL.qty.width,
    align: 'right',
    noWrap: true,
  });
  money(doc, item.price, COL.price.x, COL.price.width, y);
  money(doc, item.subtotal, COL.total.x, COL.total.width, y, true);
  if (item.description) {
    cy += 1;
    cy += drawText(doc, item.description, COL.item.x, cy, {
      size: 8.5,
      color: COLOR.muted,
      width: textWidth,
      height: 22,
      ellipsis: true,
    });
  }
  const meta = itemMeta(line);
  if (meta) {
    cy += 2;
    cy += drawText(doc, meta, COL.item.x, cy, { size: 8, color: COLOR.faint, width: textWidth });
  }
  for (const sub of subLines(line)) {
    cy += 4;
    const subX = COL.item.x + SUB_INDENT;
    const top = cy;
    doc
      .save()
      .moveTo(COL.item.x + 4, top + 1)
      .lineTo(COL.item.x + 4, top + 6)
      .lineTo(COL.item.x + 9, top + 6)
      .lineWidth(0.6)
      .strokeColor(COLOR.faint)
      .stroke()
      .restore();
    cy += drawText(doc, sub.title, subX, cy, { size: 9, color: COLOR.text, width: textWidth - SUB_INDENT });
    // Amounts right after the title, so the text reads 'Engraving 2 $10.00 $20.00'.
    if (sub.quantity !== undefined) subAmount(doc, String(sub.quantity), COL.qty, top, COLOR.muted);
    if (sub.price !== undefined) subAmount(doc, formatMoney(sub.price), COL.price, top, COLOR.muted);
    if (sub.total !== undefined) subAmount(doc, formatMoney(sub.total), COL.total, top);
    for (const text of sub.detail) {
      cy += drawText(doc, text, subX, cy, {
        font: 'italic',
        size: 9,
        color: COLOR.muted,
        width: textWidth - SUB_INDENT,
      });
    }
  }
  return cy - y;
}

interface TotalRow {
  label: string;
  amount: number;
  negative?: boolean;
}

export function receiptTotals(order: DocumentOrder): TotalRow[] {
  const t = order.transaction;
  const rows: TotalRow[] = [{ label: 'Subtotal', amount: t.subtotal }];
  if (t.discount) {
    rows.push({
      label: order.promo_code ? `Discount (${order.promo_code})` : 'Discount',
      amount: Math.abs(t.discount),
      negative: true,
    });
  }
  if (t.delivery_fee) rows.push({ label: 'Delivery fee', amount: t.delivery_fee });
  if (t.shipping) rows.push({ label: 'Shipping', amount: t.shipping });
  rows.push({ label: 'Tax', amount: t.tax });
  if (t.tip) rows.push({ label: 'Tip', amount: t.tip });
  // Cancelled after a failed delivery (no valid ID, under age): all but the restocking fee went back.
  if (t.restocking_fee !== undefined && t.refunded) {
    rows.push({ label: 'Refunded', amount: t.refunded, negative: true });
  }
  return rows;
}

/** The bold last line: 'Total', or 'Restocking fee' when that is all the customer paid. */
function receiptTotalLabel(order: DocumentOrder): string {
  return order.transaction.restocking_fee !== undefined ? 'Restocking fee' : 'Total';
}

const TOTALS = { x: CONTENT_RIGHT - 250, labelWidth: 150, valueWidth: 100 } as const;

function measureTotals(order: DocumentOrder): number {
  return receiptTotals(order).length * 16 + 30;
}

function drawTotals(doc: Doc, order: DocumentOrder, y: number): number {
  let cy = y;
  for (const row of receiptTotals(order)) {
    drawText(doc, row.label, TOTALS.x, cy, {
      size: 9.5,
      color: COLOR.muted,
      width: TOTALS.labelWidth,
      noWrap: true,
    });
    const value = row.negative ? `-${formatMoney(row.amount)}` : formatMoney(row.amount);
    drawText(doc, value, TOTALS.x + TOTALS.labelWidth, cy, {
      size: 9.5,
      width: TOTALS.valueWidth,
      align: 'right',
      noWrap: true,
    });
    cy += 16;
  }
  rule(doc, TOTALS.x, CONTENT_RIGHT, cy + 1, COLOR.text, 1);
  cy += 9;
  drawText(doc, receiptTotalLabel(order), TOTALS.x, cy, {
    font: 'bold',
    size: 12,
    width: TOTALS.labelWidth,
    noWrap: true,
  });
  drawText(doc, formatMoney(order.transaction.total), TOTALS.x + TOTALS.labelWidth, cy, {
    font: 'bold',
    size: 12,
    width: TOTALS.valueWidth,
    align: 'right',
    noWrap: true,
  });
  return cy + 21 - y;
}

function drawItems(doc: Doc, flow: PageFlow, order: DocumentOrder): void {
  const lines = groupItems(order.items);
  flow.ensure(40);
  flow.y = drawTableHeader(doc, flow.y);
  if (lines.length === 0) {
    flow.y +=
      drawText(doc, 'No items', CONTENT_LEFT, flow.y, { size: 9.5, color: COLOR.muted, noWrap: true }) +
      ROW_PAD;
  }
  lines.forEach((line, index) => {
    const height = measureRow(doc, line);
    if (flow.ensure(height)) flow.y = drawTableHeader(doc, flow.y);
    drawRow(doc, line, flow.y);
    flow.y += height - ROW_PAD;
    if (index < lines.length - 1) rule(doc, CONTENT_LEFT, CONTENT_RIGHT, flow.y, COLOR.hairline, 0.6);
    flow.y += ROW_PAD;
  });
  rule(doc, CONTENT_LEFT, CONTENT_RIGHT, flow.y - ROW_PAD + 2, COLOR.rule, 0.9);
  flow.y += 6;
}

/** Draws one order's receipt on its own page(s) of `doc`. */
export function drawReceipt(doc: Doc, order: DocumentOrder): void {
  const flow = createOrderFlow(doc, order, TITLE, 'Thank you for your order.');
  flow.start();
  flow.y = drawOrderHeader(doc, order, 'RECEIPT', flow.y);

  flow.y +=
    drawPanels(
      doc,
      [
        { title: 'Bill to', lines: customerLines(order) },
        { title: 'Ship to', lines: recipientLines(order) },
        { title: 'Delivery', lines: deliveryLines(order) },
      ],
      flow.y,
    ) + 16;

  drawItems(doc, flow, order);

  flow.ensure(measureTotals(order));
  flow.y += drawTotals(doc, order, flow.y) + 14;

  // Once the ID check is recorded (decision 0101) the receipt shows it in place of the reminder.
  const notice = (draw: boolean) =>
    order.age_check
      ? drawNoteBox(doc, 'ID checked at delivery', order.age_check, flow.y, {
          draw,
          fill: '#eef8f0',
          stroke: '#5a9e6f',
        })
      : drawIdCheckNotice(doc, flow.y, draw);
  const noticeHeight = notice(false);
  flow.ensure(noticeHeight);
  notice(true);
  flow.y += noticeHeight;
  flow.finish();
}

/** One receipt as a PDF. */
export function renderReceipt(order: DocumentOrder): Promise<Buffer> {
  return renderToBuffer(
    { title: `Receipt ${order.id}`, author: order.merchant.name, subject: 'Receipt' },
    (doc) => drawReceipt(doc, order),
  );
}
