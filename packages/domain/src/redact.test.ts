/** The secret-removal rules of logs and error reports (server and console). */
import { describe, expect, it } from 'vitest';
import { REDACTED, redactText, redactUrl, scrubEvent } from './redact.ts';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJhYmMiLCJzdWIiOiJ4In0.c2lnbmF0dXJlLXZhbHVl';

describe('scrubEvent', () => {
  it('removes credentials from a Sentry event: headers, cookies, body, query values, URLs, messages', () => {
    const event = {
      message: `failed for ${JWT}`,
      exception: { values: [{ type: 'Error', value: `Bearer ${JWT} was refused` }] },
      request: {
        url: 'https://shop.test/forgot/password-reset/reset-token-123',
        query_string: 'ticket=ticket-456&tab=new',
        cookies: { token: JWT },
        headers: { Authorization: `Bearer ${JWT}`, cookie: `token=${JWT}`, 'user-agent': 'x' },
        data: { password: 'pw-789', new_password: 'pw-000' },
      },
      breadcrumbs: [{ category: 'http', data: { url: '/m/v2/merchant/a/orders/events?access_token=tok-1' } }],
      extra: {
        url: '/a/v2/oidc/google/callback?code=code-1&state=state-1',
        reqId: 'req-1',
        password: 'pw-2',
      },
    };
    const out = scrubEvent(event);
    const text = JSON.stringify(out);
    for (const secret of [
      JWT,
      'reset-token-123',
      'ticket-456',
      'pw-789',
      'pw-000',
      'tok-1',
      'code-1',
      'state-1',
      'pw-2',
    ])
      expect(text).not.toContain(secret);
    expect(out.request.headers['user-agent']).toBe('x');
    expect(out.request.query_string).toBe(`ticket=${REDACTED}&tab=new`);
    expect(out.extra.reqId).toBe('req-1');
    expect(out.breadcrumbs[0]?.category).toBe('http');
  });
});

describe('redactUrl / redactText', () => {
  it('remove an API key wherever it stands: bearer header, query value, bare text', () => {
    const key = `mck_${'a1B2c3D4e5'.repeat(4)}xyz`;
    expect(redactText(`Authorization: Bearer ${key}`)).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactUrl(`/m/v2/x?api_key=${key}&tab=new`)).toBe(`/m/v2/x?api_key=${REDACTED}&tab=new`);
    expect(redactText(`the key ${key} failed`)).toBe(`the key ${REDACTED} failed`);
    expect(redactText('mck_ alone, or mck_short')).toBe('mck_ alone, or mck_short');
  });

  it('rewrite credential query values and the reset page token, and nothing else', () => {
    expect(redactUrl('/m/v2/merchant/a/orders/events?ticket=abc&x=1')).toBe(
      `/m/v2/merchant/a/orders/events?ticket=${REDACTED}&x=1`,
    );
    expect(redactUrl('/forgot/password-reset/tok-123')).toBe(`/forgot/password-reset/${REDACTED}`);
    expect(redactUrl('/verify-email/tok-456')).toBe(`/verify-email/${REDACTED}`);
    expect(redactUrl('/invitation/tok-789?x=1')).toBe(`/invitation/${REDACTED}?x=1`);
    expect(redactUrl('https://shop.test/forgot/password-reset/tok-123/')).toBe(
      `https://shop.test/forgot/password-reset/${REDACTED}/`,
    );
    expect(redactUrl('/?jwt=eyJ.x.y&tmk=store')).toBe(`/?jwt=${REDACTED}&tmk=store`);
    expect(redactUrl('/a/v2/oidc/google/callback?state=s&code=c')).toBe(
      `/a/v2/oidc/google/callback?state=${REDACTED}&code=${REDACTED}`,
    );
    expect(redactUrl('/x?Access_Token=a&%74icket=b')).toBe(
      `/x?Access_Token=${REDACTED}&%74icket=${REDACTED}`,
    );
    expect(redactUrl('/m/v2/merchant/a/orders/optimized?limit=30&filter%5Btab%5D=new')).toBe(
      '/m/v2/merchant/a/orders/optimized?limit=30&filter%5Btab%5D=new',
    );
    expect(redactText('failed for Bearer abc.def and eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl')).toBe(
      `failed for Bearer ${REDACTED} and ${REDACTED}`,
    );
    expect(redactText('GET /forgot/password-reset/abc?x=1 and /e?ticket=t1 failed')).toBe(
      `GET /forgot/password-reset/${REDACTED}?x=1 and /e?ticket=${REDACTED} failed`,
    );
  });
});
