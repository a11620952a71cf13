/**
 * The orders desk's layout facts at a phone's width and at 1440 px (docs/decisions/0133): what comes before
 * the first order on a phone, tabs and settings sections that are not cut off, the Delivery Hours rows, the
 * Review Order title and where its items sit.
 */
import type { Page } from 'playwright-core';
import { DEMO, login, seriousA11yViolations } from './fixtures.ts';
import { describe, expect, it } from './test.ts';

const PHONE = { width: 390, height: 844 };

/** Elements whose text is cut off (an ellipsis or overflow) or that leave the window sideways. */
const clipped = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      const r = el.getBoundingClientRect();
      const cut = el.scrollWidth > el.clientWidth + 1 || r.left < 0 || r.right > window.innerWidth + 0.5;
      if (cut) out.push(el.textContent ?? '');
    }
    return out;
  }, selector);

describe('the orders desk on a phone', { timeout: 120_000 }, () => {
  it('at 390×844 shows two whole orders on first paint, with a batch in the recent batches', async ({
    open,
  }) => {
    const s = await open(PHONE);
    const page = s.page;
    await login(page, DEMO.owner);
    await page.goto('/orders/active');
    await page.locator('[data-order-id]').first().waitFor();
    // A recent batch, so its panel is on the page too: the order details of the first order.
    await page
      .getByRole('checkbox', { name: /^Select order / })
      .first()
      .check();
    // the toolbar's second button is the details download (Print, details, Accept)
    await page.getByRole('toolbar', { name: 'Bulk tools' }).getByRole('button').nth(1).click();
    await page.getByRole('region', { name: /Recent bulk batches/ }).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Orders: Active' }).waitFor();
    await page.locator('[data-order-id]').nth(1).waitFor();
    await page.getByRole('region', { name: /Recent bulk batches/ }).waitFor();
    const facts = await page.evaluate(() => {
      const cards = [...document.querySelectorAll('[data-order-id]')].map((c) => c.getBoundingClientRect());
      const banner = document.querySelector('[aria-label="Payment setup"]')?.getBoundingClientRect();
      return {
        wholeCards: cards.filter((r) => r.top >= 0 && r.bottom <= window.innerHeight).length,
        bannerHeight: Math.round(banner?.height ?? 0),
        searchBoxes: document.querySelectorAll('input[aria-label="Order #"]').length,
        switches: document.querySelectorAll('input[type="checkbox"][role="switch"]').length,
        pageSideways: document.documentElement.scrollWidth > window.innerWidth,
        // nothing selected: the hint line only, its buttons come with a selection
        toolbarHeight: Math.round(
          document.querySelector('[role="toolbar"][aria-label="Bulk tools"]')!.getBoundingClientRect().height,
        ),
      };
    });
    expect(facts.wholeCards).toBeGreaterThanOrEqual(2);
    // one line of text (13 px) and its padding
    expect(facts.bannerHeight).toBeLessThanOrEqual(40);
    expect(facts).toMatchObject({ searchBoxes: 0, switches: 0, pageSideways: false });
    expect(facts.toolbarHeight).toBeLessThanOrEqual(48);
    expect(
      await page.getByRole('button', { name: /Recent bulk batches/ }).getAttribute('aria-expanded'),
    ).toBe('false');

    // every tab and its count in view, nothing cut off
    const tabs = page.getByRole('navigation', { name: 'Order status' }).getByRole('link');
    expect(await tabs.count()).toBe(4);
    expect(
      await clipped(page, 'nav[aria-label="Order status"] a, nav[aria-label="Order status"] a *'),
    ).toEqual([]);
    for (const name of [/active/i, /on hold/i, /cancelled/i, /completed/i]) {
      const count = page.getByRole('navigation', { name: 'Order status' }).getByRole('link', { name });
      await expect.poll(() => count.locator('[data-count]').textContent()).toMatch(/^\d[\d,]*$/);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);

    // the search opens from its button
    await page.getByRole('button', { name: 'Search orders' }).click();
    await expect
      .poll(() =>
        page.getByRole('textbox', { name: 'Order #' }).evaluate((i) => i === document.activeElement),
      )
      .toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('the Review Order title keeps the order id on one line', async ({ open }) => {
    const s = await open(PHONE);
    await login(s.page, DEMO.owner);
    await s.page.goto('/orders/active');
    await s.page.locator('[data-order-id]').first().click();
    const id = s.page.getByRole('dialog').locator('[data-order-id-title]');
    await id.waitFor();
    expect(await id.evaluate((el) => el.getClientRects().length)).toBe(1);
    expect(await clipped(s.page, '[data-order-id-title]')).toEqual([]);
  });

  it('settings sections and the Delivery Hours rows are readable at 390 px', async ({ open }) => {
    const s = await open(PHONE);
    const page = s.page;
    await login(page, DEMO.owner);
    await page.goto('/settings/company');
    const form = page.getByRole('form', { name: 'Delivery Hours' });
    await form.waitFor();
    expect(await page.getByRole('navigation', { name: 'Settings' }).getByRole('link').count()).toBe(6);
    expect(await clipped(page, 'nav[aria-label="Settings"] a')).toEqual([]);

    await form.scrollIntoViewIfNeeded();
    const rows = await form.evaluate((f) =>
      [...f.querySelectorAll<HTMLElement>('[data-day-row]')].map((row) => {
        // the day's name as drawn (the full name, or its short form on a phone), not its grid cell
        const shown = [...row.querySelector<HTMLElement>('[data-day-name]')!.children].find(
          (c) => c.getBoundingClientRect().width > 0,
        )!;
        const name = shown.getBoundingClientRect();
        const switches = row.querySelector<HTMLElement>('[data-day-switches]')!.getBoundingClientRect();
        const to = [...row.querySelectorAll<HTMLElement>('p, span')].find((e) => e.textContent === 'to');
        return {
          gap: Math.round(switches.left - name.right),
          to: to ? to.getBoundingClientRect().width > 0 : null,
          inside: switches.right <= window.innerWidth,
        };
      }),
    );
    expect(rows).toHaveLength(7);
    for (const r of rows) {
      // a closed day has no times; the open ones show 'to' between opening and closing
      expect(r.to === null || r.to).toBe(true);
      expect(r.gap).toBeGreaterThanOrEqual(8);
      expect(r.inside).toBe(true);
    }
    expect(rows.filter((r) => r.to === true).length).toBeGreaterThan(0);
  });
});

describe('the Review Order modal at 1440×900', { timeout: 120_000 }, () => {
  it('shows the items without scrolling', async ({ open }) => {
    const s = await open({ width: 1440, height: 900 });
    await login(s.page, DEMO.owner);
    await s.page.goto('/orders/active');
    await s.page.locator('[data-order-id]').first().click();
    const table = s.page.getByRole('region', { name: 'Items', exact: true }).locator('table');
    await table.waitFor();
    // In view means inside the window, inside the dialog's scrolled body and above its sticky action bar.
    const box = await table.evaluate((t) => {
      const r = t.getBoundingClientRect();
      const body = t.closest('.mantine-Modal-body')!.getBoundingClientRect();
      const bar = [...t.closest('[role="dialog"]')!.querySelectorAll<HTMLElement>('div')]
        .find((d) => getComputedStyle(d).position === 'sticky')
        ?.getBoundingClientRect();
      return {
        top: r.top,
        bottom: r.bottom,
        limit: Math.min(window.innerHeight, body.bottom, bar?.top ?? Infinity),
      };
    });
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(box.limit);
  });
});
