/**
 * Chromium, at 1280 px and at 360 px: a principal adds an office account on /admin/accounts and
 * reads its temporary password once; the new person signs in with it through the login page, is
 * sent to /admin/account, chooses a password and reaches a panel; office staff are not offered
 * Accounts; the principal disables the account and the person's next page goes to /login. axe
 * finds nothing on either screen (with the temporary password open too) and nothing scrolls sideways.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, loginThroughUi } from '../support/browser.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';
import { token } from '../http/admin-fixtures.ts';

/** Each step waits on pages, function calls and axe on a busy 2-core machine. */
const SLOW = 180_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const toast = (p: Page, text: string | RegExp) => p.locator('.Toastify').getByText(text).first().waitFor();

/** A context that lets axe in despite the CSP, with room for a function's first, slow call. */
async function open(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openPage(browser, viewport);
  opened.context.setDefaultTimeout(60_000);
  return opened;
}

/** The error shown for an input, found through its aria-describedby as a screen reader finds it. */
async function errorOf(input: Locator): Promise<string> {
  expect(await input.getAttribute('aria-invalid')).toBe('true');
  const ids = (await input.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const page = input.page();
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.at(-1) ?? '';
}

/** An input by its label's text, with or without the required mark after it. */
const field = (p: Page, label: string) => p.getByLabel(new RegExp(`^${label}(\\s*\\*)?$`));

const navLinks = (p: Page) => p.getByRole('navigation', { name: 'Admin sections' }).getByRole('link').allInnerTexts();

describe.each([
  ['1280 px', DESKTOP],
  ['360 px', PHONE],
])('accounts at %s', (width, viewport) => {
  let principal: Page;
  let principalContext: BrowserContext;
  let person: Page;
  let personContext: BrowserContext;
  const name = `Meena ${token()}`;
  const email = `${token('meena').toLowerCase()}@school.test`;
  let temporary = '';
  const own = 'meena chooses this one';

  beforeAll(async () => {
    ({ context: principalContext, page: principal } = await open(viewport));
    await principalContext.grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginThroughUi(principal);
    ({ context: personContext, page: person } = await open(viewport));
  });
  afterAll(async () => {
    await principalContext?.close();
    await personContext?.close();
  });

  it(
    'a principal sees the accounts, and a field error from the server is tied to its field',
    async () => {
      await principal.goto('/admin/accounts');
      await principal.getByRole('heading', { name: 'Staff accounts', level: 1 }).waitFor();
      await principal.locator('table[aria-busy="false"]').waitFor();
      expect(await navLinks(principal)).toEqual(expect.arrayContaining(['Accounts', 'My account']));
      expect(
        await principal
          .locator('tbody tr')
          .filter({ hasText: inject('adminEmail') })
          .innerText(),
      ).toContain('(you)');
      expect(await accessibilityFailures(principal, `/admin/accounts at ${width}`)).toEqual([]);

      // Checked in the browser first: nothing filled in.
      await principal.getByRole('button', { name: 'Add account' }).click();
      expect(await errorOf(field(principal, 'Name'))).toBe('Please fill in all required fields.');
      expect(await principal.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');

      // Only the server knows the e-mail is taken: its `fields` lands on the E-mail field.
      await field(principal, 'Name').fill(name);
      await field(principal, 'E-mail').fill(inject('adminEmail'));
      await principal.getByRole('button', { name: 'Add account' }).click();
      await toast(principal, 'An account with this e-mail exists already.');
      expect(await errorOf(field(principal, 'E-mail'))).toBe('An account with this e-mail exists already.');
    },
    SLOW,
  );

  it(
    'adds an office account and shows its temporary password once, with Copy',
    async () => {
      await field(principal, 'E-mail').fill(email);
      expect(await field(principal, 'Role').inputValue()).toBe('office');
      const posted = principal.waitForResponse(
        (r) => r.url().endsWith('/v1/api/admins') && r.request().method() === 'POST',
      );
      await principal.getByRole('button', { name: 'Add account' }).click();
      expect((await posted).status()).toBe(201);

      const dialog = principal.getByRole('dialog', { name: 'Account added' });
      await dialog.waitFor();
      temporary = (await dialog.locator('code').innerText()).trim();
      expect(temporary).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(await dialog.innerText()).toContain(
        `Hand this password to ${name} yourself; at first sign-in they choose their own.`,
      );
      expect(await dialog.getByRole('button', { name: 'Copy' }).evaluate((el) => el === document.activeElement)).toBe(
        true,
      );
      expect(await accessibilityFailures(principal, `/admin/accounts with the temporary password at ${width}`)).toEqual(
        [],
      );

      await dialog.getByRole('button', { name: 'Copy' }).click();
      await toast(principal, 'Password copied');
      expect(await principal.evaluate(() => navigator.clipboard.readText())).toBe(temporary);

      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const row = principal.locator('tbody tr').filter({ hasText: email });
      await row.waitFor();
      const text = await row.innerText();
      for (const part of [name, 'Office staff', 'Active (temporary password)', 'Never']) expect(text).toContain(part);
      // The form is empty again, and the password is nowhere on the page any more.
      expect(await field(principal, 'Name').inputValue()).toBe('');
      expect(await principal.content()).not.toContain(temporary);
    },
    SLOW,
  );

  it(
    'the new person signs in with it, is sent to My account, chooses a password and reaches a panel',
    async () => {
      await person.goto('/login');
      await person.getByPlaceholder('Enter your email').fill(email);
      await person.getByPlaceholder('Enter your password').fill(temporary);
      await person.getByRole('button', { name: 'Login' }).click();
      await person.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/admin/account');
      await person.getByText('Choose your own password before going on.').waitFor();
      expect(await navLinks(person)).toEqual(['My account']);
      expect(await person.locator('dl').innerText()).toMatch(
        new RegExp(`${name}[\\s\\S]*${email}[\\s\\S]*Office staff`),
      );
      expect(await accessibilityFailures(person, `/admin/account (temporary password) at ${width}`)).toEqual([]);

      // Any other page sends them back here until they have.
      await person.goto('/admin/admissions/panel');
      await person.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/admin/account');

      const current = field(person, 'Current password');
      const fresh = field(person, 'New password');
      const repeat = field(person, 'Repeat new password');
      await current.fill(temporary);
      await fresh.fill('short');
      await repeat.fill('short');
      await person.getByRole('button', { name: 'Change password' }).click();
      expect(await errorOf(fresh)).toBe('The password must have at least 10 characters.');
      await fresh.fill(own);
      await repeat.fill(`${own}!`);
      await person.getByRole('button', { name: 'Change password' }).click();
      expect(await errorOf(repeat)).toBe('The two new passwords are not the same.');
      await current.fill('not the temporary one');
      await repeat.fill(own);
      await person.getByRole('button', { name: 'Change password' }).click();
      await toast(person, 'The current password is not right.');
      expect(await errorOf(current)).toBe('The current password is not right.');

      await current.fill(temporary);
      const changed = person.waitForResponse((r) => r.url().endsWith('/v1/api/auth/password'));
      await person.getByRole('button', { name: 'Change password' }).click();
      expect((await changed).status()).toBe(200);
      // The office home; until it exists on this branch, any panel proves the way is open.
      await person.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/admin');
      await person.goto('/admin/admissions/panel');
      await person.getByRole('heading', { name: 'Admissions', level: 1 }).waitFor();
      expect(await navLinks(person)).not.toContain('Accounts');
      expect(await navLinks(person)).toContain('My account');

      await person.goto('/admin/accounts');
      await person.getByText('Only the principal manages staff accounts').waitFor();
      await person.goto('/admin/account');
      await person.getByRole('heading', { name: 'Change password' }).waitFor();
      expect(await person.getByText('Choose your own password before going on.').count()).toBe(0);
      expect(await accessibilityFailures(person, `/admin/account at ${width}`)).toEqual([]);
    },
    SLOW,
  );

  it(
    "the principal disables the account after asking; the person's next page goes to /login",
    async () => {
      await principal.reload();
      const row = principal.locator('tbody tr').filter({ hasText: email });
      await row.filter({ hasText: 'Active' }).waitFor();
      expect(await row.innerText()).not.toContain('Never');
      await principal.getByRole('button', { name: `Disable: ${name}` }).click();
      const confirm = principal.getByRole('alertdialog', { name: 'Please confirm' });
      await confirm.waitFor();
      expect(await confirm.innerText()).toContain(`This signs ${name} out at once`);
      expect(
        await confirm.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement),
      ).toBe(true);
      await confirm.getByRole('button', { name: 'Disable' }).click();
      await toast(principal, `${name}'s account is disabled.`);
      await row.filter({ hasText: 'Disabled' }).waitFor();
      await principal.getByRole('button', { name: `Enable: ${name}` }).waitFor();

      await person.goto('/admin/admissions/panel');
      await person.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/login');
    },
    SLOW,
  );

  it(
    "a reset shows a new temporary password once; the principal's own row offers neither Disable nor Reset",
    async () => {
      await principal.getByRole('button', { name: `Reset password: ${name}` }).click();
      const confirm = principal.getByRole('alertdialog', { name: 'Please confirm' });
      await confirm.getByRole('button', { name: 'Reset password' }).click();
      const dialog = principal.getByRole('dialog', { name: 'New temporary password' });
      await dialog.waitFor();
      const again = (await dialog.locator('code').innerText()).trim();
      expect(again).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(again).not.toBe(temporary);
      expect(await accessibilityFailures(principal, `/admin/accounts with a reset password at ${width}`)).toEqual([]);
      await principal.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      const mine = principal.locator('tbody tr').filter({ hasText: inject('adminEmail') });
      expect(await mine.getByRole('button').allInnerTexts()).toEqual(['Make office staff']);
    },
    SLOW,
  );
});
