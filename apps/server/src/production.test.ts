import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addScriptSources, inlineScriptHashes } from './plugins/csp.ts';
import { createTestApp, type TestApp } from './test/harness.ts';

/** The same server started as production (with ALLOW_SANDBOX=1, so every adapter is a sandbox) and as development. */
let prod: TestApp;
let dev: TestApp;
beforeAll(async () => {
  prod = await createTestApp({ config: { env: 'production', allowSandbox: true } });
  dev = await createTestApp({ config: { env: 'development' } });
});
afterAll(async () => {
  await prod?.close();
  await dev?.close();
});

const scriptSrc = (csp: string) =>
  csp
    .split(';')
    .find((d) => d.startsWith('script-src '))
    ?.split(' ')
    .slice(1) ?? [];

describe('no development surface in production', () => {
  it('the sandbox outbox is 404 in production even with sandbox adapters; development still has it', async () => {
    expect(prod.ctx.adapters.email.kind).toBe('sandbox');
    for (const url of ['/dev/outbox', '/dev/outbox.json']) {
      const res = await prod.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
      expect((await dev.app.inject({ url })).statusCode, url).toBe(200);
    }
  });

  it('production sends HSTS; development does not', async () => {
    const res = await prod.app.inject({ url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await dev.app.inject({ url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('Content-Security-Policy', () => {
  it("allows no inline script anywhere: no 'unsafe-inline' or 'unsafe-eval' in script-src", async () => {
    for (const url of ['/healthz', '/login', '/openapi.json']) {
      const csp = String((await prod.app.inject({ url })).headers['content-security-policy']);
      expect(scriptSrc(csp), url).toEqual(["'self'"]);
      expect(csp).toContain("script-src-attr 'none'");
      expect(csp).toContain("object-src 'none'");
    }
  });

  it('the API reference allows exactly its own inline script, by hash', async () => {
    const res = await prod.app.inject({ url: '/api-docs/' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => m[1] ?? '',
    );
    expect(inline.length).toBeGreaterThan(0);
    const expected = inline.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`);
    const sources = scriptSrc(String(res.headers['content-security-policy']));
    expect(sources).toEqual(["'self'", ...expected]);
    expect(sources).not.toContain("'unsafe-inline'");
    // zod inside the reference is told not to probe eval, before the reference's bundle loads.
    expect(html.indexOf('src="/api-docs/zod-jitless.js"')).toBeGreaterThan(0);
    expect(html.indexOf('src="/api-docs/zod-jitless.js"')).toBeLessThan(html.indexOf('src="js/scalar.js"'));
    const jitless = await prod.app.inject({ url: '/api-docs/zod-jitless.js' });
    expect(jitless.headers['content-type']).toMatch(/^application\/javascript/);
    expect(jitless.body).toContain('jitless: true');
  });
});

describe('csp helpers', () => {
  it('hashes inline scripts only (not src scripts or JSON data blocks)', () => {
    const html =
      '<script src="/a.js"></script><script>run()</script><script type="application/json">{}</script><script>run()</script>';
    expect(inlineScriptHashes(html)).toEqual([
      `'sha256-${createHash('sha256').update('run()').digest('base64')}'`,
    ]);
  });

  it('adds sources to script-src, or adds script-src when the policy has none', () => {
    expect(addScriptSources("default-src 'self';script-src 'self'", ["'sha256-x'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-x'",
    );
    expect(addScriptSources("default-src 'self'", ["'sha256-x'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-x'",
    );
    expect(addScriptSources("default-src 'self'", [])).toBe("default-src 'self'");
  });
});
