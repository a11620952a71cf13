/**
 * The owner's developer tools on /developers: API keys (made with scopes, the key shown once, revoked) and
 * webhook endpoints (added with the secret shown once, tested, rotated, their delivery log replayed);
 * anyone else sees the reference alone.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, renderApp, signIn, signOut } from '../../test/render-app.tsx';

const TMK = 'tmk-own-42';
const BASE = `/m/v2/merchant/${TMK}`;
const KEY = 'mck_0123456789abcdefghijABCDEFGHIJ0123456789abc';
const SECRET = 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0';

const apiKey = {
  id: '0b0c6f6e-4a51-4a39-9d1e-3f1f0c0a0001',
  name: 'POS',
  scopes: ['orders.read'],
  prefix: 'mck_012345',
  created_at: '2026-11-20T15:00:00.000Z',
  last_used_at: null,
};
const endpoint = {
  id: '7d8a1e2b-6f00-4c6e-9a65-0b4b0d1e0002',
  url: 'https://erp.example.com/hooks',
  events: ['order.accepted'],
  description: 'ERP',
  application_ref: null,
  include_customer_contact: false,
  status: 'enabled',
  disabled_reason: null,
  created_at: '2026-11-20T15:00:00.000Z',
};
const delivery = {
  id: '5c7d2f11-1b7a-4a4e-8c0b-4d5e6f700003',
  event_id: 'evt_1',
  event_type: 'order.accepted',
  attempt: 2,
  at: '2026-11-21T10:00:00.000Z',
  status_code: 500,
  duration_ms: 31,
  response_body: 'upstream down',
  error: null,
};

function owner(roles = ['merch.owner']) {
  return mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (/\/a\/v2\/users\/[^/]+$/.test(url))
      return {
        body: { id: 'user-1', email: 'o@demo.test', first_name: 'O', last_name: 'W', userRoles: roles },
      };
    if (url.endsWith(`${BASE}/api_keys`) && method === 'GET') return { body: { items: [apiKey] } };
    if (url.endsWith(`${BASE}/api_keys`) && method === 'POST')
      return {
        status: 201,
        body: { ...apiKey, id: '0b0c6f6e-4a51-4a39-9d1e-3f1f0c0a0009', name: 'ERP', key: KEY },
      };
    if (url.endsWith(`${BASE}/api_keys/${apiKey.id}`) && method === 'DELETE')
      return { body: { success: true } };
    if (url.endsWith(`${BASE}/webhooks`) && method === 'GET') return { body: { items: [endpoint] } };
    if (url.endsWith(`${BASE}/webhooks`) && method === 'POST')
      return { status: 201, body: { ...endpoint, secret: SECRET } };
    if (url.endsWith(`/webhooks/${endpoint.id}/rotate_secret`))
      return { body: { ...endpoint, secret: `${SECRET}2` } };
    if (url.endsWith(`/webhooks/${endpoint.id}/deliveries`)) return { body: { items: [delivery] } };
    if (url.endsWith(`/deliveries/${delivery.id}/replay`) || url.endsWith(`/webhooks/${endpoint.id}/test`))
      return { status: 202, body: { event_id: 'evt_1', queued: true } };
    return undefined;
  });
}

/** The JSON body of the one POST to a URL ending with `suffix`. */
const posted = (fetch: ReturnType<typeof owner>, suffix: string) =>
  JSON.parse(String((calls(fetch, 'POST', suffix)[0]?.[1] as RequestInit | undefined)?.body ?? 'null'));

const calls = (fetch: ReturnType<typeof owner>, method: string, suffix: string) =>
  fetch.mock.calls.filter(
    ([u, i]) => String(u).endsWith(suffix) && ((i as RequestInit)?.method ?? 'GET') === method,
  );

describe('/developers: the owner’s API keys and webhooks', () => {
  beforeEach(() => signIn(TMK));
  afterEach(() => signOut());

  it('makes a key with the chosen scopes, shows it once, and revokes a key', async () => {
    const fetch = owner();
    const user = userEvent.setup();
    renderApp('/developers/api-keys');
    expect(
      await screen.findByRole('tab', { name: 'API keys', selected: true }, { timeout: 8000 }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('POS')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('form', { name: 'Create an API key' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'ERP');
    await user.click(within(form).getByRole('checkbox', { name: /Change orders/ }));
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('secret-once')).toHaveTextContent(KEY);
    expect(posted(fetch, `${BASE}/api_keys`)).toEqual({
      name: 'ERP',
      scopes: ['orders.read', 'orders.write'],
    });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('secret-once')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Revoke POS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls(fetch, 'DELETE', `${BASE}/api_keys/${apiKey.id}`)).toHaveLength(1));
  });

  it('adds an endpoint (secret once), sends a test, shows the log, replays and rotates', async () => {
    const fetch = owner();
    const user = userEvent.setup();
    renderApp('/developers/webhooks');
    expect(await screen.findByText(endpoint.url, {}, { timeout: 8000 })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByRole('form', { name: 'Add an endpoint' });
    await user.type(
      within(form).getByRole('textbox', { name: /Endpoint URL/ }),
      'https://shop.example.com/h',
    );
    await user.click(within(form).getByRole('checkbox', { name: /Order cancelled/ }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByTestId('secret-once')).toHaveTextContent(SECRET);
    expect(posted(fetch, `${BASE}/webhooks`)).toEqual({
      url: 'https://shop.example.com/h',
      events: ['order.created', 'order.accepted', 'order.shipped', 'order.delivered', 'order.cancelled'],
      include_customer_contact: false,
    });
    await user.click(screen.getByRole('button', { name: 'Done' }));

    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    const log = await screen.findByRole('table', { name: `Deliveries to ${endpoint.url}` });
    expect(calls(fetch, 'POST', `/webhooks/${endpoint.id}/test`)).toHaveLength(1);
    expect(within(log).getByText('500')).toBeInTheDocument();
    expect(within(log).getByText('upstream down')).toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: /Replay Order accepted evt_1/ }));
    await waitFor(() => expect(calls(fetch, 'POST', `/deliveries/${delivery.id}/replay`)).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate signing secret' });
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByTestId('secret-once')).toHaveTextContent(`${SECRET}2`);
  });

  it('shows a manager the reference alone, even at the keys address', async () => {
    const fetch = owner(['merch.manager']);
    renderApp('/developers/api-keys');
    expect(await screen.findByTestId('developer-tmk', {}, { timeout: 8000 })).toHaveTextContent(TMK);
    expect(screen.getByTitle('Merchant API documentation')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(calls(fetch, 'GET', `${BASE}/api_keys`)).toHaveLength(0);
  });
});
