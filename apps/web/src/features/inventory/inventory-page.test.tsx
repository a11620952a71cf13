import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp, signIn, signOut } from '../../test/render-app.tsx';

const offering = (
  id: string,
  brand: string,
  line: string,
  price: number,
  extra: Record<string, unknown> = {},
) => ({
  id,
  offering_id: `uuid-${id}`,
  price,
  quantity: 3,
  is_active: true,
  stock_behavior: 'Standard',
  selling_with_provider: true,
  updated_at: '2026-01-01T00:00:00Z',
  product: {
    tpk: `TPK-${id}`,
    product_line: { name: line, brand: { name: brand } },
    container_size: { formatted: '750ml' },
  },
  merchant: { name: 'Demo Wine & Spirits' },
  ...extra,
});

const ITEMS = [
  offering('C-3', 'Casa Serrano', 'Blanco Tequila', 45),
  offering('A-1', 'Agave Luna', 'Cristalino', 120.5, { stock_behavior: 'NextDay' }),
  offering('B-2', 'Old Harbor', 'Rye Whiskey', 9.99, { is_active: false }),
  offering('D-4', 'Zeta', 'No Size', 10, {
    product: {
      tpk: 'TPK-D-4',
      product_line: { name: 'No Size', brand: { name: 'Zeta' } },
      container_size: null,
    },
  }),
];

beforeEach(() => signIn());
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

function setup() {
  const fetchMock = mockFetch((url) => {
    if (url.includes('/offerings')) {
      const selling = decodeURIComponent(url).includes('filter[selling_with_marketplace]=true');
      return {
        body: {
          items: selling ? ITEMS.slice(0, 1) : ITEMS,
          total_rows: ITEMS.length,
          received_at: '2026-01-01T00:00:00Z',
        },
      };
    }
    return undefined;
  });
  renderApp('/inventory');
  return { fetchMock, user: userEvent.setup() };
}

const firstColumn = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]?.textContent);

describe('inventory page', () => {
  it('shows Last Update, every column, AT DISTRIBUTOR, the active check, and the empty-state row', async () => {
    setup();
    expect(
      await screen.findByText(/^Last Update: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (am|pm) \(Local time\)$/),
    ).toBeInTheDocument();
    for (const h of ['Brand', 'Product Name', 'Container Size', 'Price', 'QTY', 'Active', 'Submit Issue']) {
      expect(screen.getByRole('columnheader', { name: h })).toBeInTheDocument();
    }
    expect(screen.getByText('AT DISTRIBUTOR')).toBeInTheDocument();
    expect(screen.getByText('$ 120.50')).toBeInTheDocument();
    expect(screen.getByText('TPK: TPK-C-3')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Active' })).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Inactive' })).toBeInTheDocument();
    expect(screen.getByText('No orders for the current search criteria')).toBeInTheDocument();
    const mail =
      screen.getByRole('link', { name: /Submit Issue for Blanco Tequila/ }).getAttribute('href') ?? '';
    expect(decodeURIComponent(mail)).toContain(
      'subject=Merchant Dashboard Inventory Page - Demo Wine & Spirits (tmk-1)',
    );
  });

  it('sorts client-side by the chosen field; the empty choice keeps the server order', async () => {
    const { user } = setup();
    await screen.findByText('AT DISTRIBUTOR');
    expect(firstColumn()).toEqual([
      'Casa Serrano',
      'Agave Luna',
      'Old Harbor',
      'No orders for the current search criteria',
    ]);
    await user.selectOptions(screen.getByLabelText('Sort By'), 'Brand');
    expect(firstColumn()).toEqual([
      'Agave Luna',
      'Casa Serrano',
      'Old Harbor',
      'No orders for the current search criteria',
    ]);
    await user.selectOptions(screen.getByLabelText('Sort By'), 'Price');
    expect(screen.getAllByText(/^\$ /).map((e) => e.textContent)).toEqual(['$ 9.99', '$ 45.00', '$ 120.50']);
    await user.selectOptions(screen.getByLabelText('Sort By'), 'Select an option');
    expect(firstColumn()[0]).toBe('Casa Serrano');
  });

  it("'Selling with Marketplace' asks the server with filter[selling_with_marketplace]=true", async () => {
    const { user, fetchMock } = setup();
    await screen.findByText('AT DISTRIBUTOR');
    await user.selectOptions(screen.getByLabelText('Filter By'), 'Selling with Marketplace');
    await waitFor(() => expect(screen.getByText('1 items')).toBeInTheDocument());
    const urls = fetchMock.mock.calls.map((c) => decodeURIComponent(String(c[0])));
    expect(
      urls.some((u) => u.includes('/c/v2/merchants/tmk-1/offerings?filter[selling_with_marketplace]=true')),
    ).toBe(true);
  });
});
