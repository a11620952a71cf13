/**
 * The sandbox carrier's shipping label: a 4×6 in (288×432 pt) page, or a letter page with
 * the label turned in its top half. It looks like a carrier label (service, from/to,
 * weight, box i of n, a Code 128 barcode of the tracking number) and says on it that it
 * is not a valid label. `sandboxTrackingNumber` makes realistic tracking numbers.
 */
import { createHash } from 'node:crypto';
import { addressLines, type LabelAddress, type LabelCarrier } from '@mc/domain';
import { drawCode128 } from './barcode.ts';
import { buildFileName } from './format.ts';
import { addPage, box, COLOR, type Doc, drawText, LETTER, label, renderToBuffer, rule } from './layout.ts';
import type { ShippingLabelInput } from './types.ts';

export const LABEL_4X6 = { width: 288, height: 432 } as const;
export const SANDBOX_NOTICE = 'SANDBOX — NOT A VALID SHIPPING LABEL';

const PAD = 12;
const INNER = LABEL_4X6.width - PAD * 2;

// ---------------------------------------------------------------------------
// Tracking numbers

function seededBytes(carrier: string, seed: string, count: number): number[] {
  const bytes: number[] = [];
  for (let round = 0; bytes.length < count; round++) {
    bytes.push(...createHash('sha256').update(`${carrier}:${seed}:${round}`).digest());
  }
  return bytes.slice(0, count);
}

const ALNUM = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';

/** UPS check digit over the 15 characters after '1Z' (letters count as (code - 63) mod 10). */
export function upsCheckDigit(body: string): number {
  let sum = 0;
  [...body].forEach((ch, index) => {
    const value = /\d/.test(ch) ? Number(ch) : (ch.charCodeAt(0) - 63) % 10;
    sum += index % 2 === 1 ? value * 2 : value;
  });
  return (10 - (sum % 10)) % 10;
}

/**
 * A deterministic, realistic-looking tracking number: UPS '1Z' + 16 characters (6-character
 * shipper number, 2-digit service, 7 digits, UPS check digit); FedEx 12 digits; GSO 'GSO' + 10 digits.
 */
export function sandboxTrackingNumber(carrier: LabelCarrier, seed: string): string {
  const bytes = seededBytes(carrier, seed, 24);
  const digit = (index: number) => String((bytes[index] ?? 0) % 10);
  const digits = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) => digit(from + index)).join('');
  switch (carrier) {
    case 'UPS': {
      const shipper = Array.from({ length: 6 }, (_, index) => ALNUM[(bytes[index] ?? 0) % ALNUM.length]).join(
        '',
      );
      const service = ['01', '02', '03', '12', '13'][(bytes[6] ?? 0) % 5] ?? '03';
      const body = `${shipper}${service}${digits(7, 7)}`;
      return `1Z${body}${upsCheckDigit(body)}`;
    }
    case 'FedEx':
      return `${1 + ((bytes[0] ?? 0) % 9)}${digits(1, 11)}`;
    case 'GSO':
      return `GSO${digits(0, 10)}`;
  }
}

/** The tracking number grouped as carriers print it ('1Z 999 AA1 01 2345 6784', '7812 3456 7890'). */
export function formatTrackingNumber(trackingNumber: string): string {
  const value = trackingNumber.replace(/\s+/g, '');
  const ups = /^(1Z)([0-9A-Z]{3})([0-9A-Z]{3})([0-9A-Z]{2})([0-9A-Z]{4})([0-9A-Z]{4})$/i.exec(value);
  if (ups) return ups.slice(1).join(' ');
  if (/^\d{12}$/.test(value)) return value.replace(/(\d{4})(?=\d)/g, '$1 ');
  return value;
}

/** '{reference}_{tracking number}_Label.pdf' */
export function shippingLabelFileName(
  input: Pick<ShippingLabelInput, 'reference' | 'tracking_number'>,
): string {
  return `${buildFileName([input.reference, input.tracking_number, 'Label'], '_')}.pdf`;
}

// ---------------------------------------------------------------------------
// Drawing

function formatWeight(weight: number): string {
  const value = Number.isFinite(weight) ? Math.round(weight * 100) / 100 : 0;
  return `${value} LB${value === 1 ? '' : 'S'}`;
}

function drawAddress(doc: Doc, address: LabelAddress, x: number, y: number, large: boolean): number {
  const width = INNER - (x - PAD);
  let cy = y;
  cy += drawText(doc, address.name.toUpperCase(), x, cy, {
    font: 'bold',
    size: large ? 13 : 8.5,
    width,
    height: large ? 32 : 20,
    ellipsis: true,
  });
  if (address.company) {
    cy += drawText(doc, address.company.toUpperCase(), x, cy, { size: large ? 11 : 8, width, noWrap: true });
  }
  const lines = addressLines(address);
  lines.forEach((line, index) => {
    const isLocality =
      index === lines.length - 1 || (index === lines.length - 2 && !/\d/.test(lines.at(-1) ?? ''));
    cy += drawText(doc, line.toUpperCase(), x, cy, {
      font: large && isLocality ? 'bold' : 'regular',
      size: large ? (isLocality ? 13 : 11.5) : 8,
      width,
      noWrap: true,
    });
  });
  if (address.phone_number) {
    cy += drawText(doc, address.phone_number, x, cy, {
      size: large ? 9 : 7.5,
      color: COLOR.text,
      width,
      noWrap: true,
    });
  }
  return cy - y;
}

