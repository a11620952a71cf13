/**
 * Alerts on the profile page in Chromium, end to end against the real server (its worker runs the alert
 * queue; texts and emails land in the sandbox outbox): a mobile number is confirmed with the code texted to
 * it, text and email are chosen for new orders, and a new order from the marketplace then reaches that
 * number and that address. The section passes axe at 1440 and 390 px; the Company page's "Unanswered
 * orders" is saved by the owner.
 */
import type { Page } from 'playwright-core';
import {
  DEMO,
  login,
  type OutboxMessage,
  placeMarketplaceOrder,
  readOutbox,
  seriousA11yViolations,
} from './fixtures.ts';
import { describe, expect, it } from './test.ts';

const NUMBER = '+16465550142';

async function axeClean(page: Page, where: string) {
  expect(await seriousA11yViolations(page), where).toEqual([]);
}

const texts = async (baseUrl: string, to: string): Promise<OutboxMessage[]> =>
  (await readOutbox(baseUrl)).filter((m) => m.kind === 'sms' && m.to === to);

describe('alerts to staff', () => {
  it('the owner confirms a mobile number, chooses text and email for new orders, and is alerted of one', async ({
    server,
    open,
  }) => {
    const { page } = await open();
    await login(page, DEMO.owner);
    await page.goto('/settings/profile');
    const alerts = page.getByRole('region', { name: 'Alerts' });
    await alerts.getByRole('heading', { name: 'Alerts' }).waitFor();
    await alerts.getByText('No mobile number is confirmed yet').waitFor();
    await axeClean(page, 'profile with Alerts, 1440');
    // Text is not offered before a number is confirmed.
    expect(await alerts.getByRole('checkbox', { name: 'New order by text' }).isDisabled()).toBe(true);

    await alerts.getByRole('textbox', { name: 'Mobile number' }).fill('(646) 555-0142');
    await alerts.getByRole('button', { name: 'Text me a code' }).click();
    await expect.poll(async () => (await texts(server.baseUrl, NUMBER)).length, { timeout: 10_000 }).toBe(1);
    const code = /(\d{6})/.exec((await texts(server.baseUrl, NUMBER))[0]?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await alerts.getByRole('textbox', { name: `Code texted to ${NUMBER}` }).fill(code);
    await alerts.getByRole('button', { name: 'Confirm number' }).click();
    await alerts.getByText(`Texts go to ${NUMBER}.`).waitFor();

    await alerts.getByRole('checkbox', { name: 'New order by text' }).check();
    await alerts.getByRole('checkbox', { name: 'New order by email' }).check();
    // Whatever the demo store's hours at the time the test runs.
    await alerts.getByRole('switch', { name: /Only while the store is open/ }).uncheck();
    await alerts.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Your alert settings are saved.').first().waitFor();

    const id = await placeMarketplaceOrder(server.baseUrl, { name: ['Alert', 'Tester'] });
    await expect
      .poll(
        async () =>
          (await texts(server.baseUrl, NUMBER)).some((m) => m.text.includes(`new order ${id} from`)),
        {
          timeout: 30_000,
          interval: 250,
        },
      )
      .toBe(true);
    await expect
      .poll(
        async () =>
          (await readOutbox(server.baseUrl)).some(
            (m) => m.kind === 'email' && m.to === DEMO.owner && m.subject?.includes(`New order ${id}`),
          ),
        { timeout: 10_000, interval: 250 },
      )
      .toBe(true);
  });

  it('the Alerts section passes axe on a phone; the owner sets the escalation of unanswered orders', async ({
    open,
  }) => {
    const phone = await open({ width: 390, height: 844 });
    await login(phone.page, DEMO.owner);
    await phone.page.goto('/settings/profile');
    await phone.page.getByRole('region', { name: 'Alerts' }).getByRole('table').waitFor();
    await axeClean(phone.page, 'profile with Alerts, 390');

    const { page } = await open();
    await login(page, DEMO.owner);
    await page.goto('/settings/company');
    const form = page.getByRole('form', { name: 'Unanswered orders' });
    await form.getByRole('switch', { name: 'Alert when an order is not accepted in time' }).check();
    await form.getByRole('textbox', { name: 'Minutes after the order arrives' }).fill('15');
    await form.getByRole('radio', { name: 'Owners and managers' }).check();
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('The escalation of unanswered orders is saved.').first().waitFor();
    await axeClean(page, 'company with Unanswered orders, 1440');
    await page.reload();
    await expect
      .poll(() => form.getByRole('textbox', { name: 'Minutes after the order arrives' }).inputValue())
      .toBe('15');
  });
});
