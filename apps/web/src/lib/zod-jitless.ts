/**
 * Zod probes `new Function('')` to pick its compiled fast path. Under the console's Content-Security-Policy
 * (no 'unsafe-eval') that probe is refused and reported as a CSP violation, so we tell zod up front not to try.
 *
 * Without importing zod: the first pages load no zod (docs/decisions/0109), so this sets the global that zod
 * reads its configuration from when it first loads (`globalThis.__zod_globalConfig`, as the server does for
 * the API reference page). Imported first by main.tsx, before any schema module can load.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });

/** A module (imported for its effect). */
export {};
