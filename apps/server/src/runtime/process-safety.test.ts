import { afterEach, describe, expect, it, vi } from 'vitest';
import { setServerErrorReporter } from '../lib/error-reporting.ts';
import { installProcessSafetyNet } from './process-safety.ts';

afterEach(() => setServerErrorReporter(null));

function quietLog() {
  return { error: vi.fn(), fatal: vi.fn(), warn: vi.fn(), info: vi.fn() };
}

describe('the process safety net', () => {
  it('an uncaught exception is logged and reported, then the process exits 1 once the report had its chance to leave', async () => {
    const reported: unknown[] = [];
    setServerErrorReporter((error) => reported.push(error));
    const exit = vi.fn();
    const log = quietLog();
    const net = installProcessSafetyNet(log, { exit, install: false });
    const boom = new Error('boom');
    net.onUncaughtException(boom, 'uncaughtException');
    expect(log.fatal).toHaveBeenCalledTimes(1);
    expect(reported).toEqual([boom]);
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
    expect(exit).toHaveBeenCalledTimes(1);
  });

  it('an unhandled rejection is logged and reported, and the process goes on', () => {
    const reported: unknown[] = [];
    setServerErrorReporter((error) => reported.push(error));
    const exit = vi.fn();
    const log = quietLog();
    const net = installProcessSafetyNet(log, { exit, install: false });
    net.onUnhandledRejection(new Error('late'));
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(reported).toHaveLength(1);
    expect(exit).not.toHaveBeenCalled();
  });
});
