/**
 * Chromium at 1280 px: a clerk sets up a second factor on My account (the QR code drawn, its key
 * read off the screen into the same TOTP library an app uses, a wrong code refused on the field, the
 * app's code turns it on and the recovery codes are shown once), then signs in again on a new
 * browser: the password, then the code box, a wrong code refused, the app's next code lets them
 * in. The principal sees the clerk's second factor on the accounts screen and resets it. axe finds
 * nothing on the setup screen or the code step. The guide's picture of the setup is drawn here.
 */
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DESKTOP, docScreenshot, launchBrowser, loginThroughUi, newPage } from '../support/browser.ts';
import { staffClient, type Staff } from '../support/api.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';

const SLOW = 180_000;
const IMG = join(import.meta.dirname, '../../docs/img');
const WRONG_CODE = 'The code is not right. Enter the code your app shows now, or a recovery code you have not used.';

let browser: Browser;
let clerk: Staff;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  [browser, clerk] = await Promise.all([launchBrowser(), staffClient('office', 'Sunita Verma')]);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** What the authenticator app shows for `secret`, `steps` periods of 30 seconds from now. */
const appCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
/** Six digits that are none of the codes the server would take around now. */
const notACode = (secret: string) =>
  ['000000', '111111', '222222'].find((c) => ![-1, 0, 1, 2].some((s) => appCode(secret, s) === c))!;

const toast = (p: Page, text: string) => p.locator('.Toastify').getByText(text).first().waitFor();
const field = (p: Page, label: string) => p.getByLabel(new RegExp(`^${label}(\\s*\\*)?$`));

async function errorOf(input: Locator): Promise<string> {
  expect(await input.getAttribute('aria-invalid')).toBe('true');
  const ids = (await input.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const texts = await Promise.all(ids.map((id) => input.page().locator(`[id="${id}"]`).innerText()));
  return texts.at(-1) ?? '';
}

describe('a second factor at 1280 px', () => {
  let secret = '';

  it(
    "the clerk sets it up on My account: a QR code, a wrong code refused, the app's code turns it on and shows the recovery codes once",
    async () => {
      const { context, page } = await openPage(browser, DESKTOP);
      contexts.push(context);
      context.setDefaultTimeout(60_000);
      await loginThroughUi(page, clerk.email, clerk.password);
      await page.goto('/admin/account');
      await page.getByRole('heading', { name: 'Second factor', level: 2 }).waitFor();
      await page.getByText('Off: sign-in asks for your password only.').waitFor();
      await page.getByRole('button', { name: 'Set up a second factor' }).click();

      const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
      await qr.waitFor();
      expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const key = page.locator('.second-factor__key');
      secret = (await key.innerText()).replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(await key.getAttribute('data-secret')).toBe(secret);
      expect(await accessibilityFailures(page, '/admin/account setting up a second factor at 1280 px')).toEqual([]);
      // The guide's picture: the section from its heading (below the site's sticky header) to the code box.
      await page
        .getByRole('heading', { name: 'Second factor', level: 2 })
        .evaluate((heading) => window.scrollTo(0, heading.getBoundingClientRect().top + window.scrollY - 110));
      await docScreenshot(page, join(IMG, 'office-second-factor.png'));

      const code = field(page, 'Code from the app');
      await code.fill(notACode(secret));
      await page.getByRole('button', { name: 'Turn on' }).click();
      await toast(page, 'The code is not right. Enter the code your app shows now (it changes every 30 seconds).');
      expect(await errorOf(code)).toContain('The code is not right.');

      await code.fill(appCode(secret));
      await page.getByRole('button', { name: 'Turn on' }).click();
      const dialog = page.getByRole('dialog', { name: 'Your recovery codes' });
      await dialog.waitFor();
      const shown = (await dialog.locator('li code').allInnerTexts()).map((c) => c.trim());
      expect(shown).toHaveLength(10);
      for (const c of shown) expect(c).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      await dialog.getByRole('button', { name: 'I have saved them' }).click();
      await page.getByText('On: after your password, sign-in asks for the 6-digit code').waitFor();
      expect(await page.getByText(shown[0]!).count()).toBe(0);
    },
    SLOW,
  );

  it(
    "on a new browser: the password, then the code; a wrong code is refused, the app's next code signs in",
    async () => {
      // The site's own policies here (no CSP bypass), as the office's browser has them.
      const { context, page } = await newPage(browser, DESKTOP);
      contexts.push(context);
      await page.goto('/login');
      await page.getByPlaceholder('Enter your email').fill(clerk.email);
      await page.getByPlaceholder('Enter your password').fill(clerk.password);
      await page.getByRole('button', { name: 'Login' }).click();
      const code = page.getByLabel('Code from your authenticator app');
      await code.waitFor();
      expect(await code.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.getByPlaceholder('Enter your password').isVisible()).toBe(false);
      // Not signed in yet: the office pages send this browser to the login page.
      const probe = await context.newPage();
      await probe.goto('/admin');
      await probe.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/login');
      await probe.close();

      await code.fill(notACode(secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      await toast(page, WRONG_CODE);
      expect(page.url()).toMatch(/\/login\/?$/);

      // The code the setup used is spent: the app's next one.
      await code.fill(appCode(secret, 1));
      await page.getByRole('button', { name: 'Verify' }).click();
      await toast(page, 'Login successful');
      await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/admin');
    },
    SLOW,
  );

  it(
    'the code step passes axe',
    async () => {
      const { context, page } = await openPage(browser, DESKTOP);
      contexts.push(context);
      await page.goto('/login');
      await page.getByPlaceholder('Enter your email').fill(clerk.email);
      await page.getByPlaceholder('Enter your password').fill(clerk.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByLabel('Code from your authenticator app').waitFor();
      expect(await accessibilityFailures(page, '/login, the code step, at 1280 px')).toEqual([]);
    },
    SLOW,
  );

  it(
    'the principal sees it on the accounts screen and resets it after asking',
    async () => {
      const { context, page } = await openPage(browser, DESKTOP);
      contexts.push(context);
      context.setDefaultTimeout(60_000);
      await loginThroughUi(page);
      await page.goto('/admin/accounts');
      const row = page.locator('tbody tr').filter({ hasText: clerk.email });
      await row.waitFor();
      expect(await row.locator('td[data-label="Second factor"]').innerText()).toBe('On');
      await page.getByRole('button', { name: `Reset second factor: ${clerk.account.name}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Please confirm' });
      expect(await confirm.innerText()).toContain('lost the phone and the recovery codes');
      await confirm.getByRole('button', { name: 'Reset second factor' }).click();
      await toast(page, `${clerk.account.name}'s second factor is reset.`);
      await expect.poll(() => row.locator('td[data-label="Second factor"]').innerText()).toBe('Off');
      expect(await page.getByRole('button', { name: `Reset second factor: ${clerk.account.name}` }).count()).toBe(0);
    },
    SLOW,
  );
});
