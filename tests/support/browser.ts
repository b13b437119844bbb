/** Headless Debian Chromium driven by playwright-core (no browser download). */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // The machine has no network beyond loopback: keep Chromium from trying to phone home.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 360, height: 740 };

export async function newPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: inject('baseURL'), viewport });
  // A function's first call builds it and starts its instance, on a machine the whole run shares: wait longer than 30 s.
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the login page, as an office user would (the seeded principal unless told). */
export async function loginThroughUi(page: Page, email = inject('adminEmail'), password = inject('adminPassword')): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('Enter your email').fill(email);
  await page.getByPlaceholder('Enter your password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/admin');
}

/** Waits until the page's islands have hydrated (no server-rendered island left). */
export const hydrated = (page: Page) => page.waitForFunction(() => !!document.querySelector('astro-island') && !document.querySelector('astro-island[ssr]'));
