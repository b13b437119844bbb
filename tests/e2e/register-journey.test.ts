/**
 * Issue 39's journey at 1280 px (Chromium), as the school office and the principal go through it on
 * the screens, the API used only for what a family does (an application, a TC request) and for the
 * TC fee as the other TC tests record it:
 * 1. the office imports a 200-row workbook with three bad rows: fixes the date in place, skips the
 *    other two, imports 198;
 * 2. reads the admission series, takes an application to Admitted on its details screen and finds
 *    the pupil in the register with that next number (and gives it this run's section);
 * 3. opens the class list of that class and section: pdftotext reads the admitted pupil in it;
 * 4. a family's TC request for an imported pupil, its fee recorded; the principal issues the TC on
 *    the request's details screen (the typed lines), opens the TC's PDF (its number and the pupil's
 *    name), and the register shows the pupil as left;
 * 5. the TC is verified on /tc-verification, whose link serves the drawn TC.
 * Screenshots of each step in /tmp/shots-journey/.
 */
import ExcelJS from 'exceljs';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, hydrated, label, launchBrowser, newPage, toast } from '../support/browser.ts';
import { moveTo, signInAs, verifyEveryDocument } from '../support/admin-screens.ts';
import { staffClient, type Json, type Staff } from '../support/api.ts';
import { createAdmission, createTcRequest, type CreatedAdmission } from '../http/admin-fixtures.ts';
import { fees } from '../../src/config/fees.ts';
import { dateInIndia, dayMonthYear } from '../../src/lib/dates.ts';
import { fill } from '../../src/lib/i18n/index.ts';
import { ISSUE_TEXTS } from '../../src/features/tc-request/issue.ts';

const run = promisify(execFile);
const SHOTS = '/tmp/shots-journey';
const TODAY = dateInIndia();
const en = (code: Parameters<typeof fill>[1], values?: Record<string, string>) => fill('en', code, values);
const tag = Math.random().toString(36).slice(2, 6).toUpperCase();
/** Names of letters only (a name with digits is refused): the tag spelt in letters. */
const letters = tag.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!);
const SURNAME = `Journey${letters.toLowerCase()}`;
/** This run's own section, so that other files' pupils never join its lists. */
const SECTION = `J${letters}`;
const number = (i: number) => `JRN${tag}/${i + 1}`;
const name = (i: number) => `${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`;
const pupilName = (i: number) => `Pupil ${name(i)} ${SURNAME}`;
/** The imported pupil whose family asks for the TC: row 2 of the sheet, born 01/01/2016, Class V. */
const LEAVER = 0;

let browser: Browser;
let office: Staff;
let principal: Staff;
let context: BrowserContext;
let page: Page;
let dir = '';
let admission: CreatedAdmission;
/** What the series' screen said the next numbers are written as, before they were taken. */
let nextAdmissionNumber = '';
let nextTcNumber = '';
let tcRequest: Json;

async function shot(p: Page, file: string) {
  await mkdir(SHOTS, { recursive: true });
  await p.screenshot({ path: `${SHOTS}/${file}.png`, fullPage: true });
}

