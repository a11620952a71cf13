import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir, openPglite } from './client.ts';

describe('embedded database lock', () => {
  it('refuses a second owner while the first is alive, and releases on unlock', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mc-lock-'));
    // a live process other than us holds it: the parent of this test process
    writeFileSync(`${dir}.lock`, String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(/Another server \(pid \d+\) is using the embedded database/);
  });

  it('takes over a stale lock whose process is gone', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mc-lock-'));
    writeFileSync(`${dir}.lock`, '999999999');
    const unlock = lockDataDir(dir);
    expect(existsSync(`${dir}.lock`)).toBe(true);
    unlock();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});

describe('embedded database of another PostgreSQL major (an earlier release)', () => {
  it('is refused with what to do, before anything is opened or locked', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mc-old-pglite-'));
    writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    await expect(openPglite(dir)).rejects.toThrow(
      /made by PostgreSQL 17 .*embeds PostgreSQL 18 and cannot open it\. Nothing was changed\..*Upgrading the embedded database/,
    );
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});
