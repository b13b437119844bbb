/**
 * In Chromium: what the forms ask and how they refuse. A father on a 360 px phone in Hindi applies for K.G without
 * middle names, with the child's date of birth (outside K.G's age range: he is asked to confirm it),
 * gender and address; the acknowledgment repeats them in Hindi and the office's list marks the
 * application (1280 px). A submit with several mistakes marks every problem field with its own
 * Hindi message, the toast keeping the first rule's, and focus lands on the first. The enquiry and
 * the TC request end in a confirmation panel (focus on its heading) with what happens next and the
 * school's phone; the TC's with its fee (also stated before sending) and its status page's link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BANDS_DEF, bandFiles } from '../../src/features/admission/admission.ts';
import { HI, HI_FORMS } from '../../src/lib/i18n/hi.ts';
import { fees } from '../../src/config/fees.ts';
import { formatRupees } from '../../src/lib/money.ts';
import { fillIn } from '../../src/lib/forms/texts.ts';
import { DESKTOP, PHONE, hydrated, launchBrowser, loginThroughUi, newPage, toast } from '../support/browser.ts';
import { PDF, closeDb, db } from '../http/forms-fixtures.ts';
import { aadhaar, badAadhaar, birthDateFor } from '../unit/forms-cases.ts';
import { label, officeFinds, shownReference } from '../support/admission-form.ts';
import { fillTcRegisterFields } from '../support/tc-form.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await closeDb();
});

/** The id of the element that has focus. */
const focusedId = (p: Page) => p.evaluate(() => document.activeElement?.id ?? '');
const A = HI_FORMS.admission.fields;
const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36).replace(/\d/g, '')}`;

describe('a Hindi K.G application at 360 px', () => {
  it('asks the date of birth, gender and address, not middle names; a date outside the age range is confirmed, acknowledged and marked for the office', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await page.goto('/hi/admissions/apply/primary');
      await hydrated(page);
      // Middle names are optional: labelled so, no star, never marked.
      for (const who of ['student', 'father', 'mother'] as const) {
        const field = page.getByLabel(label(A[`${who}MiddleName`].label));
        expect(await page.locator(`label[for="${await field.getAttribute('id')}"]`).textContent()).toBe(
          `${A[`${who}MiddleName`].label}${HI['formText.optional']}`,
        );
      }

      const name = uniqueName('आवेदक');
      await page.getByLabel(label(A.studentFirstName.label)).fill(name);
      await page.getByLabel(label(A.studentLastName.label)).fill('शर्मा');
      await page.getByLabel(label(A.studentAadharNo.label)).fill(aadhaar('45678901234'));
      await page.getByLabel(label(A.admissionClass.label)).selectOption('3');
      // Three years older than K.G's oldest: the form asks to confirm, in Hindi.
      const dateOfBirth = birthDateFor('K.G', 3);
      await page.getByLabel(label(A.dateOfBirth.label)).fill(dateOfBirth);
      const confirm = page.getByRole('checkbox', { name: HI['formText.ageConfirm'] });
      await confirm.waitFor();
      expect(await page.locator('.ff-age .ff-note').textContent()).toContain('K.G');
      await page.getByLabel(label(A.gender.label)).selectOption('Male');
      expect(await page.getByLabel(label(A.gender.label)).locator('option:checked').textContent()).toBe('बालक');
      for (const who of ['father', 'mother'] as const) {
        await page.getByLabel(label(A[`${who}FirstName`].label)).fill(who === 'father' ? 'रमेश' : 'सुनीता');
        await page.getByLabel(label(A[`${who}LastName`].label)).fill('शर्मा');
      }
      await page.getByLabel(label(A.abcId.label)).fill('998877665544');
      await page.getByLabel(label(A.address.label)).fill('वार्ड 4, स्टेशन रोड, सिकंदराबाद, बुलंदशहर 203205');
      await page.getByLabel(label(A.contactNo.label)).fill('9812344400');
      const files = bandFiles(BANDS_DEF['pre-primary']);
      for (const field of files)
        await page
          .getByLabel(label(A[field].label))
          .setInputFiles({ name: `${field}.pdf`, mimeType: 'application/pdf', buffer: PDF });
      await expect.poll(() => page.locator('.ff-upload--done').count(), { timeout: 60_000 }).toBe(files.length);
      await page.getByRole('checkbox', { name: HI['formText.consentAgree'] }).check();

      // Not confirmed yet: the form asks, in Hindi, and the box has focus.
      const submit = page.getByRole('button', { name: HI['formText.admissionSubmit'] });
      await submit.click();
      await toast(page, HI['form.ageConfirm']);
      expect(await focusedId(page)).toBe(await confirm.getAttribute('id'));
      expect(await confirm.getAttribute('aria-invalid')).toBe('true');
      await confirm.check();
      await submit.click();
      await toast(page, HI['form.admissionSuccess']);
      await page.getByRole('heading', { name: HI['ack.heading'] }).waitFor();
      const reference = await shownReference(page);
      const facts = page.locator('.ack-facts');
      for (const [term, value] of [
        [HI['ack.dateOfBirth'], dateOfBirth.split('-').reverse().join('/')],
        [HI['ack.gender'], 'बालक'],
        [HI['ack.address'], 'वार्ड 4, स्टेशन रोड, सिकंदराबाद, बुलंदशहर 203205'],
        [HI['ack.student'], `${name} शर्मा`],
      ]) {
        expect(
          await facts
            .locator('div')
            .filter({ has: page.locator('dt', { hasText: term! }) })
            .locator('dd')
            .textContent(),
        ).toBe(value);
      }

      const { id, detail } = await officeFinds(name, reference);
      expect(detail).toMatchObject({
        dateOfBirth,
        gender: 'Male',
        studentMiddleName: '',
        fatherMiddleName: '',
        ageOutsideRange: true,
        language: 'hi',
      });

      // The clerk's list and details at 1280 px mark it.
      const office = await newPage(browser, DESKTOP);
      try {
        await loginThroughUi(office.page);
        await office.page.goto(`/admin/admissions/panel?name=${encodeURIComponent(name)}`);
        const row = office.page.locator('tr', { hasText: name });
        await row.locator('.row-mark', { hasText: 'Age outside range' }).waitFor();
        await office.page.goto(`/admin/admissions/details/${id}`);
        await office.page.getByText(/^Age outside range:/).waitFor();
        expect(await office.page.locator('.details-warning').textContent()).toContain(
          `the child is 8 on 31 Mar ${String(detail.session).slice(0, 4)}; K.G admits 5 to 7`,
        );
        await office.page.getByText(`${name} शर्मा`, { exact: true }).first().waitFor();
      } finally {
        await office.context.close();
      }
    } finally {
      await context.close();
    }
  }, 180_000);

  it("marks every mistake of one submit with its own Hindi message, keeps the first rule's toast, and focuses the first", async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await page.goto('/hi/admissions/apply/primary');
      await hydrated(page);
      // First name left empty, a mistyped Aadhaar number, a short mobile number, no documents.
      await page.getByLabel(label(A.studentLastName.label)).fill('वर्मा');
      await page.getByLabel(label(A.studentAadharNo.label)).fill(badAadhaar('45678901234'));
      await page.getByLabel(label(A.contactNo.label)).fill('98123');
      await page.getByRole('button', { name: HI['formText.admissionSubmit'] }).click();
      await toast(page, HI['form.required']);
      const first = page.getByLabel(label(A.studentFirstName.label));
      expect(await focusedId(page)).toBe(await first.getAttribute('id'));
      const errorOf = async (field: string) => {
        const input = page.getByLabel(label(A[field as keyof typeof A].label));
        expect(await input.getAttribute('aria-invalid'), field).toBe('true');
        return page.locator(`#${await input.getAttribute('id')}-error`).textContent();
      };
      expect(await errorOf('studentFirstName')).toBe(HI['form.required']);
      expect(await errorOf('gender')).toBe(HI['form.required']);
      expect(await errorOf('dateOfBirth')).toBe(HI['form.required']);
      expect(await errorOf('address')).toBe(HI['form.required']);
      expect(await errorOf('studentAadharNo')).toBe(HI['form.aadhaarCheckDigit']);
      expect(await errorOf('contactNo')).toBe(HI['form.contactNo']);
      expect(await page.getByText(HI['form.aadharFiles']).count()).toBeGreaterThan(0);
      expect(await page.getByText(HI['form.consent']).count()).toBe(1);
      // Middle names are never marked.
      expect(await page.getByLabel(label(A.studentMiddleName.label)).getAttribute('aria-invalid')).toBeNull();
    } finally {
      await context.close();
    }
  }, 90_000);
});

