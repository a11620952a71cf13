import { describe, expect, it } from 'vitest';
import { RETURN_PATH_MAX_LENGTH, safeReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
  it('keeps a path of this origin, with its query and fragment', () => {
    expect(safeReturnPath('/profile')).toBe('/profile');
    expect(safeReturnPath('/orders/active?page=2#top')).toBe('/orders/active?page=2#top');
  });

  it('refuses anything a browser could read as another origin, or that is not a path', () => {
    for (const bad of [
      '//evil.test/profile',
      '/\\evil.test',
      '\\\\evil.test',
      'https://evil.test/profile',
      'javascript:alert(1)',
      'profile',
      '',
      ' /profile',
      '/pro\nfile',
      '/pro\tfile',
      `/${'a'.repeat(RETURN_PATH_MAX_LENGTH)}`,
      undefined,
      42,
    ])
      expect(safeReturnPath(bad), String(bad)).toBeNull();
  });

  it('accepts exactly the maximum length', () => {
    const path = `/${'a'.repeat(RETURN_PATH_MAX_LENGTH - 1)}`;
    expect(safeReturnPath(path)).toBe(path);
  });
});
