import type { OrderDetail } from '@mc/api';
import {
  DECLARED_VALUE_MAX_MESSAGE,
  DECLARED_VALUE_MIN_MESSAGE,
  LABEL_ERROR_MESSAGES,
  LABEL_ERRORS_APOLOGY,
  MSG,
  NO_CARRIER_MESSAGE,
  PHONE_NUMBER_MESSAGE,
  WEIGHT_MAX_MESSAGE,
  WEIGHT_MIN_MESSAGE,
  WEIGHT_REQUIRED_MESSAGE,
} from '@mc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exampleOrder, exampleOrderItem } from '../../../test/orders.ts';
import { mockFetch, renderAtPath, signIn } from '../../../test/render-app.tsx';
import { CreateShippingLabelDialog } from './components/create-shipping-label-dialog.tsx';
import { maskPhoneInput, SendToPhoneDialog } from './components/send-to-phone-dialog.tsx';
import { LABEL_ERROR_LOG_KEY } from './hooks/label-error-log.ts';

const wrap = (ui: ReactNode) => renderAtPath(ui, '/orders/view/A1');

function order(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return exampleOrder({
    id: 'A1',
    status: 'MERCHANT_ACCEPTED',
    order_weight: 9.3,
    recipient: {
      first_name: '<script>alert(1)</script>',
      last_name: '{{7*7}}',
      street_1: '1 Main St',
      street_2: '',
      street_3: '',
      city: 'Boston',
      state: 'MA',
      zipcode: '02110',
      country: 'US',
      phone_number: '(617) 555-0100',
      delivery_instructions: '',
    },
    items: [
      exampleOrderItem({ id: 'i1', name: 'Bourbon', quantity: 2, price: 30, parent_line_item_id: null }),
      exampleOrderItem({ id: 'i2', name: 'Gin', quantity: 1, price: 20, parent_line_item_id: null }),
    ],
    ...overrides,
  });
}

const LABEL = {
  id: 's1',
  carrier: 'UPS',
  service: 'Ground',
  tracking_code: '1Z999',
  tracking_url: null,
  box_index: 1,
  weight: 4.65,
  insurance: null,
  label_url: '/m/v2/merchant/tmk-1/orders/A1/labels/s1.pdf?exp=1&sig=x',
};

function merchantFetch(
  labelAnswer: (init: RequestInit) => { status?: number; body?: unknown },
  carrier = true,
) {
  return mockFetch((url, init) => {
    if (url.endsWith('/c/v2/merchants/tmk-1'))
      return { body: { name: 'Demo', tmk: 'tmk-1', carrier_integration: carrier } };
    if (url.endsWith('/c/v2/merchants/tmk-1/carrier'))
      return { body: { carrier: 'UPS', account_number: '****1A2B', label_size: '4x6', label_format: 'PDF' } };
    if (url.endsWith('/orders/A1/labels') && init.method === 'POST') return labelAnswer(init);
    return undefined;
  });
}

