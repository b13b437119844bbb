/**
 * Site shell navigation in Chromium: desktop menus open on hover and on keyboard
 * focus; at 360 px the Menu button toggles aria-expanded and nested sections expand on tap; the admin
 * menu is hidden and no auth call is made for a visitor, shown after a login, gone after Logout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser, Request } from 'playwright-core';
import { launchBrowser, DESKTOP, PHONE } from '../support/browser.ts';

/** A page whose context has touch (for tap) at phone width. */
async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const phone = viewport.width <= 768;
  const context = await browser.newContext({ baseURL: inject('baseURL'), viewport, hasTouch: phone, isMobile: phone });
  return { context, page: await context.newPage() };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const GROUPS = ['Home', 'Academy', 'Academics', 'Infrastructure', 'Admissions', 'Press', 'Vacancies', 'Gallery'];

describe('navigation at 1280 px', () => {
  it('is a sticky bar with every group; menus open on hover and on keyboard focus', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await page.goto('/academy/about');
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await page.locator('.site-header').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
      for (const label of GROUPS)
        await expect.poll(() => nav.getByRole('link', { name: label, exact: true }).isVisible()).toBe(true);
      expect(await page.locator('[data-nav-toggle]').isVisible()).toBe(false);

      const academyMenu = page.locator('#menu-academy');
      expect(await academyMenu.isVisible()).toBe(false);
      await nav.getByRole('link', { name: 'Academy', exact: true }).hover();
      await expect.poll(() => academyMenu.isVisible()).toBe(true);
      for (const label of [
        'About',
        'Mission',
        'Founder Message',
        'Chairperson Message',
        "Principal's Message",
        'Accreditation',
        'Mandatory Disclosure',
      ]) {
        expect(await academyMenu.getByRole('link', { name: label, exact: true }).isVisible(), label).toBe(true);
      }
      await page.mouse.move(640, 700);
      await expect.poll(() => academyMenu.isVisible()).toBe(false);

      // Keyboard: focusing a group opens its menu, nested sections are reachable, Tab moves through them.
      await nav.getByRole('link', { name: 'Infrastructure', exact: true }).focus();
      const infraMenu = page.locator('#menu-infrastructure');
      await expect.poll(() => infraMenu.isVisible()).toBe(true);
      expect(await infraMenu.getByRole('link', { name: 'Transportation' }).isVisible()).toBe(true);
      await page.keyboard.press('Tab'); // the disclosure button
      await page.keyboard.press('Tab'); // first item
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Auditorium');
      expect(await infraMenu.isVisible()).toBe(true);
      await nav.getByRole('link', { name: 'Academics', exact: true }).focus();
      await expect.poll(() => infraMenu.isVisible()).toBe(false);
      const academicsMenu = page.locator('#menu-academics');
      expect(await academicsMenu.getByRole('link', { name: 'Pre-primary Wing' }).isVisible()).toBe(true);
      expect(await academicsMenu.getByRole('link', { name: 'Guidance Counseling' }).isVisible()).toBe(true);

      // The current page is marked.
      expect(await page.locator('a[aria-current="page"]').first().textContent()).toBe('About');
    } finally {
      await context.close();
    }
  });
});

