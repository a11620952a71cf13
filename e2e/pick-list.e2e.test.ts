/**
 * The pick list in Chromium (docs/decisions/0103): three orders sharing SKUs are selected on the active tab,
 * Print → Pick list downloads ONE PDF, and its text (poppler's pdftotext) lists each SKU once with the
 * summed quantity and the orders, by category then name, with the gift-wrap and engraving call-outs.
 * The Print menu is screenshotted open at 1440, 1100, 768 and 390 px and scanned with axe.
 */
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  BATCH_DOWNLOAD,
  DEMO,
  login,
  type PageSession,
  placeMarketplaceOrder,
  ROOT,
  seriousA11yViolations,
  type TestServer,
} from './fixtures.ts';
import { beforeAll, describe, expect, it, type OpenPage, test } from './test.ts';

const SHOTS = join(ROOT, 'screenshots');

test.override('serverEnv', { scope: 'file' }, process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {});

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
});

/** Demo catalogue SKUs of the demo store (the seed's offerings). */
const BOURBON = { merchant_sku: 'DWS-00001', name: 'E2E Pick Bourbon', price: 39.99, category: 'Whiskey' };
const SCOTCH = { merchant_sku: 'DWS-00002', name: 'E2E Pick Scotch', price: 64, category: 'Whiskey' };
const BRUT = { merchant_sku: 'DWS-00003', name: 'E2E Pick Brut', price: 59, category: 'Champagne' };

const placeOrder = (server: TestServer, lastName: string, items: object[]) =>
  placeMarketplaceOrder(server.baseUrl, {
    name: ['Pick', lastName],
    email: 'pick@example.test',
    items,
    transaction: null,
  });

async function openActive(open: OpenPage, width: number, height: number): Promise<PageSession> {
  const s = await open({ width, height });
  await login(s.page, DEMO.owner);
  await s.page.goto('/orders/active');
  await s.page.getByRole('toolbar', { name: 'Bulk tools' }).waitFor();
  return s;
}

/** The 'Orders: …' line under a SKU's name, as a sorted list (the console sends the ids in list order). */
function ordersOf(text: string, name: string): string[] {
  const after = text.slice(text.indexOf(name));
  const line = /Orders: ([^\n]+)/.exec(after)?.[1] ?? '';
  return line
    .split(', ')
    .map((ref) => ref.trim())
    .sort();
}

const box = (page: Page, id: string) => page.getByRole('checkbox', { name: `Select order ${id}` });

// The pick list waits on a background batch (BATCH_DOWNLOAD), so a test may outlast the default.
describe('pick list', { timeout: 240_000 }, () => {
  it('selects three orders, prints the pick list and reads one line per SKU with the summed quantity', async ({
    server,
    open,
  }) => {
    const a = await placeOrder(server, 'Pickone', [
      { ...BOURBON, quantity: 2, gift_wrap: true },
      { ...BRUT, quantity: 1 },
    ]);
    const b = await placeOrder(server, 'Picktwo', [
      { ...BOURBON, quantity: 1, engraving_message: ['Happy 40th, Sam'] },
    ]);
    const c = await placeOrder(server, 'Pickthree', [
      { ...SCOTCH, quantity: 1 },
      { ...BOURBON, quantity: 3 },
      { ...BRUT, quantity: 2 },
    ]);
    const s = await openActive(open, 1440, 900);
    const page = s.page;
    for (const id of [a, b, c]) await box(page, id).check();
    await page.getByText('3 selected').waitFor();
    await page.getByRole('button', { name: 'Print' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download', BATCH_DOWNLOAD),
      page.getByRole('menuitem', { name: 'Pick list', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/_Pick List\.pdf$/);
    const path = await download.path();
    const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
    const flat = text.replace(/[ \t]+/g, ' ');
    expect(flat).toContain('PICK LIST');
    expect(flat).toContain('3 orders · 3 SKUs · 10 units');
    expect(flat).toMatch(/3 E2E Pick Brut \S+ DWS-00003/);
    expect(ordersOf(flat, 'E2E Pick Brut')).toEqual([a, `${c} ×2`].sort());
    expect(flat).toMatch(/6 E2E Pick Bourbon \S+ DWS-00001/);
    expect(ordersOf(flat, 'E2E Pick Bourbon')).toEqual([`${a} ×2`, b, `${c} ×3`].sort());
    expect(ordersOf(flat, 'E2E Pick Scotch')).toEqual([c]);
    expect(flat).toContain(`GIFT WRAP 2 units: ${a} ×2`);
    expect(flat).toContain(`ENGRAVE ${b} ×1: "Happy 40th, Sam"`);
    expect(flat).toMatch(/1 E2E Pick Scotch \S+ DWS-00002/);
    // Champagne before Whiskey; within Whiskey, Bourbon before Scotch. Each SKU once.
    const at = (v: string) => flat.indexOf(v);
    expect(at('CHAMPAGNE')).toBeGreaterThan(-1);
    expect(at('CHAMPAGNE')).toBeLessThan(at('WHISKEY'));
    expect(at('E2E Pick Bourbon')).toBeLessThan(at('E2E Pick Scotch'));
    expect(flat.split('E2E Pick Bourbon').length - 1).toBe(1);
    await page.getByText('Selected order reports downloaded successfully', { exact: true }).first().waitFor();
    // The recent batches panel offers the file again.
    const recent = page.getByRole('region', { name: 'Recent bulk batches' });
    await recent.getByText('Reports (pick list) · 3 orders').first().waitFor();
    expect(await recent.getByRole('link', { name: 'Pick list' }).first().getAttribute('href')).toMatch(
      /\/files\/picklist\?/,
    );
    expect(s.errors).toEqual([]);
  });

  for (const [width, height] of [
    [1440, 900],
    [1100, 800],
    [768, 1024],
    [390, 844],
  ] as const) {
    it(`shows Pick list in the open Print menu, axe clean (${width} px)`, async ({ server, open }) => {
      const id = await placeOrder(server, 'Pickmenu', [{ ...BOURBON, quantity: 1 }]);
      const s = await openActive(open, width, height);
      const page = s.page;
      await box(page, id).check();
      await page.getByRole('button', { name: 'Print' }).click();
      const item = page.getByRole('menuitem', { name: 'Pick list', exact: true });
      await item.waitFor();
      expect(await page.getByRole('menuitem').allTextContents()).toEqual([
        'All (receipts and packing slips)',
        'Receipts',
        'Packing slips',
        'Pick list',
      ]);
      const itemBox = await item.boundingBox();
      expect(itemBox).not.toBeNull();
      expect((itemBox?.x ?? -1) >= 0 && (itemBox?.x ?? 0) + (itemBox?.width ?? 0) <= width).toBe(true);
      await page.screenshot({ path: join(SHOTS, `picklist-menu-${width}.png`) });
      expect(await seriousA11yViolations(page), `print menu at ${width} px`).toEqual([]);
      await page.keyboard.press('Escape');
      expect(s.errors).toEqual([]);
    });
  }
});
