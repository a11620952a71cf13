import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './client.ts';

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