/** Draws the 4×6 label with its top-left corner at the current origin (0, 0). */
/** The black band saying the label is a sandbox one (at the top and the foot of the label). */
function sandboxBand(doc: Doc, y: number, width: number): void {
  doc.save().rect(0, y, width, 20).fill('#000000').restore();
  drawText(doc, SANDBOX_NOTICE, 0, y + 6, {
    font: 'bold',
    size: 8.5,
    color: '#ffffff',
    width,
    align: 'center',
    noWrap: true,
  });
}

function drawLabelBody(doc: Doc, input: ShippingLabelInput): void {
  const { width, height } = LABEL_4X6;

  // Sandbox band.
  sandboxBand(doc, 0, width);

  // Carrier and service.
  let y = 28;
  drawText(doc, input.carrier, PAD, y, { font: 'bold', size: 24, width: 130, noWrap: true });
  drawText(doc, input.service.toUpperCase(), PAD + 130, y + 2, {
    font: 'bold',
    size: 11,
    width: INNER - 130,
    align: 'right',
    noWrap: true,
  });
  drawText(doc, `BOX ${input.box_index} OF ${input.box_count}`, PAD + 130, y + 16, {
    font: 'bold',
    size: 10,
    width: INNER - 130,
    align: 'right',
    noWrap: true,
  });
  y += 34;
  rule(doc, 0, width, y, '#000000', 2);

  // From.
  y += 6;
  label(doc, 'From', PAD, y);
  const fromHeight = drawAddress(doc, input.from, PAD + 38, y, false);
  y += Math.max(fromHeight, 12) + 6;
  rule(doc, 0, width, y, '#000000', 1);

  // Ship to.
  y += 7;
  label(doc, 'Ship to', PAD, y);
  y += 12;
  const toHeight = drawAddress(doc, input.to, PAD + 8, y, true);
  y = Math.max(y + toHeight + 8, 212);
  rule(doc, 0, width, y, '#000000', 2);

  // Weight, box, reference.
  const cells = [
    { title: 'Weight', value: formatWeight(input.weight_lbs) },
    { title: 'Package', value: `Box ${input.box_index} of ${input.box_count}` },
    { title: 'Reference', value: input.reference },
  ];
  const cellWidths = [72, 80, width - 152];
  let cx = 0;
  cells.forEach((cell, index) => {
    const cellWidth = cellWidths[index] ?? 80;
    if (index > 0)
      doc
        .save()
        .moveTo(cx, y)
        .lineTo(cx, y + 34)
        .lineWidth(1)
        .stroke('#000000')
        .restore();
    label(doc, cell.title, cx + 8, y + 6, cellWidth - 12);
    drawText(doc, cell.value, cx + 8, y + 17, {
      font: 'bold',
      size: 10,
      width: cellWidth - 12,
      noWrap: true,
    });
    cx += cellWidth;
  });
  y += 34;
  rule(doc, 0, width, y, '#000000', 1);

  // Tracking barcode.
  y += 10;
  label(doc, `${input.carrier} tracking #`, PAD, y, INNER, 'center');
  y += 14;
  const barHeight = 78;
  try {
    drawCode128(doc, input.tracking_number, {
      x: PAD,
      y,
      maxWidth: INNER,
      height: barHeight,
      moduleWidth: 1.5,
      snapDpi: 203,
    });
  } catch {
    drawText(doc, 'Barcode unavailable', PAD, y + barHeight / 2 - 6, {
      size: 10,
      color: COLOR.muted,
      width: INNER,
      align: 'center',
      noWrap: true,
    });
  }
  y += barHeight + 6;
  drawText(doc, formatTrackingNumber(input.tracking_number), PAD, y, {
    font: 'monoBold',
    size: 13,
    width: INNER,
    align: 'center',
    noWrap: true,
  });

  // Footer notice.
  sandboxBand(doc, height - 20, width);
  box(doc, 0.5, 0.5, width - 1, height - 1, { stroke: '#000000', lineWidth: 1 });
}

/** Draws one label on a new page of `doc` (4×6, or letter with the label turned in the top half). */
export function drawShippingLabel(doc: Doc, input: ShippingLabelInput): void {
  if (input.format === 'PDF_LETTER') {
    addPage(doc, [LETTER.width, LETTER.height], 0);
    const half = LETTER.height / 2;
    // Turned a quarter clockwise: the label's width runs down the page, its height across.
    const top = (half - LABEL_4X6.width) / 2;
    const left = (LETTER.width - LABEL_4X6.height) / 2;
    doc.save();
    doc.translate(left + LABEL_4X6.height, top);
    doc.rotate(90);
    drawLabelBody(doc, input);
    doc.restore();
    doc
      .save()
      .moveTo(36, half)
      .lineTo(LETTER.width - 36, half)
      .dash(4, { space: 4 })
      .lineWidth(0.75)
      .stroke(COLOR.muted);
    doc.undash().restore();
    drawText(
      doc,
      'Fold or cut along the line. Attach the label to the largest side of the box.',
      36,
      half + 12,
      {
        size: 9,
        color: COLOR.muted,
        width: LETTER.width - 72,
        align: 'center',
        noWrap: true,
      },
    );
    drawText(doc, SANDBOX_NOTICE, 36, half + 30, {
      font: 'bold',
      size: 11,
      width: LETTER.width - 72,
      align: 'center',
      noWrap: true,
    });
    return;
  }
  addPage(doc, [LABEL_4X6.width, LABEL_4X6.height], 0);
  drawLabelBody(doc, input);
}

/** One shipping label as a PDF. */
export function renderShippingLabel(input: ShippingLabelInput): Promise<Buffer> {
  return renderToBuffer(
    { title: `${input.carrier} label ${input.tracking_number}`, subject: 'Shipping label (sandbox)' },
    (doc) => drawShippingLabel(doc, input),
  );
}
