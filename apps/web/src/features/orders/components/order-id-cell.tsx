import type { OrderListItem } from '@mc/api';
import { AT_DISTRIBUTOR_LABEL } from '@mc/domain';
import type { ReactElement } from 'react';
import { DeferredFloating } from '../../../components/deferred-floating.tsx';
import classes from '../orders.module.css';

const PROMO_LABEL = 'Promo discount applied';
const GIFT_LABEL = 'Gift';

/** An icon's tooltip, its code loaded on the first hover (components/deferred-floating.tsx). */
function IconTip({ label, children }: { label: string; children: ReactElement<object> }) {
  return (
    <DeferredFloating target={children}>
      {({ Tooltip }, target, opened) => (
        <Tooltip label={label} withinPortal defaultOpened={opened}>
          {target}
        </Tooltip>
      )}
    </DeferredFloating>
  );
}

/** Whether the id has marks after it (which wrap below it in a narrow column). */
export const hasMarks = (order: OrderListItem, isNew: boolean) =>
  isNew || Boolean(order.gift_message) || Boolean(order.promo_code) || order.has_at_distributor;

/**
 * The marks after an ORDER ID: the new flag, gift, 'Promo discount applied' and 'At Distributor'. One
 * element each, the icons drawn by the stylesheet: the row or card around them lays them out.
 */
export function OrderIdMarks({ order, isNew }: { order: OrderListItem; isNew: boolean }) {
  return (
    <>
      {isNew ? (
        <span className={classes.newFlag} data-new-order>
          New
        </span>
      ) : null}
      {order.gift_message ? (
        <IconTip label={GIFT_LABEL}>
          <span className={classes.mark} data-mark="gift" role="img" aria-label={GIFT_LABEL} />
        </IconTip>
      ) : null}
      {order.promo_code ? (
        <IconTip label={PROMO_LABEL}>
          <span className={classes.mark} data-mark="promo" role="img" aria-label={PROMO_LABEL} />
        </IconTip>
      ) : null}
      {order.has_at_distributor ? (
        <span className={classes.atDistributor}>{AT_DISTRIBUTOR_LABEL}</span>
      ) : null}
    </>
  );
}
