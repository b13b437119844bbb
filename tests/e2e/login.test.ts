/** Chromium: the login page (toasts, where success leads) and the /admin guard. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { PHONE, launchBrowser, loginThroughUi, newPage } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ADMIN_ROUTES = [
  '/admin/vacancies/panel',
  '/admin/vacancies/new-vacancy',
  '/admin/vacancies/details/123',
  '/admin/tc-requests/panel',
  '/admin/tc-requests/details/123',
  '/admin/gallery/panel',
  '/admin/gallery/new-item',
  '/admin/gallery/details/123',
  '/admin/admissions/panel',
  '/admin/admissions/details/123',
  '/admin/enquiry/panel',
  '/admin/enquiry/details/123',
];

describe('login page', () => {
  it('has the heading, labelled required fields and the Login button', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login', level: 1 }).isVisible()).resolves.toBe(true);
    const email = page.getByLabel('Email');
    expect(await email.getAttribute('type')).toBe('email');
    expect(await email.getAttribute('placeholder')).toBe('Enter your email');
    expect(await email.getAttribute('required')).not.toBeNull();
    const password = page.getByLabel('Password');
    expect(await password.getAttribute('placeholder')).toBe('Enter your password');
    expect(await password.getAttribute('required')).not.toBeNull();
    // The staff's door, not a page for search engines: noindex, and in English only (no language switch).
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await page.locator('[data-language-switch]').count()).toBe(0);
    await context.close();
  });

  it('shows "Invalid Credentials!" for a wrong password and stays on /login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByPlaceholder('Enter your email').fill(inject('adminEmail'));
    await page.getByPlaceholder('Enter your password').fill('not the password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid Credentials!').waitFor();
    expect(page.url()).toMatch(/\/login\/?$/);
    await context.close();
  });

  it('shows "Login successful" and goes to the dashboard, /admin', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByPlaceholder('Enter your email').fill(inject('adminEmail'));
    await page.getByPlaceholder('Enter your password').fill(inject('adminPassword'));
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Login successful').waitFor();
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/admin');
    await context.close();
  });

  it('is usable at 360 px without horizontal scrolling', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/login');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});

describe('admin guard', () => {
  it.each(ADMIN_ROUTES)('%s sends a signed-out visitor to /login', async (route) => {
    const { context, page } = await newPage(browser);
    const response = await page.goto(route);
    // The details URLs are served by a rewrite (200), not the 404 page.
    expect(response?.status()).toBe(200);
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/login');
    await context.close();
  });

  it('shows "Loading..." while checking, then the screen for a signed-in admin (also on reload)', async () => {
    const { context, page } = await newPage(browser);
    await loginThroughUi(page);
    let release: () => void = () => {};
    const held = new Promise<void>((ok) => (release = ok));
    await page.route('**/v1/api/auth', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/vacancies/panel');
    await page.getByText('Loading...').first().waitFor();
    release();
    await page.getByRole('heading', { name: 'Vacancies', level: 1 }).waitFor();
    await page.unroute('**/v1/api/auth');
    await page.reload();
    await page.getByRole('heading', { name: 'Vacancies', level: 1 }).waitFor();
    expect(page.url()).toMatch(/\/admin\/vacancies\/panel\/?$/);
    await context.close();
  });
});
