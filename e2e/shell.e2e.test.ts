import {
  DEMO,
  DEMO_PASSWORD,
  expectPath,
  login,
  logout,
  pathOf,
  seriousA11yViolations,
  type TestServer,
} from './fixtures.ts';
import { describe, expect, it } from './test.ts';

async function apiLogin(server: TestServer, email: string): Promise<{ token: string; tmk: string }> {
  const res = await fetch(`${server.baseUrl}/a/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { token: string; user: { aux_data: { authorized_merchant: string } } };
  return { token: body.token, tmk: body.user.aux_data.authorized_merchant };
}

describe('route table without a token', () => {
  it.for<[string, string]>([
    ['/', '/login'],
    ['/orders', '/login'],
    ['/orders/active', '/login'],
    ['/orders/view/abc', '/login'],
    ['/inventory', '/login'],
    ['/reports', '/login'],
    ['/settings', '/login'],
    ['/settings/carrier', '/login'],
    ['/developers', '/login'],
    ['/some/unknown/path', '/login'],
    ['/login', '/login'],
    ['/signup', '/signup'],
    ['/forgot', '/forgot'],
    ['/forgot/password-reset/abc', '/forgot/password-reset/abc'],
    ['/terms', '/terms'],
  ])('%s → %s', async ([from, to], { open }) => {
    const s = await open();
    await s.page.goto(from);
    await expectPath(s.page, to);
    await s.page.getByRole('heading', { level: 1 }).first().waitFor();
  });
});

describe('route table with a token', () => {
  it('redirects and shows every logged-in page', async ({ open }) => {
    const s = await open();
    await login(s.page, DEMO.owner);
    const cases: [string, string, string | null][] = [
      ['/', '/orders/active', 'Orders: Active'],
      ['/orders', '/orders/active', 'Orders: Active'],
      ['/orders/on-hold', '/orders/on-hold', 'Orders: On Hold'],
      ['/orders/cancelled', '/orders/cancelled', 'Orders: Cancelled'],
      ['/orders/completed', '/orders/completed', 'Orders: Completed'],
      ['/orders/nonsense', '/orders/active', 'Orders: Active'],
      ['/login', '/orders/active', null],
      ['/signup', '/orders/active', null],
      ['/forgot', '/orders/active', null],
      ['/forgot/password-reset/abc', '/orders/active', null],
      ['/inventory', '/inventory', 'Inventory'],
      ['/reports', '/reports', 'Reports'],
      ['/settings', '/settings/profile', 'Settings'],
      ['/settings/company', '/settings/company', 'Settings'],
      ['/settings/users', '/settings/users', 'Settings'],
      ['/settings/billing', '/settings/billing', 'Settings'],
      ['/settings/carrier', '/settings/carrier', 'Settings'],
      ['/terms', '/terms', 'Merchant Terms and Conditions'],
    ];
    for (const [from, to, heading] of cases) {
      await s.page.goto(from);
      await expectPath(s.page, to);
      if (heading) await s.page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
  });

  it('an unknown path shows the 404 page inside the shell; Go Back Home returns to /', async ({ open }) => {
    const s = await open();
    await login(s.page, DEMO.owner);
    await s.page.goto('/this/does/not/exist');
    await s.page.getByText('Error Code: 404').waitFor();
    await s.page.getByRole('heading', { name: 'Opps! Sorry we could not find the page.' }).waitFor();
    await s.page.getByText('It may have been moved or deleted.').waitFor();
    expect(pathOf(s.page)).toBe('/this/does/not/exist');
    await s.page.getByText(DEMO.merchantName).first().waitFor();
    await s.page.getByRole('link', { name: 'Go Back Home' }).click();
    await expectPath(s.page, '/orders/active');
  });

  it('/developers shows the logo linking to / and the API reference in a full-screen frame', async ({
    server,
    open,
  }) => {
    const s = await open();
    await login(s.page, DEMO.owner);
    const docs = s.page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api-docs'));
    await s.page.goto('/developers');
    const frame = s.page.locator('iframe[title="Merchant API documentation"]');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe('/api-docs');
    expect((await docs).status()).toBeLessThan(400);
    const box = await frame.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(1400);
    expect(box?.height).toBeGreaterThan(700);
    // The merchant's own tmk and how to get a token (docs/decisions/0095)
    const tmk = await s.page.evaluate(() => localStorage.getItem('tmk'));
    expect(await s.page.getByTestId('developer-tmk').innerText()).toBe(tmk);
    await s.page.getByRole('button', { name: 'How to get a token' }).click();
    const curl = await s.page.getByTestId('developer-curl').innerText();
    expect(curl).toContain(`curl -X POST ${server.baseUrl}/a/v2/login`);
    expect(curl).toContain(`${server.baseUrl}/m/v2/merchant/${tmk}/orders/optimized`);
    // The reference offers none of its vendor's buttons that go nowhere here
    const docsFrame = s.page.frameLocator('iframe[title="Merchant API documentation"]');
    await docsFrame.getByRole('heading', { name: 'Merchant API', exact: true }).first().waitFor();
    for (const name of [/ask ai/i, /generate mcp/i, /\bmcp\b/i, /deploy/i]) {
      expect(await docsFrame.getByRole('button', { name }).count(), String(name)).toBe(0);
      expect(await docsFrame.getByRole('link', { name }).count(), String(name)).toBe(0);
      expect(await docsFrame.getByText(name).count(), String(name)).toBe(0);
    }
    await s.page.getByRole('link', { name: /home/ }).first().click();
    await expectPath(s.page, '/orders/active');
  });

  it('a jwt and tmk in the start-up query are stored and stripped from the URL', async ({ server, open }) => {
    const { token, tmk } = await apiLogin(server, DEMO.manager);
    const s = await open();
    await s.page.goto(`/inventory?jwt=${encodeURIComponent(token)}&tmk=${encodeURIComponent(tmk)}`);
    await s.page.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
    expect(new URL(s.page.url()).search).toBe('');
    expect(await s.page.evaluate(() => localStorage.getItem('token'))).toBe(token);
    expect(await s.page.evaluate(() => localStorage.getItem('tmk'))).toBe(tmk);
  });

  it('a token the server refuses (401) clears storage and cookies and goes to /login', async ({ open }) => {
    const s = await open();
    await s.page.goto('/login');
    await s.page.evaluate(() => {
      localStorage.setItem('token', 'not-a-valid-token');
      localStorage.setItem('tmk', 'some-merchant');
      localStorage.setItem('other', 'x');
    });
    await s.page.goto('/inventory');
    await expectPath(s.page, '/login');
    await expect.poll(() => s.page.evaluate(() => localStorage.length)).toBe(0);
  });
});

describe('logged-in shell', () => {
  it('the settings dropdown lists its entries and closes on Escape and outside click', async ({ open }) => {
    const s = await open();
    await login(s.page, DEMO.member);
    // On a quiet page: an outside click on the orders list would open an order.
    await s.page.goto('/reports');
    await s.page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    const trigger = s.page.getByRole('button', { name: 'Settings' });
    await trigger.click();
    const menu = s.page.getByRole('menu');
    await menu.waitFor();
    const items = await s.page.getByRole('menuitem').allTextContents();
    expect(items.map((t) => t.trim())).toEqual([
      'Profile',
      'Company',
      'Users',
      'Billing',
      'Carrier',
      'Developer',
      'Sign Out',
    ]);
    await s.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    await trigger.click();
    await menu.waitFor();
    await s.page.getByRole('heading', { level: 1, name: 'Reports' }).click();
    await menu.waitFor({ state: 'hidden' });

    // Keyboard (WAI-ARIA menu button): Enter opens on the first entry, Escape returns to the button,
    // arrows move, Enter chooses.
    const focused = () => s.page.evaluate(() => document.activeElement?.textContent?.trim());
    await trigger.focus();
    await s.page.keyboard.press('Enter');
    await menu.waitFor();
    await expect.poll(focused).toBe('Profile');
    await s.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(focused).toBe('Settings');
    await s.page.keyboard.press('Enter');
    await menu.waitFor();
    await expect.poll(focused).toBe('Profile');
    await s.page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Company');
    await s.page.keyboard.press('Enter');
    await expectPath(s.page, '/settings/company');
  });

  it('header menu entries, footer and terms link', async ({ open }) => {
    const s = await open();
    await login(s.page, DEMO.owner);
    const nav = s.page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Inventory' }).click();
    await expectPath(s.page, '/inventory');
    await nav.getByRole('link', { name: 'Orders' }).click();
    await expectPath(s.page, '/orders/active');
    await s.page.getByText(`© ${new Date().getFullYear()}`, { exact: false }).waitFor();
    const terms = s.page.getByRole('link', { name: 'Terms of Service' });
    expect(await terms.getAttribute('target')).toBe('_blank');
    const [popup] = await Promise.all([s.context.waitForEvent('page'), terms.click()]);
    await popup.getByRole('heading', { name: 'Merchant Terms and Conditions' }).waitFor();
    await popup.getByText('October 30th, 2023', { exact: false }).waitFor();
    await popup.close();
    await s.page
      .getByRole('link', { name: new RegExp(DEMO.merchantName) })
      .first()
      .click();
    await expectPath(s.page, '/orders/active');
  });

  it('the payment banner follows the merchant payment account', async ({ server, open }) => {
    const { token, tmk } = await apiLogin(server, DEMO.owner);
    const res = await fetch(`${server.baseUrl}/c/v2/merchants/${tmk}/payments/stripe`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const { merchant_account_id } = (await res.json()) as { merchant_account_id: string | null };
    const s = await open();
    await login(s.page, DEMO.owner);
    await s.page.getByText(DEMO.merchantName).first().waitFor();
    const banner = s.page.getByRole('link', {
      name: 'Your settings are incomplete. Click here to set up payments in order to receive orders',
    });
    if (merchant_account_id) {
      await s.page.waitForLoadState('networkidle');
      expect(await banner.count()).toBe(0);
    } else {
      await banner.click();
      await expectPath(s.page, '/settings/billing');
    }
  });

  it('below 1100 px the menu is a drawer', async ({ open }) => {
    const s = await open({ width: 390, height: 844 });
    await login(s.page, DEMO.owner);
    expect(await s.page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await s.page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = s.page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Billing' }).click();
    await expectPath(s.page, '/settings/billing');
    await drawer.waitFor({ state: 'hidden' });
    await s.page.getByRole('button', { name: 'Open menu' }).click();
    await s.page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
    await expectPath(s.page, '/login');
  });

  it('Sign Out ends the session: protected pages go back to /login', async ({ server, open }) => {
    const s = await open();
    await login(s.page, DEMO.owner);
    const token = await s.page.evaluate(() => localStorage.getItem('token'));
    await logout(s.page);
    await s.page.goto('/orders/active');
    await expectPath(s.page, '/login');
    // The server revoked the session too.
    const res = await fetch(`${server.baseUrl}/c/v2/merchants/x`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);
  });
});

describe('accessibility (axe: no serious or critical violations)', () => {
  it.for(['/login', '/signup', '/forgot', '/forgot/password-reset/sample-token', '/terms'])(
    'logged-out page %s',
    async (path, { open }) => {
      const s = await open();
      await s.page.goto(path);
      await s.page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await seriousA11yViolations(s.page)).toEqual([]);
    },
  );

  it('sign-up with every validation message showing', async ({ open }) => {
    const s = await open();
    await s.page.goto('/signup');
    await s.page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await s.page.getByText('You must accept terms').waitFor();
    expect(await seriousA11yViolations(s.page)).toEqual([]);
  });

  it('logged-in shell: header, banner and footer on every page; the shell pages in full', async ({
    open,
  }) => {
    const s = await open();
    await login(s.page, DEMO.owner);
    for (const path of ['/orders/active', '/inventory', '/settings/profile', '/reports', '/nope']) {
      await s.page.goto(path);
      await s.page.getByRole('heading', { level: 1 }).first().waitFor();
      await s.page.getByText(DEMO.merchantName).first().waitFor();
      // The shell regions everywhere (the header includes the orders search boxes); page content is each feature scan.
      const shellOnly = await seriousA11yViolations(s.page, {
        include: ['header', 'footer', 'section[aria-label="Payment setup"]'],
      });
      expect({ path, violations: shellOnly }).toEqual({ path, violations: [] });
    }
    for (const path of ['/reports', '/nope']) {
      await s.page.goto(path);
      await s.page.getByRole('heading', { level: 1 }).first().waitFor();
      expect({ path, violations: await seriousA11yViolations(s.page) }).toEqual({ path, violations: [] });
    }
  });

  it('settings dropdown open', async ({ open }) => {
    const s = await open();
    await login(s.page, DEMO.owner);
    await s.page.goto('/reports');
    await s.page.getByRole('button', { name: 'Settings' }).click();
    await s.page.getByRole('menu').waitFor();
    expect(await seriousA11yViolations(s.page)).toEqual([]);
  });
});
