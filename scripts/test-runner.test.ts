/** scripts/test.mjs (`npm test`): every suite's counts read from vitest's closing line, one summary line each. */
import { describe, expect, it } from 'vitest';
import { failedTests, SUITES, summarize, vitestCounts } from './test.mjs';

const unit = SUITES.find((s: { id: string }) => s.id === 'unit');
const e2e = SUITES.find((s: { id: string }) => s.id === 'e2e');

describe('npm test runs every suite and sums them up', () => {
  it("reads vitest's Tests line, coloured or not", () => {
    expect(vitestCounts(' Test Files  3 passed (3)\n      Tests  310 passed | 4 skipped (314)\n')).toEqual({
      passed: 310,
      failed: 0,
      skipped: 4,
    });
    expect(
      vitestCounts(
        '\x1b[2m      Tests \x1b[22m \x1b[1m\x1b[31m2 failed\x1b[39m\x1b[22m | \x1b[32m17 passed\x1b[39m (19)',
      ),
    ).toEqual({ passed: 17, failed: 2, skipped: 0 });
    expect(vitestCounts('Error: config did not load')).toBeNull();
  });

  it('one line per suite, a closing "N passed, N failed" line, failed when any suite failed', () => {
    const { lines, failed } = summarize([
      { suite: unit, status: 1, counts: { passed: 300, failed: 2, skipped: 1 }, seconds: 400 },
      { suite: e2e, status: 0, counts: { passed: 120, failed: 0, skipped: 0 }, seconds: 350 },
    ]);
    expect(failed).toBe(true);
    expect(lines[0]).toMatch(/^unit: 300 passed, 2 failed, 1 skipped in 400 s — FAILED/);
    expect(lines[1]).toMatch(/^e2e: 120 passed, 0 failed, 0 skipped in 350 s — ok/);
    expect(lines.at(-1)).toBe('tests: 420 passed, 2 failed, 1 skipped');
  });

  it('a suite that crashed before counting anything still fails the run', () => {
    const { lines, failed } = summarize([
      { suite: unit, status: 0, counts: { passed: 5, failed: 0, skipped: 0 }, seconds: 1 },
      { suite: e2e, status: 1, counts: null, seconds: 2 },
    ]);
    expect(failed).toBe(true);
    expect(lines[1]).toContain('FAILED (no test count');
    expect(lines.at(-1)).toBe('tests: 5 passed, 1 failed, 0 skipped');
  });

  it("names each failed test from vitest's closing report, with its error's first line", () => {
    const output = [
      ' ❯  server-pg  apps/server/src/a.test.ts (2 tests | 1 failed) 17ms',
      '     × fails here 9ms',
      '',
      '⎯⎯⎯⎯⎯⎯⎯ Failed Tests 2 ⎯⎯⎯⎯⎯⎯⎯',
      '',
      '\x1b[31m FAIL \x1b[39m  server-pg  apps/server/src/a.test.ts > outer > fails here',
      'AssertionError: expected 1 to be 2 // Object.is equality',
      '',
      ' FAIL   e2e  e2e/b.e2e.test.ts > a dialog opens',
      '',
      'TimeoutError: locator.waitFor: Timeout 15000ms exceeded.',
    ].join('\n');
    const failures = failedTests(output);
    expect(failures).toEqual([
      {
        test: 'server-pg apps/server/src/a.test.ts > outer > fails here',
        error: 'AssertionError: expected 1 to be 2 // Object.is equality',
      },
      {
        test: 'e2e e2e/b.e2e.test.ts > a dialog opens',
        error: 'TimeoutError: locator.waitFor: Timeout 15000ms exceeded.',
      },
    ]);
    const { lines } = summarize([
      { suite: unit, status: 1, counts: { passed: 9, failed: 2, skipped: 0 }, seconds: 3, failures },
    ]);
    expect(lines[1]).toBe(
      '  failed: server-pg apps/server/src/a.test.ts > outer > fails here — AssertionError: expected 1 to be 2 // Object.is equality',
    );
    expect(lines.at(-1)).toBe('tests: 9 passed, 2 failed, 0 skipped');
    expect(failedTests(' Test Files  3 passed (3)\n      Tests  310 passed (310)\n')).toEqual([]);
  });
});