describe('confirmation panels', () => {
  it('the enquiry (Hindi, 360 px): optional fields left empty, then a panel with what happens next (no phone before the school saves one), focus on its heading', async () => {
    const E = HI_FORMS.enquiry;
    const { context, page } = await newPage(browser, PHONE);
    try {
      await page.goto('/hi/');
      const dialog = page.getByRole('dialog', { name: HI['formText.enquiryTitle'] });
      await dialog.waitFor({ state: 'visible', timeout: 15_000 });
      // No "(optional)" beside a required star: each optional label says so and has none.
      for (const field of [
        'lastSchoolAttended',
        'fatherOccupation',
        'motherOccupation',
        'referredBy',
        'email',
      ] as const) {
        const text = await dialog.locator('label', { hasText: E[field].label }).first().textContent();
        expect(text, field).toBe(`${E[field].label}${HI['formText.optional']}`);
      }
      const name = uniqueName('पूछताछ');
      await dialog.getByLabel(label(E.admissionClass.label)).selectOption('K.G');
      await dialog.getByLabel(label(E.studentName.label)).fill(name);
      await dialog.getByLabel(label(E.fatherName.label)).fill('रमेश कुमार');
      await dialog.getByLabel(label(E.motherName.label)).fill('सीता देवी');
      await dialog.getByLabel(label(E.gender.label)).selectOption('Female');
      await dialog.getByLabel(label(E.dateOfBirth.label)).fill('2021-06-01');
      await dialog.getByLabel(label(E.fatherMobile.label)).fill('9876501299');
      await dialog.getByLabel(label(E.category.label)).selectOption('OBC');
      await dialog.getByLabel(label(E.address.label)).fill('वार्ड 4, सिकंदराबाद');
      await dialog.getByRole('checkbox', { name: HI['formText.consentAgree'] }).check();
      await dialog.getByRole('button', { name: HI['formText.enquirySubmit'] }).click();
      await toast(page, HI['form.enquirySuccess']);
      const heading = dialog.getByRole('heading', { name: HI['formText.enquiryDoneHeading'] });
      await heading.waitFor();
      expect(await focusedId(page)).toBe(await heading.getAttribute('id'));
      const panel = dialog.getByTestId('form-done');
      expect(await panel.textContent()).toContain(
        fillIn(HI['formText.enquiryDoneNext'], { mobile: '9876501299', class: 'K.G' }),
      );
      // No phone saved yet: no line to call one.
      expect(await panel.locator('a[href^="tel:"]').count()).toBe(0);
      expect(await dialog.locator('form').count()).toBe(0);
      const { rows } = await db().query(
        `SELECT email, referred_by, last_school_attended, father_occupation FROM enquiries WHERE student_name = $1`,
        [name],
      );
      expect(rows).toEqual([{ email: '', referred_by: '', last_school_attended: '', father_occupation: '' }]);
      await dialog.getByRole('button', { name: HI['formText.doneClose'], exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }
  }, 90_000);

  it("the TC request (Hindi, 360 px): the fee before sending, then a panel with the fee, the status page's link with the number, and no phone before the school saves one", async () => {
    const TC = HI_FORMS.tcRequest;
    const fee = formatRupees(fees.transferCertificate * 100);
    const { context, page } = await newPage(browser, PHONE);
    try {
      await page.goto('/hi/admissions/tc-request');
      await hydrated(page);
      const submit = page.getByRole('button', { name: HI['formText.tcSubmit'] });
      // The fee, and the one sentence on paying the site's set-up gives.
      await expect.poll(() => page.locator('.ff-fee').textContent()).toContain(fillIn(HI['formText.tcFee'], { fee }));
      await expect
        .poll(() => page.locator('.ff-fee').textContent())
        .toMatch(new RegExp(`${HI['formText.tcPayOnline'].slice(0, 20)}|${HI['formText.tcPayOffice'].slice(0, 20)}`));
      expect(await page.locator('label', { hasText: TC.email.label }).first().textContent()).toBe(
        `${TC.email.label}${HI['formText.optional']}`,
      );
      const number = `HI/TC/${Date.now()}`;
      await page.getByLabel(label(TC.studentName.label)).fill('राहुल वर्मा');
      await page.getByLabel(label(TC.admissionNumber.label)).fill(number);
      await page.getByLabel(label(TC.aadharUid.label)).fill(aadhaar('56789012345'));
      await page.getByLabel(label(TC.parentName.label)).fill('सुरेश वर्मा');
      await page.getByLabel(label(TC.contact.label)).fill('9000054399');
      await page.getByLabel(label(TC.reason.label)).fill('परिवार दूसरे शहर जा रहा है');
      await fillTcRegisterFields(page, TC);
      await page.getByRole('checkbox', { name: HI['formText.consentAgree'] }).check();
      await submit.click();
      await toast(page, HI['form.tcSuccess']);
      const heading = page.getByRole('heading', { name: HI['formText.tcDoneHeading'] });
      await heading.waitFor();
      expect(await focusedId(page)).toBe(await heading.getAttribute('id'));
      const panel = page.getByTestId('form-done');
      expect(await panel.textContent()).toContain(fillIn(HI['formText.tcDoneNext'], { fee }));
      const link = panel.getByRole('link', { name: HI['formText.tcStatusPage'] });
      expect(await link.getAttribute('href')).toBe(
        `/hi/admissions/tc-request/status?number=${encodeURIComponent(number)}`,
      );
      // No phone saved yet: no line to call one.
      expect(await panel.locator('a[href^="tel:"]').count()).toBe(0);
      // The link opens the status page with the number filled in.
      await link.click();
      await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/hi/admissions/tc-request/status');
      await hydrated(page);
      await expect.poll(() => page.locator('input[name="admissionNumber"]').inputValue()).toBe(number);
    } finally {
      await context.close();
    }
  }, 90_000);
});
