/** /inventory, its own chunk. */
import { lazyNamed } from '../../lib/lazy-named.ts';

export const InventoryPage = lazyNamed(() => import('./inventory-page.tsx'), 'InventoryPage');
