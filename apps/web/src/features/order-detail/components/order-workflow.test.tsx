import type { OrderDetail } from '@mc/api';
import { MSG } from '@mc/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exampleOrder } from '../../../test/orders.ts';
import { mockFetch, renderAtPath, signIn } from '../../../test/render-app.tsx';
import { CarrierLogo, HistoryTimeline, OrderDetailContent } from './order-detail-content.tsx';
import { OrderActionButtons } from './order-workflow.tsx';

const wrap = (ui: ReactNode) => renderAtPath(ui, '/orders/view/A1');

function order(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return exampleOrder({
    id: 'A1',
    status: 'MERCHANT_SHIPPED',
    timezone: 'America/New_York',
    delivery: { method: 'shipping', date: null, window: null },
    courier_estimate_id: null,
    items: [],
    shipment_info: [],
    history: [],
    ...overrides,
  });
}

const print = { printPackingSlip: vi.fn(), printReceipt: vi.fn(), printDirections: vi.fn(), printing: null };

function buttons(o: OrderDetail, open = vi.fn(), carrier_integration: unknown = false) {
  mockFetch((url) =>
    url.endsWith('/c/v2/merchants/tmk-1')
      ? { body: { name: 'Demo', tmk: 'tmk-1', carrier_integration } }
      : undefined,
  );
  signIn();
  wrap(<OrderActionButtons tmk="tmk-1" order={o} print={print as never} open={open} onClose={() => {}} />);
  return open;
}

afterEach(() => vi.unstubAllGlobals());

