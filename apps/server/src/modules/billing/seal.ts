import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Bank account numbers are stored sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the
 * JWT secret, plus their last 4 digits for display. The API never returns the number itself.
 */
function key(secret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'merchant-console', 'billing:bank-account:v1', 32));
}

export function seal(secret: Uint8Array, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(secret), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

export function unseal(secret: Uint8Array, sealed: string): string {
  if (!sealed.startsWith('v1:')) throw new Error('unknown seal version');
  const raw = Buffer.from(sealed.slice(3), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key(secret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
