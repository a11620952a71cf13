/**
 * What to empty when the session ends on a 401 (lib/api.ts). The query cache registers itself when its
 * module loads (query-client.ts); the sign-in page runs without it (docs/decisions/0150), so the API client
 * does not import it.
 */
const clears = new Set<() => void>();

export function registerCacheClear(clear: () => void): void {
  clears.add(clear);
}

export function clearCaches(): void {
  for (const clear of clears) clear();
}
