/**
 * What the build gives for `use-sync-external-store/shim` (wouter imports it for React versions before 18):
 * React's own hook, which the shim itself hands out on React 18 and later, without the shim's fallback code
 * on the orders page (docs/decisions/0158).
 */
export { useSyncExternalStore } from 'react';
