/**
 * Signed download links for batch files: they work from the console (a plain link, no bearer header)
 * and from the email, and expire within 24 hours. HMAC-SHA256 with the server secret over the merchant
 * key, batch, kind and expiry: a link is bound to one merchant (changing the key in the path, or the
 * batch, breaks the signature; the file query is scoped to that merchant as well).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type BatchFileKind, pathOf } from '@mc/api';
import type { Config } from '../../../config.ts';

/** Links stay valid for 24 hours (the email says so); after that the console makes a new batch. */
export const DOWNLOAD_LINK_TTL_MS = 24 * 3600_000;

function sign(config: Config, tmk: string, batchId: string, kind: string, expires: number): string {
  return createHmac('sha256', config.jwtSecret)
    .update(`batch-file:${tmk.length}:${tmk}:${batchId}:${kind}:${expires}`)
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
    signature: sign(config, tmk, batchId, kind, expires),
  });
  return `${pathOf('downloadBatchFile', { tmk, batch_id: batchId, kind })}?${q}`;
}

export function verifyBatchFileSignature(
  config: Config,
  tmk: string,
  batchId: string,
  kind: string,
  expires: number,
  signature: string,
  now = Date.now(),
): boolean {
  // An expiry further out than a fresh link's is not one we signed (or was signed under an older, longer TTL).
  if (!Number.isFinite(expires) || expires < now || expires > now + DOWNLOAD_LINK_TTL_MS) return false;
  const expected = Buffer.from(sign(config, tmk, batchId, kind, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
