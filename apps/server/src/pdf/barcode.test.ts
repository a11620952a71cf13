import { describe, expect, it } from 'vitest';
import { code128Bars } from './barcode.ts';

describe('code128Bars', () => {
  it('encodes start, data, check and stop characters as alternating bars and spaces', () => {
    const { bars, modules } = code128Bars('2ABNPFR-3A0-9E');
    // Code 128: 11 modules per character (start + 14 data + check) and 13 for the stop pattern.
    expect(modules).toBe(11 * 16 + 13);
    // Each character has three bars; the stop pattern has four.
    expect(bars).toHaveLength(3 * 16 + 4);
    // Start B is 2-1-1-2-1-4: bars at 0 (width 2), 3 (width 1), 6 (width 1).
    expect(bars.slice(0, 3)).toEqual([
      [0, 2],
      [3, 1],
      [6, 1],
    ]);
    // The stop pattern ends with a 2-module bar at the right edge.
    expect(bars.at(-1)).toEqual([modules - 2, 2]);
  });

  it('uses code set C for digits (two digits per character)', () => {
    expect(code128Bars('781234567890').modules).toBe(11 * (1 + 6 + 1) + 13);
  });
});
