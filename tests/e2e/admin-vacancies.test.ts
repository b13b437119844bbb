/** Chromium: create, edit and delete a vacancy in the admin area, and see it (and its modal) on /vacancies. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PHONE, launchBrowser, loginThroughUi, newPage, toast } from '../support/browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const title = `Mathematics Teacher ${Date.now()}`;
const edited = `${title} (PGT)`;
let detailsUrl = '';

const enIN = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  await loginThroughUi(page);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('vacancies', () => {
  it('validates, then creates a vacancy and clears the form', async () => {
    await page.goto('/admin/vacancies/new-vacancy');
    await page.getByRole('heading', { name: 'New Vacancy', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create Vacancy' }).click();
    await toast(page, 'Please fill in all required fields.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(
      await page.getByLabel('Job title').getAttribute('id'),
    );

    await page.getByLabel('Job title').fill(title);
    await page
      .getByLabel('Job description')
      .fill('Teach mathematics to classes 9 to 12.\nPrepare students for board exams.');
    await page.getByLabel('Employment type').selectOption('Full-Time');
    await page.getByRole('button', { name: 'Create Vacancy' }).click();
    await toast(page, 'Please add responsibilities and qualifications.');

    const resp = page.getByRole('group', { name: /Key responsibilities/ });
    await resp.getByRole('textbox').fill('  Plan and teach lessons  ');
    await resp.getByRole('button', { name: 'Add' }).click();
    await resp.getByRole('textbox').fill('Remove me');
    await resp.getByRole('textbox').press('Enter');
    await resp.getByRole('textbox').fill('Set and mark tests');
    await resp.getByRole('textbox').press('Enter');
    await resp.getByRole('button', { name: 'Remove responsibility: Remove me' }).click();
    expect(await resp.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Plan and teach lessons'),
      expect.stringContaining('Set and mark tests'),
    ]);
    const qual = page.getByRole('group', { name: /Qualifications and requirements/ });
    await qual.getByRole('textbox').fill('M.Sc. Mathematics and B.Ed.');
    await qual.getByRole('button', { name: 'Add' }).click();

    const posted = page.waitForResponse((r) => r.url().endsWith('/v1/api/jobs') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Create Vacancy' }).click();
    const response = await posted;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toEqual({
      jobTitle: title,
      jobDescription: 'Teach mathematics to classes 9 to 12.\nPrepare students for board exams.',
      employmentType: 'Full-Time',
      keyResponsibilities: ['Plan and teach lessons', 'Set and mark tests'],
      qualificationsAndRequirements: ['M.Sc. Mathematics and B.Ed.'],
    });
    await toast(page, 'Job vacancy submitted successfully!');
    expect(await page.getByLabel('Job title').inputValue()).toBe('');
    expect(await page.getByLabel('Employment type').inputValue()).toBe('');
    expect(
      await page
        .getByRole('group', { name: /Key responsibilities/ })
        .getByRole('listitem')
        .count(),
    ).toBe(0);
  });

  it('lists it on the panel and edits it; Save reloads the record', async () => {
    await page.goto('/admin/vacancies/panel');
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByRole('link', { name: 'Details' }).click();
    await page.waitForURL(/\/admin\/vacancies\/details\/[^/]+$/);
    detailsUrl = page.url();
    await page.getByRole('heading', { name: 'Edit Vacancy', level: 1 }).waitFor();
    expect(await page.getByLabel('Job title').inputValue()).toBe(title);

    await page.getByLabel('Job title').fill(edited);
    await page.getByLabel('Employment type').selectOption('Contract');
    await page.getByRole('button', { name: 'Remove responsibility: Set and mark tests' }).click();
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT');
    const reloaded = page.waitForResponse(
      (r) => r.request().method() === 'GET' && /\/v1\/api\/jobs\/[^/]+$/.test(r.url()),
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await toast(page, 'Job vacancy Updated successfully!');
    expect((await reloaded).status()).toBe(200);

    await page.reload();
    await page.getByRole('heading', { name: 'Edit Vacancy', level: 1 }).waitFor();
    await page
      .getByLabel('Job title')
      .and(page.locator(`[value="${edited}"]`))
      .waitFor();
    expect(await page.getByLabel('Employment type').inputValue()).toBe('Contract');
    expect(
      await page
        .getByRole('group', { name: /Key responsibilities/ })
        .getByRole('listitem')
        .count(),
    ).toBe(1);
  });

  it('shows it on /vacancies with a modal holding every field and the contact block', async () => {
    const { context: visitor, page: p } = await newPage(browser);
    await p.goto('/vacancies');
    const card = p.getByRole('listitem').filter({ has: p.getByRole('heading', { name: edited }) });
    await card.waitFor();
    expect(await card.innerText()).toContain('Teach mathematics to classes 9 to 12.');
    const updated = await card.locator('time').getAttribute('datetime');
    expect(await card.locator('time').innerText()).toBe(enIN(updated!));

    const more = card.getByRole('button', { name: /Read More/ });
    await more.click();
    const dialog = p.getByRole('dialog', { name: edited });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    const text = await dialog.innerText();
    // The school has saved no phone or e-mail yet: the office is where to apply, and no address is invented.
    for (const part of [
      'Plan and teach lessons',
      'M.Sc. Mathematics and B.Ed.',
      'Contract',
      'Posted',
      'Bring your Resume/CV to the school office.',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('Set and mark tests');
    expect(await dialog.getByRole('link', { name: 'Send your Resume/CV' }).count()).toBe(0);
    await p.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);

    // Keyboard: Enter opens it, the close button closes it.
    await more.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visitor.close();
  });

  it('is usable at 360 px (no page-level horizontal scroll)', async () => {
    const { context: phone, page: p } = await newPage(browser, PHONE);
    await p.goto('/vacancies');
    await p.getByRole('heading', { name: edited }).waitFor();
    expect(
      await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await phone.close();
  });

  it('deletes it and returns to the panel; it is gone from /vacancies', async () => {
    await page.goto(detailsUrl);
    await page.getByRole('heading', { name: 'Edit Vacancy', level: 1 }).waitFor();
    await page
      .getByLabel('Job title')
      .and(page.locator(`[value="${edited}"]`))
      .waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/admin\/vacancies\/panel\/?$/);
    await toast(page, 'Job vacancy deleted successfully!');
    await page.getByRole('table').waitFor();
    await page.locator('tbody').getByText('Loading...').waitFor({ state: 'detached' });
    expect(await page.getByRole('row').filter({ hasText: edited }).count()).toBe(0);

    await page.goto('/vacancies');
    await page.locator('.board[aria-busy="false"]').waitFor();
    expect(await page.getByRole('heading', { name: edited }).count()).toBe(0);
  });

  it('a details URL for a missing vacancy goes back to the panel with "Failed to fetch vacancy"', async () => {
    await page.goto(detailsUrl);
    await page.waitForURL(/\/admin\/vacancies\/panel\/?$/);
    await toast(page, 'Failed to fetch vacancy');
  });
});
