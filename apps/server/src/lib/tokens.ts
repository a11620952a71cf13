import { createHash, randomBytes } from 'node:crypto';

/** A random token of `bytes` bytes (≥ 16 = 128 bits), base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
