import { describe, expect, it } from 'vitest';
import { bearer, buildMerchantWithOwner, useTestApp } from '../../test/harness.ts';
import { API_KEY_RATE_LIMIT_MESSAGE } from '../auth/api-key-principal.ts';

const t = useTestApp({ config: { apiKeyRateLimit: 3 } });

async function makeKey(owner: Awaited<ReturnType<typeof buildMerchantWithOwner>>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/m/v2/merchant/${owner.merchant.tmk}/api_keys`,
    headers: owner.headers,
    payload: { name: 'Sync', scopes: ['orders.read'] },
  });
  return res.json().key as string;
}

describe('an API key’s own rate limit', () => {
  it('is counted by the key, not the address: the fourth request in a minute is 429, another key and the owner go on', async () => {
    const owner = await buildMerchantWithOwner(t);
    const [one, two] = [await makeKey(owner), await makeKey(owner)];
    const url = `/m/v2/merchant/${owner.merchant.tmk}/orders/count`;
    const call = (headers: Record<string, string>) => t.app.inject({ url, headers });
    for (let i = 0; i < 3; i++) expect((await call(bearer(one))).statusCode).toBe(200);
    const limited = await call(bearer(one));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(API_KEY_RATE_LIMIT_MESSAGE);
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // Same address, another key: its own count.
    expect((await call(bearer(two))).statusCode).toBe(200);
    // People are not counted by keys' limits.
    for (let i = 0; i < 5; i++) expect((await call(owner.headers)).statusCode).toBe(200);
  });
});
