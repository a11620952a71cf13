import type { ComponentType } from 'react';

/**
 * What a route can hand to the shell through `handle` (read with `useMatches`; the deepest wins).
 * - `title`: the document title ("<title> · Merchant Console").
 * - `headerSlot`: rendered in the logged-in header (the orders area puts its two search boxes here).
 */
export interface ShellRouteHandle {
  title?: string;
  headerSlot?: ComponentType;
}

export function isShellRouteHandle(value: unknown): value is ShellRouteHandle {
  return typeof value === 'object' && value !== null;
}
