/**
 * Chromium at 1280 px: the principal adds a clerk on the add-account screen; the clerk signs in with
 * the temporary password and, choosing their own, is refused a common password, one built from
 * their e-mail and a guessable one, each with the rule's words on the New password field and in a
 * toast; a good one opens the office pages. axe finds nothing on the refused form.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, loginThroughUi } from '../support/browser.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';
import { token } from '../http/admin-fixtures.ts';

const SLOW = 180_000;
const COMMON =
  'This password is too common: it is on the lists people try first. Choose another; a few words you can remember make a good password.';
const GUESSABLE =
  "This password is too easy to guess (a repeated letter, a run like 12345, a keyboard row, a date, a name or the school's name). Choose another; a few words you can remember make a good password.";
const EMAIL = 'The password must not contain your e-mail address or the name in it.';

let browser: Browser;
let principalContext: BrowserContext;
let clerkContext: BrowserContext;
let principal: Page;
let clerk: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context: principalContext, page: principal } = await openPage(browser, DESKTOP));
  ({ context: clerkContext, page: clerk } = await openPage(browser, DESKTOP));
  principalContext.setDefaultTimeout(60_000);
  clerkContext.setDefaultTimeout(60_000);
});
afterAll(async () => {
  await principalContext?.close();
  await clerkContext?.close();
  await browser?.close();
});

const field = (p: Page, label: string) => p.getByLabel(new RegExp(`^${label}(\\s*\\*)?$`));
const toast = (p: Page, text: string) => p.locator('.Toastify').getByText(text).first().waitFor();

async function errorOf(input: Locator): Promise<string> {
  expect(await input.getAttribute('aria-invalid')).toBe('true');
  const ids = (await input.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const texts = await Promise.all(ids.map((id) => input.page().locator(`[id="${id}"]`).innerText()));
  return texts.at(-1) ?? '';
}

async function screenshot(p: Page, name: string) {
  if (process.env.SCREENSHOT_DIR)
    await p.screenshot({ path: join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

describe("a new clerk's first password at 1280 px", () => {
  const local = `ravi.${token('kumar').toLowerCase()}`;
  const email = `${local}@school.test`;
  let temporary = '';

  it(
    'the principal adds the clerk on the add-account screen and reads the temporary password',
    async () => {
      await loginThroughUi(principal);
      await principal.goto('/admin/accounts');
      await principal.locator('table[aria-busy="false"]').waitFor();
      await field(principal, 'Name').fill('Ravi Kumar');
      await field(principal, 'E-mail').fill(email);
      await principal.getByRole('button', { name: 'Add account' }).click();
      const dialog = principal.getByRole('dialog', { name: 'Account added' });
      await dialog.waitFor();
      temporary = (await dialog.locator('code').innerText()).trim();
      await dialog.getByRole('button', { name: 'Done' }).click();
    },
    SLOW,
  );

  it(
    'the clerk is refused a common, an e-mail and a guessable password, with the rule on the field',
    async () => {
      await clerk.goto('/login');
      await clerk.getByPlaceholder('Enter your email').fill(email);
      await clerk.getByPlaceholder('Enter your password').fill(temporary);
      await clerk.getByRole('button', { name: 'Login' }).click();
      await clerk.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/admin/account');
      const fresh = field(clerk, 'New password');
      expect(
        await clerk.locator(`[id="${(await fresh.getAttribute('aria-describedby'))?.split(' ')[0]}"]`).innerText(),
      ).toContain('not a common password and not your e-mail');

      async function tryPassword(password: string, message: string) {
        await field(clerk, 'Current password').fill(temporary);
        await fresh.fill(password);
        await field(clerk, 'Repeat new password').fill(password);
        const answer = clerk.waitForResponse((r) => r.url().endsWith('/v1/api/auth/password'));
        await clerk.getByRole('button', { name: 'Change password' }).click();
        expect((await answer).status()).toBe(400);
        await toast(clerk, message);
        expect(await errorOf(fresh)).toBe(message);
        expect(await clerk.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('newPassword');
      }

      await tryPassword('password12', COMMON);
      await screenshot(clerk, 'weak-password-common-1280');
      expect(await accessibilityFailures(clerk, '/admin/account with a refused password at 1280 px')).toEqual([]);
      await tryPassword(`${local.replace('.', '')}@1`, EMAIL);
      await screenshot(clerk, 'weak-password-email-1280');
      await tryPassword('aaaaaaaaaa', GUESSABLE);

      await field(clerk, 'Current password').fill(temporary);
      await fresh.fill('mango tree by the well');
      await field(clerk, 'Repeat new password').fill('mango tree by the well');
      await clerk.getByRole('button', { name: 'Change password' }).click();
      await clerk.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/admin');
    },
    SLOW,
  );
});
