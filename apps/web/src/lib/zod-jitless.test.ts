import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('zod, loaded after it, runs without its compiled fast path (no eval probe under the CSP)', async () => {
    await import('./zod-jitless.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
