/**
 * The owner's developer tools in Chromium, end to end against the real server: an API key made on the
 * Developers page reads orders and is refused a write without `orders.write`, and once revoked on the page
 * it is refused everywhere; a webhook endpoint added on the page (a local receiver, each delivery checked
 * with the `standardwebhooks` library) gets `order.accepted` within 2 s of an accept made in the console,
 * and its delivery log's Replay sends the same event again (same `webhook-id`). Both tabs pass axe at 1440
 * and 390 px. A manager sees neither tab.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { DEMO, login, placeMarketplaceOrder, seriousA11yViolations, type TestServer } from './fixtures.ts';
import { test as base, describe, expect } from './test.ts';

interface Delivery {
  id: string;
  type: string;
  orderId: string | undefined;
  verified: boolean;
  at: number;
}

interface Receiver {
  url: string;
  secret: string;
  deliveries: Delivery[];
  close: () => Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const r: Receiver = { url: '', secret: '', deliveries: [], close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      let verified = false;
      try {
        new Webhook(r.secret).verify(body, req.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      const event = JSON.parse(body) as { type: string; data?: { order?: { id?: string } } };
      r.deliveries.push({
        id: String(req.headers['webhook-id']),
        type: event.type,
        orderId: event.data?.order?.id,
        verified,
        at: Date.now(),
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/orders-hook`;
  r.close = () => new Promise((resolve) => server.close(() => resolve()));
  return r;
}

const it = base.extend(
  'receiver',
  { scope: 'file' },
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its destructuring
  async ({}, { onCleanup }): Promise<Receiver> => {
    const r = await startReceiver();
    onCleanup(() => r.close());
    return r;
  },
);

// The receiver is on this machine: a private address, which only WEBHOOK_ALLOW_PRIVATE lets through.
it.override('serverEnv', { scope: 'file' }, { WEBHOOK_ALLOW_PRIVATE: '1' });

async function api(server: TestServer, path: string, key: string, init: RequestInit = {}) {
  return fetch(`${server.baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers },
  });
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

async function axeClean(page: Page, where: string) {
  expect(await seriousA11yViolations(page), where).toEqual([]);
}

describe('the Developers page of a store owner', () => {
  it('an API key: made with a scope, shown once, reads orders, refused a write, revoked', async ({
    server,
    open,
  }) => {
    const { page } = await open();
    await login(page, DEMO.owner);
    await page.goto('/developers/api-keys');
    await page.getByRole('tab', { name: 'API keys', selected: true }).waitFor();
    await axeClean(page, 'API keys, 1440');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const form = page.getByRole('form', { name: 'Create an API key' });
    await form.getByRole('textbox', { name: /Name/ }).fill('E2E POS');
    await form.getByRole('button', { name: 'Create key' }).click();
    const secret = page.getByTestId('secret-once');
    await secret.waitFor();
    const key = (await secret.textContent())?.trim() ?? '';
    expect(key).toMatch(/^mck_[0-9A-Za-z]{43}$/);
    await page.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row', { name: /E2E POS/ });
    await row.waitFor();

    const list = await api(server, '/m/v2/merchant/demo-wine-spirits/orders/optimized', key);
    expect(list.status).toBe(200);
    const orderId = await placeMarketplaceOrder(server.baseUrl, { name: ['Key', 'Write'] });
    const write = await api(server, `/m/v2/orders/${orderId}`, key, {
      method: 'PUT',
      body: JSON.stringify({ status: 'MERCHANT_ACCEPTED' }),
    });
    expect(write.status).toBe(403);

    await row.getByRole('button', { name: 'Revoke E2E POS' }).click();
    await dialog(page, 'Revoke API key').getByRole('button', { name: 'Revoke' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await api(server, '/m/v2/merchant/demo-wine-spirits/orders/optimized', key)).status).toBe(401);
  });

  it('a webhook endpoint: added, gets order.accepted within 2 s of an accept, replayed', async ({
    server,
    open,
    receiver,
  }) => {
    const { page } = await open();
    await login(page, DEMO.owner);
    await page.goto('/developers/webhooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('form', { name: 'Add an endpoint' });
    await form.getByRole('textbox', { name: /Endpoint URL/ }).fill(receiver.url);
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = page.getByTestId('secret-once');
    await secret.waitFor();
    receiver.secret = (await secret.textContent())?.trim() ?? '';
    expect(receiver.secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText(receiver.url).waitFor();
    await axeClean(page, 'Webhooks, 1440');

    const id = await placeMarketplaceOrder(server.baseUrl, { name: ['Hook', 'Accept'] });
    await page.goto('/orders/active');
    const row = page.getByRole('row', { name: new RegExp(id) });
    await row.getByRole('button', { name: `Accept order ${id}` }).click();
    await dialog(page, 'Accept & Confirm').getByRole('button', { name: 'Accept & Confirm' }).click();
    await toast(page, 'Order was updated successfully!');
    const acceptedAt = Date.now();
    await expect
      .poll(() => receiver.deliveries.find((d) => d.type === 'order.accepted' && d.orderId === id), {
        timeout: 10_000,
        interval: 50,
      })
      .toBeTruthy();
    const accepted = receiver.deliveries.find((d) => d.type === 'order.accepted' && d.orderId === id)!;
    expect(accepted.verified).toBe(true);
    expect(accepted.at - acceptedAt).toBeLessThan(2_000);

    await page.goto('/developers/webhooks');
    await page.getByRole('button', { name: 'Show deliveries' }).click();
    const log = page.getByRole('table', { name: `Deliveries to ${receiver.url}` });
    await log.waitFor();
    const before = receiver.deliveries.filter((d) => d.id === accepted.id).length;
    await log
      .getByRole('row', { name: new RegExp(accepted.id) })
      .first()
      .getByRole('button', { name: /^Replay/ })
      .click();
    await expect
      .poll(() => receiver.deliveries.filter((d) => d.id === accepted.id).length, { timeout: 10_000 })
      .toBe(before + 1);
    expect(receiver.deliveries.filter((d) => d.id === accepted.id).every((d) => d.verified)).toBe(true);
  });

  it('both tabs pass axe on a phone; a manager sees the reference alone', async ({ open }) => {
    const phone = await open({ width: 390, height: 844 });
    await login(phone.page, DEMO.owner);
    for (const tab of ['api-keys', 'webhooks']) {
      await phone.page.goto(`/developers/${tab}`);
      await phone.page.getByRole('tab', { selected: true }).waitFor();
      await phone.page.getByRole('heading', { level: 2 }).first().waitFor();
      await axeClean(phone.page, `${tab}, 390`);
    }
    const manager = await open();
    await login(manager.page, DEMO.manager);
    await manager.page.goto('/developers/api-keys');
    await manager.page.getByTestId('developer-tmk').waitFor();
    expect(await manager.page.getByRole('tab').count()).toBe(0);
  });
});
