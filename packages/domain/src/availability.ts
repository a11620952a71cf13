/**
 * What the order screens may show or do, by status.
 * Everything here agrees with the transition table: a button is offered only when the
 * state change it leads to is allowed.
 */
import { fulfilmentFlow, type OrderDeliveryLike } from './delivery.ts';
import { isPresaleNotReady, type OrderItemLike, PRESALE_MESSAGE } from './items.ts';
import { MSG } from './messages.ts';
import { isNewStatus, type OrderStatus, statusLabel } from './order-status.ts';
import { canAccept, canReject, canTransition } from './transitions.ts';

/** Print receipt is disabled while the status is SUBMITTED. */
export function canPrintReceipt(status: OrderStatus): boolean {
  return status !== 'SUBMITTED';
}

/**
 * A payment-declined or cancelled order is shown closed: its status is the title and nothing can be done
 * but close it (no receipt, no directions).
 */
export function isClosedOut(status: OrderStatus): boolean {
  return status === 'PAYMENT_DECLINED' || status === 'CANCELLED';
}

/** Out of stock / wrong price put the order on hold. */
export function canRejectItems(status: OrderStatus): boolean {
  return canTransition('merchant', status, 'REJECTED_PARTIAL');
}

/**
 * New orders whose payment is in hand or under way that tracking may ship straight away: saving the
 * tracking accepts the order first (accepting captures the payment), then ships it.
 */
export const TRACKING_ACCEPTS_FIRST = [
  'PAYMENT_SUBMITTED',
  'PAYMENT_APPROVED',
] as const satisfies readonly OrderStatus[];

/** Whether saving tracking on an order of this status accepts it before shipping it. */
export function trackingAcceptsFirst(status: OrderStatus): boolean {
  return (TRACKING_ACCEPTS_FIRST as readonly OrderStatus[]).includes(status) && canAccept(status);
}

/**
 * Tracking entry ('You're ready to ship!'): an accepted order, and a payment-approved or payment-submitted
 * one (accepted, then shipped, by the same save).
 */
export function canEnterTracking(status: OrderStatus): boolean {
  return canTransition('merchant', status, 'MERCHANT_SHIPPED') || trackingAcceptsFirst(status);
}

/** Tracking can be edited while accepted or shipped (the spec's third status is not shown). */
export function canEditTracking(status: OrderStatus): boolean {
  return status === 'MERCHANT_ACCEPTED' || status === 'MERCHANT_SHIPPED';
}

/** A tracking link for MERCHANT_SHIPPED or CLOSED when a tracking URL exists. */
export function showTrackingLink(status: OrderStatus, tracking_url: string | null | undefined): boolean {
  return (status === 'MERCHANT_SHIPPED' || status === 'CLOSED') && Boolean(tracking_url?.trim());
}

/**
 * Item options (Out of stock, Wrong Price) can be saved only while the order can still be put on hold
 * (a new order), and never from inside the accept dialog.
 */
export function showItemOptions(status: OrderStatus, opts: { inAcceptDialog?: boolean } = {}): boolean {
  return !opts.inAcceptDialog && canRejectItems(status);
}

/**
 * Statuses whose item table shows the options even though the transition table cannot save them: the
 * merchant still sees the choices an order had, disabled with the reason, rather than a table that lost a
 * column. SUBMITTED is listed too, though it can save today, so it keeps its column if that changes.
 */
export const ITEM_OPTIONS_SHOWN_STATUSES = [
  'SUBMITTED',
  'MERCHANT_REJECTED',
  'PAYMENT_DECLINED',
  'CANCELLED',
  'DISPUTED',
  'REFUNDED',
] as const satisfies readonly OrderStatus[];

/** Why an order's items can no longer be changed, by the status that stops it. */
export const ITEM_OPTIONS_LOCKED_REASONS: Partial<Record<OrderStatus, string>> = {
  MERCHANT_REJECTED: 'This order was rejected, so its items can no longer be changed',
  PAYMENT_DECLINED: "This order's payment was declined, so its items can no longer be changed",
  CANCELLED: 'This order is cancelled, so its items can no longer be changed',
  DISPUTED: 'This order is disputed, so its items can no longer be changed',
  REFUNDED: 'This order was refunded, so its items can no longer be changed',
};

/** The fallback reason for a status shown without a saving path and without a reason of its own. */
export const ITEM_OPTIONS_LOCKED_DEFAULT = "This order's items can no longer be changed";

export interface ItemOptionsState {
  /** The Options column is rendered. */
  shown: boolean;
  /** The buttons can save (the transition table allows putting the order on hold). */
  enabled: boolean;
  /** Why a shown option is disabled; null when it is enabled or not shown. */
  reason: string | null;
}

/**
 * The item options for an order of this status: shown where they can be saved or where the status is
 * listed in ITEM_OPTIONS_SHOWN_STATUSES, enabled only where the transition table allows the save, and
 * never inside the accept dialog.
 */
export function itemOptionsState(
  status: OrderStatus,
  opts: { inAcceptDialog?: boolean } = {},
): ItemOptionsState {
  if (opts.inAcceptDialog) return { shown: false, enabled: false, reason: null };
  const enabled = canRejectItems(status);
  const shown = enabled || (ITEM_OPTIONS_SHOWN_STATUSES as readonly OrderStatus[]).includes(status);
  if (!shown) return { shown: false, enabled: false, reason: null };
  return {
    shown,
    enabled,
    reason: enabled ? null : (ITEM_OPTIONS_LOCKED_REASONS[status] ?? ITEM_OPTIONS_LOCKED_DEFAULT),
  };
}

