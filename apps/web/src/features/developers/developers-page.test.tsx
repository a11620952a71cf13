import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, renderApp, signIn, signOut } from '../../test/render-app.tsx';

describe('/developers', () => {
  beforeEach(() => {
    mockFetch();
    signIn('tmk-own-42');
  });
  afterEach(() => signOut());

  it("shows the merchant's own tmk and a curl example of the real sign-in on this host", async () => {
    renderApp('/developers');
    expect(await screen.findByTestId('developer-tmk', {}, { timeout: 8000 })).toHaveTextContent('tmk-own-42');
    expect(screen.getByRole('button', { name: 'Copy merchant key' })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'How to get a token' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const curl = screen.getByTestId('developer-curl');
    const origin = window.location.origin;
    expect(curl).toHaveTextContent(`curl -X POST ${origin}/a/v2/login`);
    expect(curl).toHaveTextContent(`curl ${origin}/m/v2/merchant/tmk-own-42/orders/optimized`);
    expect(curl).toHaveTextContent("-H 'Authorization: Bearer <token>'");
    expect(await screen.findByRole('button', { name: 'Copy curl example' })).toBeInTheDocument();
    expect(screen.getByTitle('Merchant API documentation')).toHaveAttribute('src', '/api-docs');
  });
});
