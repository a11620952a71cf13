/**
 * Loads Mantine's floating layer (`floating-parts.ts`: Popover, Menu, Tooltip; ~30 KB gzip with
 * floating-ui) when a page first needs it, not with the page (docs/decisions/0150). Targets render plain
 * until then (components/deferred-floating.tsx) and start the load when hovered, focused or clicked.
 */
import { useSyncExternalStore } from 'react';
import { reportError } from './error-reporting.ts';

export type FloatingParts = typeof import('./floating-parts.ts');

let parts: FloatingParts | null = null;
let loading: Promise<FloatingParts | null> | null = null;
const listeners = new Set<() => void>();

/** Starts (once) loading the floating layer; resolves with it, or null when the chunk could not load. */
export function loadFloating(): Promise<FloatingParts | null> {
  loading ??= import('./floating-parts.ts').then(
    (m) => {
      parts = m;
      for (const listener of listeners) listener();
      return m;
    },
    (error: unknown) => {
      // The next hover, focus or click tries again.
      loading = null;
      reportError(error, { source: 'floating-chunk' });
      return null;
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => parts;

/** The floating layer once loaded (every user re-renders then), else null. */
export function useFloatingParts(): FloatingParts | null {
  return useSyncExternalStore(subscribe, current, current);
}
