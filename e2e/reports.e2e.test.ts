/**
 * The reports page in Chromium (docs/decisions/0084): the headline numbers and the orders-per-day table equal
 * the orders list of the same store and period, the CSV behind the chart downloads the same numbers,
 * members see counts without revenue, and the page is axe clean on a desktop and a phone.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { DEMO, DEMO_PASSWORD, login, seriousA11yViolations, type TestServer } from './fixtures.ts';
import { describe, expect, it } from './test.ts';

interface Listed {
  date_submitted: string;
}

/** Every order of the demo store through the orders list (all tabs, following next_url). */
async function listedOrders(server: TestServer): Promise<Listed[]> {
  const login = await fetch(`${server.baseUrl}/a/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.owner, password: DEMO_PASSWORD }),
  });
  const { token, user } = (await login.json()) as {
    token: string;
    user: { aux_data: { authorized_merchant: string } };
  };
  const items: Listed[] = [];
  let url: string | null =
    `/m/v2/merchant/${user.aux_data.authorized_merchant}/orders/optimized?limit=100&offset=0`;
  while (url) {
    const res = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { items: Listed[]; next_url: string | null };
    items.push(...page.items);
    url = page.next_url;
  }
  return items;
}

const localDay = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );

/** The value of a headline number ('Orders', 'Revenue', …), or null when the page does not show it. */
async function stat(page: Page, label: string): Promise<string | null> {
  const dt = page.locator('dt', { hasText: new RegExp(`^${label}$`, 'i') });
  if ((await dt.count()) === 0) return null;
  return (await dt.locator('xpath=following-sibling::dd[1]').textContent())?.trim() ?? null;
}

async function openReports(page: Page, days: '7 days' | '30 days' | '90 days') {
  await page.goto('/reports');
  await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
  await page.getByText(days, { exact: true }).click();
  const caption = page.getByText(/^\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} · Days are counted in /);
  await caption.waitFor();
  await page.locator('dt', { hasText: /^Orders$/ }).waitFor();
  // The orders-per-day legend names the orders not yet decided in plain words.
  await page.getByText('Still open', { exact: true }).first().waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  const m = /^(\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2}) · Days are counted in .+ time \((.+)\)$/.exec(
    ((await caption.textContent()) ?? '').trim(),
  );
  if (!m) throw new Error('period caption not found');
  return { from: m[1] as string, to: m[2] as string, timeZone: m[3] as string };
}

describe('reports page', () => {
  it('owner: the 30-day numbers equal the orders list, and the CSV behind the chart says the same', async ({
    server,
    open,
  }) => {
    const s = await open();
    await login(s.page, DEMO.owner);
    const { from, to, timeZone } = await openReports(s.page, '30 days');

    const inPeriod = (await listedOrders(server)).filter((o) => {
      const day = localDay(o.date_submitted, timeZone);
      return day >= from && day <= to;
    });
    expect(inPeriod.length).toBeGreaterThan(0);
    expect(await stat(s.page, 'Orders')).toBe(inPeriod.length.toLocaleString('en-US'));
    expect(await stat(s.page, 'Revenue')).toMatch(/^\$[\d,]+\.\d{2}$/);

    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByRole('button', { name: 'Download CSV: Orders per day' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`orders-per-day-${from}-to-${to}.csv`);
    const csv = (await readFile((await download.path()) as string, 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header).toBe('Date,Orders,Accepted,Rejected,Cancelled,Revenue (USD)');
    expect(rows).toHaveLength(30);
    for (const row of rows) {
      const [date, orders] = row.split(',');
      const listed = inPeriod.filter((o) => localDay(o.date_submitted, timeZone) === date).length;
      expect(Number(orders), date).toBe(listed);
    }
  });

  it('member: the same counts, no revenue anywhere', async ({ open }) => {
    const s = await open();
    await login(s.page, DEMO.member);
    await openReports(s.page, '7 days');
    expect(await stat(s.page, 'Orders')).toMatch(/^[\d,]+$/);
    expect(await stat(s.page, 'Revenue')).toBeNull();
    await expect.poll(() => s?.page.getByText('Revenue', { exact: false }).count()).toBe(0);
  });

  for (const vp of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ])
    it(`is axe clean and fits at ${vp.width} px`, async ({ open }) => {
      const s = await open(vp);
      await login(s.page, DEMO.owner);
      await openReports(s.page, '90 days');
      await s.page.getByRole('heading', { name: 'Orders per day' }).waitFor();
      const overflow = await s.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousA11yViolations(s.page)).toEqual([]);
      await s.page.screenshot({ path: `screenshots/reports-${vp.width}.png`, fullPage: true });
    });
});
