/**
 * Signed download links for batch files: they work from the console (a plain link, no bearer header)
 * and from the email, and expire. HMAC-SHA256 over batch, kind and expiry with the server secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BatchFileKind } from '@mc/api';
import type { Config } from '../../../config.ts';

/** Links stay valid for a week (the email may be read later). */
export const DOWNLOAD_LINK_TTL_MS = 7 * 24 * 3600_000;

function sign(config: Config, batchId: string, kind: string, expires: number): string {
  return createHmac('sha256', config.jwtSecret)
    .update(`batch-file:${batchId}:${kind}:${expires}`)
    .digest('base64url');
}

/** Path (relative to the server) of a batch file, e.g. for batch_pdf_urls. */
export function batchFilePath(
  config: Config,
  tmk: string,
  batchId: string,
  kind: BatchFileKind,
  now = Date.now(),
): string {
  const expires = now + DOWNLOAD_LINK_TTL_MS;
  const q = new URLSearchParams({
    expires: String(expires),
    signature: sign(config, batchId, kind, expires),
  });
  return `/m/v2/merchant/${encodeURIComponent(tmk)}/orders/batch/${batchId}/files/${kind}?${q}`;
}

export function verifyBatchFileSignature(
  config: Config,
  batchId: string,
  kind: string,
  expires: number,
  signature: string,
  now = Date.now(),
): boolean {
  if (!Number.isFinite(expires) || expires < now) return false;
  const expected = Buffer.from(sign(config, batchId, kind, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
