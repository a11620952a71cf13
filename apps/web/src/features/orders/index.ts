/** The orders area: the tabs' layout, one tab's list and the header search, each its own chunk. */
import { lazyNamed } from '../../lib/lazy-named.ts';

export const OrdersLayout = lazyNamed(() => import('./orders-layout.tsx'), 'OrdersLayout');
export const OrdersTabPage = lazyNamed(() => import('./orders-tab-page.tsx'), 'OrdersTabPage');
export const OrdersHeaderSearch = lazyNamed(() => import('./orders-header-search.tsx'), 'OrdersHeaderSearch');

/** The first screen's requests, started by the entry before anything renders (first-screen.ts), its own chunk. */
export const loadFirstScreen = () => import('./first-screen.ts');
