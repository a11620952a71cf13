import { statusBadge } from '@mc/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exampleOrder } from '../../test/orders.ts';
import { mockFetch, renderApp, signIn } from '../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the order page', () => {
  it.each([
    ['PAYMENT_APPROVED', null, 'payment approved'],
    ['SUBMITTED', null, 'new'],
    ['SUBMITTED', '2025-06-12T16:05:00Z', 'Printed'],
    ['MERCHANT_ACCEPTED', null, 'accepted'],
  ] as const)('names a %s order (printed %s) as the list does: %s', async (status, printed, label) => {
    const order = exampleOrder({ id: 'ABC1234-XYZ-99', status, printed_timestamp: printed });
    mockFetch((url) => (url.endsWith('/m/v2/orders/ABC1234-XYZ-99') ? { body: order } : undefined));
    signIn();
    renderApp('/orders/view/ABC1234-XYZ-99');
    const heading = await screen.findByRole('heading', { name: 'Order ABC1234-XYZ-99' });
    const badge = within(heading.parentElement as HTMLElement).getByText(label);
    expect(badge.closest('.mantine-Badge-root')?.textContent).toBe(`Status: ${label}`);
    expect(statusBadge(status, printed).label).toBe(label);
  });
});
