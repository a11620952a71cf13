import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // A component test renders the app in jsdom with Mantine: 1–3 s on an idle machine, over 5 s (vitest's
    // default) on a loaded 2-core CI machine, and 30 s was seen at load average 35. The waits inside
    // (findBy*, waitFor) get 15 s in setup.ts.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
