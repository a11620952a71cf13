/**
 * Password generator: 16 characters — 6 lowercase, 3 uppercase, 3 symbols,
 * 4 digits — shuffled. Uses crypto.getRandomValues (browser and Node) unless a source is given.
 */

export const PASSWORD_LOWER = 'abcdefghijkmnopqrstuvwxyz';
export const PASSWORD_UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
export const PASSWORD_DIGITS = '23456789';
export const PASSWORD_SYMBOLS = '!@#$%^&*-_=+?';
export const GENERATED_PASSWORD_LENGTH = 16;

const COMPOSITION: readonly [string, number][] = [
  [PASSWORD_LOWER, 6],
  [PASSWORD_UPPER, 3],
  [PASSWORD_SYMBOLS, 3],
  [PASSWORD_DIGITS, 4],
];

/** Uniform integer in [0, n) from the platform CSPRNG (rejection sampling, no modulo bias). */
export function secureRandomInt(n: number): number {
  if (!Number.isInteger(n) || n <= 0 || n > 2 ** 32) throw new RangeError(`bad range: ${n}`);
  const limit = Math.floor(2 ** 32 / n) * n;
  const buf = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buf);
    const x = buf[0] ?? 0;
    if (x < limit) return x % n;
  }
}

/** `random(n)` must return an integer in [0, n). */
export function generatePassword(random: (n: number) => number = secureRandomInt): string {
  const pick = (n: number) => {
    const i = random(n);
    if (!Number.isInteger(i) || i < 0 || i >= n) throw new RangeError(`random(${n}) returned ${i}`);
    return i;
  };
  const chars: string[] = [];
  for (const [set, count] of COMPOSITION) {
    for (let i = 0; i < count; i++) chars.push(set[pick(set.length)] ?? '');
  }
  // Fisher–Yates shuffle.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}
