import { Suspense, useState } from 'react';
import { useSearchParams } from 'wouter';
import { lazyNamed } from '../../lib/lazy-named.ts';
import { REVIEW_PARAM } from '../../lib/review-link.ts';

const ReviewOrderHost = lazyNamed(() => import('./review-order-host.tsx'), 'ReviewOrderHost');

/**
 * Mounted over the orders list: loads the Review Order modal (and its dialogs, date pickers and the
 * label and courier panels) only once a `?review=<id>` asks for it, then keeps it mounted so that closing
 * and reopening animate like any modal. The list itself never waits for that code.
 */
export function ReviewOrderGate() {
  const [params] = useSearchParams();
  const [wanted, setWanted] = useState(false);
  if (!wanted && params.get(REVIEW_PARAM)) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ReviewOrderHost />
    </Suspense>
  );
}