async function pdftotext(bytes: Buffer, file: string): Promise<string> {
  const path = join(dir, `${file}.pdf`);
  await writeFile(path, bytes);
  return (await run('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout.replace(/\s+/g, ' ');
}

/** Follows a link that opens a PDF in a new tab, as the browser would, and answers the PDF's bytes. */
async function openPdf(p: Page, href: string): Promise<Buffer> {
  const res = await p.request.get(href);
  expect(res.status(), href).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  return Buffer.from(await res.body());
}

async function workbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Register');
  sheet.addRow(['Adm No', 'Name', 'Father', 'Mother', 'Gender', 'DOB', 'Date of Admission', 'Class', 'Section']);
  for (let i = 0; i < 200; i++)
    sheet.addRow([
      i === 150 ? number(149) : number(i),
      i === 20 ? '' : pupilName(i),
      `Father ${name(i)} ${SURNAME}`,
      `Mother ${name(i)} ${SURNAME}`,
      i % 2 ? 'Male' : 'Female',
      i === 80 ? '31/02/2016' : `0${1 + (i % 9)}/0${1 + (i % 9)}/2016`,
      new Date(Date.UTC(2022, 3, 1)),
      ['V', 'Class 6', 'UKG', '7'][i % 4],
      SECTION,
    ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The series' read-only card as the office sees it: how its next number is written. */
async function nextWritten(p: Page, series: 'Admission numbers' | 'TC numbers'): Promise<string> {
  const card = p.getByRole('region', { name: series });
  await card.waitFor();
  const written = /The next is written\s+(\S+)/.exec(await card.innerText())?.[1];
  expect(written, series).toBeTruthy();
  return written!;
}

beforeAll(async () => {
  [browser, office, principal, admission, dir] = await Promise.all([
    launchBrowser(),
    staffClient('office', 'Sunita Clerk'),
    staffClient('principal', 'Anil Principal'),
    // A family applies (K.G, as the admission form sends it).
    createAdmission(),
    mkdtemp(join(tmpdir(), 'register-journey-')),
  ]);
  ({ context, page } = await newPage(browser, DESKTOP));
  await signInAs(page, office);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the office's register journey (1280 px)", () => {
  it('imports a 200-row workbook: three bad rows named, one fixed, two skipped, 198 imported', async () => {
    await page.goto('/admin/register#import');
    await page.getByRole('heading', { name: 'Import the paper register' }).waitFor();
    await page.getByLabel('Register file').setInputFiles({
      name: 'register.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook(),
    });
    await page.getByText('200 rows read: 197 ready to import, 3 with problems.').waitFor();
    const problems = page.getByRole('table').first();
    expect(await problems.getByRole('row').count()).toBe(4);
    expect(await problems.getByRole('row').nth(1).innerText()).toMatch(/22\s+First name\s+\(empty\)\s+Missing/);
    expect(await problems.getByRole('row').nth(2).innerText()).toMatch(
      /82\s+Date of birth\s+31\/02\/2016\s+Not a date/,
    );
    expect(await problems.getByRole('row').nth(3).innerText()).toMatch(/152\s+Admission number/);
    await shot(page, '1-import-preview');

    await page.getByLabel('Correct Date of birth of row 82').fill('28/02/2016');
    await page.getByLabel('Skip row 22').check();
    await page.getByLabel('Skip row 152').check();
    await page.getByRole('button', { name: 'Check again' }).click();
    await page.getByText('200 rows read: 198 ready to import.').waitFor();
    await shot(page, '1-import-checked');
    await page.getByRole('button', { name: 'Import 198 pupils' }).click();
    await page
      .locator('.Toastify')
      .getByText(/^198 pupils imported\./)
      .waitFor();

    await page.getByRole('table', { name: 'Pupils of the register' }).waitFor();
    await page.getByRole('searchbox', { name: 'Section' }).fill(SECTION);
    await page.getByRole('searchbox', { name: 'Section' }).press('Enter');
    await page.getByText('Page 1 of 4').waitFor();
    await shot(page, '1-import-list');
    const listed = await office.client.request(`/v1/api/register?section=${SECTION}&limit=10`);
    expect(((await listed.json()) as { totalPupils: number }).totalPupils).toBe(198);
  }, 60_000);

  it('admits an application on its details screen; the pupil joins the register with the next number', async () => {
    // The series before: the office reads it, read-only.
    await page.goto('/admin/register#series');
    await page.getByText('Only the principal can change the number series.').waitFor();
    nextAdmissionNumber = await nextWritten(page, 'Admission numbers');
    nextTcNumber = await nextWritten(page, 'TC numbers');
    await shot(page, '2-series');

    await page.goto(`/admin/admissions/details/${admission._id}`);
    await page.getByRole('heading', { name: 'Status' }).waitFor();
    await moveTo(page, 'Under review');
    await toast(page, 'Status changed to Under review.');
    await verifyEveryDocument(page);
    await moveTo(page, 'Documents verified');
    await toast(page, 'Status changed to Documents verified.');
    await moveTo(page, 'Admitted', { 'Note (optional)': 'Admitted to K.G' });
    await toast(page, 'Status changed to Admitted.');
    expect(await page.locator('.status-panel__now').innerText()).toContain('Admitted');
    await shot(page, '2-admitted');

    // In the register, found by the child's name: the next number of the series, studying in K.G.
    const fullName = `${admission.names.first} ${admission.names.middle} ${admission.names.last}`;
    await page.goto('/admin/register');
    await page.locator('table[aria-busy="false"]').waitFor();
    await page.getByLabel('Search by name or admission number').fill(admission.names.last);
    await page.waitForURL((url) => url.searchParams.get('search') === admission.names.last);
    const row = page.getByRole('row').filter({ hasText: fullName });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain(nextAdmissionNumber);
    expect(text).toContain('Studying');
    await shot(page, '2-register-admitted');

    // The clerk puts the new pupil in a section on its own screen.
    await row.getByRole('link', { name: `View ${fullName}, admission number ${nextAdmissionNumber}` }).click();
    await page.getByRole('heading', { name: `${fullName} (${nextAdmissionNumber})` }).waitFor();
    await page.getByRole('button', { name: 'Edit Class now' }).click();
    const part = page.getByRole('region', { name: 'Class now' });
    await part.getByLabel(label('Section')).fill(SECTION);
    await part.getByRole('button', { name: 'Save class now' }).click();
    await toast(page, 'Class now: saved');
    expect(await part.innerText()).toContain(SECTION);
    await shot(page, '2-pupil-admitted');
  }, 60_000);

  it('prints the class list that holds the admitted pupil', async () => {
    await page.goto('/admin/register#class-lists');
    await page.getByLabel(label('Class')).first().selectOption('K.G');
    await page.getByLabel(label('Section')).fill(SECTION);
    const link = page.getByRole('link', { name: /^Open the class list of / });
    await shot(page, '3-class-lists');
    const text = await pdftotext(await openPdf(page, (await link.getAttribute('href'))!), 'class-list');
    // The admitted pupil, by number and name, beside the section's 49 imported UKG pupils (row 152 was skipped).
    expect(text).toContain(
      `${nextAdmissionNumber} ${admission.names.first} ${admission.names.middle} ${admission.names.last}`,
    );
    expect(text).toContain('Class: K.G · Section: ' + SECTION);
    expect(text).toContain('Pupils: 50');
  });

  it("issues the TC from a family's request: the principal types its lines, prints it, and the pupil has left", async () => {
    // The family asks for the TC of an imported pupil; the office records the fee at the desk.
    tcRequest = await createTcRequest({
      studentName: pupilName(LEAVER),
      admissionNumber: number(LEAVER),
      dateOfBirth: '2016-01-01',
      studentClass: '5',
      section: SECTION,
      leavingDate: TODAY,
      reason: 'Family moving to Lucknow',
    });
    const paid = await office.client.request(`/v1/api/tc-request/${tcRequest._id}/payments`, {
      method: 'POST',
      json: { amount: fees.transferCertificate, mode: 'cash', reference: '', paidOn: TODAY },
    });
    expect(paid.status, await paid.clone().text()).toBe(201);

    const own = await newPage(browser, DESKTOP);
    try {
      const p = own.page;
      await signInAs(p, principal);
      await p.goto(`/admin/tc-requests/details/${tcRequest._id}`);
      await p.getByRole('heading', { name: 'Status' }).waitFor();
      // The request beside its pupil in the register: the same name and date of birth, no warning.
      const match = p.getByRole('region', { name: 'In the register' });
      await match.waitFor();
      expect(await match.innerText()).toContain(number(LEAVER));
      expect(await match.innerText()).toContain('Studying');
      expect(await match.getByRole('note').count()).toBe(0);

      const form = p.getByRole('region', { name: 'Issue TC from the register' });
      await form.waitFor();
      await form.getByLabel(label('Subjects studied')).fill('English\nHindi\nMathematics\nEnvironmental Studies');
      await form.getByLabel(label('School dues paid up to (month)')).fill(TODAY.slice(0, 7));
      await form.getByLabel(label('Total working days')).fill('220');
      await form.getByLabel(label('Days present')).fill('204');
      await form.getByLabel(label('Games and extra-curricular activities')).fill('Kho-kho, drawing');
      await form.getByLabel(label('Checked by')).fill('R. K. Sharma, Office Superintendent');
      await shot(p, '4-issue-form');
      await form.getByRole('button', { name: 'Issue TC' }).click();
      await toast(p, `${ISSUE_TEXTS.issued} TC No. ${nextTcNumber}`);

      const issued = p.getByRole('region', { name: 'Transfer certificate' });
      await issued.waitFor();
      expect(await issued.innerText()).toContain(nextTcNumber);
      expect(await p.locator('.status-panel__now').innerText()).toContain('Issued');
      await shot(p, '4-issued');
      const href = (await issued.getByRole('link', { name: 'Print TC' }).getAttribute('href'))!;
      const text = await pdftotext(await openPdf(p, href), 'tc');
      expect(text).toContain('TRANSFER CERTIFICATE');
      expect(text).toContain(`TC No. ${nextTcNumber}`);
      expect(text).toContain(pupilName(LEAVER));
      expect(text).toContain(number(LEAVER));
      expect(text).toContain('1. English 2. Hindi 3. Mathematics 4. Environmental Studies');
    } finally {
      await own.context.close();
    }

    // The office finds the pupil left in the register, on the day and for the reason of the TC.
    // By name: its number (JRN…/1) would find the 110 numbers it starts (1, 10-19, 100-199), in no order.
    await page.goto(`/admin/register?search=${encodeURIComponent(pupilName(LEAVER))}`);
    const row = page.getByRole('row').filter({ hasText: pupilName(LEAVER) });
    await row.waitFor();
    expect(await row.innerText()).toContain('Left');
    await shot(page, '4-register-left');
    await row.getByRole('link').first().click();
    const leaving = page.getByRole('region', { name: 'Leaving' });
    await leaving.waitFor();
    expect(await leaving.innerText()).toContain('Family moving to Lucknow');
    await shot(page, '4-pupil-left');
  }, 60_000);

  it('verifies the TC on /tc-verification, whose link serves the drawn TC', async () => {
    const own = await newPage(browser, DESKTOP);
    try {
      const p = own.page;
      await p.goto('/tc-verification');
      await hydrated(p);
      await p.getByLabel(en('tcVerify.field.number')).fill(nextTcNumber.toLowerCase());
      await p.getByLabel(en('tcVerify.field.date')).fill(TODAY);
      await p.getByRole('button', { name: en('tcVerify.submit') }).click();
      await p.getByRole('heading', { name: en('tcVerify.found') }).waitFor();
      const result = await p.locator('.sc-result').innerText();
      expect(result).toContain(pupilName(LEAVER));
      expect(result).toContain(nextTcNumber);
      expect(result).toContain(dayMonthYear(TODAY));
      await shot(p, '5-verified');
      // No signed scan yet: the page says the link is the TC as drawn from the register.
      expect(await p.getByRole('link', { name: en('tcVerify.scan') }).count()).toBe(0);
      expect(result).toContain(en('tcVerify.drawnNote', { minutes: '15' }));
      const href = (await p.getByRole('link', { name: en('tcVerify.drawn') }).getAttribute('href'))!;
      expect(await pdftotext(await openPdf(p, href), 'verified')).toContain(`TC No. ${nextTcNumber}`);
    } finally {
      await own.context.close();
    }
  });
});
