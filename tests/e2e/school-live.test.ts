/**
 * A saved school profile is live at once on the built (static) pages as well as the served ones.
 * Chromium at 360 px in Hindi, with the site's CSP on: the footer, the navigation's short name (the
 * Hindi one), the tab's title, the TC page's phone and e-mail, and the phone an island tells a
 * parent to call all follow the save without a build; a landline is shown as the office wrote it
 * and dialled by its E.164 form; an unset fact's line goes away. Social links follow the profile on a
 * built page, a page a function draws and the home page (its footer and structured data): changed,
 * then cleared. The profile's answer is cached on Netlify's CDN under the tag a save purges. The
 * classes the school offers follow it too: the principal unticks Classes 11-12 at 1280 px and the
 * senior form offers VI-X only, named so; a school without the early years has that form's page say
 * it takes no applications, and the menus leave it out.
 *
 * BUILD_HOOK_URL: a saved change also POSTs to Netlify's build hook once it is stored (so the static
 * pages' HTML itself, titles and Open Graph for crawlers, follows within a build); a refused or
 * unchanged save does not, and a hook that fails does not fail the save.
 *
 * On a runtime of its own (the profile is the whole site's), with a local server standing in for
 * Netlify's hook.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ApiClient } from '../support/api.ts';
import { DESKTOP, PHONE, launchBrowser, screenshot } from '../support/browser.ts';
import { signInAs } from '../support/admin-screens.ts';
import { startIsolatedRuntime, type TestRuntime } from '../support/runtime.ts';
import { HI, HI_FORMS } from '../../src/lib/i18n/hi.ts';
import { ALL_CLASSES } from '../../src/lib/classes.ts';
import { fillIn } from '../../src/lib/forms/texts.ts';

const ADMIN_EMAIL = 'hook@school.test';
const ADMIN_PASSWORD = 'a build for every change';

let runtime: TestRuntime;
let hook: Server;
let browser: Browser;
let status = 200;
const calls: { method: string; at: number }[] = [];

beforeAll(async () => {
  hook = createServer((req, res) => {
    calls.push({ method: req.method ?? '', at: Date.now() });
    res.statusCode = status;
    res.end('{}');
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const { port } = hook.address() as { port: number };
  runtime = await startIsolatedRuntime({
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    BUILD_HOOK_URL: `http://127.0.0.1:${port}/build_hooks/test`,
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
  await new Promise((resolve) => hook?.close(resolve));
});

describe('BUILD_HOOK_URL', () => {
  it('is POSTed after a saved change, not after a refused or unchanged one, and its failure does not fail the save', async () => {
    const principal = new ApiClient(runtime.url);
    await principal.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const { updatedAt: _, ...profile } = await (await principal.request('/v1/api/school')).json();
    const put = (json: unknown) => principal.request('/v1/api/school', { method: 'PUT', json });

    expect((await put({ ...profile, affiliationNumber: 'X' })).status).toBe(400);
    expect(calls).toEqual([]);

    const before = Date.now();
    expect((await put({ ...profile, affiliationNumber: '2130123' })).status).toBe(200);
    // Called before the answer: the save waits for it (at most 5 s).
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST' });
    expect(calls[0]!.at).toBeGreaterThanOrEqual(before);

    expect((await put({ ...profile, affiliationNumber: '2130123' })).status).toBe(200);
    expect(calls).toHaveLength(1);

    status = 500;
    const res = await put({ ...profile, affiliationNumber: '2130124' });
    expect(res.status).toBe(200);
    expect((await res.json()).affiliationNumber).toBe('2130124');
    expect(calls).toHaveLength(2);
  });
});

describe('the static pages follow a saved profile without a build', () => {
  const SCHOOL = {
    name: { en: 'Sunrise Public School', hi: 'सनराइज़ पब्लिक स्कूल' },
    address: { en: '12 Canal Road, Sikandrabad', hi: '12 नहर मार्ग, सिकंदराबाद' },
    shortName: 'Sunrise School',
    shortNameHi: 'सनराइज़ स्कूल',
    phones: ['05735-222345', '9000000002'],
    email: 'office@sunrise.example',
  };
  let principal: ApiClient;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    principal = new ApiClient(runtime.url);
    await principal.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    browser = await launchBrowser();
    // The site's own CSP stays on (the page's script must be allowed to ask for the profile), unless
    // screenshots are asked for: their Devanagari font comes as a data URL the CSP refuses.
    context = await browser.newContext({
      baseURL: runtime.url,
      viewport: PHONE,
      bypassCSP: !!process.env.SCREENSHOTS_DIR,
    });
    context.setDefaultTimeout(60_000);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  const footer = () => page.locator('footer.site-footer');

  it('answers the profile cached on the CDN under the tag a save purges', async () => {
    const res = await fetch(`${runtime.url}/v1/api/school`);
    expect(res.headers.get('netlify-cdn-cache-control')).toBe('public, durable, s-maxage=60');
    expect(res.headers.get('netlify-cache-tag')).toBe('school');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it("shows a new name, address, phones and e-mail on a built page in Hindi at once, and the island's phone with them", async () => {
    const { updatedAt: _, ...profile } = await (await principal.request('/v1/api/school')).json();
    const saved = Date.now();
    expect((await principal.request('/v1/api/school', { method: 'PUT', json: { ...profile, ...SCHOOL } })).status).toBe(
      200,
    );

    await page.goto('/hi/admissions/tc-request');
    await footer().getByRole('heading', { name: SCHOOL.name.hi }).waitFor();
    console.log(`[school-live] a saved profile showed on a built page ${Date.now() - saved} ms after the save`);
    // The footer is drawn only near the screen (content-visibility: auto): read it where a parent
    // would, once Chromium has drawn it there.
    await footer().scrollIntoViewIfNeeded();
    await expect.poll(() => footer().innerText()).toContain(SCHOOL.address.hi);
    const text = await footer().innerText();
    expect(text).toContain('05735-222345, 9000000002');
    expect(text).toContain(SCHOOL.email);
    expect(text).not.toContain('R.M.C.P.');
    expect(await footer().getByRole('link', { name: '05735-222345' }).getAttribute('href')).toBe('tel:+915735222345');
    expect(await footer().getByRole('link', { name: '9000000002' }).getAttribute('href')).toBe('tel:+919000000002');
    // The Hindi page shows the Hindi short name, in the header and the tab's title.
    expect(await page.locator('.brand-name').innerText()).toBe(SCHOOL.shortNameHi);
    await expect.poll(() => page.title()).toContain(SCHOOL.shortNameHi);
    const note = page.locator('.tc-payment');
    expect(await note.innerText()).toContain(
      fillIn(HI['formPage.tc.questions'], { phone: '05735-222345', email: SCHOOL.email }),
    );
    expect(await note.getByRole('link', { name: '05735-222345' }).getAttribute('href')).toBe('tel:+915735222345');
    expect(await note.getByRole('link', { name: SCHOOL.email }).getAttribute('href')).toBe(`mailto:${SCHOOL.email}`);
    await screenshot(page, 'school-live-tc-hi-360');

    // An island tells a parent to call the number the school set.
    await page.goto('/hi/tc-verification');
    await page.waitForFunction(() => !!document.querySelector('astro-island:not([ssr])'));
    await footer().getByRole('heading', { name: SCHOOL.name.hi }).waitFor();
    await page.getByLabel(HI['tcVerify.field.number']).fill('TC/2026/0999');
    await page.getByLabel(HI['tcVerify.field.date']).fill('2026-01-05');
    await page.getByRole('button', { name: HI['tcVerify.submit'] }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: fillIn(HI['tcVerify.notFoundHelp'], { phone: '05735-222345' }) })
      .waitFor();
  });

  it('dials the landline from a page a function draws, with the Hindi short name there too', async () => {
    const served = await (await fetch(`${runtime.url}/hi/notices/`)).text();
    expect(served).toContain('<a href="tel:+915735222345">05735-222345</a>');
    expect(served).toContain(`data-school="short-name">${SCHOOL.shortNameHi}</span>`);
  });

  it('hides the line of a fact the school removes, and the served pages carry the save in their HTML', async () => {
    const { updatedAt: _, ...profile } = await (await principal.request('/v1/api/school')).json();
    const res = await principal.request('/v1/api/school', { method: 'PUT', json: { ...profile, email: '' } });
    const { updatedAt } = await res.json();
    await page.goto('/admissions/tc-request');
    await footer().getByRole('heading', { name: SCHOOL.name.en }).waitFor();
    await expect.poll(() => footer().getByRole('link', { name: SCHOOL.email }).isVisible()).toBe(false);
    expect(await page.locator('.tc-payment').getByRole('link', { name: SCHOOL.email }).isVisible()).toBe(false);

    // A function instance trusts the profile it read for a few seconds.
    const servedPage = async () => (await fetch(`${runtime.url}/notices/`)).text();
    await expect
      .poll(async () => /<footer[^>]*>/.exec(await servedPage())?.[0], { timeout: 20_000, interval: 500 })
      .toBe(`<footer class="site-footer" data-school-version="${updatedAt}">`);
    const served = await servedPage();
    expect(/<h2 id="footer-school"[^>]*>[^<]*<\/h2>/.exec(served)?.[0]).toBe(
      `<h2 id="footer-school" class="footer-title" data-school="name">${SCHOOL.name.en}</h2>`,
    );
    expect(served.includes(SCHOOL.email)).toBe(false);
  });

  it('shows changed social links, and none of those cleared, on a built page, a served page and the home page', async () => {
    const { updatedAt: _, ...profile } = await (await principal.request('/v1/api/school')).json();
    const put = async (socialLinks: { icon: string; url: string }[]) =>
      expect(
        (await principal.request('/v1/api/school', { method: 'PUT', json: { ...profile, socialLinks } })).status,
      ).toBe(200);
    const FACEBOOK = { icon: 'facebook', url: 'https://www.facebook.com/sunrise.etah' };
    const changed = [
      { icon: 'whatsapp', url: 'https://wa.me/919411122233' },
      FACEBOOK,
      { icon: 'linkedin', url: 'https://www.linkedin.com/school/sunrise-etah' },
    ];
    /** The social links a visitor sees in the footer of `path` (the built page once the site script has run). */
    const shown = async (path: string) => {
      await page.goto(path);
      await footer().getByRole('heading', { name: SCHOOL.name.hi }).waitFor();
      await footer().scrollIntoViewIfNeeded();
      return footer()
        .locator('.social li:visible a')
        .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    };
    const structured = async (path: string) => {
      const html = await (await fetch(`${runtime.url}${path}`)).text();
      return JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!).sameAs as string[];
    };

    await put(changed);
    for (const path of ['/hi/admissions/tc-request', '/hi/notices/', '/hi/'])
      await expect.poll(() => shown(path), { timeout: 30_000 }).toEqual(changed.map((l) => l.url));
    await expect.poll(() => structured('/hi/'), { timeout: 20_000, interval: 500 }).toEqual(changed.map((l) => l.url));

    await put([FACEBOOK]);
    for (const path of ['/hi/admissions/tc-request', '/hi/notices/', '/hi/'])
      await expect.poll(() => shown(path), { timeout: 30_000 }).toEqual([FACEBOOK.url]);
    await expect.poll(() => structured('/hi/'), { timeout: 20_000, interval: 500 }).toEqual([FACEBOOK.url]);
    for (const path of ['/hi/notices/', '/hi/']) {
      const html = await (await fetch(`${runtime.url}${path}`)).text();
      expect(html).not.toMatch(/wa\.me|linkedin\.com/);
    }
    await screenshot(page, 'school-live-social-cleared-hi-360');
  });
});

