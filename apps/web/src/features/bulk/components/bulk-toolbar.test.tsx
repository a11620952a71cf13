import type { Batch } from '@mc/api';
import { BULK_MSG, bulkAcceptSkippedText, MSG, type OrderTab, transitionError } from '@mc/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { ordersKeys } from '../../../lib/query-keys.ts';
import { mockFetch, sentBody, signIn } from '../../../test/render-app.tsx';
import { useBulkBatch } from '../hooks/use-bulk-batch.ts';
import { useBulkSelection } from '../hooks/use-bulk-selection.ts';
import { BulkRowCheckbox, BulkSelectAll } from './bulk-checkbox.tsx';
import { BulkToolbar } from './bulk-toolbar.tsx';

const IDS = ['A-1', 'A-2', 'A-3', 'A-4'];
const TOTALS = new Map([
  ['A-1', 100.1],
  ['A-2', 20.2],
  ['A-3', 3],
  ['A-4', 0.05],
]);

/** A-3 is already accepted: the domain does not let it be accepted again. */
const ACCEPTABLE = (id: string) => id !== 'A-3';

function Harness({ tab }: { tab: OrderTab }) {
  const bulk = useBulkBatch('tmk-1');
  const selection = useBulkSelection(tab, IDS, bulk.isRunning);
  return (
    <>
      <BulkToolbar selection={selection} bulk={bulk} totals={TOTALS} acceptable={ACCEPTABLE} />
      {selection.enabled ? <BulkSelectAll selection={selection} /> : null}
      {selection.enabled
        ? IDS.map((id) => <BulkRowCheckbox key={id} selection={selection} orderId={id} />)
        : null}
    </>
  );
}

function renderHarness(tab: OrderTab = 'active') {
  queryClient.clear();
  const ui = (t: OrderTab) => (
    <Providers queryClient={queryClient} env="test">
      <Harness tab={t} />
    </Providers>
  );
  const utils = render(ui(tab));
  return { ...utils, setTab: (t: OrderTab) => utils.rerender(ui(t)) };
}

function batch(overrides: Partial<Batch> = {}): Batch {
  return {
    batch_id: 'b-1',
    kind: 'accept',
    state: 'done',
    report_types: [],
    total_count: 3,
    completed_count: 3,
    error_count: 0,
    order_accepted_count: 3,
    order_rejected_count: 0,
    failures: [],
    batch_pdf_urls: { packingslip: null, receipt: null, picklist: null, download: null },
    created_at: new Date().toISOString(),
    finished_at: new Date().toISOString(),
    ...overrides,
  };
}

const select = async (user: ReturnType<typeof userEvent.setup>, ...ids: string[]) => {
  for (const id of ids) await user.click(screen.getByRole('checkbox', { name: `Select order ${id}` }));
};

let clicks: string[];
beforeEach(() => {
  signIn();
  clicks = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(this.getAttribute('href') ?? '');
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('bulk selection', () => {
  it('selects rows one by one or all loaded rows, and resets on a tab change', async () => {
    mockFetch();
    const user = userEvent.setup();
    const { setTab } = renderHarness();
    expect(screen.getByText('Select orders for bulk tools')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
    await select(user, 'A-1', 'A-3');
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all loaded orders' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select all loaded orders' }));
    expect(screen.getByText('4 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all loaded orders' }));
    expect(screen.getByText('Select orders for bulk tools')).toBeInTheDocument();
    await select(user, 'A-2');
    setTab('on_hold');
    expect(screen.queryByRole('toolbar', { name: 'Bulk tools' })).not.toBeInTheDocument();
    setTab('active');
    expect(screen.getByText('Select orders for bulk tools')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select order A-2' })).not.toBeChecked();
  });
});