/** Saving delivery details closes a shipped order. */
export function canMarkDelivered(status: OrderStatus): boolean {
  return canTransition('merchant', status, 'CLOSED');
}

/** Out for delivery sends MERCHANT_SHIPPED. */
export function canMarkOutForDelivery(status: OrderStatus): boolean {
  return canTransition('merchant', status, 'MERCHANT_SHIPPED');
}

// ---------------------------------------------------------------------------
// Review Order modal
// ---------------------------------------------------------------------------

export const REVIEW_ACTIONS = [
  'accept',
  'reject',
  'print_packing_slip',
  'add_tracking',
  'edit_tracking',
  'add_shipping',
  'deliver_order',
  'request_pickup',
  'delivery_details',
  'print_shipping_label',
  'close',
] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

export const REVIEW_ACTION_LABELS: Record<ReviewAction, string> = {
  accept: 'ACCEPT',
  reject: 'REJECT',
  print_packing_slip: 'PRINT PACKING SLIP',
  add_tracking: 'ADD TRACKING',
  edit_tracking: 'EDIT TRACKING',
  add_shipping: 'ADD SHIPPING',
  deliver_order: 'DELIVER ORDER',
  request_pickup: 'REQUEST PICKUP',
  delivery_details: 'ADD/VIEW DELIVERY DETAILS',
  print_shipping_label: 'PRINT SHIPPING LABEL',
  close: 'CLOSE',
};

export interface ReviewOrderLike extends OrderDeliveryLike {
  status: OrderStatus;
  items?: readonly OrderItemLike[];
  shipment_info?: readonly { label_url?: string | null }[] | null;
}

export interface ReviewModalActions {
  /** Modal title override: the status name for payment declined / cancelled orders, else null. */
  title: string | null;
  actions: ReviewAction[];
  /**
   * 'PRESALE ORDER: NOT READY TO SHIP' when an accepted presale order cannot ship yet; the no-carrier
   * message where ADD SHIPPING would be when the store has no carrier account.
   */
  notice: string | null;
}

/**
 * Buttons of the Review Order modal:
 * - new: ACCEPT, REJECT, and for a payment-approved or -submitted shipping order ADD TRACKING (which
 *   accepts it and ships it);
 * - payment declined or cancelled: title is the status, only CLOSE;
 * - accepted: PRINT PACKING SLIP plus DELIVER ORDER (deliver orders), REQUEST PICKUP (courier orders)
 *   or ADD TRACKING and, with a carrier account, ADD SHIPPING (label), else (carrierMissing: the store has
 *   no carrier account) the no-carrier message in its place — none of these for a presale
 *   order not ready to ship;
 * - shipped: PRINT PACKING SLIP plus ADD/VIEW DELIVERY DETAILS (deliver and courier orders) or, for
 *   shipping orders, EDIT TRACKING first and PRINT SHIPPING LABEL when a label exists;
 * - anything else: CLOSE.
 */
export function reviewModalActions(
  order: ReviewOrderLike,
  opts: { hasCarrier?: boolean; carrierMissing?: boolean; now?: Date } = {},
): ReviewModalActions {
  const { status } = order;
  const now = opts.now ?? new Date();
  if (isClosedOut(status)) {
    return { title: statusLabel(status), actions: ['close'], notice: null };
  }
  if (isNewStatus(status)) {
    const actions: ReviewAction[] = [];
    if (canAccept(status)) actions.push('accept');
    if (canReject(status)) actions.push('reject');
    if (
      trackingAcceptsFirst(status) &&
      fulfilmentFlow(order) === 'ship' &&
      !isPresaleNotReady(order.items ?? [], now)
    )
      actions.push('add_tracking');
    actions.push('close');
    return { title: null, actions, notice: null };
  }
  const flow = fulfilmentFlow(order);
  if (status === 'MERCHANT_ACCEPTED') {
    if (isPresaleNotReady(order.items ?? [], now)) {
      return { title: null, actions: ['print_packing_slip', 'close'], notice: PRESALE_MESSAGE };
    }
    const actions: ReviewAction[] = ['print_packing_slip'];
    if (flow === 'deliver_order') actions.push('deliver_order');
    else if (flow === 'request_pickup') actions.push('request_pickup');
    else {
      actions.push('add_tracking');
      if (opts.hasCarrier) actions.push('add_shipping');
      else if (opts.carrierMissing) {
        actions.push('close');
        return { title: null, actions, notice: MSG.NO_CARRIER };
      }
    }
    actions.push('close');
    return { title: null, actions, notice: null };
  }
  if (status === 'MERCHANT_SHIPPED') {
    const actions: ReviewAction[] = [];
    if (flow === 'ship' && canEditTracking(status)) actions.push('edit_tracking');
    actions.push('print_packing_slip');
    if (flow !== 'ship') actions.push('delivery_details');
    else if (order.shipment_info?.some((s) => s.label_url)) actions.push('print_shipping_label');
    actions.push('close');
    return { title: null, actions, notice: null };
  }
  return { title: null, actions: ['close'], notice: null };
}

/** Shipping labels can be created only with a carrier account. */
export function canCreateShippingLabel(
  merchant: { carrier_integration?: unknown } | null | undefined,
): boolean {
  return Boolean(merchant?.carrier_integration);
}