describe('the classes the school offers follow the profile without a build', () => {
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser ??= await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });
  const open = async (viewport: typeof PHONE | typeof DESKTOP) => {
    const context = await browser.newContext({
      baseURL: runtime.url,
      viewport,
      bypassCSP: !!process.env.SCREENSHOTS_DIR,
    });
    context.setDefaultTimeout(60_000);
    contexts.push(context);
    return context.newPage();
  };

  it('the principal unticks Classes 11 and 12 at 1280 px; at 360 px in Hindi the senior form offers VI-X only, named so in the menu and its heading', async () => {
    const admin = await open(DESKTOP);
    await signInAs(admin, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await admin.goto('/admin/school');
    const senior = admin.getByRole('group', { name: 'Senior' });
    for (const c of ['11', '12']) await senior.getByRole('checkbox', { name: `Class ${c}` }).uncheck();
    await admin.getByRole('button', { name: 'Save profile' }).click();
    await admin.getByText('School profile saved').waitFor();
    expect((await (await fetch(`${runtime.url}/v1/api/school`)).json()).classes).toEqual(ALL_CLASSES.slice(0, -2));

    const page = await open(PHONE);
    await page.goto('/hi/admissions/apply/senior');
    const choices = page.getByLabel(new RegExp(`^${HI_FORMS.admission.fields.admissionClass.label}`)).locator('option');
    await expect
      .poll(() => choices.allInnerTexts(), { timeout: 30_000 })
      .toEqual([
        HI_FORMS.admission.fields.admissionClass.placeholder,
        ...['VI', 'VII', 'VIII', 'IX', 'X'].map((c) => `कक्षा ${c}`),
      ]);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('प्रवेश फ़ॉर्म: वरिष्ठ (कक्षा VI-X)');
    expect(await page.locator('.site-nav a[href$="/admissions/apply/senior"]').textContent()).toBe('वरिष्ठ (कक्षा VI-X)');
    await expect.poll(() => page.title()).toContain('वरिष्ठ (कक्षा VI-X)');
    await screenshot(page, 'school-classes-senior-hi-360');
    // A page a function draws names it so too.
    const served = await (await fetch(`${runtime.url}/hi/admissions/apply`)).text();
    expect(served).toContain('>वरिष्ठ (कक्षा VI-X)</a>');
    expect(served).not.toContain('वरिष्ठ (कक्षा VI-XII)');
  });

  it('a school without the early years: at 360 px in Hindi the early-years form page says it takes no applications, and the menus leave it out', async () => {
    const principal = new ApiClient(runtime.url);
    await principal.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const { updatedAt: _, ...profile } = await (await principal.request('/v1/api/school')).json();
    expect(
      (
        await principal.request('/v1/api/school', {
          method: 'PUT',
          json: { ...profile, classes: ALL_CLASSES.slice(3, -2) },
        })
      ).status,
    ).toBe(200);

    const page = await open(PHONE);
    await page.goto('/hi/admissions/apply/primary');
    await page.getByText(HI['formText.wingClosed']).waitFor();
    expect(await page.locator('form.ff-form').count()).toBe(0);
    await expect.poll(() => page.locator('.site-nav a[href$="/admissions/apply/primary"]').isVisible()).toBe(false);
    await screenshot(page, 'school-classes-no-early-years-hi-360');
    await expect
      .poll(async () => (await fetch(`${runtime.url}/hi/admissions/apply`)).text(), { timeout: 20_000, interval: 500 })
      .not.toContain('/hi/admissions/apply/primary');
  });
});
