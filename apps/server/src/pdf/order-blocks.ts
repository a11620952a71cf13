/** Blocks shared by the receipt and the packing slip: header, address panels, footer, notices. */
import { addressLines, personName } from '@mc/domain';
import { deliverySummary, formatDateTime, printedTracking } from './format.ts';
import { COLOR, type Doc, drawText, LETTER, label, MARGIN, measureText, PageFlow, rule } from './layout.ts';
import type { DocumentOrder } from './types.ts';

export const CONTENT_LEFT = MARGIN;
export const CONTENT_RIGHT = LETTER.width - MARGIN;
export const CONTENT_WIDTH = CONTENT_RIGHT - CONTENT_LEFT;
export const FOOTER_RESERVE = 26;

export const ID_CHECK_TEXT =
  'Alcohol may be released only to a recipient who is 21 or older and shows a valid, government-issued photo ID. ' +
  'Do not leave unattended. Refuse delivery to anyone underage or visibly intoxicated.';

/**
 * Merchant name and address on the left; the title block (title, order number, placed
 * date, brand) right-aligned. Returns the y below the header rule.
 */
export function drawOrderHeader(
  doc: Doc,
  order: DocumentOrder,
  title: string,
  y: number,
  options: {
    /** Draws under the title, right-aligned at `right`, and returns the new y (the packing slip's barcode). */
    afterTitle?: (top: number, right: number, width: number) => number;
  } = {},
): number {
  const leftWidth = 300;
  let left = y;
  left += drawText(doc, order.merchant.name || 'Merchant', CONTENT_LEFT, left, {
    font: 'bold',
    size: 17,
    width: leftWidth,
    height: 44,
    ellipsis: true,
  });
  left += 3;
  for (const line of order.merchant.address_lines) {
    left += drawText(doc, line, CONTENT_LEFT, left, {
      size: 9,
      color: COLOR.muted,
      width: leftWidth,
      noWrap: true,
    });
  }
  if (order.merchant.phone) {
    left += drawText(doc, order.merchant.phone, CONTENT_LEFT, left, {
      size: 9,
      color: COLOR.muted,
      width: leftWidth,
      noWrap: true,
    });
  }

  const rightWidth = 220;
  const rightX = CONTENT_RIGHT - rightWidth;
  let right = y;
  right += drawText(doc, title, rightX, right, {
    font: 'bold',
    size: 18,
    color: COLOR.accent,
    width: rightWidth,
    align: 'right',
    noWrap: true,
    characterSpacing: 1.2,
  });
  right += 4;
  if (options.afterTitle) right = options.afterTitle(right + 2, CONTENT_RIGHT, rightWidth) + 4;
  right += drawText(doc, `Order #${order.id}`, rightX, right, {
    font: 'bold',
    size: 10.5,
    width: rightWidth,
    align: 'right',
    noWrap: true,
  });
  right += 1;
  right += drawText(doc, `Placed ${formatDateTime(order.date_submitted, order.timezone)}`, rightX, right, {
    size: 9,
    color: COLOR.muted,
    width: rightWidth,
    align: 'right',
    noWrap: true,
  });
  if (order.application_brand_name) {
    right += drawText(doc, `via ${order.application_brand_name}`, rightX, right, {
      size: 9,
      color: COLOR.muted,
      width: rightWidth,
      align: 'right',
      noWrap: true,
    });
  }

  const bottom = Math.max(left, right) + 12;
  rule(doc, CONTENT_LEFT, CONTENT_RIGHT, bottom, COLOR.text, 1.2);
  return bottom + 16;
}

/** The slim header of a continuation page. Returns the content y. */
export function drawContinuationHeader(doc: Doc, order: DocumentOrder, title: string): number {
  const y = MARGIN;
  drawText(doc, order.merchant.name, CONTENT_LEFT, y, { font: 'bold', size: 11, width: 300, noWrap: true });
  drawText(doc, `${title} · Order #${order.id} (continued)`, CONTENT_RIGHT - 260, y + 1, {
    size: 9,
    color: COLOR.muted,
    width: 260,
    align: 'right',
    noWrap: true,
  });
  rule(doc, CONTENT_LEFT, CONTENT_RIGHT, y + 20, COLOR.text, 1);
  return y + 34;
}

export function drawFooter(doc: Doc, order: DocumentOrder, pageNumber: number, note: string): void {
  const y = LETTER.height - MARGIN - 12;
  rule(doc, CONTENT_LEFT, CONTENT_RIGHT, y - 7, COLOR.hairline);
  drawText(doc, note, CONTENT_LEFT, y, { size: 8, color: COLOR.faint, width: 320, noWrap: true });
  const where = order.site_name ? `${order.site_name} · ` : '';
  drawText(doc, `${where}Order #${order.id} · Page ${pageNumber}`, CONTENT_RIGHT - 200, y, {
    size: 8,
    color: COLOR.faint,
    width: 200,
    align: 'right',
    noWrap: true,
  });
}

