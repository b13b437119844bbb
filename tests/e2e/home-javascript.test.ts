/**
 * Chromium: the home page (/ and /hi/) draws its enquiry pop-up from the server and loads at most
 * 5 KB gzipped of JavaScript until the visitor starts on the form; then the form's island loads and
 * keeps what was typed before it took over (value, focus, caret), and the enquiry is sent as before.
 * The island's scripts are held back while the visitor types, as a slow phone would be.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FORM_PART_TEXTS, FORM_TEXTS } from '../../src/lib/forms/texts.ts';
import { HI } from '../../src/lib/i18n/hi.ts';
import { enquiryTexts } from '../../src/features/enquiry/enquiry-texts.ts';
import { DESKTOP, PHONE, label, launchBrowser, screenshot, toast } from '../support/browser.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';

/** The budget of JavaScript before the visitor touches the form. */
const BUDGET_GZIP = 5 * 1024;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Loaded {
  files: { url: string; gzip: number }[];
  inline: number[];
  total: number;
}

/** Records every script response of the page from now on, with its gzipped size. */
function recordScripts(page: Page): () => Promise<{ url: string; gzip: number }[]> {
  const pending: Promise<{ url: string; gzip: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => ({ url: new URL(response.url()).pathname, gzip: gzipSync(body).length })),
    );
  });
  return () => Promise.all(pending);
}

/** The scripts the page ran: every JavaScript file it loaded and its inline scripts (JSON data blocks are no script), gzipped. */
async function scriptsOf(page: Page, files: () => Promise<{ url: string; gzip: number }[]>): Promise<Loaded> {
  const inlineCode = await page.evaluate(() =>
    [...document.scripts]
      .filter((s) => !s.src && ['', 'module', 'text/javascript'].includes(s.type))
      .map((s) => s.textContent ?? ''),
  );
  const inline = inlineCode.map((code) => gzipSync(code).length);
  const loaded = await files();
  return {
    files: loaded,
    inline,
    total: loaded.reduce((sum, f) => sum + f.gzip, 0) + inline.reduce((a, b) => a + b, 0),
  };
}

/**
 * A visitor's page. The site's CSP stays on (the opener and the island must run under it), unless
 * screenshots are asked for: their Devanagari font comes as a data URL the CSP refuses.
 */
async function newPage(b: Browser, viewport: { width: number; height: number }) {
  const context = await b.newContext({
    baseURL: inject('baseURL'),
    viewport,
    bypassCSP: !!process.env.SCREENSHOTS_DIR,
  });
  context.setDefaultTimeout(60_000);
  return { context, page: await context.newPage() };
}

/** The page's script errors and console errors (a hydration that did not match the server's HTML says so there). */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name });

/** Opens `path`, waits for the pop-up and an idle network, and returns what JavaScript it took. */
async function openHome(page: Page, path: string, title: string): Promise<Loaded> {
  const files = recordScripts(page);
  await page.goto(path, { waitUntil: 'networkidle' });
  await dialogNamed(page, title).waitFor({ state: 'visible', timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  return scriptsOf(page, files);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const describeLoad = (path: string, l: Loaded) =>
  `${path}: ${kb(l.total)} gzipped in ${l.files.length} file(s) and ${l.inline.length} inline script(s): ${l.files.map((f) => `${f.url} ${f.gzip}`).join(', ')}; inline ${l.inline.join(', ')}`;

/** Holds the scripts requested from now on until the returned function is called. */
async function holdScripts(page: Page): Promise<{ release: () => void; requested: () => string[] }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const urls: string[] = [];
  await page.route('**/*.js', async (route) => {
    urls.push(new URL(route.request().url()).pathname);
    await held;
    await route.continue();
  });
  return { release, requested: () => urls };
}

/** React has taken over the server's form (hydrated it where it stands). */
const tookOver = (page: Page) =>
  page.evaluate(() =>
    Object.keys(document.querySelector('[data-enquiry-popup] form') ?? {}).some((key) =>
      key.startsWith('__reactFiber'),
    ),
  );

/** The value the island's state gives a control (its React props), undefined before it took over. */
const islandValue = (page: Page, name: string) =>
  page.evaluate((n) => {
    const el = document.querySelector(`[data-enquiry-popup] [name="${n}"]`) ?? {};
    const key = Object.keys(el).find((k) => k.startsWith('__reactProps'));
    return key ? ((el as Record<string, { value?: string }>)[key]!.value as string | undefined) : undefined;
  }, name);

/** The body of the next enquiry the page sends. */
const nextEnquiry = (page: Page) =>
  page
    .waitForRequest((r) => r.url().endsWith('/v1/api/enquiry') && r.method() === 'POST')
    .then((r) => r.postDataJSON() as Record<string, string>);

const focusState = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return { name: el?.getAttribute('name'), caret: el?.selectionStart, value: el?.value };
  });

