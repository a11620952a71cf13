/** /developers: the merchant API reference, its own chunk. */
import { lazyNamed } from '../../lib/lazy-named.ts';

export const DevelopersPage = lazyNamed(() => import('./developers-page.tsx'), 'DevelopersPage');
