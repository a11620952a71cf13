import type { OrderDetail } from '@mc/api';
import { FAILED_DELIVERY_MSG } from '@mc/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { exampleOrder } from '../../../../test/orders.ts';
import { openDeliveryPanel } from './test-fixtures.tsx';

const NOW = Date.now();

function openPanel(
  patch: Partial<OrderDetail> = {},
  run = vi.fn(async () => ({ ok: true, order: {} })),
  mode: 'delivered' | 'out_for_delivery' = 'delivered',
) {
  const order = exampleOrder({
    id: 'A1',
    status: 'MERCHANT_SHIPPED',
    timezone: 'America/New_York',
    date_submitted: new Date(NOW - 40 * 60_000).toISOString(),
    delivery: { method: 'on_demand', date: null, window: null },
    courier_estimate_id: null,
    courier_info: null,
    tracking_id: null,
    delivery_details: null,
    aux_data: {},
    transaction: {
      subtotal: 120,
      tax: 10.99,
      delivery_fee: 7.99,
      shipping: 0,
      tip: 0,
      discount: 0,
      total: 138.98,
    },
    failed_delivery: { attempts: 0, suggest_cancel: false },
    ...patch,
  });
  openDeliveryPanel(order, run, mode);
  return run;
}

describe('Delivery failed in the delivery panel', () => {
  it('offers the reasons, the retry SLA badge, and sends a retry reason', async () => {
    const user = userEvent.setup();
    const run = openPanel();
    await user.click(screen.getByRole('button', { name: 'Delivery failed' }));
    expect(screen.getByRole('dialog', { name: 'Delivery failed' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    // Placed 40 min ago, on-demand: 2 h from placing → 1h 20m left, on time.
    expect(screen.getByText('Retry on time: due in 1h 20m').closest('[data-sla]')).toHaveAttribute(
      'data-sla',
      'SLA0',
    );
    await user.click(screen.getByRole('radio', { name: /No one home/ }));
    await user.click(screen.getByRole('button', { name: 'Record failed delivery' }));
    expect(run).toHaveBeenCalledWith(
      { kind: 'failed_delivery', body: { reason: 'no_one_home' } },
      expect.objectContaining({ expect: 'MERCHANT_ACCEPTED', success: FAILED_DELIVERY_MSG.RETRY_SAVED }),
    );
  });

  it('a cancel reason shows the fee and the refund and asks for the cancellation', async () => {
    const user = userEvent.setup();
    const run = openPanel();
    await user.click(screen.getByRole('button', { name: 'Delivery failed' }));
    await user.click(screen.getByRole('radio', { name: /No valid ID/ }));
    expect(screen.getByTestId('failed-delivery-fee')).toHaveTextContent(
      'Restocking fee $20.00, refund $118.98.',
    );
    await user.type(screen.getByLabelText('Note (optional)'), 'Expired licence');
    await user.click(screen.getByRole('button', { name: 'Cancel with fee' }));
    expect(run).toHaveBeenCalledWith(
      { kind: 'failed_delivery', body: { reason: 'no_valid_id', note: 'Expired licence' } },
      expect.objectContaining({ expect: 'CANCELLED', success: FAILED_DELIVERY_MSG.CANCEL_SAVED }),
    );
  });

  it('asks for a reason before sending', async () => {
    const user = userEvent.setup();
    const run = openPanel();
    await user.click(screen.getByRole('button', { name: 'Delivery failed' }));
    await user.click(screen.getByRole('button', { name: 'Record failed delivery' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose why the delivery failed');
    expect(run).not.toHaveBeenCalled();
  });

  it('suggests cancelling after two failed attempts; a late retry reads late', async () => {
    const user = userEvent.setup();
    openPanel({
      failed_delivery: { attempts: 2, suggest_cancel: true },
      date_submitted: new Date(NOW - 3 * 60 * 60_000).toISOString(),
    });
    await user.click(screen.getByRole('button', { name: 'Delivery failed' }));
    expect(screen.getByText(FAILED_DELIVERY_MSG.SUGGEST_CANCEL)).toBeInTheDocument();
    expect(screen.getByText(/^Retry late: overdue by/).closest('[data-sla]')).toHaveAttribute(
      'data-sla',
      'SLA2',
    );
  });

  it('once a delivery failed, the panel says so in every mode; from the second failure it suggests cancelling', () => {
    openPanel(
      { status: 'MERCHANT_ACCEPTED', failed_delivery: { attempts: 1, suggest_cancel: false } },
      undefined,
    );
    expect(screen.getByText('Delivery failed once already.')).toBeInTheDocument();
  });

  it('an accepted order after two failures: the out-for-delivery panel suggests cancelling', () => {
    openPanel(
      { status: 'MERCHANT_ACCEPTED', failed_delivery: { attempts: 2, suggest_cancel: true } },
      undefined,
      'out_for_delivery',
    );
    expect(screen.getByRole('dialog', { name: 'Mark Your Order As Out For Delivery' })).toBeInTheDocument();
    expect(screen.getByText(FAILED_DELIVERY_MSG.SUGGEST_CANCEL)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delivery failed' })).toBeNull();
  });

  it.each([
    ['a courier order', { courier_info: { provider: 'sandbox', order_status: 'ORDER_FAILED' } }],
    ['an order shipped with tracking', { tracking_id: '1Z999' }],
    ['a shipping order', { delivery: { method: 'shipping', date: null, window: null } }],
  ])('is not offered for %s', (_name, patch) => {
    openPanel(patch as Partial<OrderDetail>);
    expect(screen.queryByRole('button', { name: 'Delivery failed' })).toBeNull();
  });
});
