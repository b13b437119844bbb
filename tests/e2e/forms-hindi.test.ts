/**
 * Chromium on the Hindi forms: validation messages and toasts in Hindi (from the form's own check
 * and from the server's code), a TC request (its mobile number pasted as '+91 98111 22233', stored
 * as its 10 digits) and an early-years application sent from /hi/... and
 * stored with language 'hi' (the acknowledgment in Hindi), the language switch keeping a
 * half-filled form's draft both ways, and axe finding nothing on the Hindi form pages at 1280 and
 * 360 px, none of them wider than the screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BANDS_DEF, bandFiles } from '../../src/features/admission/admission.ts';
import { HI, HI_FORMS } from '../../src/lib/i18n/hi.ts';
import { wingTexts } from '../../src/features/admission/wings.ts';
import { fill as fillTexts } from '../../src/lib/i18n/index.ts';
import { DESKTOP, PHONE, launchBrowser, newPage, hydrated, toast, label } from '../support/browser.ts';
import { HTML, JPEG, PDF, closeDb, count } from '../http/forms-fixtures.ts';
import { aadhaar, birthDateFor } from '../unit/forms-cases.ts';
import { officeFinds, shownReference } from '../support/admission-form.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';
import { fillTcRegisterFields } from '../support/tc-form.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await closeDb();
});

const A = HI_FORMS.admission.fields;
const TC = HI_FORMS.tcRequest;

describe('the Hindi TC request form', () => {
  it('checks in Hindi, takes a mobile number pasted with +91 and spaces, then sends a request stored in Hindi', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    try {
      await page.goto('/hi/admissions/tc-request');
      await hydrated(page);
      expect(await page.locator('html').getAttribute('lang')).toBe('hi-IN');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(HI['formPage.tc.title']);
      const submit = page.getByRole('button', { name: HI['formText.tcSubmit'] });

      await submit.click();
      await toast(page, HI['form.required']);
      expect(await page.locator('.ff-error').first().textContent()).toBe(HI['form.required']);

      const number = `HI/${Date.now()}`;
      await page.getByLabel(label(TC.studentName.label)).fill('राहुल वर्मा');
      await page.getByLabel(label(TC.admissionNumber.label)).fill(number);
      await page.getByLabel(label(TC.aadharUid.label)).fill('123456789012');
      await page.getByLabel(label(TC.parentName.label)).fill('सुरेश वर्मा');
      // Pasted as a phone's contacts copy it: the whole number stays in the field (maxlength 10 cut it to '+91 98111').
      const contact = page.getByLabel(label(TC.contact.label));
      await page.evaluate((text) => navigator.clipboard.writeText(text), '+91 98111 22233');
      await contact.focus();
      await page.keyboard.press('Control+V');
      expect(await contact.inputValue()).toBe('+91 98111 22233');
      await page.getByLabel(label(TC.email.label)).fill('parent@example.com');
      await page.getByLabel(label(TC.reason.label)).fill('परिवार दूसरे शहर जा रहा है');
      await fillTcRegisterFields(page, TC);
      await page.getByRole('checkbox', { name: HI['formText.consentAgree'] }).check();
      await submit.click();
      await toast(page, HI['form.aadhaar']);
      expect(await page.getByLabel(label(TC.aadharUid.label)).getAttribute('aria-invalid')).toBe('true');

      await page.getByLabel(label(TC.aadharUid.label)).fill(aadhaar('56789012345'));
      await submit.click();
      await toast(page, HI['form.tcSuccess']);
      // The confirmation takes the form's place, in Hindi.
      await page.getByRole('heading', { name: HI['formText.tcDoneHeading'] }).waitFor();
      // The island sent the 10 digits its check made of the paste, and says them back.
      expect(await page.locator('main').textContent()).toContain('9811122233');
      expect(
        await count(
          'tc_requests',
          "admission_number = $1 AND language = 'hi' AND student_name = 'राहुल वर्मा' AND contact = '9811122233'",
          [number],
        ),
      ).toBe(1);
    } finally {
      await context.close();
    }
  }, 90_000);
});

describe('the Hindi enquiry pop-up', () => {
  it('opens on /hi/ in Hindi, refuses in Hindi, asks for consent in Hindi and sends an enquiry stored in Hindi', async () => {
    const E = HI_FORMS.enquiry;
    const { context, page } = await newPage(browser, PHONE);
    try {
      await page.goto('/hi/');
      const dialog = page.getByRole('dialog', { name: HI['formText.enquiryTitle'] });
      await dialog.waitFor({ state: 'visible', timeout: 15_000 });
      const submit = dialog.getByRole('button', { name: HI['formText.enquirySubmit'] });
      await submit.click();
      await toast(page, HI['form.required']);
      const name = `पूछताछ ${Date.now().toString(36).replace(/\d/g, '')}`;
      await dialog.getByLabel(label(E.admissionClass.label)).selectOption('K.G');
      await dialog.getByLabel(label(E.studentName.label)).fill(name);
      await dialog.getByLabel(label(E.fatherName.label)).fill('रमेश कुमार');
      await dialog.getByLabel(label(E.motherName.label)).fill('सीता देवी');
      await dialog.getByLabel(label(E.gender.label)).selectOption('Female');
      expect(await dialog.getByLabel(label(E.gender.label)).locator('option:checked').textContent()).toBe(
        E.gender.options!.Female,
      );
      await dialog.getByLabel(label(E.dateOfBirth.label)).fill('2021-06-01');
      await dialog.getByLabel(label(E.fatherMobile.label)).fill('9876501234');
      await dialog.getByLabel(label(E.email.label)).fill('parent@example.com');
      await dialog.getByLabel(label(E.category.label)).selectOption('OBC');
      await dialog.getByLabel(label(E.lastSchoolAttended.label)).fill('प्राथमिक विद्यालय');
      await dialog.getByLabel(label(E.fatherOccupation.label)).selectOption({ index: 1 });
      await dialog.getByLabel(label(E.motherOccupation.label)).selectOption({ index: 1 });
      await dialog.getByLabel(label(E.address.label)).fill('वार्ड 4, सिकंदराबाद');
      await dialog.getByLabel(label(E.referredBy.label)).fill('पड़ोसी');
      await submit.click();
      await toast(page, HI['form.consent']);
      expect(await dialog.getByRole('link', { name: HI['formText.consentLink'] }).getAttribute('href')).toBe(
        '/hi/privacy',
      );
      await dialog.getByRole('checkbox', { name: HI['formText.consentAgree'] }).check();
      await submit.click();
      await toast(page, HI['form.enquirySuccess']);
      // The confirmation takes the form's place, in Hindi, until it is closed.
      await dialog.getByRole('heading', { name: HI['formText.enquiryDoneHeading'] }).waitFor();
      await dialog.getByRole('button', { name: HI['formText.doneClose'], exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(
        await count('enquiries', "student_name = $1 AND language = 'hi' AND consent->>'language' = 'hi'", [name]),
      ).toBe(1);
    } finally {
      await context.close();
    }
  }, 90_000);
});

describe('the Hindi admission form', () => {
  it('shows the server’s refusal of a file in Hindi, sends the application, stores it in Hindi and acknowledges it in Hindi', async () => {
    const def = BANDS_DEF['pre-primary'];
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await page.goto('/hi/admissions/apply/primary');
      await hydrated(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(wingTexts('hi', 'pre-primary').heading);
      const submit = page.getByRole('button', { name: HI['formText.admissionSubmit'] });
      await submit.click();
      await toast(page, HI['form.required']);
      expect(await page.getByRole('alert').filter({ hasText: HI['form.required'] }).count()).toBeGreaterThan(0);

      const name = `हिन्दी${Date.now().toString(36).replace(/\d/g, '')}`;
      await page.getByLabel(label(A.studentFirstName.label)).fill(name);
      await page.getByLabel(label(A.studentMiddleName.label)).fill('कुमार');
      await page.getByLabel(label(A.studentLastName.label)).fill('शर्मा');
      await page.getByLabel(label(A.studentAadharNo.label)).fill(aadhaar('45678901234'));
      const classes = page.getByLabel(label(A.admissionClass.label));
      expect(await classes.locator('option').allTextContents()).toEqual([
        A.admissionClass.placeholder,
        'P.N.C',
        'N.C',
        'K.G',
      ]);
      await classes.selectOption('3');
      await page.getByLabel(label(A.dateOfBirth.label)).fill(birthDateFor('K.G'));
      await page.getByLabel(label(A.gender.label)).selectOption('Female');
      await page.getByLabel(label(A.address.label)).fill('वार्ड 4, सिकंदराबाद, बुलंदशहर');
      for (const who of ['father', 'mother'] as const) {
        await page.getByLabel(label(A[`${who}FirstName`].label)).fill(who === 'father' ? 'रमेश' : 'सुनीता');
        await page.getByLabel(label(A[`${who}MiddleName`].label)).fill('चंद');
        await page.getByLabel(label(A[`${who}LastName`].label)).fill('शर्मा');
      }
      await page.getByLabel(label(A.abcId.label)).fill('998877665544');
      await page.getByLabel(label(A.contactNo.label)).fill('9812340000');

      // A page disguised as a PDF: the server refuses it, and the field says so in Hindi.
      const aadhaarCard = page.getByLabel(label(A.studentAadharFile.label));
      await aadhaarCard.setInputFiles({ name: 'card.pdf', mimeType: 'application/pdf', buffer: HTML });
      await page.getByText(HI['form.fileType']).waitFor({ timeout: 30_000 });

      const files = bandFiles(def);
      for (const [i, field] of files.entries()) {
        const file =
          i % 2
            ? { name: `${field}.pdf`, mimeType: 'application/pdf', buffer: PDF }
            : { name: `${field}.jpg`, mimeType: 'image/jpeg', buffer: JPEG };
        await page.getByLabel(label(A[field].label)).setInputFiles(file);
      }
      await expect.poll(() => page.locator('.ff-upload--done').count(), { timeout: 60_000 }).toBe(files.length);
      expect(await page.locator('.ff-upload--done').first().textContent()).toContain('अपलोड हो गई');

      await page.getByRole('checkbox', { name: HI['formText.consentAgree'] }).check();
      await submit.click();
      await toast(page, HI['form.admissionSuccess']);
      await page.getByRole('heading', { name: HI['ack.heading'] }).waitFor();
      const reference = await shownReference(page);
      expect(await page.getByText(A.studentAadharFile.label).count()).toBeGreaterThan(0);

      const { detail } = await officeFinds(name, reference);
      expect(detail).toMatchObject({
        language: 'hi',
        band: 'pre-primary',
        admissionClass: 'K.G',
        studentFirstName: name,
      });
      expect(fillTexts('hi', 'ack.heading')).toBe(HI['ack.heading']);
    } finally {
      await context.close();
    }
  }, 150_000);
});

describe('the language switch', () => {
  it('keeps a half-filled form’s draft from English to Hindi and back', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await page.goto('/admissions/apply/senior');
      await hydrated(page);
      await page.getByLabel(label('Student first name')).fill('Switchfirst');
      await page.getByLabel(label('Contact number')).fill('9811100000');
      // Straight away: the switch writes the draft before the page goes.
      await page.locator('[data-language-switch]').click();
      await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/hi/admissions/apply/senior');
      await hydrated(page);
      await expect.poll(() => page.getByLabel(label(A.studentFirstName.label)).inputValue()).toBe('Switchfirst');
      expect(await page.getByLabel(label(A.contactNo.label)).inputValue()).toBe('9811100000');
      await page.getByText(HI['formText.admissionRestored']).waitFor();

      await page.getByLabel(label(A.fatherFirstName.label)).fill('पिताजी');
      await page.locator('[data-language-switch]').click();
      await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/admissions/apply/senior');
      await hydrated(page);
      await expect.poll(() => page.getByLabel(label('Father first name')).inputValue()).toBe('पिताजी');
      expect(await page.getByLabel(label('Student first name')).inputValue()).toBe('Switchfirst');
      await page.evaluate(() => localStorage.clear());
    } finally {
      await context.close();
    }
  }, 90_000);
});

describe.each([
  ['1280 px', DESKTOP],
  ['360 px', PHONE],
])('Hindi forms accessibility at %s', (_label, viewport) => {
  it('no axe violations on the Hindi form pages (before and after a refused submit); no horizontal scroll', async () => {
    const { context, page } = await openPage(browser, viewport);
    const failures: string[] = [];
    try {
      for (const [path, button] of [
        ['/hi/admissions/apply/primary', HI['formText.admissionSubmit']],
        ['/hi/admissions/apply/middle', HI['formText.admissionSubmit']],
        ['/hi/admissions/apply/senior', HI['formText.admissionSubmit']],
        ['/hi/admissions/tc-request', HI['formText.tcSubmit']],
      ] as const) {
        await page.goto(path, { waitUntil: 'load' });
        await hydrated(page);
        failures.push(...(await accessibilityFailures(page, path)));
        await page.getByRole('button', { name: button }).click();
        await page.locator('[aria-invalid="true"]').first().waitFor();
        expect(await page.locator('.ff-error').first().textContent()).toMatch(/[\u0900-\u097f]/);
        failures.push(...(await accessibilityFailures(page, `${path} with errors`)));
      }
    } finally {
      await context.close();
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
