/** /terms, its own chunk. */
import { lazyNamed } from '../../lib/lazy-named.ts';

export const TermsPage = lazyNamed(() => import('./terms-page.tsx'), 'TermsPage');
