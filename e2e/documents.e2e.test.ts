/**
 * Paper and parcels in Chromium: download a receipt and a packing slip (file names, PDF text),
 * send directions to a phone and find the message in the sandbox outbox, buy a two-box shipping label,
 * see the order shipped and print its labels, and the PO Box message.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO, login, type PageSession, readOutbox } from './fixtures.ts';
import { describe, expect, it, type OpenPage, test } from './test.ts';

const TWO_BOX = 'LABELOK-SHP-01';
const PO_BOX = 'POBOXAD-SHP-01';
const MARKUP = 'MARKUPX-GFT-01';

// WEB_DIST lets this file run against a console built elsewhere (e.g. E2E_WEB_DIST=/tmp/dist).
test.override(
  'serverEnv',
  { scope: 'file' },
  process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {},
);

async function openOrder(open: OpenPage, id: string): Promise<PageSession> {
  const s = await open();
  await login(s.page, DEMO.owner);
  await s.page.goto(`/orders/view/${id}`);
  await s.page.getByRole('heading', { name: `Order ${id}` }).waitFor();
  return s;
}

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });
}

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-pdf-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), bytes);
    return execFileSync('pdftotext', ['-layout', join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function download(page: Page, click: () => Promise<void>) {
  const [dl] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await dl.path();
  return { name: dl.suggestedFilename(), bytes: readFileSync(path) };
}

describe('documents and labels in the console', () => {
  it('downloads the receipt and the packing slip with the spec file names and toasts', async ({ open }) => {
    const { page } = await openOrder(open, MARKUP);
    // Markup in names is shown as text, never run.
    await page.getByText('<script>alert(1)</script> {{7*7}}').first().waitFor();

    const receipt = await download(page, () => page.getByRole('button', { name: 'Print Receipt' }).click());
    await toast(page, 'Receipt downloaded successfully!');
    expect(receipt.name).toMatch(new RegExp(`^${MARKUP}_.+_Receipt\\.pdf$`));
    expect(receipt.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const receiptText = pdfText(receipt.bytes);
    expect(receiptText).toContain(MARKUP);
    expect(receiptText).toContain('<script>alert(1)</script>');

    const slip = await download(page, () => page.getByRole('button', { name: 'PRINT PACKING SLIP' }).click());
    await toast(page, 'Print Packaging Slip downloaded successfully!');
    expect(slip.name).toMatch(new RegExp(`^${MARKUP}-.+-Packing Slip\\.pdf$`));
    const slipText = pdfText(slip.bytes);
    expect(slipText).toContain('PACKING SLIP');
    expect(slipText).toContain('{{7*7}}');
    expect(slipText).toContain('Happy birthday! <img src=x onerror=alert(1)>');
    // A gift order: no prices.
    expect(slipText).not.toMatch(/\$\d+\.\d{2}/);
  });

  it('sends directions to a phone; the message is in the outbox', async ({ server, open }) => {
    const { page } = await openOrder(open, TWO_BOX);
    await page.getByRole('button', { name: 'Send to Phone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Directions to Phone' });
    await dialog.getByLabel('Phone number').fill('555');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Please enter a valid phone number').waitFor();
    await dialog.getByLabel('Phone number').fill('6465550199');
    expect(await dialog.getByLabel('Phone number').inputValue()).toBe('(646) 555-0199');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await toast(page, 'We have sent directions to +1 (646) 555-0199');
    const sms = (await readOutbox(server.baseUrl)).find((m) => m.kind === 'sms' && m.to === '+16465550199');
    expect(sms?.text).toContain('Grace Hopper');
    expect(sms?.text).toContain('85 Broad St');
    expect(sms?.text).toContain('(212) 555-0187');
    expect(sms?.text).toContain('https://www.google.com/maps/dir/');
  });

  it('buys a two-box label, shows the order shipped and prints both labels', async ({ server, open }) => {
    const s = await openOrder(open, TWO_BOX);
    const page = s.page;
    await page.getByRole('button', { name: 'ADD SHIPPING' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Shipping Label' });
    await dialog.getByText('limit $5,000.00').first().waitFor();
    expect(await dialog.getByRole('link', { name: 'Carrier settings' }).getAttribute('href')).toBe(
      '/settings/carrier',
    );
    await dialog.getByRole('button', { name: 'Add another box' }).click();
    const weights = dialog.getByLabel(/^Weight/);
    expect(await weights.count()).toBe(2);
    expect(await weights.nth(0).inputValue()).toBe('4.65');
    await dialog
      .getByLabel(/^Declared value/)
      .nth(1)
      .fill('5000');
    await dialog.getByRole('button', { name: 'Create Shipping Label' }).click();
    await dialog.getByText('Max value is 4,999.99').waitFor();
    await dialog
      .getByLabel(/^Declared value/)
      .nth(1)
      .fill('120');

    const popups: Page[] = [];
    s.context.on('page', (p) => popups.push(p));
    await dialog.getByRole('button', { name: 'Create Shipping Label' }).click();
    await toast(page, 'Shipping label(s) created successfully!');
    await toast(page, 'Downloading shipping label(s)...');
    await toast(page, 'Shipping label(s) downloaded successfully!');
    // The view reloads the order: shipped, with the print-label button.
    await page.getByRole('button', { name: 'PRINT SHIPPING LABEL' }).waitFor();
    await page
      .getByText(/Shipped/)
      .first()
      .waitFor();

    // The labels fetched again: GET …/labels, each opened (a new window, or a download when blocked).
    const labels = (await page.evaluate(async (id) => {
      const res = await fetch(`/m/v2/merchant/demo-wine-spirits/orders/${id}/labels`, {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return res.json();
    }, TWO_BOX)) as { label_url: string; tracking_code: string }[];
    expect(labels).toHaveLength(2);
    const pdf = await fetch(`${server.baseUrl}${labels[1]!.label_url}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('BOX 2 OF 2');

    const before = popups.length;
    await page.getByRole('button', { name: 'PRINT SHIPPING LABEL' }).click();
    await toast(page, 'Shipping label(s) downloaded successfully!');
    await expect.poll(() => popups.length - before, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  });

  it('shows the PO Box message for a PO Box destination', async ({ open }) => {
    const { page } = await openOrder(open, PO_BOX);
    await page.getByRole('button', { name: 'ADD SHIPPING' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Shipping Label' });
    await dialog.getByRole('button', { name: 'Create Shipping Label' }).click();
    await dialog.getByRole('alert').getByText('Cannot ship to a PO Box. Please contact Support.').waitFor();
    await page.getByRole('heading', { name: `Order ${PO_BOX}` }).waitFor();
  });
});
