/** Batch download links (docs/decisions/0068): at most 24 hours, bound to one merchant. */
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/harness.ts';
import { batchFilePath, DOWNLOAD_LINK_TTL_MS, verifyBatchFileSignature } from './download-links.ts';

const config = testConfig();
const BATCH = '11111111-1111-4111-8111-111111111111';
const OTHER_BATCH = '22222222-2222-4222-8222-222222222222';

function parse(path: string) {
  const u = new URL(path, 'http://x');
  const [, , , , tmk, , batchId, , kind] = u.pathname.split('/');
  return {
    tmk: decodeURIComponent(tmk!),
    batchId: batchId!,
    kind: kind!,
    expires: Number(u.searchParams.get('expires')),
    signature: u.searchParams.get('signature')!,
  };
}

describe('batch download links', () => {
  it('live at most 24 hours', () => {
    expect(DOWNLOAD_LINK_TTL_MS).toBeLessThanOrEqual(24 * 3600_000);
    const now = Date.now();
    const l = parse(batchFilePath(config, 'store-a', BATCH, 'zip', now));
    expect(l.expires - now).toBeLessThanOrEqual(24 * 3600_000);
    const ok = (at: number) =>
      verifyBatchFileSignature(config, l.tmk, l.batchId, l.kind, l.expires, l.signature, at);
    expect(ok(now)).toBe(true);
    expect(ok(now + 24 * 3600_000 - 1)).toBe(true);
    expect(ok(now + 24 * 3600_000 + 1)).toBe(false);
  });

  it('refuse an expiry pushed further than 24 hours out, even when signed (an old week-long link)', () => {
    const now = Date.now();
    const l = parse(batchFilePath(config, 'store-a', BATCH, 'zip', now));
    expect(
      verifyBatchFileSignature(config, 'store-a', BATCH, 'zip', l.expires, l.signature, now - 3600_000),
    ).toBe(false);
  });

  it("are bound to one merchant: another merchant's key or batch breaks the signature", () => {
    const l = parse(batchFilePath(config, 'store-a', BATCH, 'csv'));
    expect(l.tmk).toBe('store-a');
    expect(verifyBatchFileSignature(config, 'store-a', BATCH, 'csv', l.expires, l.signature)).toBe(true);
    expect(verifyBatchFileSignature(config, 'store-b', BATCH, 'csv', l.expires, l.signature)).toBe(false);
    expect(verifyBatchFileSignature(config, 'store-a', OTHER_BATCH, 'csv', l.expires, l.signature)).toBe(
      false,
    );
    expect(verifyBatchFileSignature(config, 'store-a', BATCH, 'zip', l.expires, l.signature)).toBe(false);
    expect(verifyBatchFileSignature(config, 'store-a', BATCH, 'csv', l.expires - 1, l.signature)).toBe(false);
  });
});
