/**
 * Chromium: what strangers' tries can no longer do to a family, on a runtime of its own (the TC
 * count's limit lowered to reach it). The father, on his phone in Hindi (360 px), checks his
 * application after strangers tried its reference number with wrong mobile numbers from many
 * addresses; the mother asks for a TC after two invented requests, one rejected by the office;
 * once the count's limit is reached the form says so in Hindi with the minutes and the phone. The
 * clerk, at 1280 px, sees the admission number flagged in the TC list, in words, and the other
 * requests on the details screen.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, hydrated, launchBrowser, loginThroughUi, label, screenshot } from '../support/browser.ts';
import { adminClient, requestFrom, type ApiClient } from '../support/api.ts';
import { RAISED_LIMITS, startIsolatedRuntime, type TestRuntime } from '../support/runtime.ts';
import { createAdmission, createTcRequest, token, type CreatedAdmission } from '../http/admin-fixtures.ts';
import { accessibilityFailures } from './content-browser.ts';
import { HI, HI_FORMS } from '../../src/lib/i18n/hi.ts';
import { fill as fillTexts } from '../../src/lib/i18n/index.ts';
import { aadhaar } from '../unit/forms-cases.ts';
import { fillTcRegisterFields } from '../support/tc-form.ts';

const TC_COUNTS = 3;
const MOBILE = '9988776655';
const TC = HI_FORMS.tcRequest;

let runtime: TestRuntime;
let browser: Browser;
let principal: ApiClient;
let admission: CreatedAdmission;

beforeAll(async () => {
  runtime = await startIsolatedRuntime({
    ADMIN_EMAIL: inject('adminEmail'),
    ADMIN_PASSWORD: inject('adminPassword'),
    ...RAISED_LIMITS,
    RATE_LIMIT_TC_COUNT: String(TC_COUNTS),
  });
  [browser, principal, admission] = await Promise.all([
    launchBrowser(),
    adminClient(runtime.url),
    createAdmission({ language: 'hi' }, runtime.url),
  ]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

async function open(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: runtime.url, viewport, bypassCSP: true });
  context.setDefaultTimeout(60_000);
  return { context, page: await context.newPage() };
}

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true }).last().waitFor();

let lastAddress = 0;
const strangerAddress = () => `127.0.99.${++lastAddress}`;

describe('a family after strangers tried its numbers', () => {
  it('the father checks his application in Hindi at 360 px after strangers tried its reference number from many addresses', async () => {
    for (let i = 0; i < 8; i++) {
      const answer = await requestFrom(runtime.url, strangerAddress(), 'POST', '/v1/api/admission/status', {
        referenceNumber: admission.referenceNumber,
        contactNo: `90000000${10 + i}`,
      });
      expect(answer.status).toBe(404);
    }
    const { context, page } = await open(PHONE);
    try {
      await page.goto(`/hi/admissions/status?ref=${admission.referenceNumber}`);
      await hydrated(page);
      await expect
        .poll(() => page.getByLabel(label(HI['statusCheck.field.reference'])).inputValue())
        .toBe(admission.referenceNumber);
      await page.getByLabel(label(HI['statusCheck.field.mobile'])).fill(MOBILE);
      await page.getByRole('button', { name: HI['statusCheck.submit'] }).click();
      await page
        .getByRole('heading', {
          name: fillTexts('hi', 'statusCheck.result.admission', { reference: admission.referenceNumber }),
        })
        .waitFor();
      expect(await page.locator('.ff-form-error').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, 'status-after-strangers-360-hi');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('the mother asks for a TC in Hindi at 360 px after two invented requests, one rejected by the office; then the count limit is said in Hindi', async () => {
    const number = `ADM-${token('')}`.toUpperCase();
    const invented = await createTcRequest({ admissionNumber: number, contact: '9876501234' }, runtime.url);
    await createTcRequest({ admissionNumber: number, contact: '9876501235' }, runtime.url);
    const rejected = await principal.request(`/v1/api/tc-request/${invented._id}`, {
      method: 'PATCH',
      json: { status: 'rejected', reason: 'Not asked by the parent' },
    });
    expect(rejected.status).toBe(200);

    const { context, page } = await open(PHONE);
    const fillForm = async () => {
      await page.getByLabel(label(TC.studentName.label)).fill('राहुल वर्मा');
      await page.getByLabel(label(TC.admissionNumber.label)).fill(number);
      await page.getByLabel(label(TC.aadharUid.label)).fill(aadhaar('56789012345'));
      await page.getByLabel(label(TC.parentName.label)).fill('सुनीता वर्मा');
      await page.getByLabel(label(TC.contact.label)).fill('9123456780');
      await page.getByLabel(label(TC.email.label)).fill('parent@example.com');
      await page.getByLabel(label(TC.reason.label)).fill('परिवार दूसरे शहर जा रहा है');
      await fillTcRegisterFields(page, TC);
      await page.getByRole('checkbox').check();
    };
    try {
      await page.goto('/hi/admissions/tc-request');
      await hydrated(page);
      await fillForm();
      await page.getByRole('button', { name: HI['formText.tcSubmit'] }).click();
      await toast(page, HI['form.tcSuccess']);
      await page.getByRole('heading', { name: HI['formText.tcDoneHeading'] }).waitFor();

      // The count's limit from this address (the browser's, 127.0.0.1): one read was the request above.
      for (let i = 1; i < TC_COUNTS; i++)
        expect(
          (await requestFrom(runtime.url, '127.0.0.1', 'GET', `/v1/api/tc-request/admission-number/${number}`)).status,
        ).toBe(200);
      await page.reload();
      await hydrated(page);
      await fillForm();
      await page.getByLabel(label(TC.admissionNumber.label)).fill(`ADM-${token('')}`.toUpperCase());
      await page.getByRole('button', { name: HI['formText.tcSubmit'] }).click();
      // Said on the form, in Hindi, with the minutes and the phone: not "the requests are used up".
      const said = HI['request.tooManyRequests'].split('{minutes}')[0]!;
      const shown = page.locator('.ff-error, [role="alert"]').filter({ hasText: said }).first();
      await shown.waitFor();
      const text = (await shown.textContent())!;
      expect(text).toMatch(/कृपया \d+ मिनट बाद फिर से प्रयास करें/);
      // No phone saved yet: the words name none, and none built in.
      expect(text).toContain('या विद्यालय कार्यालय को फ़ोन करें।');
      await shown.scrollIntoViewIfNeeded();
      await screenshot(page, 'tc-count-limit-360-hi');
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe("the clerk's TC list at 1280 px", () => {
  it('flags in words an admission number requested from different mobile numbers, and lists the other requests on the details screen', async () => {
    const number = `ADM-${token('')}`.toUpperCase();
    const calm = `ADM-${token('')}`.toUpperCase();
    const parent = await createTcRequest(
      { admissionNumber: number, contact: '9123456780', studentName: 'Asha Verma' },
      runtime.url,
    );
    const stranger = await createTcRequest(
      { admissionNumber: number, contact: '9876501234', studentName: 'Asha Verma' },
      runtime.url,
    );
    await createTcRequest({ admissionNumber: calm, contact: '9123456780', studentName: 'Ravi Gupta' }, runtime.url);

    const { context, page } = await open(DESKTOP);
    try {
      await loginThroughUi(page);
      await page.goto(`/admin/tc-requests/panel?admissionNumber=${encodeURIComponent('ADM-')}`);
      await page.locator('table[aria-busy="false"]').waitFor();
      const flagged = page.getByRole('row').filter({ hasText: number });
      await expect.poll(() => flagged.count()).toBe(2);
      for (const row of await flagged.all())
        expect(await row.locator('.row-mark').innerText()).toBe('Requested from different mobiles');
      expect(await page.getByRole('row').filter({ hasText: calm }).locator('.row-mark').count()).toBe(0);
      expect(await accessibilityFailures(page, 'the TC list with a flagged admission number at 1280')).toEqual([]);
      await screenshot(page, 'tc-list-flag-1280');

      await page.goto(`/admin/tc-requests/details/${parent._id}`);
      const section = page.getByRole('region', { name: 'Other requests for this admission number (1)' });
      await section.waitFor();
      const text = await section.innerText();
      expect(text).toContain('Requested from different mobile numbers');
      expect(text).toContain('mobile 9876501234 (a different mobile number)');
      expect(await section.getByRole('link', { name: 'Asha Verma' }).getAttribute('href')).toBe(
        `/admin/tc-requests/details/${stranger._id}`,
      );
      expect(await accessibilityFailures(page, 'the TC details with another mobile number at 1280')).toEqual([]);
      await screenshot(page, 'tc-details-other-requests-1280');
    } finally {
      await context.close();
    }
  }, 120_000);
});
