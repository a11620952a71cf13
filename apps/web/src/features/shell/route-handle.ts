import { type ComponentType, createContext, useContext } from 'react';

/**
 * What a route can hand to the shell through `handle` (the deepest matched route that sets it wins).
 * - `title`: the document title ("<title> · <site name>").
 * - `headerSlot`: rendered in the logged-in header (the orders area puts its two search boxes here).
 */
export interface ShellRouteHandle {
  title?: string;
  headerSlot?: ComponentType;
}

export function isShellRouteHandle(value: unknown): value is ShellRouteHandle {
  return typeof value === 'object' && value !== null;
}

/**
 * The handles of the routes matched at the current location, outermost first. The route table provides
 * it (app/routes.tsx, `AppRoutes`, from the matches of lib/router.tsx over wouter: docs/decisions/0155).
 */
export const RouteHandlesContext = createContext<readonly ShellRouteHandle[]>([]);

/** The value of `key` from the deepest matched route that sets it. */
export function useRouteHandle<K extends keyof ShellRouteHandle>(key: K): ShellRouteHandle[K] | undefined {
  const handles = useContext(RouteHandlesContext);
  for (let i = handles.length - 1; i >= 0; i--) {
    const value = handles[i]?.[key];
    if (value) return value;
  }
  return undefined;
}
