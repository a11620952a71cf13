/**
 * Label PDF links that open in a new window without a bearer token: signed with the server secret
 * (HMAC-SHA256 over tmk, order, shipment and expiry), valid for an hour. Without a valid signature the
 * label route asks for the usual bearer token.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { pathOf } from '@mc/api';
import type { AppContext } from '../../../context.ts';

export const LABEL_LINK_TTL_MS = 60 * 60 * 1000;

function sign(ctx: AppContext, parts: string[]): string {
  return createHmac('sha256', Buffer.from(ctx.config.jwtSecret))
    .update(`label:${parts.join(':')}`)
    .digest('base64url');
}

export function labelFilePath(tmk: string, orderId: string, shipmentId: string): string {
  return pathOf('getLabelFile', { tmk, id: orderId, file: `${shipmentId}.pdf` });
}

export function signedLabelUrl(
  ctx: AppContext,
  tmk: string,
  orderId: string,
  shipmentId: string,
  now = Date.now(),
): string {
  const exp = String(Math.floor((now + LABEL_LINK_TTL_MS) / 1000));
  const sig = sign(ctx, [tmk, orderId, shipmentId, exp]);
  return `${labelFilePath(tmk, orderId, shipmentId)}?exp=${exp}&sig=${sig}`;
}

export function verifyLabelSignature(
  ctx: AppContext,
  tmk: string,
  orderId: string,
  shipmentId: string,
  exp: string | undefined,
  sig: string | undefined,
  now = Date.now(),
): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || Number(exp) * 1000 < now) return false;
  const expected = Buffer.from(sign(ctx, [tmk, orderId, shipmentId, exp]));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
