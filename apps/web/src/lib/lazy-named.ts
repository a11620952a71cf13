import { type ComponentType, lazy } from 'react';

/**
 * React.lazy for a named export: a feature's index.ts exposes its pages this way, so the route table
 * imports only indexes while every page stays its own chunk, loaded on first visit.
 */
export function lazyNamed<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
