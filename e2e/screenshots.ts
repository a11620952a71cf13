/**
 * Screenshots of the console's foundation screens at 1440 px and 390 px into ./screenshots/ (git-ignored).
 * Run: npx tsx e2e/screenshots.ts   (builds nothing: run `npm run build -w apps/web` first)
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO, launchBrowser, login, openPage, ROOT, startServer } from './fixtures.ts';

const OUT = join(ROOT, 'screenshots');
const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
];

type Step = { name: string; loggedIn: boolean; run: (page: Page) => Promise<void> };

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor();
const visit = (path: string) => async (page: Page) => {
  await page.goto(path);
  await heading(page);
};

const STEPS: Step[] = [
  { name: 'login', loggedIn: false, run: visit('/login') },
  { name: 'signup', loggedIn: false, run: visit('/signup') },
  {
    name: 'signup-errors',
    loggedIn: false,
    run: async (p) => {
      await p.goto('/signup');
      await p.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await p.getByText('You must accept terms').waitFor();
    },
  },
  { name: 'forgot', loggedIn: false, run: visit('/forgot') },
  {
    name: 'forgot-sent',
    loggedIn: false,
    run: async (p) => {
      await p.goto('/forgot');
      await p.getByLabel('Email').fill(DEMO.owner);
      await p.getByRole('button', { name: 'Send Instructions' }).click();
      await p.getByRole('heading', { name: 'Instructions Sent' }).waitFor();
    },
  },
  {
    name: 'reset',
    loggedIn: false,
    run: visit('/forgot/password-reset/sample'),
  },
  { name: 'terms', loggedIn: false, run: visit('/terms') },
  {
    name: 'shell-orders',
    loggedIn: true,
    run: visit('/orders/active'),
  },
  {
    name: 'shell-menu-open',
    loggedIn: true,
    run: async (p) => {
      await p.goto('/reports');
      await heading(p);
      const desktop = (p.viewportSize()?.width ?? 0) >= 1100;
      if (desktop) {
        await p.getByRole('button', { name: 'Settings' }).click();
        await p.getByRole('menu').waitFor();
      } else {
        await p.getByRole('button', { name: 'Open menu' }).click();
        await p.getByRole('dialog').waitFor();
      }
    },
  },
  { name: 'reports', loggedIn: true, run: visit('/reports') },
  { name: 'settings', loggedIn: true, run: visit('/settings/profile') },
  { name: '404', loggedIn: true, run: visit('/no/such/page') },
  {
    name: 'developers',
    loggedIn: true,
    run: async (p) => {
      await p.goto('/developers');
      await p.waitForTimeout(1500);
    },
  },
];

const only = process.argv.slice(2);
await mkdir(OUT, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const size of WIDTHS) {
    for (const loggedIn of [false, true]) {
      const s = await openPage(browser, server.baseUrl, { width: size.width, height: size.height });
      if (loggedIn) await login(s.page, DEMO.owner);
      for (const step of STEPS.filter(
        (x) => x.loggedIn === loggedIn && (!only.length || only.includes(x.name)),
      )) {
        await step.run(s.page);
        await s.page
          .getByText(DEMO.merchantName)
          .first()
          .waitFor({ timeout: loggedIn ? 10_000 : 1 })
          .catch(() => {});
        await s.page.waitForTimeout(400);
        const file = join(OUT, `${step.name}-${size.width}.png`);
        await s.page.screenshot({
          path: file,
          fullPage: size.width < 1100 && step.name.startsWith('signup'),
        });
        console.log(file);
      }
      await s.context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
