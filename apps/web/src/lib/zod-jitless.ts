import { z } from 'zod';

/**
 * Zod probes `new Function('')` to pick its compiled fast path. Under the console's Content-Security-Policy
 * (no 'unsafe-eval') that probe is refused and reported as a CSP violation, so we tell zod up front not to try.
 * Imported first by main.tsx, before any schema runs.
 */
z.config({ jitless: true });
