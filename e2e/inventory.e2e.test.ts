import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { DEMO, login, type PageSession } from './fixtures.ts';
import { describe, expect, it } from './test.ts';

/** Serious and critical axe violations inside the page content (the shell has its own scan). */
async function contentA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('#main-content')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** The visible cell texts of one column (rows are virtualised: only what is rendered). */
async function column(session: PageSession, index: number): Promise<string[]> {
  return session.page.locator(`table tbody tr[data-index] td:nth-child(${index})`).allInnerTexts();
}

describe('inventory', () => {
  it('shows the table with Last Update, sorts by a column and filters to items sold with the provider', async ({
    open,
  }) => {
    const s = await open();
    await login(s.page, DEMO.member);
    await s.page.getByRole('link', { name: 'INVENTORY' }).first().click();
    await s.page.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
    await s.page.getByText(/^Last Update: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (am|pm) \(Local time\)$/).waitFor();
    for (const header of [
      'Brand',
      'Product Name',
      'Container Size',
      'Price',
      'QTY',
      'Active',
      'Submit Issue',
    ]) {
      await s.page.getByRole('columnheader', { name: header }).waitFor();
    }
    const total = Number((await s.page.getByText(/^[\d,]+ items$/).textContent())?.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(100);
    // Virtualised: far fewer rows in the DOM than items.
    expect(await s.page.locator('table tbody tr[data-index]').count()).toBeLessThan(60);

    await s.page.getByLabel('Sort By').selectOption({ label: 'Price' });
    const prices = (await column(s, 4)).map((t) => Number(t.replace(/[^\d.]/g, '')));
    expect(prices.length).toBeGreaterThan(5);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);

    await s.page.getByLabel('Sort By').selectOption({ label: 'Brand' });
    const brands = await column(s, 1);
    expect([...brands].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))).toEqual(brands);
    // TPK under the product name; Submit Issue opens the pre-filled support email.
    const firstIssue = s.page.getByRole('link', { name: /Submit Issue for/ }).first();
    const href = (await firstIssue.getAttribute('href')) ?? '';
    expect(href).toMatch(/^mailto:/);
    expect(decodeURIComponent(href)).toContain(
      `Merchant Dashboard Inventory Page - ${DEMO.merchantName} (demo-wine-spirits)`,
    );
    expect(decodeURIComponent(href)).toMatch(/TPK: TPK\d+/);

    const filtered = s.page.waitForRequest(
      (r) =>
        r.url().includes('/offerings?') &&
        decodeURIComponent(r.url()).includes('filter[selling_with_marketplace]=true'),
    );
    await s.page.getByLabel('Filter By').selectOption({ label: 'Selling with Marketplace' });
    await filtered;
    await s.page.getByText(/^Last Update:/).waitFor();
    const selling = Number((await s.page.getByText(/^[\d,]+ items$/).textContent())?.replace(/\D/g, ''));
    expect(selling).toBeGreaterThan(0);
    expect(selling).toBeLessThan(total);
    // The sort still applies to the new list.
    expect(await column(s, 1)).toEqual(
      [...(await column(s, 1))].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );

    await s.page.getByLabel('Filter By').selectOption({ label: 'All Inventory Items' });
    await s.page.getByText(`${total.toLocaleString('en-US')} items`).waitFor();
    // Scrolling to the end renders the last rows.
    await s.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await s.page.locator(`table tbody tr[data-index="${total - 1}"]`).waitFor();
    expect(await contentA11yViolations(s.page)).toEqual([]);
    expect(s.errors).toEqual([]);
  });

  it('shows AT DISTRIBUTOR instead of a quantity for NextDay items', async ({ open }) => {
    const s = await open();
    await login(s.page, DEMO.owner);
    await s.page.goto('/inventory');
    await s.page.getByLabel('Sort By').selectOption({ label: 'Quantity' });
    await s.page.getByText(/^Last Update:/).waitFor();
    // 'AT DISTRIBUTOR' sorts by the stored quantity; look through the list until one is rendered.
    const label = s.page.locator('table tbody td', { hasText: 'AT DISTRIBUTOR' }).first();
    for (let y = 0; y < 40 && !(await label.isVisible()); y++) await s.page.mouse.wheel(0, 1200);
    await label.waitFor();
  });
});

describe('inventory on a phone', () => {
  it('at 390 px each row is stacked: Price and QTY in view, no sideways scrolling, rows 112 px apart', async ({
    open,
  }) => {
    const s = await open({ width: 390, height: 844 });
    await login(s.page, DEMO.member);
    await s.page.goto('/inventory');
    await s.page.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
    await s.page.locator('table tbody tr[data-index]').first().waitFor();
    const measure = () =>
      s.page.evaluate(() => {
        const scroller = document.querySelector('table')!.parentElement as HTMLElement;
        const rows = [...document.querySelectorAll('table tbody tr[data-index]')] as HTMLElement[];
        const cells = rows.flatMap((r) => [...r.querySelectorAll('td[data-label]')] as HTMLElement[]);
        const inView = cells.filter((c) => {
          const r = c.getBoundingClientRect();
          return r.width > 0 && r.left >= 0 && r.right <= window.innerWidth;
        });
        const tops = rows.map((r) => r.getBoundingClientRect().top);
        return {
          cells: cells.length,
          inView: inView.length,
          sideways: scroller.scrollWidth > scroller.clientWidth,
          pageSideways: document.documentElement.scrollWidth > window.innerWidth,
          steps: [...new Set(tops.slice(1).map((t, i) => Math.round(t - tops[i]!)))],
        };
      });
    const top = await measure();
    expect(top.cells).toBeGreaterThan(4);
    expect(top).toMatchObject({ inView: top.cells, sideways: false, pageSideways: false, steps: [112] });
    // the virtualiser places rows by the same height: further down, still stacked and in step
    await s.page.mouse.wheel(0, 3000);
    await s.page.waitForTimeout(300);
    const further = await measure();
    expect(further).toMatchObject({ inView: further.cells, sideways: false, steps: [112] });
    expect(await contentA11yViolations(s.page)).toEqual([]);
  });
});