describe('the home page before the visitor starts on the enquiry', () => {
  for (const [path, title] of [
    ['/', FORM_PART_TEXTS.enquiryTitle],
    ['/hi/', HI['formText.enquiryTitle']],
  ] as const) {
    it(`${path}: the server-drawn pop-up appears with at most 5 KB gzipped of JavaScript, and no framework`, async () => {
      const { context, page } = await newPage(browser, path === '/' ? DESKTOP : PHONE);
      try {
        const loaded = await openHome(page, path, title);
        console.log(describeLoad(path, loaded));
        expect(loaded.total).toBeLessThanOrEqual(BUDGET_GZIP);
        // The form is on screen, drawn by the server: fourteen fields and the consent box, in the page's language.
        const dialog = dialogNamed(page, title);
        expect(await dialog.locator('input:not([name="website"]), select, textarea').count()).toBe(15);
        expect(await tookOver(page)).toBe(false);
      } finally {
        await context.close();
      }
    }, 60_000);
  }
});

describe('starting on the form loads its island and keeps what was typed', () => {
  it('/ at 1280 px: a tap and typing before the island took over are kept (value, focus, caret), then the enquiry is sent', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const errors = errorsOf(page);
    try {
      await openHome(page, '/', FORM_PART_TEXTS.enquiryTitle);
      const dialog = dialogNamed(page, FORM_PART_TEXTS.enquiryTitle);
      await screenshot(page, 'home-popup-server-1280-en');
      const { release, requested } = await holdScripts(page);
      await dialog.getByLabel(label("Father's name")).fill('Early Father');
      const student = dialog.getByLabel(label("Student's name"));
      await student.click();
      await page.keyboard.type('Early Child');
      await dialog.getByLabel(label('Gender')).selectOption('Male');
      await student.focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      // The tap asked for the island; it is held, so the server's form is still what the visitor uses.
      await expect.poll(() => requested().length).toBeGreaterThan(0);
      expect(await tookOver(page)).toBe(false);

      release();
      await expect.poll(() => islandValue(page, 'studentName'), { timeout: 30_000 }).toBe('Early Child');
      expect(await islandValue(page, 'fatherName')).toBe('Early Father');
      expect(await islandValue(page, 'gender')).toBe('Male');
      expect(await focusState(page)).toEqual({ name: 'studentName', caret: 1, value: 'Early Child' });
      expect(await dialog.getByLabel(label("Father's name")).inputValue()).toBe('Early Father');
      expect(await dialog.getByLabel(label('Gender')).inputValue()).toBe('Male');
      await screenshot(page, 'home-popup-island-1280-en');

      // The island works on what was typed early: the form's check and the send as the spec says.
      await dialog.getByRole('button', { name: FORM_PART_TEXTS.enquirySubmit, exact: true }).click();
      await toast(page, FORM_TEXTS.required);
      await fillEnquiry(page, dialog, (name) => new RegExp(`^${ENGLISH_LABELS[name]}`), {
        admissionClass: 'K.G',
        category: 'OBC',
        fatherOccupation: 'Teacher',
        motherOccupation: 'Housewife',
      });
      await dialog.getByRole('checkbox', { name: /parent or lawful guardian/ }).check();
      const sent = nextEnquiry(page);
      await dialog.getByRole('button', { name: FORM_PART_TEXTS.enquirySubmit, exact: true }).click();
      expect(await sent).toMatchObject({
        studentName: 'Early Child',
        fatherName: 'Early Father',
        gender: 'Male',
        admissionClass: 'K.G',
        language: 'en',
      });
      await toast(page, FORM_TEXTS.enquirySuccess);
      await dialog.getByRole('heading', { name: FORM_PART_TEXTS.enquiryDoneHeading }).waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('enquiry-popup-closed'))).toBe('1');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('/hi/ at 360 px: typed in Hindi before the island, kept, fits the phone, and sent with the Hindi answers', async () => {
    const texts = enquiryTexts('hi')!;
    const hindi = (name: string) => label(texts.fields[name]!.label);
    const submit = HI['formText.enquirySubmit'];
    const { context, page } = await newPage(browser, PHONE);
    const errors = errorsOf(page);
    try {
      await openHome(page, '/hi/', HI['formText.enquiryTitle']);
      const dialog = dialogNamed(page, HI['formText.enquiryTitle']);
      // Focus went into the pop-up (its close button), and nothing is wider than the phone.
      expect(await page.evaluate(() => document.activeElement?.classList.contains('ff-dialog__close'))).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await dialog.evaluate((d) => d.scrollWidth - d.clientWidth)).toBeLessThanOrEqual(0);
      await screenshot(page, 'home-popup-server-360-hi');

      const { release } = await holdScripts(page);
      // Keyboard only: Tab from the close button into the first field, then typing.
      await page.keyboard.press('Tab');
      expect((await focusState(page)).name).toBe('admissionClass');
      await dialog.getByLabel(hindi('studentName')).focus();
      await page.keyboard.type('आशा');
      expect(await tookOver(page)).toBe(false);
      release();
      await expect.poll(() => islandValue(page, 'studentName'), { timeout: 30_000 }).toBe('आशा');
      expect(await focusState(page)).toEqual({ name: 'studentName', caret: 3, value: 'आशा' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await screenshot(page, 'home-popup-island-360-hi');

      await fillEnquiry(
        page,
        dialog,
        hindi,
        { admissionClass: 'N.C', category: 'SC', fatherOccupation: 'Shopkeeper', motherOccupation: 'Teacher' },
        ['studentName'],
      );
      await dialog.getByRole('button', { name: submit, exact: true }).click();
      await toast(page, HI['form.consent']);
      await dialog.getByRole('checkbox', { name: new RegExp(HI['formText.consentAgree'].slice(0, 12)) }).check();
      const sent = nextEnquiry(page);
      await dialog.getByRole('button', { name: submit, exact: true }).click();
      expect(await sent).toMatchObject({ studentName: 'आशा', admissionClass: 'N.C', language: 'hi' });
      await toast(page, HI['form.enquirySuccess']);
      await dialog.getByRole('heading', { name: HI['formText.enquiryDoneHeading'] }).waitFor();
      await screenshot(page, 'home-popup-done-360-hi');
      await dialog.getByRole('button', { name: HI['formText.doneClose'], exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      // Closed: focus back on the page, and not again this visit.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('a draft kept from an earlier visit', () => {
  it('/ at 360 px: the island loads as the pop-up opens, so the draft shows without a touch', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await context.addInitScript(() =>
        localStorage.setItem(
          'form-draft:enquiry',
          JSON.stringify({ studentName: 'Draft Child', referredBy: 'Neighbour' }),
        ),
      );
      await page.goto('/', { waitUntil: 'load' });
      const dialog = dialogNamed(page, FORM_PART_TEXTS.enquiryTitle);
      await dialog.waitFor({ state: 'visible', timeout: 15_000 });
      await expect
        .poll(() => dialog.getByLabel(label("Student's name")).inputValue(), { timeout: 30_000 })
        .toBe('Draft Child');
      expect(await dialog.getByLabel(label('Referred by')).inputValue()).toBe('Neighbour');
      expect(await tookOver(page)).toBe(true);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('a submit before the island took over', () => {
  it('/ at 360 px: Submit tapped first is held (the browser sends nothing itself), then the island answers it', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await openHome(page, '/', FORM_PART_TEXTS.enquiryTitle);
      const dialog = dialogNamed(page, FORM_PART_TEXTS.enquiryTitle);
      const { release } = await holdScripts(page);
      const before = page.url();
      await dialog.getByLabel(label('Referred by')).fill('Poster');
      await page.keyboard.press('Enter');
      await dialog.getByRole('button', { name: FORM_PART_TEXTS.enquirySubmit, exact: true }).click();
      expect(page.url()).toBe(before);
      expect(await tookOver(page)).toBe(false);
      release();
      // The held submit goes through the island's check: the required fields' message, the first one marked and focused.
      await toast(page, FORM_TEXTS.required);
      expect(await dialog.getByLabel(label('Admission class')).getAttribute('aria-invalid')).toBe('true');
      expect((await focusState(page)).name).toBe('admissionClass');
      expect(await islandValue(page, 'referredBy')).toBe('Poster');
      expect(page.url()).toBe(before);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('"Clear this form" before the island took over', () => {
  it('/hi/ at 360 px: the tap is held, then the island asks first, and Yes empties what was typed early', async () => {
    const texts = enquiryTexts('hi')!;
    const { context, page } = await newPage(browser, PHONE);
    try {
      await openHome(page, '/hi/', HI['formText.enquiryTitle']);
      const dialog = dialogNamed(page, HI['formText.enquiryTitle']);
      const { release } = await holdScripts(page);
      await dialog.getByLabel(label(texts.fields.studentName!.label)).fill('अनन्या');
      await dialog.getByRole('button', { name: HI['formText.clearForm'] }).click();
      const confirm = page.getByRole('alertdialog', { name: HI['formText.clearTitle'] });
      expect(await confirm.isVisible()).toBe(false);
      release();
      await confirm.waitFor();
      await confirm.getByRole('button', { name: HI['formText.clearYes'] }).click();
      expect(await dialog.getByLabel(label(texts.fields.studentName!.label)).inputValue()).toBe('');
      expect(await dialog.isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('the Hindi pop-up at 360 px, for axe', () => {
  it('server-drawn and after the island refused an empty submit: no axe violations, no horizontal scroll', async () => {
    const { context, page } = await openPage(browser, PHONE);
    try {
      await page.goto('/hi/', { waitUntil: 'load' });
      const dialog = dialogNamed(page, HI['formText.enquiryTitle']);
      await dialog.waitFor({ state: 'visible', timeout: 15_000 });
      const failures = await accessibilityFailures(page, '/hi/ pop-up as drawn');
      await dialog.getByRole('button', { name: HI['formText.enquirySubmit'], exact: true }).click();
      await toast(page, HI['form.required']);
      failures.push(...(await accessibilityFailures(page, '/hi/ pop-up with errors')));
      expect(failures).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});

const ENGLISH_LABELS: Record<string, string> = {
  admissionClass: 'Admission class',
  studentName: "Student's name",
  fatherName: "Father's name",
  motherName: "Mother's name",
  gender: 'Gender',
  dateOfBirth: 'Date of birth',
  fatherMobile: "Father's mobile",
  email: 'E-mail',
  category: 'Category',
  lastSchoolAttended: 'Last school attended',
  fatherOccupation: "Father's occupation",
  motherOccupation: "Mother's occupation",
  address: 'Address',
  referredBy: 'Referred by',
};

/** Fills the enquiry's other fields (all but `skip`) through their labels. */
async function fillEnquiry(
  page: Page,
  dialog: ReturnType<typeof dialogNamed>,
  byLabel: (name: string) => RegExp,
  choices: { admissionClass: string; category: string; fatherOccupation: string; motherOccupation: string },
  skip: string[] = ['studentName', 'fatherName', 'gender'],
): Promise<void> {
  const text: Record<string, string> = {
    studentName: 'Home Child',
    fatherName: 'Home Father',
    motherName: 'Home Mother',
    dateOfBirth: '2021-06-01',
    fatherMobile: '9876501299',
    email: 'home@example.com',
    lastSchoolAttended: 'None',
    address: 'Ward 4\nSikandrabad',
    referredBy: 'Poster',
  };
  const selects: Record<string, string> = { ...choices, gender: 'Female' };
  for (const name of Object.keys(ENGLISH_LABELS)) {
    if (skip.includes(name)) continue;
    const field = dialog.getByLabel(byLabel(name));
    if (name in selects) await field.selectOption(selects[name]!);
    else await field.fill(text[name]!);
  }
  expect(page.url()).not.toContain('?');
}