describe('order buttons by status (reviewModalActions)', () => {
  it('a shipped shipping order offers EDIT TRACKING first, which opens the tracking dialog', async () => {
    const open = buttons(order());
    const shown = screen.getAllByRole('button').map((b) => b.textContent);
    expect(shown).toEqual(['EDIT TRACKING', 'PRINT PACKING SLIP', 'CLOSE']);
    await userEvent.click(screen.getByRole('button', { name: 'EDIT TRACKING' }));
    expect(open).toHaveBeenCalledWith({ kind: 'tracking' });
  });

  it('a shipped delivery order offers delivery details and no tracking edit', () => {
    buttons(order({ delivery: { method: 'on_demand', date: null, window: null } } as Partial<OrderDetail>));
    const shown = screen.getAllByRole('button').map((b) => b.textContent);
    expect(shown).toEqual(['PRINT PACKING SLIP', 'ADD/VIEW DELIVERY DETAILS', 'CLOSE']);
  });

  it.each(['CANCELLED', 'PAYMENT_DECLINED'] as const)('a %s order offers only CLOSE', (status) => {
    buttons(order({ status }));
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['CLOSE']);
  });

  it('a payment-approved shipping order can go out with tracking as well as be accepted', async () => {
    const open = buttons(order({ status: 'PAYMENT_APPROVED' }));
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'ACCEPT',
      'REJECT',
      'ADD TRACKING',
      'CLOSE',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'ADD TRACKING' }));
    expect(open).toHaveBeenCalledWith({ kind: 'tracking' });
  });

  it('an accepted shipping order adds tracking instead of editing it', () => {
    buttons(order({ status: 'MERCHANT_ACCEPTED' }));
    const shown = screen.getAllByRole('button').map((b) => b.textContent);
    expect(shown).toEqual(['PRINT PACKING SLIP', 'ADD TRACKING', 'CLOSE']);
  });

  it('an accepted shipping order of a store without a carrier account says why there is no ADD SHIPPING', async () => {
    buttons(order({ status: 'MERCHANT_ACCEPTED' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MSG.NO_CARRIER);
    expect(screen.queryByRole('button', { name: 'ADD SHIPPING' })).toBeNull();
  });

  it('with a carrier account there is no such message', async () => {
    buttons(order({ status: 'MERCHANT_ACCEPTED' }), vi.fn(), { carrier: 'UPS' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(MSG.NO_CARRIER)).toBeNull();
  });
});

describe('tracking carrier', () => {
  it.each([
    ['fedex', 'FedEx'],
    ['UPS', 'UPS'],
  ])('%s shows the %s logo', (provider, name) => {
    wrap(<CarrierLogo provider={provider} />);
    expect(screen.getByRole('img', { name })).toBeInTheDocument();
  });
  it('other carriers show no logo', () => {
    wrap(<CarrierLogo provider="GSO" />);
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('history timeline', () => {
  it('reads the action, the actor and the status change, newest first', () => {
    wrap(
      <HistoryTimeline
        order={order({
          history: [
            {
              id: 1,
              actor_type: 'marketplace',
              actor_name: null,
              action: 'placed',
              from_status: null,
              to_status: 'SUBMITTED',
              comment: null,
              created_at: '2025-06-12T16:00:00Z',
            },
            {
              id: 2,
              actor_type: 'merchant',
              actor_name: 'Olive Owner',
              action: 'accept',
              from_status: 'SUBMITTED',
              to_status: 'MERCHANT_ACCEPTED',
              comment: 'on it',
              created_at: '2025-06-12T16:05:00Z',
            },
            {
              id: 3,
              actor_type: 'merchant',
              actor_name: 'Olive Owner',
              action: 'reject_items',
              from_status: 'MERCHANT_ACCEPTED',
              to_status: 'REJECTED_PARTIAL',
              comment: null,
              item_problems: ['WRONG_PRICE'],
              created_at: '2025-06-12T16:06:00Z',
            },
          ],
        } as Partial<OrderDetail>)}
      />,
    );
    const history = screen.getByRole('region', { name: 'History' });
    const text = history.textContent ?? '';
    expect(text.indexOf('Accepted by Olive Owner')).toBeLessThan(text.indexOf('Order placed'));
    expect(within(history).getByText('Put on hold: wrong price')).toBeInTheDocument();
    expect(within(history).getByText(/Olive Owner · New → Accepted/)).toBeInTheDocument();
    expect(within(history).getByText(/Marketplace · New$/)).toBeInTheDocument();
    expect(within(history).getByText('on it')).toBeInTheDocument();
  });
});

describe('customer and delivery address blocks', () => {
  const detail = (recipient: Partial<OrderDetail['recipient']> = {}) =>
    order({
      status: 'MERCHANT_ACCEPTED',
      customer: { first_name: 'Ann', last_name: '', phone_number: '', email: '', last_order: null },
      recipient: {
        first_name: 'Rita',
        last_name: 'Recipient',
        street_1: '5 Park Ave',
        street_2: 'Apt 3',
        street_3: '',
        city: 'New York',
        state: 'NY',
        zipcode: '10016',
        country: 'US',
        phone_number: '',
        delivery_instructions: '',
        ...recipient,
      },
      transaction: { subtotal: 10, tax: 1, delivery_fee: 0, shipping: 0, tip: 0, discount: 0, total: 11 },
      maps: { static_map_url: '', directions_url: 'https://maps.example/d', width: 640, height: 480 },
      gift_message: null,
      promo_code: null,
      tracking_id: null,
      courier_info: null,
      date_submitted: '2025-06-12T16:00:00Z',
    } as Partial<OrderDetail>);

  function content(o: OrderDetail) {
    signIn();
    wrap(<OrderDetailContent tmk="tmk-1" order={o} print={print as never} showHistory={false} />);
    const lines = (name: string) =>
      [...screen.getByRole('region', { name }).querySelectorAll('p')].map((p) => p.textContent);
    return { customer: lines('Customer details'), address: lines('Delivery address') };
  }

  it('prints the names and the address lines through the domain (the documents print the same lines)', () => {
    const { customer, address } = content(detail());
    expect(customer[0]).toBe('Ann');
    expect(address).toEqual(['Rita Recipient', '5 Park Ave', 'Apt 3', 'New York, NY 10016']);
  });

  it('offers directions and a receipt for an accepted order, and neither for a cancelled or declined one', () => {
    const actions = () => [
      ...['Print Directions', 'Send to Phone', 'Print Receipt'].filter((name) =>
        screen.queryByRole('button', { name }),
      ),
      ...(screen.queryByRole('link', { name: 'Directions' }) ? ['Directions'] : []),
    ];
    const { unmount } = wrap(
      <OrderDetailContent
        tmk="tmk-1"
        order={{ ...detail(), delivery: { method: 'shipping', date: null, window: null } }}
        print={print as never}
        onSendToPhone={() => {}}
        showHistory={false}
      />,
    );
    expect(actions()).toEqual(['Print Directions', 'Send to Phone', 'Print Receipt', 'Directions']);
    unmount();
    for (const status of ['CANCELLED', 'PAYMENT_DECLINED'] as const) {
      const view = wrap(
        <OrderDetailContent
          tmk="tmk-1"
          order={{ ...detail(), status, delivery: { method: 'shipping', date: null, window: null } }}
          print={print as never}
          onSendToPhone={() => {}}
          showHistory={false}
        />,
      );
      expect(actions(), status).toEqual([]);
      view.unmount();
    }
  });

  it('shows line 3 and a foreign country, and no stray comma for a missing city', () => {
    const { address } = content(
      detail({
        street_2: '',
        street_3: 'Rear door',
        city: '',
        state: 'ON',
        zipcode: 'M5V 2T6',
        country: 'Canada',
      }),
    );
    expect(address).toEqual(['Rita Recipient', '5 Park Ave', 'Rear door', 'ON M5V 2T6', 'Canada']);
  });
});
