import type { Batch } from '@mc/api';
import { BULK_MSG, transitionError } from '@mc/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { mockFetch, signIn, stubPhoneWidth } from '../../../test/render-app.tsx';
import { RecentBatches } from './recent-batches.tsx';

function batch(overrides: Partial<Batch> = {}): Batch {
  return {
    batch_id: 'b-1',
    kind: 'reports',
    state: 'done',
    report_types: ['receipt', 'packingslip'],
    total_count: 2,
    completed_count: 2,
    error_count: 0,
    order_accepted_count: 0,
    order_rejected_count: 0,
    failures: [],
    batch_pdf_urls: { packingslip: null, receipt: null, picklist: null, download: null },
    created_at: '2025-06-12T19:04:00.000Z',
    finished_at: null,
    ...overrides,
  };
}

function renderPanel() {
  queryClient.clear();
  return render(
    <Providers queryClient={queryClient} env="test">
      <RecentBatches tmk="tmk-1" timezone="America/New_York" />
    </Providers>,
  );
}

beforeEach(() => signIn());
afterEach(() => vi.restoreAllMocks());

describe('recent bulk batches', () => {
  it('after a reload shows the running batch, polls it each second, then its files', async () => {
    let calls = 0;
    const running = batch({ state: 'running', completed_count: 1 });
    const done = batch({
      finished_at: '2025-06-12T19:05:00.000Z',
      batch_pdf_urls: {
        packingslip: '/files/packingslip?s',
        receipt: '/files/receipt?s',
        picklist: '/files/picklist?s',
        download: '/files/zip?s',
      },
    });
    const accept = batch({
      batch_id: 'b-0',
      kind: 'accept',
      report_types: [],
      total_count: 3,
      completed_count: 2,
      error_count: 1,
      order_accepted_count: 2,
      order_rejected_count: 1,
      failures: [{ id: 'QX7-1', message: BULK_MSG.PAYMENT_DECLINED }],
    });
    const fetch = mockFetch((url) =>
      url.endsWith('/batches') ? { body: { items: [++calls >= 3 ? done : running, accept] } } : undefined,
    );
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Recent bulk batches' });
    expect(within(panel).getByText('Reports (receipts, packing slips) · 2 orders')).toBeInTheDocument();
    // The newest and the running ones first; the others behind 'Show 1 more'.
    expect(within(panel).queryByText('Accept · 3 orders')).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Show 1 more' }));
    expect(within(panel).getByText('Accept · 3 orders')).toBeInTheDocument();
    expect(within(panel).getByText('Running: 1 of 2')).toBeInTheDocument();
    expect(within(panel).getByRole('progressbar', { name: '1 of 2 orders processed' })).toBeInTheDocument();
    expect(within(panel).getAllByText('06/12/2025 3:04 PM')).toHaveLength(2);
    // The finished accept names each order that failed and why.
    expect(within(panel).getByText('Done: 1 failed')).toBeInTheDocument();
    expect(within(panel).getByText('QX7-1')).toBeInTheDocument();
    expect(panel).toHaveTextContent(`QX7-1: ${BULK_MSG.PAYMENT_DECLINED}`);
    // Polled while running, then the links.
    const link = await within(panel).findByRole('link', { name: 'Packing slips' }, { timeout: 4000 });
    expect(link).toHaveAttribute('href', '/files/packingslip?s');
    expect(within(panel).getByRole('link', { name: 'Receipts' })).toHaveAttribute('href', '/files/receipt?s');
    expect(within(panel).getByRole('link', { name: 'Pick list' })).toHaveAttribute(
      'href',
      '/files/picklist?s',
    );
    expect(within(panel).getByRole('link', { name: 'All (zip)' })).toHaveAttribute('href', '/files/zip?s');
    expect(within(panel).getByText('Done')).toBeInTheDocument();
    const polls = fetch.mock.calls.filter(([u]) => String(u).endsWith('/m/v2/merchant/tmk-1/batches'));
    expect(polls.length).toBe(3);
    // Nothing runs any more: no further polls.
    await new Promise((r) => setTimeout(r, 1500));
    expect(fetch.mock.calls.filter(([u]) => String(u).endsWith('/batches')).length).toBe(3);
  });

  it('shows nothing when the store has no recent batch', async () => {
    const fetch = mockFetch((url) => (url.endsWith('/batches') ? { body: { items: [] } } : undefined));
    renderPanel();
    await new Promise((r) => setTimeout(r, 100));
    expect(fetch).toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Recent bulk batches' })).not.toBeInTheDocument();
  });

  it('words a refused transition stored by an older server as a sentence', async () => {
    const accept = batch({
      kind: 'accept',
      report_types: [],
      total_count: 1,
      completed_count: 0,
      error_count: 1,
      order_rejected_count: 1,
      failures: [{ id: 'QX7-2', message: transitionError('MERCHANT_ACCEPTED', 'MERCHANT_ACCEPTED') }],
    });
    mockFetch((url) => (url.endsWith('/batches') ? { body: { items: [accept] } } : undefined));
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Recent bulk batches' });
    expect(await within(panel).findByText(/Already accepted\./)).toBeInTheDocument();
    expect(panel).toHaveTextContent('QX7-2: Already accepted.');
    expect(panel).not.toHaveTextContent('MERCHANT_ACCEPTED');
  });

  it('is folded behind its title on a phone', async () => {
    stubPhoneWidth();
    mockFetch((url) =>
      url.endsWith('/batches')
        ? { body: { items: [batch({ state: 'running', completed_count: 1 }), batch({ batch_id: 'b-2' })] } }
        : undefined,
    );
    renderPanel();
    const panel = await screen.findByRole('region', { name: /Recent bulk batches/ });
    const fold = within(panel).getByRole('button', { name: 'Recent bulk batches (2) · 1 running' });
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    expect(within(panel).queryByText('Reports (receipts, packing slips) · 2 orders')).not.toBeVisible();
    await userEvent.click(fold);
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getAllByText('Reports (receipts, packing slips) · 2 orders')[0]).toBeVisible();
  });
});
