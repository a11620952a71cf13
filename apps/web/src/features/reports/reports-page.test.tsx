import type { ReportsSummary } from '@mc/api';
import { isoDateInZone, reportPresetRange } from '@mc/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp, signIn, signOut } from '../../test/render-app.tsx';

const OWNER: ReportsSummary = {
  from: '2026-01-01',
  to: '2026-01-03',
  timezone: 'America/New_York',
  orders: 12,
  revenue: 1234.5,
  accepted: 7,
  rejected: 3,
  cancelled: 1,
  median_minutes_to_accept: 25,
  on_time: { rate: 0.75, on_time: 3, late: 1 },
  by_day: [
    { date: '2026-01-01', orders: 5, accepted: 3, rejected: 1, cancelled: 1, revenue: 500 },
    { date: '2026-01-02', orders: 0, accepted: 0, rejected: 0, cancelled: 0, revenue: 0 },
    { date: '2026-01-03', orders: 7, accepted: 4, rejected: 2, cancelled: 0, revenue: 734.5 },
  ],
  by_brand: [{ application_ref: 'caskcrate', name: 'Cask, Crate & "Co"', orders: 12, revenue: 1234.5 }],
  by_delivery_method: [{ delivery_method: 'shipping', label: 'Shipping', orders: 12, revenue: 1234.5 }],
  by_rejection_reason: [
    { reason: 'store_closed', label: 'Store closed', orders: 2 },
    { reason: 'other', label: '=HYPERLINK("http://x")', orders: 1 },
  ],
};

/** What a member gets: the same counts, no revenue anywhere. */
const MEMBER = JSON.parse(JSON.stringify(OWNER).replace(/,"revenue":[\d.]+/g, '')) as ReportsSummary;

let blobs: Blob[] = [];
beforeEach(() => {
  signIn();
  blobs = [];
  URL.createObjectURL = vi.fn((b: Blob) => {
    blobs.push(b);
    return 'blob:report';
  }) as typeof URL.createObjectURL;
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

function setup(body: ReportsSummary) {
  const fetchMock = mockFetch((url) => (url.includes('/reports/summary') ? { body } : undefined));
  renderApp('/reports');
  const summaryCalls = () =>
    fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://x'))
      .filter((u) => u.pathname === '/m/v2/merchant/tmk-1/reports/summary')
      .map((u) => ({ from: u.searchParams.get('from'), to: u.searchParams.get('to') }));
  return { fetchMock, summaryCalls, user: userEvent.setup() };
}

const readBlob = (b: Blob) =>
  new Promise<string>((resolve) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.readAsText(b);
  });

const stat = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).parentElement?.querySelector('dd')?.textContent;

// The first test loads the lazy page and the charts library: slow on a busy machine.
describe('reports page', { timeout: 30_000 }, () => {
  it('shows the headline numbers of the last 30 days and switches the period', async () => {
    const { summaryCalls, user } = setup(OWNER);
    await screen.findByText('Orders', { selector: 'dt' }, { timeout: 10_000 });
    expect(screen.getByRole('heading', { name: 'Reports', level: 1 })).toBeInTheDocument();
    expect(stat('Orders')).toBe('12');
    expect(stat('Revenue')).toBe('$1,234.50');
    expect(stat('Accepted')).toBe('7');
    expect(stat('Median time to accept')).toBe('25m');
    expect(stat('On time')).toBe('75%');
    expect(
      screen.getByText(/ · Days are counted in New York time \(America\/New_York\)$/, { selector: 'p' }),
    ).toBeInTheDocument();
    const today = isoDateInZone(new Date(), 'America/New_York');
    expect(summaryCalls()[0]).toEqual(reportPresetRange(30, today));

    await user.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(summaryCalls().at(-1)).toEqual(reportPresetRange(7, today)));
    await user.click(screen.getByRole('radio', { name: '90 days' }));
    await waitFor(() => expect(summaryCalls().at(-1)).toEqual(reportPresetRange(90, today)));

    // Custom: starts from the period shown; a reversed period is explained and not asked for.
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveValue(reportPresetRange(90, today).from);
    const before = summaryCalls().length;
    fireEvent.change(to, { target: { value: '2026-01-05' } });
    fireEvent.change(from, { target: { value: '2026-01-10' } });
    expect(await screen.findByText('to must not be before from')).toBeInTheDocument();
    expect(summaryCalls().length).toBe(before);
    fireEvent.change(to, { target: { value: '2026-01-31' } });
    await waitFor(() => expect(summaryCalls().at(-1)).toEqual({ from: '2026-01-10', to: '2026-01-31' }));
  });

  it('shows a member no revenue, in the numbers and in the tables', async () => {
    setup(MEMBER);
    await screen.findByText('Orders', { selector: 'dt' }, { timeout: 10_000 });
    expect(stat('Orders')).toBe('12');
    expect(screen.queryByText('Revenue', { selector: 'dt' })).toBeNull();
    expect(screen.queryByText(/revenue/i)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV: Orders per day' }));
    const csv = await readBlob(blobs[0]!);
    expect(csv.split('\r\n')[0]).toBe('Date,Orders,Accepted,Rejected,Cancelled');
  });

  it('gives every chart a table and downloads it as CSV with a header row, neutralised and quoted', async () => {
    const { user } = setup(OWNER);
    const perDay = await screen.findByRole('region', { name: 'Orders per day' }, { timeout: 10_000 });
    // The table alternative is in the page (visually hidden until asked for).
    const table = within(perDay).getByRole('table', { name: 'Orders per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    await user.click(within(perDay).getByRole('button', { name: 'Show table' }));
    expect(within(perDay).getByRole('button', { name: 'Hide table' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    await user.click(within(perDay).getByRole('button', { name: 'Download CSV: Orders per day' }));
    expect(await readBlob(blobs[0]!)).toBe(
      'Date,Orders,Accepted,Rejected,Cancelled,Revenue (USD)\r\n' +
        '2026-01-01,5,3,1,1,500.00\r\n' +
        '2026-01-02,0,0,0,0,0.00\r\n' +
        '2026-01-03,7,4,2,0,734.50\r\n',
    );
    expect(blobs[0]!.type).toMatch(/^text\/csv/);

    const reasons = screen.getByRole('region', { name: 'Rejection reasons' });
    await user.click(within(reasons).getByRole('button', { name: 'Download CSV: Rejection reasons' }));
    expect(await readBlob(blobs[1]!)).toBe(
      'Rejection reason,Orders\r\nStore closed,2\r\n"\'=HYPERLINK(""http://x"")",1\r\n',
    );
    const brands = screen.getByRole('region', { name: 'Orders by brand' });
    await user.click(within(brands).getByRole('button', { name: 'Download CSV: Orders by brand' }));
    expect(await readBlob(blobs[2]!)).toBe(
      'Brand,Orders,Revenue (USD)\r\n"Cask, Crate & ""Co""",12,1234.50\r\n',
    );
  });
});
