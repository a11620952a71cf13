/**
 * Orders area end to end: tabs and counts, brand and method filters, the sort cycle,
 * infinite scroll to 'End of Page', the three searches, no-result messages, and a new order placed
 * through the marketplace intake appearing in the open list without a reload.
 */
import type { Page } from 'playwright-core';
import {
  DEMO,
  DEMO_PASSWORD,
  expectPath,
  login,
  MARKETPLACE_KEY,
  type PageSession,
  type TestServer,
} from './fixtures.ts';
import { describe, expect, it, type OpenPage, test } from './test.ts';

const TMK = 'demo-wine-spirits';
let token: string;

test.beforeAll(async ({ server }) => {
  const res = await fetch(`${server.baseUrl}/a/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.owner, password: DEMO_PASSWORD }),
  });
  token = ((await res.json()) as { token: string }).token;
});

async function api<T>(server: TestServer, path: string): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

async function signedIn(open: OpenPage): Promise<PageSession> {
  const s = await open();
  await login(s.page, DEMO.owner);
  await s.page.locator('[data-order-id]').first().waitFor();
  return s;
}

const rows = (page: Page) => page.locator('tbody tr[data-order-id]');
/**
 * The cells of one column, found by the header's text or the name of the control in it (a filtered
 * BRANDS header reads '{n} selected'; the active tab has an extra checkbox column).
 */
async function column(page: Page, header: RegExp) {
  const headers = await page
    .locator('thead th')
    .evaluateAll((ths) =>
      ths.map(
        (th) =>
          `${(th as HTMLElement).innerText} ${th.querySelector('button')?.getAttribute('aria-label') ?? ''}`,
      ),
    );
  const index = headers.findIndex((h) => header.test(h.trim()));
  if (index < 0) throw new Error(`no column ${header} in ${headers.join(' | ')}`);
  return rows(page).locator(`td:nth-child(${index + 1})`);
}
const tabCount = (page: Page, tab: string) => page.locator(`[data-count="${tab}"]`);

describe('orders list', () => {
  it('shows the four tabs with their counts, each tab its orders and header', async ({ server, open }) => {
    const { page } = await signedIn(open);
    const counts = await api<Record<string, number>>(server, `/m/v2/merchant/${TMK}/orders/count`);
    for (const [tab, seg, title] of [
      ['active', 'active', 'Orders: Active'],
      ['on_hold', 'on-hold', 'Orders: On Hold'],
      ['cancelled', 'cancelled', 'Orders: Cancelled'],
      ['completed', 'completed', 'Orders: Completed'],
    ] as const) {
      await expect.poll(() => tabCount(page, tab).textContent()).toBe(counts[tab]!.toLocaleString('en-US'));
      await page
        .getByRole('navigation', { name: 'Order status' })
        .getByRole('link', { name: new RegExp(seg.replace('-', ' '), 'i') })
        .click();
      await expectPath(page, `/orders/${seg}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await rows(page).first().waitFor();
      expect(await rows(page).count()).toBe(Math.min(30, counts[tab]!));
    }
    const layer = await page.evaluate(
      () => (window as unknown as { dataLayer: { event: string; label?: string }[] }).dataLayer,
    );
    expect(layer.some((e) => e.event === 'Navigation' && e.label === 'orders-tab:completed')).toBe(true);
  });

  it('filters by a brand and by a method, and cycles the CREATED sort', async ({ open }) => {
    const { page } = await signedIn(open);
    await page.getByRole('button', { name: 'Brands filter' }).click();
    await page.getByRole('checkbox', { name: 'Bottle Drop' }).check();
    await page.getByRole('button', { name: 'Brands filter: 1 selected' }).waitFor();
    await page.keyboard.press('Escape');
    await expect
      .poll(async () => new Set(await (await column(page, /^BRANDS|Brands filter/i)).allTextContents()))
      .toEqual(new Set(['Bottle Drop']));

    await page.getByRole('button', { name: 'Method filter' }).click();
    await page.getByRole('menuitem', { name: 'Same Day' }).click();
    await page.getByRole('button', { name: 'Method filter: Same Day' }).waitFor();
    await expect
      .poll(async () => new Set(await (await column(page, /^METHOD|Method filter/i)).allTextContents()))
      .toEqual(new Set(['Same Day']));

    // Playwright's innerText (rendered text, with the space between date and time), not the DOM property.
    const firstDate = async () =>
      new Date((await (await column(page, /^CREATED/i)).first().innerText()).replace(/\s+/g, ' ')).getTime();
    const lastDate = async () =>
      new Date((await (await column(page, /^CREATED/i)).last().innerText()).replace(/\s+/g, ' ')).getTime();
    expect(await firstDate()).toBeGreaterThanOrEqual(await lastDate());
    await page.getByRole('button', { name: 'CREATED, sorted descending' }).click();
    await page.getByRole('button', { name: 'CREATED, sorted ascending' }).waitFor();
    await expect.poll(async () => (await firstDate()) <= (await lastDate())).toBe(true);
    await page.getByRole('button', { name: 'CREATED, sorted ascending' }).click();
    await page.getByRole('button', { name: 'CREATED, sorted none' }).click();
    await page.getByRole('button', { name: 'CREATED, sorted descending' }).waitFor();
  });

  it("scrolls through every page of a tab to 'End of Page'", async ({ server, open }) => {
    const { page } = await signedIn(open);
    const counts = await api<Record<string, number>>(server, `/m/v2/merchant/${TMK}/orders/count`);
    await page.goto('/orders/cancelled');
    await rows(page).first().waitFor();
    expect(counts.cancelled).toBeGreaterThan(30);
    expect(await page.getByText('End of Page').count()).toBe(0);
    for (let i = 0; i < 40 && (await page.getByText('End of Page').count()) === 0; i++) {
      await page.mouse.wheel(0, 20_000);
      await page.waitForTimeout(250);
    }
    await page.getByText('End of Page').waitFor();
    expect(await rows(page).count()).toBe(counts.cancelled);
  });
});

