/**
 * The built console as the server sends it (docs/decisions/0107): brotli or gzip from the
 * build's precompressed siblings by Accept-Encoding, hashed assets cached for a year, index.html (and the SPA
 * fallback) revalidated on every load.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReportOrigin, staticCacheControl, withSiteSettings } from './plugins/console.ts';
import { createTestApp, type TestApp } from './test/harness.ts';

const JS = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const HTML = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'mc-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  for (const [name, body] of [
    ['assets/index-abc123.js', JS],
    ['index.html', HTML],
  ] as const) {
    writeFileSync(path.join(dist, name), body);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(body));
  }
  t = await createTestApp({ config: { webDist: dist } });
});
afterAll(async () => {
  await t?.close();
});

describe('the built console', () => {
  it('sends a hashed asset as brotli when asked, immutable for a year', async () => {
    const res = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(JS);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);
    const plain = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
  });

  it('revalidates index.html, also as the fallback of a client-side route', async () => {
    for (const url of ['/index.html', '/orders/active']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(HTML);
    }
  });

  it('keeps API misses as JSON 404s', async () => {
    const res = await t.app.inject({ url: '/m/v2/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it('caches only files under assets/ as immutable', () => {
    expect(staticCacheControl('/srv/dist/assets/app-1a2b.js')).toBe('public, max-age=31536000, immutable');
    expect(staticCacheControl('/srv/dist/index.html')).toBe('no-cache');
    expect(staticCacheControl('/srv/dist/favicon.svg')).toBe('no-cache');
  });
});

describe('the site settings in the page', () => {
  const PAGE =
    '<html><head><meta name="site-name" content="Retailer" /><meta name="legacy-bank-form" content="off" />' +
    '<title>Retailer</title></head><body></body></html>';

  it('writes SITE_NAME into the title and the site-name meta, escaped, and LEGACY_BANK_FORM into its meta', () => {
    expect(withSiteSettings(PAGE, { siteName: 'Cork & "Cask"', legacyBankForm: true })).toBe(
      '<html><head><meta name="site-name" content="Cork &amp; &quot;Cask&quot;" /><meta name="legacy-bank-form" content="on" />' +
        '<title>Cork &amp; &quot;Cask&quot;</title></head><body></body></html>',
    );
  });

  it('sends the configured name at / and /index.html, never the file on disk', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'mc-web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), PAGE);
    writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(PAGE));
    const named = await createTestApp({ config: { webDist: dist, siteName: 'Corner Cellar' } });
    try {
      for (const url of ['/', '/index.html', '/orders/active']) {
        for (const encoding of ['br', 'identity']) {
          const res = await named.app.inject({ url, headers: { 'accept-encoding': encoding } });
          const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
          expect(body, `${url} ${encoding}`).toContain('<title>Corner Cellar</title>');
          expect(body).toContain('<meta name="site-name" content="Corner Cellar" />');
          expect(body).toContain('<meta name="legacy-bank-form" content="off" />');
        }
      }
    } finally {
      await named.close();
    }
  });

  const UNSET = '<html><head><meta name="sentry-dsn" content="%VITE_SENTRY_DSN%" /></head></html>';
  const connectSrc = (policy: unknown) =>
    String(policy)
      .split(';')
      .find((d) => d.startsWith('connect-src'));

  it("reads the error reports' origin from the sentry-dsn meta, and none from the unset placeholder", () => {
    expect(errorReportOrigin(UNSET)).toBeNull();
    const built = UNSET.replace('%VITE_SENTRY_DSN%', 'https://pub@o1.ingest.sentry.io/42');
    expect(errorReportOrigin(built)).toBe('https://o1.ingest.sentry.io');
    const served = withSiteSettings(UNSET, {
      siteName: 'R',
      legacyBankForm: false,
      sentryBrowserDsn: 'http://pub@127.0.0.1:9/7',
    });
    expect(served).toContain('<meta name="sentry-dsn" content="http://pub@127.0.0.1:9/7" />');
    expect(errorReportOrigin(served)).toBe('http://127.0.0.1:9');
    expect(withSiteSettings(built, { siteName: 'R', legacyBankForm: false })).toBe(built);
  });

  it("lets the page connect to SENTRY_BROWSER_DSN's origin, and only the page", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'mc-web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), UNSET);
    const plain = await createTestApp({ config: { webDist: dist } });
    const reporting = await createTestApp({
      config: { webDist: dist, sentryBrowserDsn: 'https://pub@errors.example.net/7' },
    });
    try {
      const off = await plain.app.inject({ url: '/orders/active' });
      expect(connectSrc(off.headers['content-security-policy'])).toBe("connect-src 'self'");
      const on = await reporting.app.inject({ url: '/orders/active' });
      expect(on.body).toContain('content="https://pub@errors.example.net/7"');
      expect(connectSrc(on.headers['content-security-policy'])).toBe(
        "connect-src 'self' https://errors.example.net",
      );
      const api = await reporting.app.inject({ url: '/healthz' });
      expect(connectSrc(api.headers['content-security-policy'])).toBe("connect-src 'self'");
    } finally {
      await plain.close();
      await reporting.close();
    }
  });
});
