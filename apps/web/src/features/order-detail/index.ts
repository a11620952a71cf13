/** One order: the detail page and the 'Review Order' modal over the list, each its own chunk. */
import { lazyNamed } from '../../lib/lazy-named.ts';

export const OrderDetailPage = lazyNamed(() => import('./order-detail-page.tsx'), 'OrderDetailPage');
/** The modal's code loads on the first `?review=`; see review-order-gate.tsx. */
export { ReviewOrderGate } from './review-order-gate.tsx';
