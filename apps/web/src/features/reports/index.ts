/** /reports, its own chunk. */
import { lazyNamed } from '../../lib/lazy-named.ts';

export const ReportsPage = lazyNamed(() => import('./reports-page.tsx'), 'ReportsPage');
