import { DEMO, DEMO_PASSWORD, expectPath, login, type PageSession, startServer } from './fixtures.ts';
import { describe, expect, it, type OpenPage, test } from './test.ts';

/** Started as an operator would: production, secrets from the environment, sandboxes allowed explicitly. */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'e2e-production-secret-0123456789abcdef',
  MARKETPLACE_KEY: 'e2e-marketplace-key-0123456789',
  ALLOW_SANDBOX: '1',
};

// SEED_DEMO=1 explicitly, so the console can be signed into.
test.override('serverEnv', { scope: 'file' }, { ...PRODUCTION, SEED_DEMO: '1' });

/** Records every Content-Security-Policy violation, in every frame, before any page script runs. */
async function openWatchedPage(open: OpenPage): Promise<PageSession & { violations: string[] }> {
  const session = await open();
  const violations: string[] = [];
  await session.context.exposeBinding(
    '__cspViolation',
    (_source, text: string) => void violations.push(text),
  );
  await session.context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation?: (t: string) => void }).__cspViolation;
      report?.(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} on ${location.pathname} (${e.sourceFile}:${e.lineNumber}:${e.columnNumber})`,
      );
    });
  });
  session.page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(`console: ${m.text()}`);
  });
  return { ...session, violations };
}

describe('production start (NODE_ENV=production)', () => {
  it('logs the explicit SEED_DEMO=1 and ALLOW_SANDBOX=1 as warnings', ({ server }) => {
    expect(server.output()).toMatch(/SEED_DEMO=1: /);
    expect(server.output()).toMatch(/ALLOW_SANDBOX=1: running with sandbox adapters \(email, sms, payments/);
  });

  it('serves no development page and sends HSTS', async ({ server }) => {
    for (const url of ['/dev/outbox', '/dev/outbox.json']) {
      const res = await fetch(`${server.baseUrl}${url}`);
      expect(res.status, url).toBe(404);
    }
    const res = await fetch(`${server.baseUrl}/login`);
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(res.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });
});

describe('CSP without inline scripts: the console and /developers work with no violation', () => {
  it('/login and /orders/active', async ({ open }) => {
    const s = await openWatchedPage(open);
    const { violations } = s as PageSession & { violations: string[] };
    await s.page.goto('/login');
    await s.page.getByRole('button', { name: 'Sign In' }).waitFor();
    await login(s.page, DEMO.owner, DEMO_PASSWORD);
    await expectPath(s.page, '/orders/active');
    await s.page.getByText(DEMO.merchantName).first().waitFor();
    expect(violations).toEqual([]);
    expect(s.errors).toEqual([]);
  });

  it('/developers renders the API reference inside its frame', async ({ open }) => {
    const s = await openWatchedPage(open);
    const { violations } = s as PageSession & { violations: string[] };
    await login(s.page, DEMO.owner, DEMO_PASSWORD);
    await s.page.goto('/developers');
    const frame = s.page.frameLocator('iframe[title="Merchant API documentation"]');
    // The reference's inline start-up script ran: it rendered the operations of the API.
    await frame.getByText('Sign in', { exact: true }).first().waitFor({ timeout: 30_000 });
    // Scalar's reference bundles a zod that probes
    // `new Function('')` inside try/catch and falls back to its plain parser when the CSP refuses: that one
    // refusal is expected (no 'unsafe-eval' is the point); anything else is a violation.
    const probe = /^script-src blocked eval on \/api-docs\/ \(.*\/api-docs\/js\/scalar\.js:\d+:\d+\)$/;
    expect(violations.filter((v) => !probe.test(v))).toEqual([]);
    expect(s.errors).toEqual([]);
  });
});

describe('production without SEED_DEMO', () => {
  it('has no demo accounts: owner@demo.test cannot sign in', async () => {
    const plain = await startServer(PRODUCTION);
    try {
      const res = await fetch(`${plain.baseUrl}/a/v2/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO.owner, password: DEMO_PASSWORD }),
      });
      expect(res.status).toBe(401);
      expect((await fetch(`${plain.baseUrl}/dev/outbox`)).status).toBe(404);
    } finally {
      await plain.stop();
    }
  });
});
