/**
 * docs/security.md's production dependency table matches `npm ls` (scripts/dependency-table.mjs --check).
 * After changing a dependency: node scripts/dependency-table.mjs --write.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script, without types
import { END, productionDependencies, regenerate, START } from './dependency-table.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('docs/security.md dependency table', () => {
  it('matches npm ls of the server and console production dependencies', async () => {
    const run = promisify(execFile);
    const res = await run(process.execPath, ['scripts/dependency-table.mjs', '--check'], { cwd: root }).catch(
      (e: { stdout: string; stderr: string; code: number }) => e,
    );
    expect(res.stderr.split('\n').filter((l) => l.includes('differs'))).toEqual([]);
    expect(res.stdout).toMatch(/matches npm ls/);
  }, 120_000);

  it('keeps each reason by package name, adds new packages with an empty one, drops removed ones', () => {
    const doc = `# x\n\n${START}\n| package | version | used by | why |\n| --- | --- | --- | --- |\n| \`a\` | 1.0.0 | server | because a |\n| \`gone\` | 2.0.0 | web | old |\n${END}\n\ntail\n`;
    const deps = new Map([
      ['a', { version: '1.1.0', users: 'server, web' }],
      ['b', { version: '3.0.0', users: 'web' }],
    ]);
    const { next, missing } = regenerate(doc, deps);
    expect(next).toContain('| `a` | 1.1.0 | server, web | because a |');
    expect(next).toContain('| `b` | 3.0.0 | web |  |');
    expect(next).not.toContain('gone');
    expect(next.endsWith(`${END}\n\ntail\n`)).toBe(true);
    expect(missing).toEqual(['b']);
  });

  it('reads versions from npm ls and leaves the workspace packages out', () => {
    const ls = {
      dependencies: {
        '@mc/server': { dependencies: { x: { version: '1.2.3' }, '@mc/api': { version: '0.0.0' } } },
        '@mc/web': { dependencies: { x: { version: '1.2.3' }, y: { version: '4.0.0' } } },
      },
    };
    const manifests = {
      'apps/server': { name: '@mc/server', dependencies: { x: '^1', '@mc/api': '*' } },
      'apps/web': { name: '@mc/web', dependencies: { x: '^1', y: '^4' } },
    };
    expect([...productionDependencies(ls, manifests, new Set(['@mc/api']))]).toEqual([
      ['x', { version: '1.2.3', users: 'server, web' }],
      ['y', { version: '4.0.0', users: 'web' }],
    ]);
  });
});