describe('list layout', () => {
  it('at 1440 px with the Method and Brands filters on, the sticky actions column leaves TOTAL uncovered', async ({
    open,
  }) => {
    const { page } = await signedIn(open);
    await page.getByRole('button', { name: 'Brands filter' }).click();
    await page.getByRole('checkbox', { name: 'Bottle Drop' }).check();
    await page.getByRole('checkbox', { name: 'Cask & Crate' }).check();
    await page.getByRole('button', { name: 'Brands filter: 2 selected' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Method filter' }).click();
    await page.getByRole('menuitem', { name: 'Same Day' }).click();
    await page.getByRole('button', { name: 'Method filter: Same Day' }).waitFor();
    await rows(page).first().waitFor();
    const geometry = await page.evaluate(() => {
      const ths = [...document.querySelectorAll('thead th')] as HTMLElement[];
      const total = ths.find((th) => th.innerText.trim() === 'TOTAL')!.getBoundingClientRect();
      const actions = ths[ths.length - 1]!.getBoundingClientRect();
      const cells = [...document.querySelectorAll('tbody tr[data-order-id]')].map((tr) => {
        const tds = [...tr.querySelectorAll('td')];
        return [tds[tds.length - 2]!.getBoundingClientRect(), tds[tds.length - 1]!.getBoundingClientRect()];
      });
      const scroller = document.querySelector('table')!.parentElement as HTMLElement;
      return {
        headerGap: actions.left - total.right,
        rowOverlaps: cells.filter(([t, a]) => a!.left < t!.right - 0.5).length,
        sideways: scroller.scrollWidth > scroller.clientWidth,
      };
    });
    expect(geometry.headerGap).toBeGreaterThanOrEqual(-0.5);
    expect(geometry).toMatchObject({ rowOverlaps: 0, sideways: false });
  });

  it('between 768 and 1100 px the order id sits at the left of its card, next to the checkbox', async ({
    open,
  }) => {
    for (const width of [768, 900, 1100]) {
      const s = await open({ width, height: 900 });
      await login(s.page, DEMO.owner);
      const card = s.page.locator('li [data-order-id]').first();
      await card.waitFor();
      const id = (await card.getAttribute('data-order-id'))!;
      const box = await card.boundingBox();
      const text = await card.getByText(id, { exact: true }).boundingBox();
      const check = await card.getByRole('checkbox').boundingBox();
      // left-aligned: right after the checkbox (a centred id sat ~40% of the card further right)
      expect(text!.x - (check!.x + check!.width), `at ${width} px`).toBeLessThan(16);
      expect(text!.x - box!.x, `at ${width} px`).toBeLessThan(64);
      await s.context.close();
    }
  });
});

describe('header search', () => {
  it('finds an order by #id, by email (@) and by customer name, each opening the order page', async ({
    server,
    open,
  }) => {
    const { page } = await signedIn(open);
    const list = await api<{
      items: {
        id: string;
        recipient: { first_name: string; last_name: string };
        customer: { email: string };
      }[];
    }>(server, `/m/v2/merchant/${TMK}/orders/optimized?limit=5&filter[tab]=completed`);
    const o = list.items[3]!;
    const orderBox = page.getByRole('textbox', { name: 'Order #' });
    await orderBox.fill(`#${o.id}`);
    await orderBox.press('Enter');
    await page.getByRole('button', { name: new RegExp(`^#${o.id} `) }).click();
    await expectPath(page, `/orders/view/${o.id}`);

    await page.goto('/orders/active');
    await orderBox.fill(o.customer.email);
    await orderBox.press('Enter');
    await page.getByRole('button', { name: new RegExp(`^#${o.id} `) }).click();
    await expectPath(page, `/orders/view/${o.id}`);

    await page.goto('/orders/active');
    const nameBox = page.getByRole('textbox', { name: 'Customer Name' });
    await nameBox.fill(`${o.recipient.first_name} ${o.recipient.last_name}`);
    await nameBox.press('Enter');
    const results = page.getByTestId('search-results-name');
    await results.getByRole('button').first().waitFor();
    expect(await results.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(300);
    // Named by what it shows (the id first), so speech input finds it by its visible text.
    await results.getByRole('button', { name: new RegExp(`^#${o.id} `) }).click();
    await expectPath(page, `/orders/view/${o.id}`);
  });

  it('says when nothing is found', async ({ open }) => {
    const { page } = await signedIn(open);
    const orderBox = page.getByRole('textbox', { name: 'Order #' });
    await orderBox.fill('#ZZZZZZZ-ZZZ-ZZ');
    await orderBox.press('Enter');
    await page.getByText('No results found. Please try different criteria.').waitFor();
    await page.getByText('Please enter a valid Marketplace Order ID. For example: 2ABNPFR-3A0-9E').waitFor();
    const nameBox = page.getByRole('textbox', { name: 'Customer Name' });
    await nameBox.fill('Nobody Atall');
    await nameBox.press('Enter');
    await page.getByText('No results found. Please try different name.').waitFor();
  });
});

describe('new orders live', () => {
  it('an order placed through the marketplace intake appears in the open list within 2 s, flagged new', async ({
    server,
    open,
  }) => {
    const { page } = await signedIn(open);
    const before = Number((await tabCount(page, 'active').textContent())?.replace(/,/g, ''));
    // Let the event stream connect.
    await page.waitForTimeout(500);
    const res = await fetch(`${server.baseUrl}/m/v2/marketplace/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${MARKETPLACE_KEY}` },
      body: JSON.stringify({
        merchant: TMK,
        application_ref: 'bottledrop',
        delivery: { method: 'on_demand' },
        recipient: {
          first_name: 'Live',
          last_name: 'Arrival',
          street_1: '1 Main St',
          city: 'Springfield',
          state: 'IL',
          zipcode: '62701',
        },
        customer: { first_name: 'Live', last_name: 'Arrival', email: 'live.arrival@example.com' },
        items: [{ name: 'Test Bourbon', quantity: 2, price: 40 }],
      }),
    });
    expect(res.status).toBeLessThan(300);
    const { id } = (await res.json()) as { id: string };
    const started = Date.now();
    const row = page.locator(`tbody tr[data-order-id="${id}"]`);
    await row.waitFor({ timeout: 2000 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await row.getAttribute('data-new')).not.toBeNull();
    await row.getByText('New', { exact: true }).waitFor();
    await expect
      .poll(async () => Number((await tabCount(page, 'active').textContent())?.replace(/,/g, '')))
      .toBe(before + 1);
    await expect.poll(() => page.title()).toMatch(/^\(1\) /);
    expect(await rows(page).first().getAttribute('data-order-id')).toBe(id);
  });
});
