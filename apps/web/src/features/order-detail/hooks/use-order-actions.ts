/**
 * Runs an order change and follows the spec's outcome rules:
 * - success: the success toast, then back to the order view;
 * - a status update answered with another status: the failure path (toast, then /orders/cancelled after
 *   3500 ms); PAYMENT_DECLINED shows its own toast;
 * - a 400: the field messages go back to the dialog (and the server's message as a toast);
 * - any other error: the failure path.
 */

import { notifications } from '@mantine/notifications';
import { ApiError, type OrderDetail } from '@mc/api';
import {
  FAILED_UPDATE_REDIRECT_MS,
  FAILED_UPDATE_REDIRECT_PATH,
  MSG,
  type OrderStatus,
  orderUpdateOutcome,
  orderViewPath,
} from '@mc/domain';
import { useLocation } from 'wouter';
import { notifyError, notifyFailure, notifySuccess } from '../../../lib/notify.ts';
import { type OrderChange, useOrderChange } from '../api/order-mutations.ts';

export interface ChangeOptions {
  /** The status the change asks for; the answer must carry it. */
  expect?: OrderStatus;
  success: string;
  /** The failure toast (default: 'Failed to update order status. Please try again.'). */
  failure?: string;
  /** Whether a failure runs the redirect to /orders/cancelled (status updates do). */
  redirectOnFailure?: boolean;
}

export type ChangeResult =
  | { ok: true; order: OrderDetail }
  | { ok: false; fieldErrors: Record<string, string> };

let redirectTimer: ReturnType<typeof setTimeout> | undefined;

export function useOrderActions(tmk: string, orderId: string) {
  const [, navigate] = useLocation();
  const mutation = useOrderChange(tmk, orderId);

  const redirectLater = (redirect: boolean) => {
    if (!redirect) return;
    clearTimeout(redirectTimer);
    redirectTimer = setTimeout(() => navigate(FAILED_UPDATE_REDIRECT_PATH), FAILED_UPDATE_REDIRECT_MS);
  };

  async function run(change: OrderChange, opts: ChangeOptions): Promise<ChangeResult> {
    const redirect = opts.redirectOnFailure ?? change.kind !== 'data';
    try {
      const order = await mutation.mutateAsync(change);
      const outcome = opts.expect ? orderUpdateOutcome(opts.expect, order.status) : 'success';
      if (outcome === 'success') {
        notifySuccess(opts.success);
        navigate(orderViewPath(orderId));
        return { ok: true, order };
      }
      // Answered, but with another status: not an error of the request, the spec's outcome toast.
      if (outcome === 'payment_declined') {
        notifications.show({ color: 'red', title: 'PAYMENT DECLINED', message: MSG.PAYMENT_DECLINED });
        redirectLater(true);
      } else {
        notifyFailure(opts.failure ?? MSG.ORDER_UPDATE_FAILED);
        redirectLater(redirect);
      }
      return { ok: false, fieldErrors: {} };
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        notifyError(error);
        return { ok: false, fieldErrors: error.fieldErrors() };
      }
      if (error instanceof ApiError && error.status === 401) return { ok: false, fieldErrors: {} };
      notifyError(error, { fixed: opts.failure ?? MSG.ORDER_UPDATE_FAILED });
      redirectLater(redirect);
      return { ok: false, fieldErrors: {} };
    }
  }

  return { run, isPending: mutation.isPending };
}
