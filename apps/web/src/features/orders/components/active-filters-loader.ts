/**
 * 'Filters on' loads when a filter is first on, not with the page (docs/decisions/0158). The filter
 * controls start the load when first hovered, focused or pressed, so the chips are there when one is picked.
 */
import { lazyNamed } from '../../../lib/lazy-named.ts';

const load = () => import('./active-filters.tsx');

export const ActiveFilters = lazyNamed(load, 'ActiveFilters');

export function preloadActiveFilters(): void {
  void load().catch(() => undefined);
}
