/**
 * Lets non-React code (the API client's 401 handler, logout) navigate with the router once the app
 * has registered it; before that (or in tests without a router) it falls back to a full page load.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export function registerNavigator(fn: Navigate | null): void {
  navigator = fn;
}

export function navigateTo(to: string, opts: { replace?: boolean } = {}): void {
  if (navigator) navigator(to, opts);
  else if (opts.replace) window.location.replace(to);
  else window.location.assign(to);
}
