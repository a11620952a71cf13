import { afterEach, describe, expect, it, vi } from 'vitest';
import { initErrorReporting, registerErrorReporter, reportError } from './error-reporting.ts';

afterEach(() => {
  registerErrorReporter(null);
  vi.restoreAllMocks();
});

describe('error reporting', () => {
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
});
