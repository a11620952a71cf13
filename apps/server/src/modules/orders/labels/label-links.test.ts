/** Label links open without a session (a new window): they expire within the hour and name one merchant. */
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../../context.ts';
import { testConfig } from '../../../test/harness.ts';
import { LABEL_LINK_TTL_MS, signedLabelUrl, verifyLabelSignature } from './label-links.ts';

const ctx = { config: testConfig() } as AppContext;
const SHIPMENT = '33333333-3333-4333-8333-333333333333';

function parse(url: string) {
  const u = new URL(url, 'http://x');
  return { exp: u.searchParams.get('exp') ?? undefined, sig: u.searchParams.get('sig') ?? undefined };
}

describe('label links', () => {
  it('expire within 24 hours (one hour)', () => {
    expect(LABEL_LINK_TTL_MS).toBeLessThanOrEqual(24 * 3600_000);
    const now = Date.now();
    const { exp, sig } = parse(signedLabelUrl(ctx, 'store-a', 'A-1', SHIPMENT, now));
    expect(verifyLabelSignature(ctx, 'store-a', 'A-1', SHIPMENT, exp, sig, now)).toBe(true);
    expect(
      verifyLabelSignature(ctx, 'store-a', 'A-1', SHIPMENT, exp, sig, now + LABEL_LINK_TTL_MS + 1000),
    ).toBe(false);
  });

  it("are bound to one merchant's order and shipment", () => {
    const { exp, sig } = parse(signedLabelUrl(ctx, 'store-a', 'A-1', SHIPMENT));
    expect(verifyLabelSignature(ctx, 'store-b', 'A-1', SHIPMENT, exp, sig)).toBe(false);
    expect(verifyLabelSignature(ctx, 'store-a', 'A-2', SHIPMENT, exp, sig)).toBe(false);
    expect(
      verifyLabelSignature(ctx, 'store-a', 'A-1', '44444444-4444-4444-8444-444444444444', exp, sig),
    ).toBe(false);
  });
});