describe('navigation at 360 px', () => {
  it('the Menu button toggles aria-expanded and nested sections expand on tap', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      // (Not the home page: its enquiry pop-up covers the screen after 1.5 s.)
      await page.goto('/press');
      const toggle = page.locator('[data-nav-toggle]');
      const menu = page.locator('#site-menu');
      expect(await toggle.isVisible()).toBe(true);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await toggle.getAttribute('aria-controls')).toBe('site-menu');
      expect(await menu.isVisible()).toBe(false);

      await toggle.tap();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => menu.isVisible()).toBe(true);
      for (const label of GROUPS)
        expect(await menu.getByRole('link', { name: label, exact: true }).isVisible(), label).toBe(true);

      const academics = page.locator('button[aria-controls="menu-academics"]');
      expect(await page.locator('#menu-academics').isVisible()).toBe(false);
      await academics.tap();
      expect(await academics.getAttribute('aria-expanded')).toBe('true');
      expect(await page.locator('#menu-academics').isVisible()).toBe(true);
      // Nested: Methodology opens its own list.
      const methodology = page.locator('button[aria-controls="menu-academics-methodology"]');
      expect(await page.getByRole('link', { name: 'Pre-primary Wing' }).isVisible()).toBe(false);
      await methodology.tap();
      expect(await methodology.getAttribute('aria-expanded')).toBe('true');
      expect(await page.getByRole('link', { name: 'Pre-primary Wing' }).isVisible()).toBe(true);
      await methodology.tap();
      expect(await methodology.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('link', { name: 'Pre-primary Wing' }).isVisible()).toBe(false);

      await page.getByRole('link', { name: 'Guidance Counseling' }).tap();
      await page.waitForURL('**/academics/guidance-counseling');
      expect(await page.locator('h1').textContent()).toBe('Guidance and Counselling');
      expect(await page.locator('#site-menu').isVisible()).toBe(false);

      await page.locator('[data-nav-toggle]').tap();
      await page.locator('[data-nav-toggle]').tap();
      expect(await page.locator('[data-nav-toggle]').getAttribute('aria-expanded')).toBe('false');
      expect(await page.locator('#site-menu').isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe('admin menu', () => {
  it('is hidden for a visitor, who causes no /v1/api/auth request', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const apiCalls: string[] = [];
    page.on('request', (request: Request) => {
      if (request.url().includes('/v1/api/auth')) apiCalls.push(request.url());
    });
    try {
      for (const path of ['/', '/academy/about', '/press/magazine']) {
        await page.goto(path, { waitUntil: 'networkidle' });
        expect(await page.locator('[data-admin-menu]').isVisible()).toBe(false);
      }
      expect(apiCalls).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['1280 px', DESKTOP],
    ['360 px', PHONE],
  ])('at %s it appears after a login and is gone after Logout', async (_label, viewport) => {
    const { context, page } = await newPage(browser, viewport);
    try {
      const login = await page.request.post('/v1/api/auth/login', {
        data: { email: inject('adminEmail'), password: inject('adminPassword') },
      });
      expect(login.status()).toBe(200);
      const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
      expect(xsrf).toBeTruthy();

      // (Not the home page: its enquiry pop-up covers the screen after 1.5 s.)
      const auth = page.waitForResponse((r) => r.url().endsWith('/v1/api/auth') && r.request().method() === 'GET');
      await page.goto('/press/coverage');
      expect((await auth).status()).toBe(200);
      const adminMenu = page.locator('[data-admin-menu]');
      await expect.poll(() => adminMenu.getAttribute('hidden'), { timeout: 10_000 }).toBeNull();

      if (viewport === PHONE) await page.locator('[data-nav-toggle]').tap();
      const adminButton = page.locator('.admin-button');
      await adminButton.click();
      expect(await adminButton.getAttribute('aria-expanded')).toBe('true');
      const menu = page.locator('#menu-admin');
      for (const href of [
        '/admin/vacancies/panel',
        '/admin/tc-requests/panel',
        '/admin/gallery/panel',
        '/admin/admissions/panel',
        '/admin/enquiry/panel',
      ]) {
        expect(await menu.locator(`a[href="${href}"]`).isVisible(), href).toBe(true);
      }

      const again = page.waitForResponse((r) => r.url().endsWith('/v1/api/auth') && r.request().method() === 'GET');
      await page.goto('/academy/about');
      expect((await again).status()).toBe(200);
      await expect.poll(() => adminMenu.getAttribute('hidden'), { timeout: 10_000 }).toBeNull();
      if (viewport === PHONE) await page.locator('[data-nav-toggle]').tap();
      await adminButton.click();
      const logout = page.waitForRequest((r) => r.url().endsWith('/v1/api/auth/logout'));
      await menu.getByRole('button', { name: 'Logout' }).click();
      const request = await logout;
      expect(request.method()).toBe('POST');
      expect(request.headers()['x-xsrf-token']).toBe(decodeURIComponent(xsrf!));
      await page.waitForURL((url) => url.pathname === '/');
      expect(await adminMenu.getAttribute('hidden')).toBe('');
      expect((await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
      expect((await page.request.get('/v1/api/auth')).status()).toBe(401);
    } finally {
      await context.close();
    }
  });
});

describe('footer map and /logout', () => {
  it('the footer shows a drawn map until the visitor asks for the OpenStreetMap embed', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      // Offline-safe: the embed itself is not fetched in the test.
      await page.route('https://www.openstreetmap.org/**', (route) => route.abort());
      await page.goto('/academy/about');
      const map = page.locator('[data-map]');
      expect(await map.locator('iframe').count()).toBe(0);
      expect(await map.locator('svg[role="img"]').count()).toBe(1);
      await page.getByRole('button', { name: 'Load interactive map' }).tap();
      const frame = map.locator('iframe');
      await expect.poll(() => frame.count(), { timeout: 10_000 }).toBe(1);
      expect(await frame.getAttribute('src')).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=/);
      expect(await frame.getAttribute('title')).toBe('Map showing the school location');
    } finally {
      await context.close();
    }
  });

  it('/logout signs the administrator out and goes to /', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      expect(
        (
          await page.request.post('/v1/api/auth/login', {
            data: { email: inject('adminEmail'), password: inject('adminPassword') },
          })
        ).status(),
      ).toBe(200);
      const logout = page.waitForRequest((r) => r.url().endsWith('/v1/api/auth/logout') && r.method() === 'POST');
      await page.goto('/logout');
      await logout;
      await page.waitForURL((url) => url.pathname === '/');
      expect((await page.request.get('/v1/api/auth')).status()).toBe(401);
    } finally {
      await context.close();
    }
  });
});
