import { useSearchParams } from 'react-router';
import type { LabelCallbacks } from './components/order-workflow.tsx';
import { REVIEW_PARAM, ReviewOrderModal } from './review-order-modal.tsx';

/** Mounted in the orders layout route: opens the modal for `?review=<id>` and removes the parameter on close. */
export function ReviewOrderHost(props: { labels?: LabelCallbacks }) {
  const [params, setParams] = useSearchParams();
  const id = params.get(REVIEW_PARAM);
  return (
    <ReviewOrderModal
      orderId={id}
      labels={props.labels}
      onClose={() =>
        setParams(
          (p) => {
            p.delete(REVIEW_PARAM);
            return p;
          },
          { replace: true },
        )
      }
    />
  );
}

/** The link a list row opens: the current page with `?review=<id>`. */
export function reviewSearch(orderId: string): string {
  return `?${REVIEW_PARAM}=${encodeURIComponent(orderId)}`;
}
