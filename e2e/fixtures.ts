/**
 * End-to-end fixtures: a real server process on a fresh data directory, Debian's Chromium through
 * playwright-core, and helpers named after the spec's actions (login, signUp, requestPasswordReset…).
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { freePort, launch, stopServer, waitUntilUp } from '../apps/server/src/test/spawn-server.ts';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CHROMIUM = '/usr/bin/chromium';
export const DEMO_PASSWORD = 'demo-password-1';
export const DEMO = {
  owner: 'owner@demo.test',
  manager: 'manager@demo.test',
  member: 'member@demo.test',
  otherOwner: 'owner@other.test',
  merchantName: 'Demo Wine & Spirits',
} as const;

// ---------------------------------------------------------------------------------------------
// Server
// ---------------------------------------------------------------------------------------------

export interface TestServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Everything the server printed (for failure messages). */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * A fresh data directory. When the run's global setup (e2e/global-setup.ts) migrated an embedded database
 * once, it starts as a copy of that one (the server's migrate then finds nothing to do, and the demo seed,
 * when on, runs as on any empty database); otherwise it is empty. On /dev/shm when the machine has it.
 */
async function freshDataDir(): Promise<string> {
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const dataDir = await mkdtemp(join(base, 'mc-e2e-'));
  const template = injectedTemplate();
  if (template) await cp(template, join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

/** The migrated data directory of the run's global setup, or none (e.g. e2e/screenshots.ts, outside vitest). */
function injectedTemplate(): string | undefined {
  try {
    return inject('pgliteTemplate') || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts the server (serverCommand in apps/server/src/test/spawn-server.ts: the build e2e/run.mjs names in
 * E2E_SERVER_ENTRY, else the sources through tsx) on a free port and a fresh data directory.
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const port = await freePort();
  const dataDir = await freshDataDir();
  const p = launch({
    name: `e2e server :${port}`,
    port,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test', ...env },
  });
  const output = () => p.output().slice(-8000);
  const stop = async () => {
    // The whole process group, so the data directory is no longer written when it is removed.
    await stopServer(p, 'SIGTERM', 10_000);
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };

  try {
    // E2E_SERVER_START_MS: a machine under heavy load (the Node 26 smoke run beside other work) needs longer.
    await waitUntilUp(p, Number(process.env.E2E_SERVER_START_MS) || 150_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl: p.url, port, dataDir, output, stop };
}

// ---------------------------------------------------------------------------------------------
// Browser
// ---------------------------------------------------------------------------------------------

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium (never a downloaded browser); playwright gives each launch a new user-data dir. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export interface PageSession {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors, for asserting a clean run. */
  errors: string[];
}

export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = { width: 1440, height: 900 },
): Promise<PageSession> {
  // Reduced motion: no drawer/menu transitions, so clicks never land on a moving element.
  const context = await browser.newContext({ baseURL: baseUrl, viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.setDefaultNavigationTimeout(30_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { context, page, errors };
}

/**
 * Waiting options for a download the server builds in a background batch (a pick list, a reports zip):
 * the worker renders the PDFs first, which takes far longer than a click on a loaded CI machine.
 */
export const BATCH_DOWNLOAD = { timeout: 90_000 } as const;

/** Waits until the SPA shows `pathname` (redirects happen client-side). */
export async function expectPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

// ---------------------------------------------------------------------------------------------
// Spec actions
// ---------------------------------------------------------------------------------------------

/** Signs in through /login and waits for the orders area. */
export async function login(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectPath(page, '/orders/active');
}

/** Tries to sign in and returns the alert text shown (for refused credentials). */
export async function attemptLogin(page: Page, email: string, password: string): Promise<string> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const alert = page.getByRole('alert').first();
  await alert.waitFor();
  return (await alert.textContent()) ?? '';
}

/** Signs out through the settings dropdown. */
export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expectPath(page, '/login');
}

export interface SignUpDetails {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** [year, month 1-12, day] */
  birthDate: [number, number, number];
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Fills and sends /signup. */
export async function signUp(page: Page, d: SignUpDetails): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('First name').fill(d.firstName);
  await page.getByLabel('Last name').fill(d.lastName);
  const [year, month, day] = d.birthDate;
  await page.getByLabel('Birth month').selectOption({ label: MONTH_NAMES[month - 1] ?? 'January' });
  await page.getByLabel('Birth day').selectOption(String(day));
  await page.getByLabel('Birth year').selectOption(String(year));
  await page.getByLabel('Email address').fill(d.email);
  await page.getByLabel('Password', { exact: true }).fill(d.password);
  await page.getByRole('checkbox', { name: /I accept the/ }).check();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
}

/** /forgot: sends the reset instructions and waits for 'Instructions Sent'. */
export async function requestPasswordReset(page: Page, email: string): Promise<void> {
  await page.goto('/forgot');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Instructions' }).click();
  await page.getByRole('heading', { name: 'Instructions Sent' }).waitFor();
}

/** /forgot/password-reset/:token: sets the new password. */
export async function resetPassword(page: Page, token: string, newPassword: string): Promise<void> {
  await page.goto(`/forgot/password-reset/${encodeURIComponent(token)}`);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Confirm' }).click();
}

// ---------------------------------------------------------------------------------------------
// Sandbox outbox
// ---------------------------------------------------------------------------------------------

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  created_at: string;
  kind: 'email' | 'sms';
}

/** The sandbox outbox, newest first. */
export async function readOutbox(baseUrl: string): Promise<OutboxMessage[]> {
  const res = await fetch(`${baseUrl}/dev/outbox.json`);
  if (!res.ok) throw new Error(`GET /dev/outbox.json answered ${res.status}`);
  return (await res.json()) as OutboxMessage[];
}

/** Waits for the newest email to `to` that matches `predicate`. */
export async function waitForEmail(
  baseUrl: string,
  to: string,
  predicate: (m: OutboxMessage) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  let last: OutboxMessage[] = [];
  while (Date.now() < deadline) {
    last = await readOutbox(baseUrl);
    const hit = last.find(
      (m) => m.kind === 'email' && m.to.toLowerCase() === to.toLowerCase() && predicate(m),
    );
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no email to ${to} within ${timeoutMs} ms; outbox: ${JSON.stringify(last.slice(0, 5))}`);
}

/** The token of the `/forgot/password-reset/<token>` link in an email. */
export function resetTokenFrom(message: OutboxMessage): string {
  const m = /\/forgot\/password-reset\/([^\s"'<>)\]]+)/.exec(message.text);
  if (!m?.[1]) throw new Error(`no /forgot/password-reset/<token> link in: ${message.text}`);
  return decodeURIComponent(m[1]);
}

// ---------------------------------------------------------------------------------------------
// Accessibility
// ---------------------------------------------------------------------------------------------

export interface A11yViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * axe-core scan (WCAG 2 A/AA); returns the serious and critical violations. `include` limits the scan
 * to some regions and `exclude` leaves some out (CSS selectors).
 */
export async function seriousA11yViolations(
  page: Page,
  scope: { include?: string[]; exclude?: string[] } = {},
): Promise<A11yViolation[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of scope.include ?? [])
    if ((await page.locator(selector).count()) > 0) builder = builder.include(selector);
  for (const selector of scope.exclude ?? [])
    if ((await page.locator(selector).count()) > 0) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
}

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
}

// ---------------------------------------------------------------------------------------------
// Orders placed as the marketplace does
// ---------------------------------------------------------------------------------------------

/** The demo marketplace's server-to-server key (seeded with the demo data). */
export const MARKETPLACE_KEY = 'demo-marketplace-key';

export interface MarketplaceOrder {
  /** Recipient's and customer's first and last name. */
  name?: readonly [string, string];
  email?: string;
  method?: 'on_demand' | 'shipping' | 'scheduled';
  items?: readonly object[];
  /** Tax and delivery fee; `null` sends none. */
  transaction?: object | null;
  /** Any other field of the intake body, over the defaults. */
  extra?: Record<string, unknown>;
}

/**
 * Places an order for the demo store through the marketplace intake (POST /m/v2/marketplace/orders):
 * by default an on-demand order of two bottles (total $152.07) for 12 Test Ave, New York. Returns its id.
 */
export async function placeMarketplaceOrder(baseUrl: string, o: MarketplaceOrder = {}): Promise<string> {
  const [first, last] = o.name ?? ['Erin', 'Tester'];
  const phone = '(212) 555-0111';
  const res = await fetch(`${baseUrl}/m/v2/marketplace/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${MARKETPLACE_KEY}` },
    body: JSON.stringify({
      merchant: 'demo-wine-spirits',
      application_ref: 'e2e',
      delivery: { method: o.method ?? 'on_demand' },
      recipient: {
        first_name: first,
        last_name: last,
        street_1: '12 Test Ave',
        city: 'New York',
        state: 'NY',
        zipcode: '10013',
        phone_number: phone,
      },
      customer: {
        first_name: first,
        last_name: last,
        email: o.email ?? `${first.toLowerCase()}@example.test`,
        phone_number: phone,
      },
      items: o.items ?? [
        { name: 'Old Harbor Bourbon', quantity: 2, price: 39.99 },
        { name: 'Maison Duclair Brut', quantity: 1, price: 59 },
      ],
      ...(o.transaction === null ? {} : { transaction: o.transaction ?? { tax: 8.1, delivery_fee: 4.99 } }),
      ...o.extra,
    }),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`marketplace order refused (${res.status}): ${text}`);
  return (JSON.parse(text) as { id: string }).id;
}
