/**
 * Bulk tools in Chromium: select three orders and accept them; download the details CSV and
 * the reports of two orders and check the files; the checkboxes lock during a batch and reset on a tab
 * change. Screenshots of the list with the toolbar (during and after a batch, 1440 and 390 px) go to
 * screenshots/.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import {
  BATCH_DOWNLOAD,
  DEMO,
  DEMO_PASSWORD,
  login,
  type PageSession,
  placeMarketplaceOrder,
  ROOT,
  type TestServer,
} from './fixtures.ts';
import { beforeAll, describe, expect, it, type OpenPage, test } from './test.ts';

const SHOTS = join(ROOT, 'screenshots');

// WEB_DIST: a console built elsewhere (e.g. by a parallel run) instead of apps/web/dist.
test.override('serverEnv', { scope: 'file' }, process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {});

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
});

const placeOrder = (server: TestServer, lastName: string) =>
  placeMarketplaceOrder(server.baseUrl, { name: ['Bulk', lastName], email: 'bulk@example.test' });

async function apiToken(server: TestServer): Promise<{ token: string; tmk: string }> {
  const res = await fetch(`${server.baseUrl}/a/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.owner, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { token: string; user: { aux_data: { authorized_merchant: string } } };
  return { token: body.token, tmk: body.user.aux_data.authorized_merchant };
}

async function openActive(open: OpenPage, width = 1440, height = 900): Promise<PageSession> {
  const s = await open({ width, height });
  await login(s.page, DEMO.owner);
  await s.page.goto('/orders/active');
  await s.page.getByRole('toolbar', { name: 'Bulk tools' }).waitFor();
  return s;
}

const box = (page: Page, id: string) => page.getByRole('checkbox', { name: `Select order ${id}` });
const toast = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });

// Two of these downloads wait on a background batch (BATCH_DOWNLOAD), so a test may outlast the default.
describe('bulk tools', { timeout: 240_000 }, () => {
  it('selects three orders and accepts them', async ({ server, open }) => {
    const ids = [
      await placeOrder(server, 'Alpha'),
      await placeOrder(server, 'Bravo'),
      await placeOrder(server, 'Charlie'),
    ];
    const s = await openActive(open);
    const page = s.page;
    for (const id of ids) await box(page, id).check();
    await page.getByText('3 selected').waitFor();
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    // It asks first (docs/decisions/0087): the count and the sum, with the focus on Cancel.
    const dialog = page.getByRole('dialog', { name: "Accept 3 orders and charge the customers' cards?" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/The 3 selected orders total \$[\d,]+\.\d\d\./);
    await expect
      .poll(() =>
        dialog.getByRole('button', { name: 'Cancel' }).evaluate((b) => b === document.activeElement),
      )
      .toBe(true);
    await page.screenshot({ path: join(SHOTS, 'bulk-1440-accept-confirm.png') });
    await dialog.getByRole('button', { name: 'Accept and charge 3 orders' }).click();
    await toast(page, 'Accepted selected orders');
    const { token } = await apiToken(server);
    for (const id of ids) {
      const res = await fetch(`${server.baseUrl}/m/v2/orders/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await res.json()) as { status: string }).status).toBe('MERCHANT_ACCEPTED');
    }
    await page.screenshot({ path: join(SHOTS, 'bulk-1440-after-accept.png') });
    expect(s.errors).toEqual([]);
  });

  it('downloads the details CSV and the reports of two orders', async ({ server, open }) => {
    const ids = [await placeOrder(server, 'Delta'), await placeOrder(server, 'Echo')];
    const s = await openActive(open);
    const page = s.page;
    for (const id of ids) await box(page, id).check();

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: "CSV: download the selected orders' details" }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/_Order Details\.csv$/);
    const rows: Record<string, string>[] = parse(await readFile(await csv.path()), {
      columns: true,
      bom: true,
    });
    expect([...new Set(rows.map((r) => r['Order ID']))].sort()).toEqual([...ids].sort());
    expect(rows.filter((r) => r['Order ID'] === ids[0]).map((r) => r.Item)).toEqual([
      'Old Harbor Bourbon',
      'Maison Duclair Brut',
    ]);
    expect(rows.find((r) => r['Order ID'] === ids[1])?.['Recipient Last Name']).toBe('Echo');
    await toast(page, 'Selected order details downloaded successfully');

    await page.getByRole('button', { name: 'Print' }).click();
    const [zip] = await Promise.all([
      page.waitForEvent('download', BATCH_DOWNLOAD),
      page.getByRole('menuitem', { name: /^All/ }).last().click(),
    ]);
    expect(zip.suggestedFilename()).toMatch(/_Reports\.zip$/);
    const zipBytes = await readFile(await zip.path());
    expect(zipBytes.subarray(0, 2).toString()).toBe('PK');
    expect(zipBytes.includes(Buffer.from('_Receipts.pdf'))).toBe(true);
    expect(zipBytes.includes(Buffer.from('_Packing Slips.pdf'))).toBe(true);
    await toast(page, 'Selected order reports downloaded successfully');

    await page.getByRole('button', { name: 'Print' }).click();
    const [receipts] = await Promise.all([
      page.waitForEvent('download', BATCH_DOWNLOAD),
      page.getByRole('menuitem', { name: 'Receipts', exact: true }).last().click(),
    ]);
    expect(receipts.suggestedFilename()).toMatch(/_Receipts\.pdf$/);
    const pdf = await readFile(await receipts.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { PDFParse } = await import('pdf-parse');
    const text = (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text;
    for (const id of ids) expect(text).toContain(id);

    // The packing slips marked both new orders printed: the list says so (docs/decisions/0085).
    for (const id of ids)
      await page
        .getByRole('row', { name: new RegExp(`Order ${id}`) })
        .getByText('Printed', { exact: true })
        .waitFor();

    // After a reload the batches are shown again, with their files (docs/decisions/0088).
    await page.reload();
    const recent = page.getByRole('region', { name: 'Recent bulk batches' });
    await recent.waitFor();
    await recent.getByRole('button', { name: /^Show \d+ more$/ }).click();
    const items = recent.getByRole('listitem');
    await items.first().getByText('Reports (receipts) · 2 orders').waitFor();
    expect(await items.first().getByRole('link', { name: 'Receipts' }).getAttribute('href')).toMatch(
      /\/files\/receipt\?/,
    );
    const all = items.nth(1);
    await all.getByText('Reports (receipts, packing slips) · 2 orders').waitFor();
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      all.getByRole('link', { name: 'All (zip)' }).click(),
    ]);
    expect(again.suggestedFilename()).toMatch(/_Reports\.zip$/);
    await items.nth(2).getByText('Order details (CSV) · 2 orders').waitFor();
    for (const id of ids)
      await page
        .getByRole('row', { name: new RegExp(`Order ${id}`) })
        .getByText('Printed', { exact: true })
        .waitFor();
    expect(s.errors).toEqual([]);
  });

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`locks the checkboxes during a batch and resets the selection on a tab change (${width} px)`, async ({
      server,
      open,
    }) => {
      const ids = [await placeOrder(server, 'Foxtrot'), await placeOrder(server, 'Golf')];
      const { page } = await openActive(open, width, height);
      for (const id of ids) await box(page, id).check();
      await page.getByRole('button', { name: 'Print' }).click();
      await page.getByRole('menuitem', { name: /^All/ }).last().click();
      // The reports batch answers 'queued' and is polled each second: meanwhile the checkboxes are locked.
      await page.getByRole('status').filter({ hasText: 'Processing selected orders' }).first().waitFor();
      expect(await box(page, ids[0] as string).isDisabled()).toBe(true);
      await page.screenshot({ path: join(SHOTS, `bulk-${width}-during-batch.png`) });
      await toast(page, 'Selected order reports downloaded successfully');
      expect(await box(page, ids[0] as string).isDisabled()).toBe(false);
      expect(await box(page, ids[0] as string).isChecked()).toBe(true);
      await page.screenshot({ path: join(SHOTS, `bulk-${width}-after-batch.png`) });

      if (width < 800) {
        await page.goto('/orders/on-hold');
      } else {
        await page.locator('a[href="/orders/on-hold"]').first().click();
      }
      await page.waitForURL((u) => u.pathname === '/orders/on-hold');
      await page.getByRole('toolbar', { name: 'Bulk tools' }).waitFor({ state: 'detached' });
      expect(await page.getByRole('checkbox', { name: /^Select order / }).count()).toBe(0);
      if (width < 800) await page.goto('/orders/active');
      else await page.locator('a[href="/orders/active"]').first().click();
      await page.getByText('Select orders for bulk tools').waitFor();
      expect(await box(page, ids[0] as string).isChecked()).toBe(false);
    });
  }
});