beforeEach(() => {
  signIn('tmk-1');
  vi.spyOn(window, 'open').mockImplementation(() => ({}) as Window);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('CreateShippingLabelDialog', () => {
  // The web project's test timeout (60 s) covers this long interaction on a loaded machine.
  it('splits the order weight, adds boxes up to the unit count, and sends an Idempotency-Key', async () => {
    const user = userEvent.setup();
    const fetch = merchantFetch(() => ({
      body: {
        order_id: 'A1',
        status: 'MERCHANT_SHIPPED',
        idempotency_key: 'k',
        tracking_provider: 'UPS',
        tracking_id: '1Z999',
        tracking_url: null,
        shipping_labels: [LABEL, { ...LABEL, id: 's2' }],
      },
    }));
    const onClose = vi.fn();
    wrap(<CreateShippingLabelDialog tmk="tmk-1" order={order()} opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Shipping Label' });
    expect(within(dialog).getByText('limit $5,000.00')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Carrier settings' })).toHaveAttribute(
      'href',
      '/settings/carrier',
    );
    expect(within(dialog).getByLabelText(/Weight/)).toHaveValue('9.3');

    await user.click(within(dialog).getByRole('button', { name: 'Add another box' }));
    const weights = within(dialog).getAllByLabelText(/Weight/);
    expect(weights.map((w) => (w as HTMLInputElement).value)).toEqual(['4.65', '4.65']);
    await user.click(within(dialog).getByRole('button', { name: 'Add another box' }));
    expect(
      within(dialog)
        .getAllByLabelText(/Weight/)
        .map((w) => (w as HTMLInputElement).value),
    ).toEqual(['3.1', '3.1', '3.1']);
    // 3 units: no fourth box.
    expect(within(dialog).queryByRole('button', { name: 'Add another box' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Remove box 3' }));

    await user.type(within(dialog).getAllByLabelText(/Declared value/)[1]!, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Create Shipping Label' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const call = fetch.mock.calls.find(
      ([u, i]) => String(u).endsWith('/labels') && (i as RequestInit).method === 'POST',
    );
    const init = call?.[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual([{ weight: 4.65 }, { weight: 4.65, insurance: 150 }]);
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/.{16,}/);
    expect(await screen.findByText(MSG.LABELS_CREATED)).toBeInTheDocument();
    expect(screen.getByText(MSG.LABELS_DOWNLOADING)).toBeInTheDocument();
    await waitFor(() => expect(window.open).toHaveBeenCalledTimes(2));
    expect(await screen.findByText(MSG.LABELS_DOWNLOADED)).toBeInTheDocument();
  });

  it('opens with focus on Cancel: buying a label charges the store', async () => {
    merchantFetch(() => ({}));
    wrap(<CreateShippingLabelDialog tmk="tmk-1" order={order()} opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Shipping Label' });
    const cancel = await within(dialog).findByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
  });

  it('offers no second box for a single-unit order', async () => {
    merchantFetch(() => ({}));
    wrap(
      <CreateShippingLabelDialog
        tmk="tmk-1"
        order={order({
          items: [{ id: 'i1', name: 'Gin', quantity: 1, price: 1, parent_line_item_id: null }] as never,
        })}
        opened
        onClose={() => {}}
      />,
    );
    await screen.findByRole('dialog', { name: 'Create Shipping Label' });
    await screen.findByRole('button', { name: 'Create Shipping Label' });
    expect(screen.queryByRole('button', { name: 'Add another box' })).toBeNull();
  });

  it.each([
    ['', '', WEIGHT_REQUIRED_MESSAGE],
    ['0', '', WEIGHT_MIN_MESSAGE],
    ['1000000', '', WEIGHT_MAX_MESSAGE],
    ['2', '5000', DECLARED_VALUE_MAX_MESSAGE],
    ['2', '-1', DECLARED_VALUE_MIN_MESSAGE],
  ])('weight %j and declared value %j show %s and buy nothing', async (weight, value, message) => {
    const user = userEvent.setup();
    const fetch = merchantFetch(() => ({ status: 500 }));
    wrap(
      <CreateShippingLabelDialog
        tmk="tmk-1"
        order={order({ order_weight: null })}
        opened
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Create Shipping Label' });
    if (weight) await user.type(within(dialog).getByLabelText(/Weight/), weight);
    if (value) await user.type(within(dialog).getByLabelText(/Declared value/), value);
    await user.click(await within(dialog).findByRole('button', { name: 'Create Shipping Label' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(
      fetch.mock.calls.some(
        ([u, i]) => String(u).endsWith('/labels') && (i as RequestInit).method === 'POST',
      ),
    ).toBe(false);
  });

  it('disables the button while the purchase is in flight', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    mockFetch((url, init) => {
      if (url.endsWith('/c/v2/merchants/tmk-1'))
        return { body: { name: 'Demo', tmk: 'tmk-1', carrier_integration: true } };
      if (url.endsWith('/carrier'))
        return { body: { carrier: 'GSO', account_number: null, label_size: '4x6', label_format: 'PDF' } };
      if (init.method === 'POST') return { status: 200, body: { shipping_labels: [] } };
      return undefined;
    });
    const realFetch = globalThis.fetch as unknown as (...a: unknown[]) => Promise<Response>;
    vi.stubGlobal('fetch', async (...args: unknown[]) => {
      if ((args[1] as RequestInit | undefined)?.method === 'POST') await gate;
      return realFetch(...args);
    });
    const onClose = vi.fn();
    wrap(<CreateShippingLabelDialog tmk="tmk-1" order={order()} opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Shipping Label' });
    expect(await within(dialog).findByText(/GSO label/)).toBeInTheDocument();
    const button = within(dialog).getByRole('button', { name: 'Create Shipping Label' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(onClose).not.toHaveBeenCalled();
    release();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("shows the server's mapped carrier message (PO Box) and keeps the dialog open", async () => {
    const user = userEvent.setup();
    merchantFetch(() => ({
      status: 422,
      body: {
        message: LABEL_ERROR_MESSAGES.PO_BOX,
        errors: [{ path: 'carrier', carrier: 'UPS', code: 'PO_BOX', message: 'PO Box' }],
      },
    }));
    wrap(<CreateShippingLabelDialog tmk="tmk-1" order={order()} opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Shipping Label' });
    await user.click(await within(dialog).findByRole('button', { name: 'Create Shipping Label' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LABEL_ERROR_MESSAGES.PO_BOX);
    expect(JSON.parse(window.localStorage.getItem(LABEL_ERROR_LOG_KEY) ?? '[]')).toHaveLength(1);
  });

  it('shows the apology once ten errors happened within four hours', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(
      LABEL_ERROR_LOG_KEY,
      JSON.stringify(Array.from({ length: 9 }, (_, i) => Date.now() - i * 60_000)),
    );
    merchantFetch(() => ({
      status: 502,
      body: {
        message: LABEL_ERROR_MESSAGES.NO_RESPONSE,
        errors: [{ path: 'carrier', carrier: 'UPS', code: 'NO_RESPONSE', message: 'x' }],
      },
    }));
    wrap(<CreateShippingLabelDialog tmk="tmk-1" order={order()} opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Shipping Label' });
    await user.click(await within(dialog).findByRole('button', { name: 'Create Shipping Label' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LABEL_ERRORS_APOLOGY);
  });

  it('shows the no-carrier message when the store has no carrier account', async () => {
    merchantFetch(() => ({}), false);
    wrap(<CreateShippingLabelDialog tmk="tmk-1" order={order()} opened onClose={() => {}} />);
    expect(await screen.findByText(NO_CARRIER_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Shipping Label' })).toBeNull();
  });
});

describe('SendToPhoneDialog', () => {
  it('masks the number as typed and keeps international numbers', () => {
    expect(maskPhoneInput('6465550199')).toBe('(646) 555-0199');
    expect(maskPhoneInput('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });

  it('refuses an invalid number without sending', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch();
    wrap(<SendToPhoneDialog order={order()} opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Send Directions to Phone' });
    await user.type(within(dialog).getByLabelText(/Phone number/), '555');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText(PHONE_NUMBER_MESSAGE)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).endsWith('/m/v2/sms'))).toBe(false);
  });

  it('sends {number (E.164), order_id} and shows the spec toast with the number', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch((url) =>
      url.endsWith('/m/v2/sms') ? { body: { success: true, to: '+16465550199', message: 'm' } } : undefined,
    );
    const onClose = vi.fn();
    wrap(<SendToPhoneDialog order={order()} opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Send Directions to Phone' });
    expect(within(dialog).getByText('<script>alert(1)</script> {{7*7}}')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Phone number/), '6465550199');
    expect(within(dialog).getByLabelText(/Phone number/)).toHaveValue('(646) 555-0199');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const call = fetch.mock.calls.find(([u]) => String(u).endsWith('/m/v2/sms'));
    expect(JSON.parse(String((call?.[1] as RequestInit | undefined)?.body))).toEqual({
      number: '+16465550199',
      order_id: 'A1',
    });
    expect(await screen.findByText('We have sent directions to +1 (646) 555-0199')).toBeInTheDocument();
  });

  it('shows the failure toast when sending fails', async () => {
    const user = userEvent.setup();
    mockFetch((url) =>
      url.endsWith('/m/v2/sms') ? { status: 409, body: { message: 'provider down' } } : undefined,
    );
    wrap(<SendToPhoneDialog order={order()} opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Send Directions to Phone' });
    await user.type(within(dialog).getByLabelText(/Phone number/), '6465550199');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(MSG.DIRECTIONS_SEND_FAILED)).toBeInTheDocument();
  });
});
