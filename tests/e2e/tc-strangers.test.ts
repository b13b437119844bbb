/**
 * Chromium, on a runtime of its own with the real site-wide limit of wrong TC verifications: what
 * strangers' tries can no longer do around TCs. A mother asks for her child's TC in Hindi on a 360 px
 * phone after a stranger sent two requests for the admission number from one mobile: hers is
 * received, and the confirmation says the office checks it first. The clerk, at 1280 px, sees the
 * admission numbers marked in words in the TC list and the warning on the details screen. A new
 * school verifying a TC while a walk of wrong tries has paused the checks is told so in words, with
 * the minutes and the office's phone, and sees the TC once the wait has passed.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, hydrated, label, launchBrowser, loginThroughUi, screenshot } from '../support/browser.ts';
import { adminClient, requestFrom, type ApiClient } from '../support/api.ts';
import { RAISED_LIMITS, startIsolatedRuntime, type TestRuntime } from '../support/runtime.ts';
import { createTcRequest, jpeg, stagedFile, token } from '../http/admin-fixtures.ts';
import { accessibilityFailures } from './content-browser.ts';
import { HI, HI_FORMS } from '../../src/lib/i18n/hi.ts';
import { fill } from '../../src/lib/i18n/index.ts';
import { fees } from '../../src/config/fees.ts';
import { limits } from '../../src/config/limits.ts';
import { dateInIndia } from '../../src/lib/dates.ts';
import { withDefaultUser } from '../../src/server/db.ts';
import { aadhaar } from '../unit/forms-cases.ts';
import { fillTcRegisterFields } from '../support/tc-form.ts';

const TC = HI_FORMS.tcRequest;
const STRANGER = '9876501234';
const MOTHER = '9123456780';
const TODAY = dateInIndia();

let runtime: TestRuntime;
let browser: Browser;
let principal: ApiClient;
let db: pg.Pool;

beforeAll(async () => {
  runtime = await startIsolatedRuntime({
    ADMIN_EMAIL: inject('adminEmail'),
    ADMIN_PASSWORD: inject('adminPassword'),
    ...RAISED_LIMITS,
    RATE_LIMIT_TC_VERIFY_WRONG: '',
  });
  db = new pg.Pool({ connectionString: withDefaultUser(runtime.databaseUrl), max: 1 });
  [browser, principal] = await Promise.all([launchBrowser(), adminClient(runtime.url)]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await db?.end();
  await runtime?.stop();
});

async function open(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: runtime.url, viewport, bypassCSP: true });
  context.setDefaultTimeout(60_000);
  return { context, page: await context.newPage() };
}

let lastAddress = 0;
const strangerAddress = () => `127.0.98.${++lastAddress}`;

describe("a stranger's TC requests for a pupil", () => {
  const number = `ADM-${token('')}`.toUpperCase();
  const calm = `ADM-${token('')}`.toUpperCase();
  let mother = '';

  it('the mother asks in Hindi at 360 px after two invented requests from one mobile: received, and told the office checks it first', async () => {
    for (let i = 0; i < 2; i++)
      await createTcRequest({ admissionNumber: number, contact: STRANGER, studentName: 'Rahul Verma' }, runtime.url);
    const { context, page } = await open(PHONE);
    try {
      await page.goto('/hi/admissions/tc-request');
      await hydrated(page);
      await page.getByLabel(label(TC.studentName.label)).fill('राहुल वर्मा');
      await page.getByLabel(label(TC.admissionNumber.label)).fill(number);
      await page.getByLabel(label(TC.aadharUid.label)).fill(aadhaar('56789012345'));
      await page.getByLabel(label(TC.parentName.label)).fill('सुनीता वर्मा');
      await page.getByLabel(label(TC.contact.label)).fill(MOTHER);
      await page.getByLabel(label(TC.email.label)).fill('parent@example.com');
      await page.getByLabel(label(TC.reason.label)).fill('परिवार दूसरे शहर जा रहा है');
      await fillTcRegisterFields(page, TC);
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: HI['formText.tcSubmit'] }).click();
      await page.getByRole('heading', { name: HI['formText.tcDoneHeading'] }).waitFor();
      await page.getByText(HI['formText.tcDoneHeld'].replace('{mobile}', MOTHER)).waitFor();
      expect(await page.locator('.ff-form-error').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, 'tc-request-held-360-hi');
    } finally {
      await context.close();
    }
    const { rows } = await db.query(
      `SELECT id FROM tc_requests WHERE admission_number = $1 AND contact = $2 AND over_limit`,
      [number, MOTHER],
    );
    expect(rows).toHaveLength(1);
    mother = rows[0].id;
  }, 120_000);

  it('the clerk at 1280 px sees every request of the number marked in words, and the warning on the details screen', async () => {
    expect(mother).not.toBe('');
    // Another number with two requests from one mobile: flagged too, without "different mobiles".
    for (let i = 0; i < 2; i++)
      await createTcRequest({ admissionNumber: calm, contact: MOTHER, studentName: 'Ravi Gupta' }, runtime.url);
    const { context, page } = await open(DESKTOP);
    try {
      await loginThroughUi(page);
      await page.goto(`/admin/tc-requests/panel?admissionNumber=${encodeURIComponent('ADM-')}`);
      await page.locator('table[aria-busy="false"]').waitFor();
      const rows = page.getByRole('row').filter({ hasText: number });
      await expect.poll(() => rows.count()).toBe(3);
      const marks = (await rows.locator('.row-mark').allInnerTexts()).sort();
      expect(marks).toEqual([
        'More requests than allowed for this admission number. Requested from different mobiles',
        'Requested from different mobiles',
        'Requested from different mobiles',
      ]);
      const calmRows = page.getByRole('row').filter({ hasText: calm });
      await expect.poll(() => calmRows.count()).toBe(2);
      expect(await calmRows.locator('.row-mark').allInnerTexts()).toEqual([
        'More than one request for this admission number',
        'More than one request for this admission number',
      ]);
      expect(await accessibilityFailures(page, 'the TC list with marked admission numbers at 1280')).toEqual([]);
      await screenshot(page, 'tc-list-marks-1280');

      await page.goto(`/admin/tc-requests/details/${mother}`);
      const section = page.getByRole('region', { name: 'Other requests for this admission number (2)' });
      await section.waitFor();
      const text = await section.innerText();
      expect(text).toContain(
        'More requests than allowed for this admission number: this one came when two others were already open, so it waits for your check.',
      );
      expect(text).toContain('Requested from different mobile numbers');
      expect(await accessibilityFailures(page, 'the TC details of a request past the two at 1280')).toEqual([]);
      await screenshot(page, 'tc-details-over-limit-1280');
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('a new school verifying a TC while a walk has paused the checks', () => {
  it('is told in words with the minutes and the phone, and sees the TC once the wait has passed', async () => {
    const request = await createTcRequest({}, runtime.url);
    const ok = async (method: 'POST' | 'PATCH', path: string, json: unknown) =>
      expect((await principal.request(path, { method, json })).status).toBeLessThan(300);
    await ok('POST', `/v1/api/tc-request/${request._id}/payments`, {
      amount: fees.transferCertificate,
      mode: 'cash',
      reference: '',
      paidOn: TODAY,
    });
    const tcNumber = `TC/${token('')}/41`;
    await ok('PATCH', `/v1/api/tc-request/${request._id}`, { status: 'issued', tcNumber, tcIssueDate: TODAY });
    await ok('POST', `/v1/api/tc-request/${request._id}/certificate`, {
      uploadId: await stagedFile(principal, jpeg(), 'scan.jpg', 'image/jpeg'),
    });
    // The walk: wrong pairs from addresses of its own, until the site-wide window is full.
    for (let i = 0; i < limits.tcVerifyWrongTriesSiteWide.max; i++) {
      expect(
        (
          await requestFrom(runtime.url, strangerAddress(), 'POST', '/v1/api/tc-verification', {
            tcNumber: `TC/${token('')}/${i}`,
            issuedOn: TODAY,
          })
        ).status,
      ).toBe(404);
    }

    const { context, page } = await open(DESKTOP);
    try {
      await page.goto('/tc-verification');
      await hydrated(page);
      await page.getByLabel(label(fill('en', 'tcVerify.field.number'))).fill(tcNumber);
      await page.getByLabel(label(fill('en', 'tcVerify.field.date'))).fill(TODAY);
      await page.getByRole('button', { name: fill('en', 'tcVerify.submit') }).click();
      const said = page.getByRole('alert').filter({ hasText: fill('en', 'tcVerify.paused').split('{minutes}')[0]! });
      await said.waitFor();
      const words = (await said.innerText()).trim();
      const minutes = Number(/try again in (\d+) minutes/.exec(words)?.[1]);
      expect(minutes).toBeGreaterThanOrEqual(1);
      expect(minutes).toBeLessThanOrEqual(15);
      // No phone saved yet: the words name none, and none built in.
      expect(words).toContain('or call the school office to confirm the TC.');
      expect(await accessibilityFailures(page, 'the TC verification paused at 1280')).toEqual([]);
      await screenshot(page, 'tc-verification-paused-1280');

      // The minutes it was told pass: the walk's wrong tries grow that old, and the same check succeeds.
      await db.query(
        `UPDATE rate_limits SET window_start = window_start - make_interval(mins => $1) WHERE bucket = 'tc_verify_wrong'`,
        [minutes],
      );
      await page.getByRole('button', { name: fill('en', 'tcVerify.submit') }).click();
      await page.getByRole('heading', { name: fill('en', 'tcVerify.found') }).waitFor();
      expect(await page.getByText(request.studentName as string).count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  }, 120_000);
});
