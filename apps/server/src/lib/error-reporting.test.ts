/** What would go to Sentry carries no secret (beforeSend / beforeBreadcrumb run scrubEvent). */
import { describe, expect, it } from 'vitest';
import { scrubEvent } from './error-reporting.ts';
import { REDACTED } from './logging.ts';

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
