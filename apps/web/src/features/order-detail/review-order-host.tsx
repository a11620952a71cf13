import { useSearchParams } from 'wouter';
import { INTENT_PARAM, REVIEW_PARAM, type ReviewIntent } from '../../lib/review-link.ts';
import type { LabelCallbacks } from './components/order-workflow.tsx';
import { ReviewOrderModal } from './review-order-modal.tsx';

/** Mounted in the orders layout route: opens the modal for `?review=<id>` and removes the parameter on close. */
export function ReviewOrderHost(props: { labels?: LabelCallbacks }) {
  const [params, setParams] = useSearchParams();
  const id = params.get(REVIEW_PARAM);
  const rawIntent = params.get(INTENT_PARAM);
  const intent: ReviewIntent | null = rawIntent === 'accept' || rawIntent === 'reject' ? rawIntent : null;
  return (
    <ReviewOrderModal
      orderId={id}
      intent={intent}
      labels={props.labels}
      onClose={() =>
        setParams(
          (p) => {
            p.delete(REVIEW_PARAM);
            p.delete(INTENT_PARAM);
            return p;
          },
          { replace: true },
        )
      }
    />
  );
}