export function createOrderFlow(doc: Doc, order: DocumentOrder, title: string, footerNote: string): PageFlow {
  return new PageFlow(doc, {
    footerReserve: FOOTER_RESERVE,
    continuationHeader: (d) => drawContinuationHeader(d, order, title),
    footer: (d, page) => drawFooter(d, order, page, footerNote),
  });
}

export interface PanelColumn {
  title: string;
  /** The first line is drawn bold. */
  lines: Array<{ text: string; style?: 'strong' | 'muted' | 'italic' | 'normal' }>;
}

/** Side-by-side labelled text columns. Returns the height used. */
export function drawPanels(doc: Doc, columns: readonly PanelColumn[], y: number, gap = 18): number {
  const width = (CONTENT_WIDTH - gap * (columns.length - 1)) / columns.length;
  let tallest = 0;
  columns.forEach((column, index) => {
    const x = CONTENT_LEFT + index * (width + gap);
    let cy = y;
    cy += label(doc, column.title, x, cy, width) + 4;
    for (const line of column.lines) {
      if (!line.text) continue;
      const style = line.style ?? 'normal';
      cy +=
        drawText(doc, line.text, x, cy, {
          font: style === 'strong' ? 'bold' : style === 'italic' ? 'italic' : 'regular',
          size: style === 'strong' ? 10.5 : 9.5,
          color: style === 'muted' || style === 'italic' ? COLOR.muted : COLOR.text,
          width,
          height: 60,
          ellipsis: true,
          lineGap: 1,
        }) + 2;
    }
    tallest = Math.max(tallest, cy - y);
  });
  return tallest;
}

export function recipientLines(order: DocumentOrder): PanelColumn['lines'] {
  const { recipient } = order;
  return [
    { text: personName(recipient), style: 'strong' },
    ...addressLines(recipient).map((text) => ({ text })),
    { text: recipient.phone_number ?? '', style: 'muted' },
  ];
}

export function customerLines(order: DocumentOrder): PanelColumn['lines'] {
  const { customer } = order;
  return [
    { text: personName(customer), style: 'strong' },
    { text: customer.phone_number ?? '', style: 'muted' },
    { text: customer.email ?? '', style: 'muted' },
  ];
}

/** A tinted note box with a bold label; returns its height. Measures only when `draw` is false. */
export function drawNoteBox(
  doc: Doc,
  title: string,
  body: string,
  y: number,
  options: {
    draw?: boolean;
    fill?: string;
    stroke?: string;
    bodyFont?: 'regular' | 'italic' | 'bold';
    bodySize?: number;
    /** Longer text is cut with an ellipsis (keeps one box on one page). */
    maxBodyHeight?: number;
  } = {},
): number {
  const padding = 9;
  const innerWidth = CONTENT_WIDTH - padding * 2;
  const bodySize = options.bodySize ?? 9;
  const naturalHeight = measureText(doc, body, innerWidth, {
    font: options.bodyFont ?? 'regular',
    size: bodySize,
    lineGap: 1.5,
  });
  const bodyHeight = Math.min(naturalHeight, options.maxBodyHeight ?? Number.POSITIVE_INFINITY);
  const height = padding + 11 + bodyHeight + padding;
  if (options.draw === false) return height;
  doc.save();
  doc.rect(CONTENT_LEFT, y, CONTENT_WIDTH, height).lineWidth(0.75);
  if (options.fill) doc.fillAndStroke(options.fill, options.stroke ?? COLOR.rule);
  else doc.stroke(options.stroke ?? COLOR.rule);
  doc.restore();
  label(doc, title, CONTENT_LEFT + padding, y + padding, innerWidth);
  drawText(doc, body, CONTENT_LEFT + padding, y + padding + 11, {
    font: options.bodyFont ?? 'regular',
    size: bodySize,
    width: innerWidth,
    height: bodyHeight,
    ellipsis: true,
    lineGap: 1.5,
  });
  return height;
}

/** The 21+ ID-check reminder. Returns its height. */
export function drawIdCheckNotice(doc: Doc, y: number, draw = true): number {
  return drawNoteBox(doc, '21+ ID check required at delivery', ID_CHECK_TEXT, y, {
    draw,
    fill: '#fff7e6',
    stroke: '#e0b04a',
  });
}

/** The delivery column: method (with the on-demand deadline), scheduled date or pre-sale note, tracking. */
export function deliveryLines(order: DocumentOrder): PanelColumn['lines'] {
  const summary = deliverySummary(order);
  const lines: PanelColumn['lines'] = [
    { text: summary.title, style: 'strong' },
    ...summary.details.map((text) => ({ text })),
  ];
  const tracking = printedTracking(order);
  if (tracking) lines.push({ text: `${tracking.provider} ${tracking.id}`, style: 'muted' });
  return lines;
}
