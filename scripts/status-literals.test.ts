/**
 * "One place for each rule" (CONVENTIONS.md, docs/decisions/0083): the console and the server's
 * modules take every decision about an order's status from packages/domain (canAccept,
 * reviewModalActions, rowActions, tabOfStatus, …). This check fails when a source file compares an
 * order status to a string literal — `status === 'MERCHANT_ACCEPTED'`, `case 'CLOSED':`,
 * `['CLOSED', 'REFUNDED'].includes(status)` — outside the order status path, which dispatches on the
 * status it is asked to move to. Sending a status (`{ status: 'MERCHANT_SHIPPED' }`) is not a
 * comparison and is not matched.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../packages/domain/src/order-status.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCANNED = ['apps/web/src', 'apps/server/src/modules'];

/** The order status path (transition-order.ts and the commands) compares the target it executes. */
const ALLOWED = [
  'apps/server/src/modules/orders/transition-order.ts',
  'apps/server/src/modules/orders/commands/',
  'apps/server/src/modules/orders/bulk/run-accept.ts',
];

const STATUS = `['"\`](?:${[...ORDER_STATUSES, 'REJECTED_MERCHANT'].join('|')})['"\`]`;
const COMPARISONS = [
  new RegExp(`[!=]==\\s*${STATUS}`, 'g'),
  new RegExp(`${STATUS}\\s*[!=]==`, 'g'),
  new RegExp(`\\bcase\\s+${STATUS}\\s*:`, 'g'),
  new RegExp(`\\[\\s*${STATUS}[^\\]]*\\]\\s*\\.includes\\(`, 'g'),
];

/** Each status comparison in a source text, as 'line: matched text'. */
function statusComparisons(source: string): string[] {
  const found: { index: number; text: string }[] = [];
  for (const re of COMPARISONS)
    for (const m of source.matchAll(re)) found.push({ index: m.index, text: m[0].replace(/\s+/g, ' ') });
  return found
    .sort((a, b) => a.index - b.index)
    .map(({ index, text }) => `${source.slice(0, index).split('\n').length}: ${text}`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('status string comparisons', () => {
  it('are found in comparisons and not in values that are sent', () => {
    expect(statusComparisons("if (status === 'MERCHANT_ACCEPTED') go();")).toEqual([
      "1: === 'MERCHANT_ACCEPTED'",
    ]);
    expect(statusComparisons("x\nif ('CLOSED' !== order.status) go();")).toEqual(["2: 'CLOSED' !=="]);
    expect(statusComparisons("switch (s) {\n  case 'REFUNDED':\n}")).toEqual(["2: case 'REFUNDED':"]);
    expect(statusComparisons("const done = ['CLOSED', 'REFUNDED'].includes(s);")).toEqual([
      "1: ['CLOSED', 'REFUNDED'].includes(",
    ]);
    expect(statusComparisons('const a = s ===\n  "PAYMENT_DECLINED";')).toEqual([
      '1: === "PAYMENT_DECLINED"',
    ]);
    expect(
      statusComparisons("send({ status: 'MERCHANT_SHIPPED' }, { expect: 'MERCHANT_SHIPPED' });"),
    ).toEqual([]);
    expect(statusComparisons("if (kind === 'ACTIVE_USER') go();")).toEqual([]);
  });

  it('appear in the console and the server modules only on the order status path', () => {
    const offenders = SCANNED.flatMap(sourceFiles)
      .filter((file) => !ALLOWED.some((allowed) => file.startsWith(allowed)))
      .flatMap((file) =>
        statusComparisons(readFileSync(join(ROOT, file), 'utf8')).map((hit) => `${file}:${hit}`),
      );
    expect(offenders, 'use the rule in packages/domain instead').toEqual([]);
  });

  it('scans the source trees it names', () => {
    const files = SCANNED.flatMap(sourceFiles);
    expect(files).toContain('apps/web/src/features/orders/components/order-row-actions.tsx');
    expect(files).toContain('apps/server/src/modules/orders/list/list-orders.ts');
  });
});
