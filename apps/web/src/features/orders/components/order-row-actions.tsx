import type { OrderListItem } from '@mc/api';
import { type OrderTab, ROW_ACTION_LABELS, type RowAction, rowActions } from '@mc/domain';
import type { MouseEvent } from 'react';
import { DeferredFloating } from '../../../components/deferred-floating.tsx';
import type { ReviewIntent } from '../../../lib/review-link.ts';
import classes from '../orders.module.css';

/**
 * Which dialog each row action opens over the 'Review Order' modal. Its look (eye, cross or tick on a gray,
 * red or teal tint) comes from the stylesheet by `data-action`.
 */
const INTENT: Record<RowAction, ReviewIntent | undefined> = {
  review: undefined,
  reject: 'reject',
  accept: 'accept',
  view: undefined,
};

/**
 * Per-row actions, as the domain's rowActions decides: review, reject and accept on new
 * orders, view on the others, none on the cancelled tab. Review and view open the 'Review Order'
 * modal; reject and accept open it with that dialog on top. One button each, without a wrapper: the
 * cell or card around them lays them out.
 */
export function OrderRowActions({
  order,
  tab,
  onOpen,
}: {
  order: OrderListItem;
  tab: OrderTab;
  onOpen: (order: OrderListItem, intent?: ReviewIntent) => void;
}) {
  const actions = rowActions(order.status, tab);
  if (actions.length === 0) return null;
  const open = (intent?: ReviewIntent) => (e: MouseEvent) => {
    e.stopPropagation();
    onOpen(order, intent);
  };
  return actions.map((action) => {
    const label = ROW_ACTION_LABELS[action];
    return (
      <DeferredFloating
        key={action}
        target={
          <button
            type="button"
            className={classes.action}
            data-action={action}
            onClick={open(INTENT[action])}
            aria-label={`${label} order ${order.id}`}
          />
        }
      >
        {({ Tooltip }, target, opened) => (
          <Tooltip label={label} withinPortal defaultOpened={opened}>
            {target}
          </Tooltip>
        )}
      </DeferredFloating>
    );
  });
}
