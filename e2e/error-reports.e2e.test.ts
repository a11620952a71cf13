/**
 * The console's error reports reach the error service in Chromium: with SENTRY_BROWSER_DSN pointing at a
 * local stand-in of Sentry's envelope endpoint, an error thrown in the page arrives there, carrying the
 * DSN's project and public key and the error's message; the page's Content-Security-Policy names the stand-in's origin in
 * connect-src, so the browser lets the report out (decision 0142).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as base, describe, expect } from './test.ts';

interface SentryStandIn {
  dsn: string;
  origin: string;
  /** Request paths and bodies of the envelopes received, in order. */
  envelopes: { path: string; body: string }[];
  close: () => Promise<void>;
}

/** Answers Sentry's envelope endpoint (`POST /api/<project>/envelope/`) the way sentry.io does: 200 `{}`. */
async function startSentryStandIn(): Promise<SentryStandIn> {
  const envelopes: SentryStandIn['envelopes'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST')
        envelopes.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString() });
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    dsn: `http://e2epublickey@127.0.0.1:${port}/7`,
    origin,
    envelopes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const it = base.extend(
  'sentry',
  { scope: 'file' },
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its destructuring
  async ({}, { onCleanup }): Promise<SentryStandIn> => {
    const standIn = await startSentryStandIn();
    onCleanup(() => standIn.close());
    return standIn;
  },
);

it.override('serverEnv', { scope: 'file' }, async ({ sentry }) => ({
  SEED_DEMO: 'false', // the sign-in page is enough: the server starts sooner
  SENTRY_BROWSER_DSN: sentry.dsn,
}));

describe('error reports from the console', () => {
  it('an error thrown in the page reaches the DSN through the CSP', async ({ open, sentry }) => {
    const { page } = await open();
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });
    const response = await page.goto('/login');
    expect(response?.headers()['content-security-policy']).toContain(`connect-src 'self' ${sentry.origin}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The SDK loads in its own chunk after the first render; it marks the page once it is set up.
    await page.waitForFunction(() => '__SENTRY__' in globalThis, undefined, { timeout: 15_000 });
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e-report-7f3a');
      }, 0);
    });
    await expect
      .poll(() => sentry.envelopes.find((e) => e.body.includes('e2e-report-7f3a')), { timeout: 15_000 })
      .toBeTruthy();
    const report = sentry.envelopes.find((e) => e.body.includes('e2e-report-7f3a'));
    // Project 7 of the DSN, and its public key, as Sentry's endpoint authenticates a browser's report.
    expect(report?.path).toMatch(/^\/api\/7\/envelope\/\?(.*&)?sentry_key=e2epublickey(&|$)/);
    expect(blocked).toEqual([]);
  });
});

describe('a console whose code does not arrive', () => {
  it("its chunk failing to load shows a reload screen, and 'Reload Page' recovers", async ({ open }) => {
    const { page } = await open();
    // The full console's chunk (router, query cache, pages): what `/` loads for a visitor not signed in.
    const consoleChunk = /\/assets\/console-[^/]+\.js$/;
    await page.route(consoleChunk, (route) => route.abort('connectionreset'));
    await page.goto('/terms');
    await page.getByRole('heading', { name: 'The console did not load' }).waitFor();
    // React rendered over index.html's fallback: it never shows beside the console's own screen.
    expect(await page.locator('.boot-fallback').count()).toBe(0);
    await page.unroute(consoleChunk);
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await page.getByRole('heading', { name: 'Merchant Terms and Conditions' }).first().waitFor();
    expect(await page.getByRole('heading', { name: 'The console did not load' }).count()).toBe(0);
  });

  it('its entry script failing to load leaves a way to try again after 10 s, hidden before', async ({
    open,
  }) => {
    const { page } = await open();
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort('connectionreset'));
    await page.goto('/login');
    const fallback = page.locator('.boot-fallback');
    expect(await fallback.evaluate((e) => getComputedStyle(e).visibility)).toBe('hidden');
    // Hidden elements have no role in the accessibility tree: the link appears only once it is shown.
    await page.getByRole('link', { name: 'try again' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('heading', { name: 'The console is taking long to load' }).isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('link', { name: 'try again' }).getAttribute('href')).toBe('/');
  });
});
