#!/usr/bin/env node
/**
 * `npm test`: every suite, each run to its end even when an earlier one failed (a red unit test must not
 * hide the state of the end-to-end suite), then one summary line per suite and a closing
 * `tests: N passed, N failed` line. Exit status non-zero when any suite failed.
 *
 *   node scripts/test.mjs            unit, API (PGlite, and PostgreSQL with TEST_DATABASE_URL), web, then e2e
 *   node scripts/test.mjs unit e2e   only the suites named
 *
 * Each runner's output goes through unchanged (its own closing lines stay visible); the counts are read
 * from vitest's `Tests  …` line, and the summary names each failed test with its error's first line, so a
 * log whose tail alone is kept (a CI page) still says what failed.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const SUITES = [
  {
    id: 'unit',
    title: 'unit, scripts, API and web components (vitest)',
    cmd: 'npx',
    args: ['vitest', 'run'],
  },
  { id: 'e2e', title: 'end-to-end in Chromium (e2e/run.mjs)', cmd: process.execPath, args: ['e2e/run.mjs'] },
];

/** Counts from vitest's closing `Tests  2 failed | 310 passed | 4 skipped (316)` line (last one wins). */
export function vitestCounts(output) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes are stripped before parsing
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const lines = plain.split('\n').filter((l) => /^\s*Tests\s+\d+/.test(l));
  const line = lines.at(-1);
  if (!line) return null;
  const count = (word) => Number(new RegExp(`(\\d+) ${word}`).exec(line)?.[1] ?? 0);
  return { passed: count('passed'), failed: count('failed'), skipped: count('skipped') + count('todo') };
}

/** The tests vitest's closing report lists as failed (` FAIL  project file > … > name`), each with its error's first line. */
export function failedTests(output) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes are stripped before parsing
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const failed = [];
  for (const [i, line] of lines.entries()) {
    const match = /^\s*FAIL\s+(.+?)\s*$/.exec(line);
    if (!match) continue;
    const error = lines
      .slice(i + 1, i + 4)
      .map((l) => l.trim())
      .find((l) => l !== '' && !/^FAIL\s/.test(l));
    const entry = { test: match[1].replace(/\s{2,}/g, ' '), error: (error ?? '').slice(0, 200) };
    if (!failed.some((f) => f.test === entry.test)) failed.push(entry);
  }
  return failed;
}

/** One suite's line; a suite that exited non-zero with no failed test counted (a crash) counts as one failure. */
export function summarize(results) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  const lines = results.flatMap(({ suite, status, counts, seconds, failures = [] }) => {
    const c = counts ?? { passed: 0, failed: 0, skipped: 0 };
    const failed = status !== 0 && c.failed === 0 ? 1 : c.failed;
    total.passed += c.passed;
    total.failed += failed;
    total.skipped += c.skipped;
    const outcome =
      status === 0 ? 'ok' : counts ? 'FAILED' : 'FAILED (no test count: the runner did not finish)';
    const named = failures
      .slice(0, 20)
      .map(({ test, error }) => `  failed: ${test}${error ? ` — ${error}` : ''}`);
    if (failures.length > 20) named.push(`  … and ${failures.length - 20} more`);
    return [
      `${suite.id}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped in ${seconds} s — ${outcome} (${suite.title}, exit ${status})`,
      ...named,
    ];
  });
  lines.push(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return { lines, failed: results.some((r) => r.status !== 0) };
}

function runSuite(suite) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(suite.cmd, suite.args, { cwd: root, stdio: ['inherit', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk) => {
      output += chunk;
      // Only the tail is parsed; keep memory bounded on long runs.
      if (output.length > 200_000) output = output.slice(-100_000);
    };
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      keep(chunk.toString());
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      keep(chunk.toString());
    });
    const done = (status) =>
      resolve({
        suite,
        status,
        counts: vitestCounts(output),
        failures: failedTests(output),
        seconds: Math.round((Date.now() - started) / 1000),
      });
    child.on('error', (error) => {
      process.stderr.write(`test: could not start ${suite.cmd}: ${error.message}\n`);
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((id) => !SUITES.some((s) => s.id === id));
  if (unknown.length > 0) {
    console.error(
      `test: unknown suite ${unknown.join(', ')} (suites: ${SUITES.map((s) => s.id).join(', ')})`,
    );
    process.exit(2);
  }
  const suites = wanted.length ? SUITES.filter((s) => wanted.includes(s.id)) : SUITES;
  const results = [];
  for (const suite of suites) {
    console.log(`\n=== ${suite.id}: ${suite.title} ===`);
    results.push(await runSuite(suite));
  }
  const { lines, failed } = summarize(results);
  console.log(`\n=== summary ===\n${lines.join('\n')}`);
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
