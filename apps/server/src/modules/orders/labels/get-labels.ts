/** The labels bought for an order (GET …/labels) and each label's PDF (GET …/labels/{shipmentId}.pdf). */
import type { ShippingLabel } from '@mc/api';
import { DomainError } from '@mc/domain';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { merchants, orders, shipments } from '../../../db/schema.ts';
import { shippingLabelFileName } from '../../../pdf/label.ts';
import { signedLabelUrl, verifyLabelSignature } from './label-links.ts';

/** Labels of the order (404 when the order is not this merchant's), optionally of one purchase only. */
export async function listLabels(
  ctx: AppContext,
  merchant: { id: string; tmk: string },
  orderId: string,
  opts: { purchaseId?: string; db?: DbOrTx } = {},
): Promise<ShippingLabel[]> {
  const db = opts.db ?? ctx.database.db;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.merchant_id, merchant.id)))
    .limit(1);
  if (!order) throw new DomainError('NOT_FOUND', 'Order not found');
  const rows = await db
    .select({
      id: shipments.id,
      carrier: shipments.carrier,
      service: shipments.service,
      tracking_code: shipments.tracking_code,
      tracking_url: shipments.tracking_url,
      box_index: shipments.box_index,
      weight: shipments.weight,
      insurance: shipments.insurance,
    })
    .from(shipments)
    .where(
      and(
        eq(shipments.order_id, orderId),
        isNotNull(shipments.label_pdf),
        opts.purchaseId ? eq(shipments.purchase_id, opts.purchaseId) : undefined,
      ),
    )
    .orderBy(asc(shipments.created_at), asc(shipments.box_index));
  return rows.map((s) => ({
    ...s,
    weight: s.weight === null ? null : Number(s.weight),
    insurance: s.insurance === null ? null : Number(s.insurance),
    label_url: signedLabelUrl(ctx, merchant.tmk, orderId, s.id),
  }));
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One label PDF of the merchant named by tmk (404 for anything else). */
export async function getLabelPdf(
  ctx: AppContext,
  tmk: string,
  orderId: string,
  shipmentId: string,
): Promise<{ fileName: string; body: Buffer }> {
  if (!UUID_RE.test(shipmentId)) throw new DomainError('NOT_FOUND', 'Label not found');
  const [row] = await ctx.database.db
    .select({ pdf: shipments.label_pdf, tracking: shipments.tracking_code })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.order_id))
    .innerJoin(merchants, eq(merchants.id, orders.merchant_id))
    .where(and(eq(shipments.id, shipmentId), eq(shipments.order_id, orderId), eq(merchants.tmk, tmk)))
    .limit(1);
  if (!row?.pdf) throw new DomainError('NOT_FOUND', 'Label not found');
  return {
    fileName: shippingLabelFileName({ reference: orderId, tracking_number: row.tracking }),
    body: row.pdf,
  };
}

/**
 * GET …/labels/{file}: with the `exp` and `sig` of a signed `label_url` no session is needed; otherwise
 * `authorize` (the endpoint's merchant check) must pass.
 */
export async function getLabelFile(
  ctx: AppContext,
  params: { tmk: string; id: string; file: string },
  query: { exp?: string; sig?: string },
  authorize: () => Promise<unknown>,
): Promise<{ fileName: string; body: Buffer }> {
  const shipmentId = params.file.replace(/\.pdf$/i, '');
  if (!verifyLabelSignature(ctx, params.tmk, params.id, shipmentId, query.exp, query.sig)) await authorize();
  return getLabelPdf(ctx, params.tmk, params.id, shipmentId);
}
