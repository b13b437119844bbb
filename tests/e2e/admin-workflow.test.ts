/**
 * Chromium: the office's work on a record's details screen, at 1280 px and 360 px. An office
 * account moves an application along (documents verified and rejected with a reason on the
 * checklist, a refused move explained), sees a possible duplicate marked in the list and named on
 * the details screen, finds Call and WhatsApp ready for the parent (English and Hindi), follows up an
 * enquiry and rejects a TC request; the status filter of the lists; axe finds nothing on each screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser } from '../support/browser.ts';
import { staffClient, type Staff } from '../support/api.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';
import { moveTo, signInAs, verifyEveryDocument } from '../support/admin-screens.ts';
import { createAdmission, createEnquiry, createTcRequest } from '../http/admin-fixtures.ts';

let browser: Browser;
let office: Staff;

beforeAll(async () => {
  browser = await launchBrowser();
  office = await staffClient('office', 'Meena Office');
});
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify').getByText(text).first().waitFor();

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('on a %s', (name, viewport) => {
  it('an office account takes an application through the checklist to Documents verified', async () => {
    const first = await createAdmission();
    // The same child again: same Aadhaar number is not known here, so the same mobile number and first name.
    const again = await createAdmission({ studentFirstName: first.names.first, contactNo: '9988776655' });
    const { context, page } = await openPage(browser, viewport);
    try {
      await signInAs(page, office);
      await page.goto(`/admin/admissions/panel?name=${encodeURIComponent(first.names.first)}`);
      const rows = page.getByRole('table', { name: 'Admissions', exact: true }).locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(2);
      expect(await page.locator('.row-mark').allInnerTexts()).toEqual(['Possible duplicate', 'Possible duplicate']);
      expect(await page.getByRole('columnheader').allInnerTexts()).toContain('Status');
      expect(await accessibilityFailures(page, `${name} admissions panel`)).toEqual([]);

      await page.goto(`/admin/admissions/details/${again._id}`);
      await page.getByRole('heading', { name: 'Status' }).waitFor();
      expect(await page.locator('.status-panel__now').innerText()).toContain('Received');
      const duplicates = page.getByRole('region', { name: /Possible duplicate applications \(1\)/ });
      expect(await duplicates.getByRole('link', { name: first.referenceNumber }).getAttribute('href')).toBe(
        `/admin/admissions/details/${first._id}`,
      );
      expect(await duplicates.innerText()).toContain('same mobile number and first name');

      const call = page.getByRole('link', { name: /^Call 9988776655/ });
      expect(await call.getAttribute('href')).toBe('tel:+919988776655');
      const english = decodeURIComponent(
        (await page.getByRole('link', { name: /^WhatsApp \(English\)/ }).getAttribute('href'))!,
      );
      expect(english).toMatch(/^https:\/\/wa\.me\/919988776655\?text=/);
      expect(english).toContain(again.referenceNumber);
      // While it is just received, the letter of its submission (as queued for the office to send).
      expect(english).toContain('We have received the admission application');
      const hindi = decodeURIComponent(
        (await page.getByRole('link', { name: /^WhatsApp \(हिन्दी\)/ }).getAttribute('href'))!,
      );
      expect(hindi).toContain(again.referenceNumber);
      expect(hindi).toContain('आवेदन हमें प्राप्त हो गया है');
      // Office staff are not offered Delete.
      expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);

      await moveTo(page, 'Under review', { 'Note (optional)': 'Checking documents' });
      await toast(page, 'Status changed to Under review.');
      expect(await page.locator('.status-history li').count()).toBe(2);
      expect(await page.locator('.status-history').innerText()).toContain('Checking documents');

      // Documents verified is refused while documents are pending: the dialog says which.
      await moveTo(page, 'Documents verified');
      const refusal = page.getByRole('dialog').getByRole('alert');
      await refusal.waitFor();
      expect(await refusal.innerText()).toMatch(/^Every document must be verified first: .*\(pending\)/);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      const documents = page.getByRole('region', { name: 'Documents' });
      await documents.getByRole('button', { name: 'Reject Student photo' }).click();
      const reject = page.getByRole('dialog');
      await reject.getByLabel('Reason').fill('The face is not clear');
      await reject.getByRole('button', { name: 'Reject' }).click();
      await toast(page, 'Student photo: rejected.');
      expect(await documents.innerText()).toContain('Rejected: The face is not clear');
      // Verify every document: each button goes once its document is verified.
      await verifyEveryDocument(page);
      await moveTo(page, 'Documents verified');
      await toast(page, 'Status changed to Documents verified.');
      expect(await page.locator('.status-panel__now').innerText()).toContain('Documents verified');
      // The decisions are offered now; a principal's reopening is not.
      const moves = await page.getByRole('group', { name: 'Change status' }).getByRole('button').allInnerTexts();
      expect(moves).toEqual(['Admitted', 'Waitlisted', 'Not admitted', 'Withdrawn']);
      expect(await accessibilityFailures(page, `${name} admission details`)).toEqual([]);

      await page.goto('/admin/admissions/panel?status=documents-verified');
      await page.getByRole('row').filter({ hasText: again.names.last }).waitFor();
      expect(await page.getByLabel('Status').inputValue()).toBe('documents-verified');
    } finally {
      await context.close();
    }
  });

  it('follows up an enquiry and rejects a TC request with a reason', async () => {
    const enquiry = await createEnquiry();
    const tc = await createTcRequest();
    const { context, page } = await openPage(browser, viewport);
    try {
      await signInAs(page, office);
      await page.goto(`/admin/enquiry/details/${enquiry._id}`);
      await page.getByRole('heading', { name: 'Status' }).waitFor();
      await moveTo(page, 'Contacted', {
        'Next follow-up date': '2030-04-01',
        'Note (optional)': 'Father will visit on Saturday',
      });
      await toast(page, 'Status changed to Contacted.');
      expect(await page.locator('main').innerText()).toContain('1 Apr 2030');
      const followUp = page.getByRole('form', { name: 'Next follow-up' });
      await followUp.getByLabel('Date').fill('2030-04-05');
      await followUp.getByRole('button', { name: 'Save date' }).click();
      await toast(page, 'Next follow-up on 5 Apr 2030.');
      expect(await accessibilityFailures(page, `${name} enquiry details`)).toEqual([]);

      await page.goto(`/admin/tc-requests/details/${tc._id}`);
      await page.getByRole('heading', { name: 'Status' }).waitFor();
      // The fee is not paid: Fee paid is refused with the reason.
      await moveTo(page, 'Fee paid');
      expect(await page.getByRole('dialog').getByRole('alert').innerText()).toMatch(/^The TC fee is not paid yet/);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await moveTo(page, 'Rejected', { Reason: 'Admission number does not match our register' });
      await toast(page, 'Status changed to Rejected.');
      expect(await page.locator('main').innerText()).toContain('Admission number does not match our register');
      expect(await page.getByText('No further change of status is possible.').count()).toBe(1);
      expect(await accessibilityFailures(page, `${name} TC details`)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
