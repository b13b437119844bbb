/**
 * Chromium at 1280 and 360 px: the office's home (counts, and links into the filtered lists), the
 * audit screen's filters, the printable application with print media emulated (no navigation or
 * buttons; photo, masked Aadhaar, checklist and signature boxes; an A4 page), the seat editor, and
 * the line of seats on the admissions panel; what office staff see instead; axe and no horizontal scroll on
 * every new screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, loginThroughUi, toast } from '../support/browser.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';
import { adminClient, staffClient, type ApiClient, type Staff, type Json } from '../support/api.ts';
import { createAdmission, createEnquiry, type CreatedAdmission } from '../http/admin-fixtures.ts';
import { dateInIndia, addDays } from '../../src/lib/dates.ts';

let browser: Browser;
let principalApi: ApiClient;
let office: Staff;
let enquiry: Json;
let admission: CreatedAdmission;
let maskedAadhaar: string;
let nextSession: string;
const today = dateInIndia();

const tableLoaded = (p: Page) => p.locator('table[aria-busy="false"]').waitFor();

beforeAll(async () => {
  principalApi = await adminClient();
  office = await staffClient('office', 'Desk Office Clerk');
  [enquiry, admission] = await Promise.all([createEnquiry({ studentName: 'Rohan Deskcheck' }), createAdmission()]);
  // The office calls the family and books the next call for today: a status move (audited) and a follow-up due.
  const moved = await office.client.request(`/v1/api/enquiry/${enquiry._id}`, {
    method: 'PATCH',
    json: { status: 'contacted', nextFollowUp: today },
  });
  expect(moved.status).toBe(200);
  const record = await (await principalApi.request(`/v1/api/admission/${admission._id}`)).json();
  maskedAadhaar = record.studentAadharNo;
  expect(maskedAadhaar).toMatch(/^XXXX XXXX \d{4}$/);
  const seats = await (await principalApi.request('/v1/api/seats')).json();
  nextSession = seats.sessions[2];
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(
  viewport: { width: number; height: number },
  who?: Staff,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openPage(browser, viewport);
  opened.context.setDefaultTimeout(60_000);
  await loginThroughUi(opened.page, who?.email, who?.password);
  return opened;
}

describe.each([
  ['1280 px', DESKTOP, '12'],
  ['360 px', PHONE, '11'],
])('the principal at %s', (label, viewport, seatClass) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedIn(viewport));
  });
  afterAll(async () => {
    await context?.close();
  });

  it('lands on the home screen, whose counts link into the filtered lists', async () => {
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Office home', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    expect(await nav.getByRole('link').first().innerText()).toBe('Home');
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Audit log' }).count()).toBe(1);

    const enquiries = page.getByRole('region', { name: 'Enquiries by status' });
    const contacted = enquiries.getByRole('link', { name: /^Contacted \d+$/ });
    expect(Number((await contacted.innerText()).match(/\d+/)![0])).toBeGreaterThanOrEqual(1);
    expect(await contacted.getAttribute('href')).toBe('/admin/enquiry/panel?status=contacted');
    const received = page
      .getByRole('region', { name: 'Applications by status' })
      .getByRole('link', { name: /^Received \d+$/ });
    expect(await received.getAttribute('href')).toBe('/admin/admissions/panel?status=received');
    expect(
      await page
        .getByRole('region', { name: 'TC requests by status' })
        .getByRole('link', { name: /^Requested \d+$/ })
        .getAttribute('href'),
    ).toBe('/admin/tc-requests/panel?status=requested');
    const fresh = page.getByRole('region', { name: 'New', exact: true });
    expect(
      Number(
        await fresh
          .getByRole('row', { name: /Enquiries/ })
          .getByRole('cell')
          .first()
          .innerText(),
      ),
    ).toBeGreaterThanOrEqual(1);
    await page.getByRole('region', { name: 'Fees received this month' }).getByText(/₹/).waitFor();

    const followUps = page.getByRole('region', { name: 'Enquiries due for follow-up' });
    expect(await followUps.getByRole('link', { name: /^All \d+ due for follow-up$/ }).getAttribute('href')).toBe(
      '/admin/enquiry/panel?due=1',
    );

    expect(await accessibilityFailures(page, `home at ${label}`)).toEqual([]);

    await contacted.click();
    await page.waitForURL(
      (url) =>
        url.pathname.replace(/\/$/, '') === '/admin/enquiry/panel' && url.searchParams.get('status') === 'contacted',
    );
    await page.getByRole('heading', { name: 'Enquiries', level: 1 }).waitFor();
    await page.goBack();
    await followUps.getByRole('link', { name: /due for follow-up$/ }).click();
    await page.waitForURL(
      (url) => url.pathname.replace(/\/$/, '') === '/admin/enquiry/panel' && url.searchParams.get('due') === '1',
    );
  });

  it('filters the audit log, keeping the filters in the URL', async () => {
    await page.goto('/admin/audit');
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await tableLoaded(page);
    expect(await page.locator('tbody tr').count()).toBeGreaterThan(0);

    await page.getByLabel('Record kind').selectOption('enquiry');
    await page.getByLabel('Record id').fill(enquiry._id);
    await page.waitForURL(
      (url) => url.searchParams.get('entity') === 'enquiry' && url.searchParams.get('id') === enquiry._id,
    );
    const row = page.getByRole('row').filter({ hasText: 'Changed the status' });
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(await row.innerText()).toContain(office.email);
    expect(await row.innerText()).toContain('New → Contacted');
    expect(await row.getByRole('link', { name: `Enquiry ${enquiry._id.slice(0, 8)}` }).getAttribute('href')).toBe(
      `/admin/enquiry/details/${enquiry._id}`,
    );

    await page.getByLabel('Person').selectOption(office.email);
    await page.getByLabel('Action').selectOption('status');
    await page.getByLabel('From').fill(today);
    await page.getByLabel('To').fill(today);
    await page.waitForURL(
      (url) =>
        url.searchParams.get('person') === office.email &&
        url.searchParams.get('action') === 'status' &&
        url.searchParams.get('to') === today,
    );
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);

    await page.getByLabel('From').fill(addDays(today, 1));
    await page.getByRole('alert').getByText('The "From" date is after the "To" date.').waitFor();
    await page.getByLabel('To').fill(addDays(today, 2));
    await page.getByText('No entries match these filters.').waitFor();

    // A reload keeps the filters.
    await page.reload();
    await tableLoaded(page);
    expect(await page.getByLabel('Action').inputValue()).toBe('status');
    expect(await page.getByLabel('Record id').inputValue()).toBe(enquiry._id);

    await page.goto(`/admin/audit?action=status&person=${encodeURIComponent(office.email)}`);
    await tableLoaded(page);
    const actions = await page.locator('tbody td[data-label="Action"]').allInnerTexts();
    expect(actions.length).toBeGreaterThan(0);
    expect(new Set(actions)).toEqual(new Set(['Changed the status']));
    expect(await accessibilityFailures(page, `audit at ${label}`)).toEqual([]);
  });

  it('prints the whole application: photo, masked Aadhaar, checklist and signature boxes, without navigation or buttons', async () => {
    await page.goto(`/admin/admissions/details/${admission._id}`);
    await page.getByRole('link', { name: 'Print application' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/admissions/print/${admission._id}`);
    await page.getByRole('heading', { name: 'Application for admission', level: 1 }).waitFor();
    const photo = page.getByRole('img', { name: 'Student photo' });
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Print', exact: true }).isVisible()).toBe(true);
    expect(await accessibilityFailures(page, `print page at ${label}`)).toEqual([]);

    await page.emulateMedia({ media: 'print' });
    try {
      for (const hidden of [
        page.locator('.site-header'),
        page.locator('.site-footer'),
        page.getByRole('navigation', { name: 'Admin sections' }),
      ]) {
        expect(await hidden.isVisible()).toBe(false);
      }
      expect(await page.getByRole('button', { name: 'Print', exact: true }).isVisible()).toBe(false);
      expect(await page.getByRole('link', { name: 'Back to the application' }).isVisible()).toBe(false);
      expect(await page.locator('button:visible, .btn:visible').count()).toBe(0);
      expect(await photo.isVisible()).toBe(true);

      const sheet = page.locator('.print-app');
      const text = await sheet.innerText();
      for (const value of [
        admission.referenceNumber,
        maskedAadhaar,
        'R.M.C.P. Senior Secondary School & Academy',
        'Station Road',
        'Received',
        `${admission.names.first} Kumari ${admission.names.last}`,
        'Suresh Prasad Verma',
        'Geeta Rani Verma',
        'K.G',
      ]) {
        expect(text).toContain(value);
      }
      expect(text).not.toMatch(/\b\d{12}\b/);
      const checklist = page.getByRole('table', { name: 'Document checklist' });
      expect(await checklist.locator('tbody tr').count()).toBe(Object.keys(admission.files).length);
      expect(await checklist.getByRole('rowheader', { name: 'Student photo' }).isVisible()).toBe(true);
      expect(new Set(await checklist.locator('tbody td[data-label="State"]').allInnerTexts())).toEqual(
        new Set(['Pending']),
      );
      const boxes = page.locator('.signature__box');
      expect(await boxes.count()).toBe(3);
      for (let i = 0; i < 3; i++) expect(await boxes.nth(i).isVisible()).toBe(true);
      expect(await page.locator('.signature__who').allInnerTexts()).toEqual([
        'Parent or guardian',
        'Office',
        'Principal',
      ]);
      expect((text.match(/Date:/g) ?? []).length).toBe(3);

      if (viewport === DESKTOP) {
        // A4 (595 x 842 points) as the stylesheet asks, and an early-years application fits one sheet.
        const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
        const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)];
        expect(boxes).toHaveLength(1);
        expect([Math.round(Number(boxes[0]![1])), Math.round(Number(boxes[0]![2]))]).toEqual([595, 842]);
      }
    } finally {
      await page.emulateMedia({ media: null });
    }
  });

  it('sets a class’s seats for a session, refusing a wrong number, and keeps them', async () => {
    await page.goto(`/admin/seats?session=${nextSession}`);
    await page.getByRole('heading', { name: `Seats for ${nextSession}` }).waitFor();
    const input = page.getByLabel(`Seats in Class ${seatClass}`);
    await input.fill('-3');
    await page.getByRole('button', { name: 'Save seats' }).click();
    await page.getByText('Enter a whole number from 0 to 1000, or leave it empty for no limit.').waitFor();
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await accessibilityFailures(page, `seat editor with an error at ${label}`)).toEqual([]);

    await input.fill('7');
    await page.getByRole('button', { name: 'Save seats' }).click();
    await toast(page, `Seats for ${nextSession} saved`);
    const stored = await (await principalApi.request(`/v1/api/seats?session=${nextSession}`)).json();
    expect(stored.seats.find((s: { admissionClass: string }) => s.admissionClass === seatClass).capacity).toBe(7);
    await page.reload();
    await expect.poll(() => page.getByLabel(`Seats in Class ${seatClass}`).inputValue()).toBe('7');

    await page.getByLabel(`Seats in Class ${seatClass}`).fill('');
    await page.getByRole('button', { name: 'Save seats' }).click();
    await toast(page, `Seats for ${nextSession} saved`);
    const cleared = await (await principalApi.request(`/v1/api/seats?session=${nextSession}`)).json();
    expect(cleared.seats.find((s: { admissionClass: string }) => s.admissionClass === seatClass).capacity).toBeNull();
    expect(await accessibilityFailures(page, `seat editor at ${label}`)).toEqual([]);
  });

  it('shows one line of seats on the admissions panel, linking to the seats screen', async () => {
    await page.goto('/admin/admissions/panel');
    const line = page.locator('.seats-line');
    await line
      .getByText(
        /^Seats \d{4}-\d{2}: \d+ admitted, \d+ waitlisted, \d+ applied; (no class full|full: .+)\. Seats by class$/,
      )
      .waitFor();
    expect(await page.getByRole('region', { name: /^Seats for / }).count()).toBe(0);
    expect(await line.getByRole('link', { name: 'Seats by class' }).getAttribute('href')).toMatch(
      /^\/admin\/seats\?session=\d{4}-\d{2}$/,
    );
    await tableLoaded(page);
    expect(await accessibilityFailures(page, `admissions panel at ${label}`)).toEqual([]);
  });
});

describe.each([
  ['1280 px', DESKTOP],
  ['360 px', PHONE],
])('office staff at %s', (label, viewport) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedIn(viewport, office));
  });
  afterAll(async () => {
    await context?.close();
  });

  it('see the home screen without the audit log, and the seats without a way to change them', async () => {
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Office home', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Enquiries by status' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    expect(await nav.getByRole('link', { name: 'Home' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Change seats' }).count()).toBe(0);

    await page.goto('/admin/audit');
    await page.getByText('Only the principal can see the audit log.').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);

    await page.goto('/admin/seats');
    await page.getByText('Only the principal can change the seats.').waitFor();
    await page
      .getByRole('region', { name: /^Seats for / })
      .getByRole('table')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Save seats' }).count()).toBe(0);
    expect(await page.getByRole('spinbutton').count()).toBe(0);
    expect(await accessibilityFailures(page, `seats for office staff at ${label}`)).toEqual([]);

    await page.goto('/admin/admissions/panel');
    await page.locator('.seats-line').getByRole('link', { name: 'Seats by class' }).waitFor();
    expect(await page.getByRole('link', { name: 'Change seats' }).count()).toBe(0);
  });
});
