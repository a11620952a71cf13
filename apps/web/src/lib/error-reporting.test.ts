import { afterEach, describe, expect, it, vi } from 'vitest';

const sentry = vi.hoisted(() => ({ init: vi.fn(), captureException: vi.fn() }));
vi.mock('@sentry/browser', () => sentry);

import { initErrorReporting, pageDsn, registerErrorReporter, reportError } from './error-reporting.ts';

afterEach(() => {
  registerErrorReporter(null);
  vi.restoreAllMocks();
});

describe('error reporting', () => {
  it("reads the DSN from the page's sentry-dsn meta; the build's unset placeholder is no DSN", () => {
    const page = (content: string | null) => {
      const doc = document.implementation.createHTMLDocument('x');
      if (content !== null) {
        const meta = doc.createElement('meta');
        meta.name = 'sentry-dsn';
        meta.content = content;
        doc.head.append(meta);
      }
      return doc;
    };
    expect(pageDsn(page('https://key@o1.ingest.sentry.io/42'))).toBe('https://key@o1.ingest.sentry.io/42');
    expect(pageDsn(page('%VITE_SENTRY_DSN%'))).toBeUndefined();
    expect(pageDsn(page(''))).toBeUndefined();
    expect(pageDsn(page(null))).toBeUndefined();
  });

  it('without a DSN loads nothing and reports to the console', async () => {
    expect(await initErrorReporting(undefined)).toBe(false);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    reportError(new Error('boom'), { where: 'test' });
    expect(spy).toHaveBeenCalledWith('[console error]', expect.any(Error), { where: 'test' });
  });

  it('sends errors to the registered reporter', () => {
    const seen: unknown[] = [];
    registerErrorReporter((e) => seen.push(e));
    reportError('x');
    expect(seen).toEqual(['x']);
  });

  it('with a DSN, what goes to Sentry carries no token: the reset page URL, ?jwt=, tickets, headers', async () => {
    expect(await initErrorReporting('https://key@sentry.example/1')).toBe(true);
    const options = sentry.init.mock.calls[0]![0] as {
      beforeSend: (e: unknown) => unknown;
      beforeBreadcrumb: (b: unknown) => unknown;
      dataCollection: Record<string, unknown>;
    };
    expect(options.dataCollection).toMatchObject({ cookies: false, httpHeaders: false, httpBodies: [] });
    const event = options.beforeSend({
      request: {
        url: 'https://shop.test/forgot/password-reset/reset-tok-1',
        headers: { Authorization: 'Bearer t' },
      },
      exception: { values: [{ value: 'failed at /?jwt=eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl&tmk=a' }] },
    });
    const crumb = options.beforeBreadcrumb({ category: 'fetch', data: { url: '/x/events?ticket=tick-1' } });
    const text = JSON.stringify([event, crumb]);
    for (const secret of ['reset-tok-1', 'Bearer t', 'eyJhbGciOi', 'tick-1'])
      expect(text).not.toContain(secret);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    reportError(new Error('boom'), { url: '/forgot/password-reset/reset-tok-2' });
    expect(JSON.stringify(sentry.captureException.mock.calls[0]![1])).not.toContain('reset-tok-2');
  });
});
