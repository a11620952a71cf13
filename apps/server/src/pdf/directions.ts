/**
 * The printable 'Delivery Directions' sheet: order date; delivery method
 * ('ASAP' for on_demand, a 'Mon DD, h A-h A' window for scheduled); delivery number (the
 * order id); tracking provider and id unless the provider is 'other'; 'Deliver To'; a map.
 */
import { addressLines, personName } from '@mc/domain';
import { buildFileName, directionsDeliveryText, formatDateTime, visibleTracking } from './format.ts';
import {
  addPage,
  box,
  COLOR,
  type Doc,
  drawText,
  LETTER,
  label,
  MARGIN,
  renderToBuffer,
  rule,
} from './layout.ts';
import type { DocumentOrder } from './types.ts';

const LEFT = MARGIN;
const RIGHT = LETTER.width - MARGIN;
const WIDTH = RIGHT - LEFT;

/** '{orderId}_Directions.pdf' */
export function directionsFileName(order: Pick<DocumentOrder, 'id'>): string {
  return `${buildFileName([order.id, 'Directions'], '_')}.pdf`;
}

export interface DirectionsField {
  label: string;
  value: string;
}

/** The labelled fields of the sheet, in print order (tracking only when it is shown). */
export function directionsFields(order: DocumentOrder): DirectionsField[] {
  const fields: DirectionsField[] = [
    { label: 'Order date', value: formatDateTime(order.date_submitted, order.timezone) },
    { label: 'Delivery method', value: directionsDeliveryText(order) },
    { label: 'Delivery number', value: order.id },
  ];
  const tracking = visibleTracking(order);
  if (tracking) fields.push({ label: 'Tracking', value: `${tracking.provider} ${tracking.id}` });
  return fields;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Pixel size from a PNG's IHDR chunk, or null when the buffer is not a PNG. */
function pngSize(data: Buffer): { width: number; height: number } | null {
  if (data.length < 24 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

function drawMapUnavailable(doc: Doc, y: number, height: number): void {
  box(doc, LEFT, y, WIDTH, height, { fill: COLOR.panel, stroke: COLOR.rule });
  drawText(doc, 'Map unavailable', LEFT, y + height / 2 - 7, {
    font: 'bold',
    size: 12,
    color: COLOR.muted,
    width: WIDTH,
    align: 'center',
    noWrap: true,
  });
}

/** Draws one directions sheet on a new page of `doc`. A map that is null or not an image prints 'Map unavailable'. */
export function drawDirections(doc: Doc, order: DocumentOrder, mapPng: Buffer | null): void {
  addPage(doc);
  let y = MARGIN;

  drawText(doc, 'DELIVERY DIRECTIONS', LEFT, y, {
    font: 'bold',
    size: 18,
    color: COLOR.accent,
    width: 320,
    noWrap: true,
    characterSpacing: 1.2,
  });
  drawText(doc, order.merchant.name, RIGHT - 210, y, {
    font: 'bold',
    size: 10.5,
    width: 210,
    align: 'right',
    noWrap: true,
  });
  if (order.merchant.phone) {
    drawText(doc, order.merchant.phone, RIGHT - 210, y + 14, {
      size: 9,
      color: COLOR.muted,
      width: 210,
      align: 'right',
      noWrap: true,
    });
  }
  y += 34;
  rule(doc, LEFT, RIGHT, y, COLOR.text, 1.2);
  y += 16;

  // Fields in a two-column grid.
  const fields = directionsFields(order);
  const columnWidth = (WIDTH - 24) / 2;
  for (let index = 0; index < fields.length; index += 2) {
    let rowHeight = 0;
    for (const [offset, field] of fields.slice(index, index + 2).entries()) {
      const x = LEFT + offset * (columnWidth + 24);
      const used = label(doc, field.label, x, y, columnWidth) + 3;
      const valueHeight = drawText(doc, field.value, x, y + used, {
        font: 'bold',
        size: 13,
        width: columnWidth,
        height: 34,
        ellipsis: true,
      });
      rowHeight = Math.max(rowHeight, used + valueHeight);
    }
    y += rowHeight + 14;
  }

  // Deliver To.
  rule(doc, LEFT, RIGHT, y, COLOR.rule);
  y += 14;
  y += label(doc, 'Deliver To', LEFT, y, WIDTH) + 4;
  y +=
    drawText(doc, personName(order.recipient), LEFT, y, {
      font: 'bold',
      size: 16,
      width: WIDTH,
      height: 40,
      ellipsis: true,
    }) + 3;
  for (const line of addressLines(order.recipient)) {
    y += drawText(doc, line, LEFT, y, { size: 12.5, width: WIDTH, height: 32, ellipsis: true }) + 2;
  }
  y += 16;

  // The map fills what is left of the page.
  const footerY = LETTER.height - MARGIN - 12;
  const mapHeight = Math.max(80, footerY - 14 - y);
  let isDrawn = false;
  if (mapPng && mapPng.length > 0) {
    try {
      const size = pngSize(mapPng);
      if (size) {
        const scale = Math.min(WIDTH / size.width, mapHeight / size.height);
        const width = size.width * scale;
        const height = size.height * scale;
        const x = LEFT + (WIDTH - width) / 2;
        doc.image(mapPng, x, y, { width, height });
        box(doc, x, y, width, height, { stroke: COLOR.rule });
      } else {
        // JPEG or another format pdfkit reads: fit without a frame.
        doc.image(mapPng, LEFT, y, { fit: [WIDTH, mapHeight], align: 'center' });
      }
      isDrawn = true;
    } catch {
      isDrawn = false;
    }
  }
  if (!isDrawn) drawMapUnavailable(doc, y, Math.min(mapHeight, 300));

  rule(doc, LEFT, RIGHT, footerY - 7, COLOR.hairline);
  const where = order.site_name ? ` · ${order.site_name}` : '';
  drawText(doc, `Delivery number ${order.id}${where}`, LEFT, footerY, {
    size: 8,
    color: COLOR.faint,
    width: 300,
    noWrap: true,
  });
}

/** One directions sheet as a PDF. */
export function renderDirections(order: DocumentOrder, mapPng: Buffer | null): Promise<Buffer> {
  return renderToBuffer(
    { title: `Delivery directions ${order.id}`, author: order.merchant.name, subject: 'Delivery directions' },
    (doc) => drawDirections(doc, order, mapPng),
  );
}
