/** Headless Debian Chromium driven by playwright-core (no browser download). */
import { chromium, type Browser, type BrowserContext, type Download, type Locator, type Page } from 'playwright-core';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { expect } from 'vitest';
import { site } from './site.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How Chromium is started: headless, and kept from the network it does not have. */
export const CHROMIUM_OPTIONS = {
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
};

/**
 * The run's Chromium (started once by tests/support/global-setup.ts; each file connects and gets
 * its own contexts, so cookies and storage stay the file's own), or one of its own outside a run.
 * Closing what this returns ends the file's connection and its contexts, not the shared browser.
 */
export async function launchBrowser(): Promise<Browser> {
  const shared = site('browserEndpoint');
  return shared ? chromium.connect(shared) : chromium.launch(CHROMIUM_OPTIONS);
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 360, height: 740 };

export async function newPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: site('baseURL'), viewport });
  // A function's first call builds it and starts its instance, on a machine the whole run shares: wait longer than 30 s.
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the login page, as an office user would (the seeded principal unless told). */
export async function loginThroughUi(
  page: Page,
  email = site('adminEmail'),
  password = site('adminPassword'),
): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('Enter your email').fill(email);
  await page.getByPlaceholder('Enter your password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/admin');
}

/** Waits until the page's islands have hydrated (no server-rendered island left). */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => !!document.querySelector('astro-island') && !document.querySelector('astro-island[ssr]'));

/**
 * Clicks `button` (a form's submit) until `shown` is visible, waiting after each click for the
 * button to be enabled again (the request answered), at most `tries` clicks: for a refusal that
 * comes only after a limit is used up. Fails when `shown` never appears.
 */
export async function clickUntilShown(button: Locator, shown: Locator, tries = 15): Promise<void> {
  for (let i = 0; i < tries && !(await shown.isVisible()); i++) {
    await button.click();
    await expect.poll(() => button.isEnabled()).toBe(true);
  }
  await shown.waitFor({ state: 'visible', timeout: 10_000 });
}

/** Waits for a toast whose text is exactly `text`. */
export const toast = (page: Page, text: string) =>
  page.locator('.Toastify').getByText(text, { exact: true }).first().waitFor({ timeout: 30_000 });

/** A field's accessible name that starts with `text` (its star or hint may follow). */
export const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/**
 * This machine's Chromium has no Devanagari font (a phone has one), so the page gets Noto Sans
 * Devanagari for Devanagari letters first, before a screenshot.
 */
async function withDevanagari(page: Page): Promise<void> {
  const woff = await readFile(
    fileURLToPath(
      import.meta.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff'),
    ),
  );
  await page.addStyleTag({
    content: `@font-face { font-family: ShotDeva; src: url(data:font/woff;base64,${woff.toString('base64')}); unicode-range: U+0900-097F, U+200C-200D, U+25CC; }
      body, body * { font-family: ShotDeva, system-ui, sans-serif !important; }`,
  });
  await page.evaluate(() => document.fonts.ready);
}

/** A screenshot to look at (the whole page), written to SCREENSHOTS_DIR when it is set. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  await withDevanagari(page);
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/**
 * A picture for a document (docs/office-guide.md), always written to `file`: what the window shows,
 * with the mouse moved away and the caret hidden so that reruns draw the same picture, as a
 * palette PNG (a screen of text and flat colours keeps its look in 256 colours at a third of the size).
 */
export async function docScreenshot(page: Page, file: string): Promise<void> {
  await page.mouse.move(0, 0);
  await withDevanagari(page);
  const shot = await page.screenshot({ caret: 'hide', animations: 'disabled' });
  await mkdir(dirname(file), { recursive: true });
  await sharp(shot).png({ palette: true, compressionLevel: 9, effort: 10 }).toFile(file);
}

/** A download's bytes (read through Playwright's stream: the shared browser may not be this process's child). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
