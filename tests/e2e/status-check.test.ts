/**
 * Chromium, at 1280 and 360 px: a parent checks an application's status (the reference number
 * prefilled from the QR code's ?ref=), is told when the pair matches nothing, reads the status, the
 * fee due and the document the office rejected with its reason, and sends a new file for it; the TC
 * request's page likewise. Every state passes axe with no horizontal scroll.
 *
 * The browser calls from 127.0.0.1, like every test's browser: these tests make 7 of the 10 tries an
 * hour that one address has (malformed calls, such as the route matrix's, are not counted).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { staffClient, type ApiClient } from '../support/api.ts';
import { DESKTOP, PHONE, launchBrowser } from '../support/browser.ts';
import { createAdmission, createTcRequest, pdf, token } from '../http/admin-fixtures.ts';
import { fees } from '../../src/config/fees.ts';
import { formatRupees } from '../../src/lib/money.ts';
import { fill } from '../../src/lib/i18n/index.ts';
import { sessionOf } from '../../src/lib/sessions.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';

let browser: Browser;
let office: ApiClient;
beforeAll(async () => {
  [browser, office] = await Promise.all([
    launchBrowser(),
    staffClient('office', `Rekha ${token('')}`).then((s) => s.client),
  ]);
});
afterAll(async () => {
  await browser?.close();
});

const en = (code: Parameters<typeof fill>[1], values?: Record<string, string>) => fill('en', code, values);

async function open(
  viewport: { width: number; height: number },
  path: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await openPage(browser, viewport);
  context.setDefaultTimeout(60_000);
  await page.goto(path);
  await page.waitForFunction(() => !!document.querySelector('astro-island:not([ssr])'));
  return { page, close: () => context.close() };
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');
/** A fact of the answer: the text of the value after its term. */
const fact = (page: Page, term: string) =>
  page
    .locator('.sc-facts div', { has: page.locator('dt', { hasText: term }) })
    .locator('dd')
    .textContent();

describe('/admissions/status', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`at ${viewport.width} px: no match, then the status, the fee and a rejected document, which a new file replaces`, async () => {
      const admission = await createAdmission();
      const reason = `Only the first page was sent ${token('')}`;
      const judged = await office.request(`/v1/api/admission/${admission._id}/documents/studentBirthCertificate`, {
        method: 'PATCH',
        json: { state: 'rejected', reason },
      });
      expect(judged.status).toBe(200);

      const { page, close } = await open(viewport, `/admissions/status?ref=${admission.referenceNumber}`);
      try {
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(en('statusCheck.admission.heading'));
        const reference = page.getByLabel(/^Reference number/);
        await expect.poll(() => reference.inputValue()).toBe(admission.referenceNumber);
        expect(await accessibilityFailures(page, `the empty form at ${viewport.width}`)).toEqual([]);

        // The form's own check first: nothing is sent, the field says what is wrong.
        await page.getByRole('button', { name: 'Check status' }).click();
        const mobile = page.getByLabel(/^Mobile number/);
        await expect.poll(() => mobile.getAttribute('aria-invalid')).toBe('true');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('contactNo');

        await mobile.fill('90000 00001');
        await page.getByRole('button', { name: 'Check status' }).click();
        const problem = page.locator('.ff-form-error');
        await problem.waitFor();
        expect(await problem.textContent()).toContain(en('statusCheck.notFound.admission'));
        expect(await problem.getAttribute('role')).toBe('alert');
        expect(await accessibilityFailures(page, `no match at ${viewport.width}`)).toEqual([]);

        await mobile.fill('9988776655');
        await page.getByRole('button', { name: 'Check status' }).click();
        const heading = page.getByRole('heading', { name: `Application ${admission.referenceNumber}` });
        await heading.waitFor();
        await expect.poll(() => focusedText(page)).toBe(`Application ${admission.referenceNumber}`);
        expect(await problem.count()).toBe(0);
        expect(await fact(page, 'Student')).toBe(admission.names.first);
        expect(await fact(page, 'Class')).toBe('K.G');
        expect(await fact(page, 'Status')).toBe('received');
        // The fee and what it is for; not asked for before the application is admitted.
        expect(await fact(page, 'Fee')).toBe(
          en('statusCheck.fee.later', {
            amount: formatRupees(fees.admission['K.G'] * 100),
            for: `admission fee, K.G, session ${sessionOf()}`,
          }),
        );
        expect(await fact(page, 'Last changed')).toMatch(/\d{4}/);
        // A status reads as a value with its capital letter.
        expect(await page.locator('dd.sc-status').evaluate((el) => (el as HTMLElement).innerText)).toBe('Received');
        expect(await page.getByText(en('statusCheck.next.admission.documents')).count()).toBe(1);
        expect(await page.getByRole('heading', { name: 'Documents to send again' }).count()).toBe(1);
        expect(await page.getByText(en('statusCheck.missing.reason', { reason })).count()).toBe(1);
        expect(await accessibilityFailures(page, `the answer with a rejected document at ${viewport.width}`)).toEqual(
          [],
        );

        const send = page.getByRole('button', { name: 'Send new Birth certificate' });
        await send.click();
        await page.getByText(en('statusCheck.replace.chooseFirst')).waitFor();
        await page
          .getByLabel(/^New file for Birth certificate/)
          .setInputFiles({ name: 'birth-certificate.pdf', mimeType: 'application/pdf', buffer: pdf() });
        await page.getByText(/Uploaded birth-certificate\.pdf/).waitFor();
        await send.click();
        await page
          .locator('.Toastify')
          .getByText(en('statusCheck.replace.done', { document: 'Birth certificate' }))
          .waitFor();
        await expect.poll(() => page.getByRole('heading', { name: 'Documents to send again' }).count()).toBe(0);
        expect(await page.getByText(en('statusCheck.next.admission.received')).count()).toBe(1);
        await expect.poll(() => focusedText(page)).toBe(`Application ${admission.referenceNumber}`);
        expect(await accessibilityFailures(page, `the answer after the new document at ${viewport.width}`)).toEqual([]);

        const details = await (await office.request(`/v1/api/admission/${admission._id}`)).json();
        expect(details.documents.studentBirthCertificate.state).toBe('pending');
      } finally {
        await close();
      }
    }, 180_000);
  }
});

describe('/admissions/tc-request/status', () => {
  it('at 360 px: the status of a TC request, its fee due and what to do next', async () => {
    const request = await createTcRequest({ contact: '9123456780' });
    const { page, close } = await open(
      PHONE,
      `/admissions/tc-request/status?number=${encodeURIComponent(request.admissionNumber)}`,
    );
    try {
      // The island prefills the number from the address once hydrated: its effect may run just after the island is marked.
      await expect.poll(() => page.getByLabel(/^Admission number/).inputValue()).toBe(request.admissionNumber);
      await page.getByLabel(/^Mobile number/).fill('9123456780');
      await page.getByRole('button', { name: 'Check status' }).click();
      await page.getByRole('heading', { name: `TC request for admission number ${request.admissionNumber}` }).waitFor();
      expect(await fact(page, 'Student')).toBe(request.studentName);
      expect(await fact(page, 'Fee')).toBe(
        en('statusCheck.fee.dueOnline', { amount: formatRupees(fees.transferCertificate * 100), for: 'TC fee' }),
      );
      expect(
        await page
          .getByText(
            en('statusCheck.next.tc-request.requested.online', { fee: formatRupees(fees.transferCertificate * 100) }),
          )
          .count(),
      ).toBe(1);
      expect(await accessibilityFailures(page, 'the TC request answer at 360')).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);
});
