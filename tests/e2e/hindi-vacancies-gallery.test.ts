/**
 * A parent at 360 px on the Hindi vacancies and gallery pages, on the real runtime: the office's
 * vacancy shows with Hindi labels and a Hindi date, its details open in a Hindi dialog whose e-mail
 * link carries a Hindi subject, and the gallery's sample photos carry their Hindi titles and
 * descriptions; no English word of the islands, no horizontal scroll, nothing axe finds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminClient, type ApiClient } from '../support/api.ts';
import { PHONE, launchBrowser } from '../support/browser.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';
import { fill } from '../../src/lib/i18n/index.ts';
import { formatDate } from '../../src/lib/dates.ts';

const t = (code: Parameters<typeof fill>[1], values?: Record<string, string>) => fill('hi', code, values);

let browser: Browser;
let office: ApiClient;
let vacancyId: string | undefined;
beforeAll(async () => {
  [browser, office] = await Promise.all([launchBrowser(), adminClient()]);
});
afterAll(async () => {
  if (vacancyId) await office.request(`/v1/api/jobs/${vacancyId}`, { method: 'DELETE' });
  await browser?.close();
});

describe('Hindi vacancies and gallery at 360 px', () => {
  it('a vacancy the office posts reads in Hindi, card and details', async () => {
    const jobTitle = `PGT हिन्दी ${Date.now()}`;
    const res = await office.request('/v1/api/jobs', {
      method: 'POST',
      json: {
        jobTitle,
        jobDescription: 'कक्षा XI और XII को हिन्दी पढ़ाना।',
        keyResponsibilities: ['पाठ योजना बनाना'],
        qualificationsAndRequirements: ['एम.ए. हिन्दी, बी.एड.'],
        employmentType: 'Full-Time',
      },
    });
    expect(res.status).toBe(201);
    const vacancy = (await res.json()) as { _id: string; updatedAt: string };
    vacancyId = vacancy._id;

    const { context, page } = await openPage(browser, PHONE);
    try {
      await page.goto('/hi/vacancies');
      const card = page.locator('.vacancy-card').filter({ hasText: jobTitle });
      await card.waitFor();
      expect(await card.locator('.vacancy-card__date').textContent()).toBe(
        `${t('vacancies.updated')} ${formatDate(vacancy.updatedAt, 'hi')}`,
      );
      expect(formatDate(vacancy.updatedAt, 'hi')).toMatch(/[\u0900-\u097F]/);
      const more = card.getByRole('button', { name: new RegExp(`^${t('vacancies.readMore')}\\s?: ${jobTitle}$`) });
      await more.click();
      const dialog = page.getByRole('dialog', { name: jobTitle });
      await dialog.waitFor();
      for (const heading of [
        t('vacancies.responsibilities'),
        t('vacancies.qualifications'),
        t('vacancies.howToApply'),
      ]) {
        await dialog.getByRole('heading', { name: heading }).waitFor();
      }
      // The school has saved no phone or e-mail: the office is where to apply.
      await dialog.getByText(t('vacancies.atOffice')).waitFor();
      expect(await dialog.getByRole('link', { name: t('vacancies.send') }).count()).toBe(0);
      // The job's own words aside, the only Latin word is "Resume" of "(Resume/CV)".
      const text = (await dialog.innerText()).replace(jobTitle, '');
      expect(text.match(/\b[A-Za-z]*[a-z][A-Za-z]{2,}\b/g) ?? []).toEqual(['Resume']);
      expect(await accessibilityFailures(page, '/hi/vacancies (details open)')).toEqual([]);
      await dialog.getByRole('button', { name: t('vacancies.close') }).click();
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }
  });

  it('the gallery reads in Hindi: the sample photos under their Hindi titles and descriptions, one column, nothing axe finds', async () => {
    const { context, page } = await openPage(browser, PHONE);
    try {
      await page.goto('/hi/gallery');
      const tile = page.locator('.gallery-sample').first();
      await tile.waitFor();
      expect(await tile.locator('.gallery-tile__title').innerText()).toBe('विद्यालय का कार्यक्रम');
      expect(await tile.locator('img').getAttribute('alt')).toMatch(/^विद्यालय का कार्यक्रम: [\u0900-\u097F]/);
      // A tile opens a larger copy of its photo.
      expect(await tile.getByRole('link').getAttribute('href')).toMatch(
        /^\/\.netlify\/images\?url=%2Fstarting%2Fgallery%2F.*&w=\d+$/,
      );
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      expect(await accessibilityFailures(page, '/hi/gallery')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
