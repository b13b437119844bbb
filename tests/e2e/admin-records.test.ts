/**
 * Chromium: the office's daily lists. View and delete an enquiry, an admission (opening one of its
 * documents) and a TC request, all made through the public POST endpoints; search kept in the URL;
 * paging; confirmations; a missing record; 360 px.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PHONE, launchBrowser, loginThroughUi, newPage, toast, downloadedBytes } from '../support/browser.ts';
import {
  createAdmission,
  createEnquiry,
  createTcRequest,
  token,
  type CreatedAdmission,
} from '../http/admin-fixtures.ts';
import type { Json } from '../support/api.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let enquiry: Json;
let tc: Json;
let admission: CreatedAdmission;

const listLoaded = (p: Page) => p.locator('table[aria-busy="false"]').waitFor();

beforeAll(async () => {
  [enquiry, tc, admission] = await Promise.all([
    createEnquiry({ admissionClass: 'K.G' }),
    createTcRequest(),
    createAdmission(),
  ]);
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  await loginThroughUi(page);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('enquiries', () => {
  it('searches by student name (debounced, kept in the URL), views, and Back keeps the search', async () => {
    await page.goto('/admin/enquiry/panel');
    await listLoaded(page);
    expect(await page.getByRole('columnheader').allInnerTexts()).toEqual([
      'Student name',
      'Category',
      'Admission class',
      'Father mobile',
      'Referred by',
      'Status',
      'Follow-up',
      'Action',
    ]);
    await page.getByLabel('Search by student name').fill(enquiry.studentName);
    await page.waitForURL((url) => url.searchParams.get('search') === enquiry.studentName);
    const row = page.getByRole('row').filter({ hasText: enquiry.studentName });
    await row.waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(await row.innerText()).toContain('K.G');
    await page.getByLabel('Search by admission class').selectOption('K.G');
    await page.waitForURL((url) => url.searchParams.get('class') === 'K.G');
    await row.waitFor();
    // One page: both paging buttons are off.
    expect(await page.getByText('Page 1 of 1').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await row.getByRole('link', { name: /View/ }).click();
    await page.waitForURL(/\/admin\/enquiry\/details\/[^/]+$/);
    await page.getByText(enquiry.address.split('\n')[0]).waitFor();
    const text = await page.locator('main').innerText();
    for (const value of [
      enquiry.studentName,
      enquiry.fatherName,
      enquiry.motherName,
      enquiry.email,
      enquiry.category,
      enquiry.referredBy,
      enquiry.fatherMobile,
    ])
      expect(text).toContain(value);

    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(
      (url) =>
        url.pathname.startsWith('/admin/enquiry/panel') && url.searchParams.get('search') === enquiry.studentName,
    );
    await page.getByRole('row').filter({ hasText: enquiry.studentName }).waitFor();
    expect(await page.getByLabel('Search by student name').inputValue()).toBe(enquiry.studentName);
    await page.reload();
    expect(await page.getByLabel('Search by student name').inputValue()).toBe(enquiry.studentName);
  });

  it('asks before deleting (Esc cancels, focus returns), then deletes and returns to the panel', async () => {
    await page.getByRole('row').filter({ hasText: enquiry.studentName }).getByRole('link', { name: /View/ }).click();
    await page.waitForURL(/\/admin\/enquiry\/details\/[^/]+$/);
    const del = page.getByRole('button', { name: 'Delete' });
    await del.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await dialog.innerText()).toContain('Are you sure you want to delete this enquiry?');
    // The safe choice has the focus; Tab stays inside.
    expect(await dialog.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await del.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(page.url()).toMatch(/\/details\//);

    await del.click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/admin\/enquiry\/panel/);
    await toast(page, 'Enquiry deleted successfully');
    await listLoaded(page);
    expect(await page.getByRole('row').filter({ hasText: enquiry.studentName }).count()).toBe(0);
  });

  it('a missing enquiry goes back to the panel', async () => {
    await page.goto(`/admin/enquiry/details/${enquiry._id}`);
    await page.waitForURL(/\/admin\/enquiry\/panel/);
    await toast(page, 'Failed to fetch enquiry details');
  });
});

describe('admissions', () => {
  const name = () => `${admission.names.first} ${admission.names.middle} ${admission.names.last}`;

  it('searches by name and shows the class label, then the details sections', async () => {
    await page.goto(`/admin/admissions/panel?name=${encodeURIComponent(admission.names.last)}`);
    await listLoaded(page);
    expect(await page.getByLabel('Search by name').inputValue()).toBe(admission.names.last);
    const row = page.getByRole('row').filter({ hasText: name() });
    await row.waitFor();
    expect(await row.locator('td').allInnerTexts()).toEqual(expect.arrayContaining([name(), 'K.G']));
    expect(await page.getByText(/^Page 1 of 1$/).count()).toBe(1);

    await row.getByRole('link', { name: /View/ }).click();
    await page.waitForURL(/\/admin\/admissions\/details\/[^/]+$/);
    for (const heading of ['Student', 'Admission', 'Scholarship', 'Documents', 'Payment'])
      await page.getByRole('heading', { name: heading, level: 2, exact: true }).waitFor();
    const student = await page.getByRole('region', { name: 'Student' }).innerText();
    expect(student).toContain(name());
    expect(student).not.toMatch(/\d{12}/);
    expect(student).toMatch(/\d{4}/);
    expect(await page.getByRole('region', { name: 'Payment', exact: true }).innerText()).toContain('N/A');
  });

  it('shows images as thumbnails; a photo opens in a new tab as a sandboxed image, a PDF downloads', async () => {
    const thumb = page.getByRole('img', { name: 'Student photo' });
    await thumb.waitFor();
    expect(
      await thumb.evaluate(async (img: HTMLImageElement) => {
        await img.decode().catch(() => undefined);
        return img.naturalWidth;
      }),
    ).toBeGreaterThan(0);

    const photo = page.getByRole('link', { name: /View Student photo/ });
    expect(await photo.getAttribute('target')).toBe('_blank');
    const [tab, response] = await Promise.all([
      context.waitForEvent('page'),
      context.waitForEvent(
        'response',
        (r) => r.url().includes('/files/studentPhoto') && r.request().isNavigationRequest(),
      ),
      photo.click(),
    ]);
    expect(response.status()).toBe(200);
    expect(await response.headerValue('content-security-policy')).toMatch(/^sandbox;/);
    await expect.poll(() => tab.evaluate(() => document.images[0]?.naturalWidth ?? 0)).toBeGreaterThan(0);
    // Sandboxed: the tab's document has an origin of its own, so it cannot read the office's cookies or storage.
    expect(await tab.evaluate(() => origin)).toBe('null');
    await tab.close();

    const pdf = page.getByRole('link', { name: /View Birth certificate/ });
    // Chromium reports a download from a new tab on the page that opened it.
    const [download] = await Promise.all([page.waitForEvent('download'), pdf.click()]);
    expect(download.suggestedFilename()).toBe(admission.files.studentBirthCertificate!.name);
    const bytes = await downloadedBytes(download);
    expect(bytes.equals(admission.files.studentBirthCertificate!.bytes)).toBe(true);
    for (const other of context.pages()) if (other !== page) await other.close();
  });

  it('asks before deleting, then deletes and returns to the panel', async () => {
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Are you sure you want to delete this record?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/admin\/admissions\/panel/);
    await toast(page, 'Record deleted successfully');
    await listLoaded(page);
    expect(await page.getByRole('row').filter({ hasText: name() }).count()).toBe(0);
  });
});

describe('TC requests', () => {
  it('searches by admission number, views and deletes (no confirmation)', async () => {
    await page.goto('/admin/tc-requests/panel');
    await listLoaded(page);
    expect(await page.getByRole('columnheader').allInnerTexts()).toEqual([
      'Reference',
      'Student name',
      'Admission number',
      'Class',
      'Contact',
      'Email',
      'Payment status',
      'Status',
      'Action',
    ]);
    await page.getByLabel('Search by admission number').fill(tc.admissionNumber);
    await page.waitForURL((url) => url.searchParams.get('admissionNumber') === tc.admissionNumber);
    const row = page.getByRole('row').filter({ hasText: tc.studentName });
    await row.waitFor();
    expect(await row.innerText()).toContain('Not paid');
    await row.getByRole('link', { name: /View/ }).click();
    await page.waitForURL(/\/admin\/tc-requests\/details\/[^/]+$/);
    await page.getByText(tc.reason).waitFor();
    const text = await page.locator('main').innerText();
    for (const value of [tc.studentName, tc.admissionNumber, tc.parentName, tc.contact, tc.email])
      expect(text).toContain(value);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(
      (url) =>
        url.pathname.startsWith('/admin/tc-requests/panel') &&
        url.searchParams.get('admissionNumber') === tc.admissionNumber,
    );
    await toast(page, 'Tc Request Deleted Successfully');
    await listLoaded(page);
    expect(await page.getByRole('row').filter({ hasText: tc.studentName }).count()).toBe(0);
  });

  it('a details URL without an id goes to the panel; a failed load says so', async () => {
    await page.goto('/admin/tc-requests/details/');
    await page.waitForURL(/\/admin\/tc-requests\/panel/);
    await page.goto(`/admin/tc-requests/details/${tc._id}`);
    await page.waitForURL(/\/admin\/tc-requests\/panel/);
    await toast(page, 'Failed to fetch Tc Request');
  });
});

describe('paging and small screens', () => {
  it('pages through more than 50 enquiries: Previous off on page 1, Next off on the last page', async () => {
    const tag = token('Pager');
    // Names hold no digits: the n-th is told apart by two letters.
    const letters = (n: number) => String.fromCharCode(97 + Math.floor(n / 26), 97 + (n % 26));
    for (let i = 0; i < 51; i += 17)
      await Promise.all(
        Array.from({ length: Math.min(17, 51 - i) }, (_, j) =>
          createEnquiry({ studentName: `${tag} ${letters(i + j)}` }),
        ),
      );
    await page.goto(`/admin/enquiry/panel?search=${tag}`);
    await listLoaded(page);
    await page.getByText('Page 1 of 2').waitFor();
    expect(await page.locator('tbody tr').count()).toBe(50);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await listLoaded(page);
    expect(await page.locator('tbody tr').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(false);
  }, 180_000);

  it.each([
    '/admin/enquiry/panel',
    '/admin/admissions/panel',
    '/admin/tc-requests/panel',
    '/admin/vacancies/panel',
    '/admin/gallery/panel',
  ])('%s has no page-level horizontal scroll at 360 px', async (path) => {
    // The same signed-in session, on a phone-sized window.
    const phone = await browser.newContext({
      baseURL: inject('baseURL'),
      viewport: PHONE,
      storageState: await context.storageState(),
    });
    const p = await phone.newPage();
    await p.goto(path);
    await p.getByRole('heading', { level: 1 }).waitFor();
    await p.waitForFunction(() => !document.querySelector('.admin [role="status"], table[aria-busy="true"]'));
    expect(
      await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await phone.close();
  });
});
