/**
 * "One place for each rule" (docs/conventions.md, docs/decisions/0083): the console and the server's
 * modules take every decision about an order's status and a user's role from packages/domain
 * (canAccept, reviewModalActions, rowActions, tabOfStatus, can, isOwner, …). This check fails when a
 * source file compares an order status to a string literal — `status === 'MERCHANT_ACCEPTED'`,
 * `case 'CLOSED':`, `['CLOSED', 'REFUNDED'].includes(status)` — outside the order status path, which
 * dispatches on the status it is asked to move to; or checks a role string
 * (`roles.includes('merch.owner')`) anywhere. Sending a status (`{ status: 'MERCHANT_SHIPPED' }`) or
 * assigning a role (`roles: ['merch.owner']`) is not a check and is not matched.
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

const ROLE = `['"\`]merch\\.(?:owner|manager|user)['"\`]`;
const ROLE_CHECKS = [
  new RegExp(`[!=]==\\s*${ROLE}`, 'g'),
  new RegExp(`${ROLE}\\s*[!=]==`, 'g'),
  new RegExp(`\\.includes\\(\\s*${ROLE}\\s*\\)`, 'g'),
];

/** Each match of `patterns` in a source text, as 'line: matched text'. */
function matches(source: string, patterns: readonly RegExp[]): string[] {
  const found: { index: number; text: string }[] = [];
  for (const re of patterns)
    for (const m of source.matchAll(re)) found.push({ index: m.index, text: m[0].replace(/\s+/g, ' ') });
  return found
    .sort((a, b) => a.index - b.index)
    .map(({ index, text }) => `${source.slice(0, index).split('\n').length}: ${text}`);
}

const statusComparisons = (source: string) => matches(source, COMPARISONS);
/** Role checks belong to the permission table (can, isOwner, canManageTeamMember). */
const roleChecks = (source: string) => matches(source, ROLE_CHECKS);

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

  it('finds role string checks and not role assignments', () => {
    expect(roleChecks("if (roles.includes('merch.owner')) go();")).toEqual(["1: .includes('merch.owner')"]);
    expect(roleChecks("const m = role === 'merch.manager';")).toEqual(["1: === 'merch.manager'"]);
    expect(roleChecks("create({ roles: ['merch.owner'] });")).toEqual([]);
  });

  it('leave role decisions to the permission table in the console and the server modules', () => {
    const offenders = SCANNED.flatMap(sourceFiles).flatMap((file) =>
      roleChecks(readFileSync(join(ROOT, file), 'utf8')).map((hit) => `${file}:${hit}`),
    );
    expect(offenders, 'use can(), isOwner() or canManageTeamMember() from packages/domain').toEqual([]);
  });

  it('scans the source trees it names', () => {
    const files = SCANNED.flatMap(sourceFiles);
    expect(files).toContain('apps/web/src/features/orders/components/order-row-actions.tsx');
    expect(files).toContain('apps/server/src/modules/orders/list/list-orders.ts');
  });
});