describe('bulk accept', () => {
  it('asks first with the count and the total, focus on Cancel; Cancel charges nothing', async () => {
    const fetch = mockFetch((url) => (url.endsWith('/orders/bulk/accept') ? { body: batch() } : undefined));
    const user = userEvent.setup();
    renderHarness();
    await select(user, 'A-1', 'A-2', 'A-4');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', {
      name: "Accept 3 orders and charge the customers' cards?",
    });
    expect(dialog).toHaveTextContent('The 3 selected orders total $120.35.');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    // Enter on the focused button cancels: nothing is sent.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch.mock.calls.some(([u]) => String(u).endsWith('/orders/bulk/accept'))).toBe(false);
  });

  it('sends the selected orders and shows the counts message', async () => {
    const fetch = mockFetch((url) => (url.endsWith('/orders/bulk/accept') ? { body: batch() } : undefined));
    const user = userEvent.setup();
    renderHarness();
    await select(user, 'A-1', 'A-2', 'A-4');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(await screen.findByRole('button', { name: 'Accept and charge 3 orders' }));
    expect(await screen.findByText(MSG.BULK_ACCEPTED)).toBeInTheDocument();
    expect(sentBody(fetch, '/m/v2/merchant/tmk-1/orders/bulk/accept')).toEqual({
      orders: ['A-1', 'A-2', 'A-4'].map((id) => ({ id, status: 'MERCHANT_ACCEPTED' })),
    });
  });

  it('lists which orders were not accepted and why', async () => {
    mockFetch((url) =>
      url.endsWith('/orders/bulk/accept')
        ? {
            body: batch({
              completed_count: 1,
              error_count: 1,
              order_accepted_count: 1,
              order_rejected_count: 1,
              total_count: 2,
              failures: [{ id: 'A-2', message: BULK_MSG.PAYMENT_DECLINED }],
            }),
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderHarness();
    await select(user, 'A-1', 'A-2');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(await screen.findByRole('button', { name: 'Accept and charge 2 orders' }));
    expect(await screen.findByText(MSG.BULK_ACCEPT_PARTIAL)).toBeInTheDocument();
    const alert = screen
      .getByText('1 of 2 orders were not accepted')
      .closest('[role="alert"]') as HTMLElement;
    expect(alert).toBeInTheDocument();
    expect(within(alert).getByText('A-2')).toBeInTheDocument();
    expect(alert).toHaveTextContent(BULK_MSG.PAYMENT_DECLINED);
  });

  it('accepts only the selected orders that can be accepted, and says how many it leaves out', async () => {
    const fetch = mockFetch((url) => (url.endsWith('/orders/bulk/accept') ? { body: batch() } : undefined));
    const user = userEvent.setup();
    renderHarness();
    await select(user, 'A-3');
    // only an order that cannot be accepted: nothing to accept (printing and the CSV still apply)
    expect(screen.getByRole('button', { name: 'Accept 0 of 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^CSV/ })).toBeEnabled();
    await select(user, 'A-1', 'A-2');
    const accept = screen.getByRole('button', { name: 'Accept 2 of 3' });
    expect(accept).toHaveAccessibleDescription(bulkAcceptSkippedText(1));
    await user.click(accept);
    await user.click(await screen.findByRole('button', { name: 'Accept and charge 2 orders' }));
    expect(await screen.findByText(MSG.BULK_ACCEPTED)).toBeInTheDocument();
    expect(sentBody(fetch, '/m/v2/merchant/tmk-1/orders/bulk/accept')).toEqual({
      orders: ['A-1', 'A-2'].map((id) => ({ id, status: 'MERCHANT_ACCEPTED' })),
    });
  });

  it('words a refused transition as a sentence', async () => {
    mockFetch((url) =>
      url.endsWith('/orders/bulk/accept')
        ? {
            body: batch({
              completed_count: 0,
              error_count: 1,
              order_accepted_count: 0,
              order_rejected_count: 1,
              total_count: 1,
              failures: [{ id: 'A-2', message: transitionError('MERCHANT_ACCEPTED', 'MERCHANT_ACCEPTED') }],
            }),
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderHarness();
    await select(user, 'A-2');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(await screen.findByRole('button', { name: 'Accept and charge 1 order' }));
    const alert = (await screen.findByText('1 of 1 orders were not accepted')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(alert).toHaveTextContent('A-2: Already accepted.');
    expect(alert).not.toHaveTextContent('MERCHANT_ACCEPTED');
  });

  it('shows the error message when the request fails', async () => {
    mockFetch((url) =>
      url.endsWith('/orders/bulk/accept') ? { status: 500, body: { message: 'boom' } } : undefined,
    );
    const user = userEvent.setup();
    renderHarness();
    await select(user, 'A-1');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(await screen.findByRole('button', { name: 'Accept and charge 1 order' }));
    expect(await screen.findByText(MSG.BULK_ACCEPT_ERROR)).toBeInTheDocument();
  });
});

describe('bulk downloads', () => {
  it('polls each second, locks the checkboxes meanwhile, then downloads the file', async () => {
    let polls = 0;
    const running = batch({ kind: 'details', state: 'running', completed_count: 0, order_accepted_count: 0 });
    const done = batch({
      kind: 'details',
      order_accepted_count: 0,
      batch_pdf_urls: { packingslip: null, receipt: null, picklist: null, download: '/files/csv?sig' },
    });
    mockFetch((url) => {
      if (url.endsWith('/orders/batch/details')) return { body: running };
      if (url.endsWith('/batches/b-1')) return { body: ++polls >= 2 ? done : running };
      return undefined;
    });
    const user = userEvent.setup();
    renderHarness();
    await select(user, 'A-1', 'A-2', 'A-3');
    // The toolbar says "CSV"; its accessible name starts with that label and says what it downloads.
    const csv = screen.getByRole('button', { name: "CSV: download the selected orders' details" });
    expect(csv).toHaveTextContent(/^CSV$/);
    expect(csv).toHaveAttribute('title', "Download the selected orders' details as a CSV file");
    await user.click(csv);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Select order A-1' })).toBeDisabled());
    expect(screen.getByRole('checkbox', { name: 'Select all loaded orders' })).toBeDisabled();
    // A second download while this one runs
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Receipts' }));
    expect(
      await screen.findByText(/^Previous download in progress, please try after \d+ second\(s\)\.$/),
    ).toBeInTheDocument();
    expect(await screen.findByText(MSG.BULK_DETAILS_SUCCESS, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(clicks).toEqual(['/files/csv?sig']);
    expect(polls).toBe(2);
    expect(screen.getByRole('checkbox', { name: 'Select order A-1' })).toBeEnabled();
  });

  it('reports: the print option picks the report types and the file', async () => {
    const fetch = mockFetch((url) =>
      url.endsWith('/orders/batch/reports')
        ? {
            body: batch({
              kind: 'reports',
              report_types: ['packingslip'],
              order_accepted_count: 0,
              batch_pdf_urls: {
                packingslip: '/files/packingslip?s',
                receipt: '/files/receipt?s',
                picklist: null,
                download: '/files/zip?s',
              },
            }),
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderHarness();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await select(user, 'A-1');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Packing slips' }));
    expect(await screen.findByText(MSG.BULK_REPORTS_SUCCESS)).toBeInTheDocument();
    // The slips marked the orders printed: the list reloads to show 'Printed' (docs/decisions/0085).
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ordersKeys.all('tmk-1') });
    expect(sentBody(fetch, '/orders/batch/reports')).toEqual({
      order_keys: ['A-1'],
      report_types: ['packingslip'],
    });
    expect(clicks).toEqual(['/files/packingslip?s']);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await user.click(await screen.findByRole('menuitem', { name: /^All/ }));
    await waitFor(() => expect(clicks).toEqual(['/files/packingslip?s', '/files/zip?s']));
    expect(sentBody(fetch, '/orders/batch/reports')).toEqual({
      order_keys: ['A-1'],
      report_types: ['packingslip'],
    });
  });

  it('Print → Pick list asks for the picklist report alone and saves the pick list PDF', async () => {
    const fetch = mockFetch((url) =>
      url.endsWith('/orders/batch/reports')
        ? {
            body: batch({
              kind: 'reports',
              report_types: ['picklist'],
              order_accepted_count: 0,
              batch_pdf_urls: {
                packingslip: null,
                receipt: null,
                picklist: '/files/picklist?s',
                download: '/files/zip?s',
              },
            }),
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderHarness();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await select(user, 'A-1', 'A-3');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'All (receipts and packing slips)',
      'Receipts',
      'Packing slips',
      'Pick list',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Pick list' }));
    expect(await screen.findByText(MSG.BULK_REPORTS_SUCCESS)).toBeInTheDocument();
    expect(sentBody(fetch, '/orders/batch/reports')).toEqual({
      order_keys: ['A-1', 'A-3'],
      report_types: ['picklist'],
    });
    expect(clicks).toEqual(['/files/picklist?s']);
    // A pick list marks nothing printed: the orders list is not reloaded for it.
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: ordersKeys.all('tmk-1') });
  });

  it('after 20 polls says the file will come by email', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    mockFetch((url) => {
      if (url.endsWith('/orders/batch/reports'))
        return {
          body: batch({ kind: 'reports', state: 'queued', completed_count: 0, order_accepted_count: 0 }),
        };
      if (url.endsWith('/batches/b-1')) {
        polls += 1;
        return {
          body: batch({ kind: 'reports', state: 'running', completed_count: 0, order_accepted_count: 0 }),
        };
      }
      return undefined;
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderHarness();
    await select(user, 'A-1');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await user.click(await screen.findByRole('menuitem', { name: /^All/ }));
    for (let i = 0; i < 25; i++) await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText(MSG.BULK_TAKING_LONGER)).toBeInTheDocument();
    expect(polls).toBe(20);
    expect(clicks).toEqual([]);
  });

  it('a refused start shows the server message (another download running)', async () => {
    mockFetch((url) =>
      url.endsWith('/orders/batch/details')
        ? { status: 409, body: { message: 'Previous download in progress, please try after 12 second(s).' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderHarness();
    await select(user, 'A-1');
    await user.click(screen.getByRole('button', { name: "CSV: download the selected orders' details" }));
    expect(
      await screen.findByText('Previous download in progress, please try after 12 second(s).'),
    ).toBeInTheDocument();
  });
});
