/**
 * The office guide's day, as docs/office-guide.md tells it, in Chromium at 1280 px: the clerk signs
 * in, reads the dashboard, calls back an enquiry and sets its follow-up, checks an application's
 * documents (one sent back with a reason), moves another through to Admitted, records its fee
 * typed as the office types it and opens the receipt, sees the TC list's flag and the messages
 * screen with a WhatsApp message to send and a held e-mail; then the principal's audit log and a
 * parent's data requests; last, the online payments of two families who paid through the built-in
 * test gateway, one a rupee short. Each step asserts what the screen shows and writes the guide's
 * picture to docs/img/ (fixed names and numbers in its own empty database, so a rerun draws the
 * same screens but for the dates and the gateway's payment ids).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DESKTOP, docScreenshot, launchBrowser, toast } from '../support/browser.ts';
import { signInAs, moveTo, verifyEveryDocument } from '../support/admin-screens.ts';
import { ApiClient, staffClient, type Staff } from '../support/api.ts';
import { GATEWAY_SECRETS, TestGateway } from '../support/gateway.ts';
import { RAISED_LIMITS, TEST_GATEWAY, startIsolatedRuntime, type TestRuntime } from '../support/runtime.ts';
import { createAdmission, createEnquiry, createTcRequest, type CreatedAdmission } from '../http/admin-fixtures.ts';
import { fees } from '../../src/config/fees.ts';
import { limits } from '../../src/config/limits.ts';
import { addDays, dateInIndia } from '../../src/lib/dates.ts';

const IMG = join(import.meta.dirname, '../../docs/img');
/** A move of the status panel, done once its toast says so (the details are read again after it). */
async function move(page: Page, to: string, fill: Record<string, string> = {}): Promise<void> {
  await moveTo(page, to, fill);
  await toast(page, `Status changed to ${to}.`);
}

/** The guide's picture `name`, once the moment's toasts are gone (they close by themselves): the screen as it stays. */
async function shot(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.locator('.Toastify__toast').count()).toBe(0);
  await docScreenshot(page, join(IMG, `${name}.png`));
}
const tableLoaded = (page: Page) => page.locator('table[aria-busy="false"]').waitFor();

/** The address a stranger typed into four enquiries: the fourth e-mail is held. */
const TYPED_ADDRESS = 'rk.gupta@example.in';
const ENQUIRIES = ['Aarav Gupta', 'Diya Singh', 'Kabir Yadav', 'Ishita Mishra'];
const TC_NUMBER = 'ADM-2019-0457';
/** Three days on: the clerk's next call. */
const followUp = addDays(dateInIndia(), 3);

let runtime: TestRuntime;
let browser: Browser;
let clerk: Staff;
let principal: Staff;
let anaya: CreatedAdmission;
let rohan: CreatedAdmission;
const enquiryIds: Record<string, string> = {};

beforeAll(async () => {
  runtime = await startIsolatedRuntime({
    ADMIN_EMAIL: inject('adminEmail'),
    ADMIN_PASSWORD: inject('adminPassword'),
    ...RAISED_LIMITS,
    RATE_LIMIT_PUBLIC_MAIL: String(limits.publicMailsPerAddress.max),
    ...GATEWAY_SECRETS,
    ...TEST_GATEWAY,
  });
  [browser, clerk, principal] = await Promise.all([
    launchBrowser(),
    staffClient('office', 'Sunita Sharma', runtime.url, 'sunita.sharma@school.test'),
    staffClient('principal', 'Alok Mehra', runtime.url, 'alok.mehra@school.test'),
  ]);
  // Oldest first, so that the newest (the enquiries, with the held e-mail) head the lists.
  await createTcRequest(
    {
      studentName: 'Vikas Tomar',
      admissionNumber: 'ADM-2018-0312',
      contact: '9012345678',
      email: 'tomar.home@example.in',
    },
    runtime.url,
  );
  await createTcRequest(
    {
      studentName: 'Priya Chauhan',
      admissionNumber: TC_NUMBER,
      contact: '9123456780',
      email: 'chauhan.home@example.in',
    },
    runtime.url,
  );
  await createTcRequest(
    { studentName: 'Priya Chauhan', admissionNumber: TC_NUMBER, contact: '9876501234', email: 'p.chauhan@example.in' },
    runtime.url,
  );
  anaya = await createAdmission(
    { studentFirstName: 'Anaya', studentMiddleName: 'Kumari', studentLastName: 'Verma', contactNo: '9988776655' },
    runtime.url,
  );
  rohan = await createAdmission(
    {
      studentFirstName: 'Rohan',
      studentMiddleName: '',
      studentLastName: 'Yadav',
      fatherFirstName: 'Mahesh',
      fatherMiddleName: '',
      fatherLastName: 'Yadav',
      motherFirstName: 'Kavita',
      motherMiddleName: '',
      motherLastName: 'Yadav',
      contactNo: '9876512345',
    },
    runtime.url,
  );
  for (const name of ENQUIRIES)
    enquiryIds[name] = (
      await createEnquiry({ studentName: name, email: TYPED_ADDRESS, fatherMobile: '9415012345' }, runtime.url)
    )._id;
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

async function open(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: runtime.url, viewport: DESKTOP, bypassCSP: true });
  context.setDefaultTimeout(60_000);
  return { context, page: await context.newPage() };
}

/** Scrolls `target` to the top of the window, below the site's sticky header, for a picture of it. */
async function toTop(target: Locator): Promise<void> {
  await target.evaluate((el) => {
    el.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -(document.querySelector('header')?.getBoundingClientRect().height ?? 0) - 16);
  });
}

describe("the clerk's day at 1280 px, as the office guide tells it", () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await open());
  });
  afterAll(async () => {
    await context?.close();
  });

  it('signs in and reads the dashboard', async () => {
    await page.goto('/login');
    await page.getByPlaceholder('Enter your email').fill(clerk.email);
    await page.getByPlaceholder('Enter your password').fill(clerk.password);
    await shot(page, 'office-login');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/admin');
    await page.getByRole('heading', { name: 'Office home', level: 1 }).waitFor();
    const fresh = page.getByRole('region', { name: 'New', exact: true });
    await expect
      .poll(async () => (await fresh.getByRole('link', { name: /^Applications today: \d+$/ }).innerText()).trim())
      .toBe('2');
    expect((await fresh.getByRole('link', { name: /^Enquiries this week: \d+$/ }).innerText()).trim()).toBe(
      String(ENQUIRIES.length),
    );
    await shot(page, 'office-dashboard');
  });

  it('calls back an enquiry: Contacted, with a note and the next follow-up', async () => {
    await page.goto('/admin/enquiry/panel');
    await tableLoaded(page);
    for (const name of ENQUIRIES) await page.getByRole('row').filter({ hasText: name }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Aarav Gupta' }).getByRole('link', { name: 'View' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/enquiry/details/${enquiryIds['Aarav Gupta']}`);
    await page.getByRole('heading', { name: 'Status' }).waitFor();
    expect(await page.getByRole('link', { name: /^Call 9415012345/ }).count()).toBe(1);
    await move(page, 'Contacted', {
      'Next follow-up date': followUp,
      'Note (optional)': 'Father will visit on Saturday with the birth certificate',
    });
    expect(await page.getByRole('form', { name: 'Next follow-up' }).getByLabel('Date').inputValue()).toBe(followUp);
    await shot(page, 'office-enquiry');
  });

  it("checks an application's documents and sends one back with a reason", async () => {
    await page.goto('/admin/admissions/panel');
    await tableLoaded(page);
    await page.getByRole('row').filter({ hasText: anaya.referenceNumber }).waitFor();
    await page.getByRole('row').filter({ hasText: rohan.referenceNumber }).getByRole('link', { name: 'View' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/admissions/details/${rohan._id}`);
    const documents = page.getByRole('region', { name: 'Documents' });
    for (const label of ['Student photo', 'Birth certificate']) {
      await documents.getByRole('button', { name: `Verify ${label}` }).click();
      await expect
        .poll(() => documents.getByRole('listitem').filter({ hasText: label }).first().innerText())
        .toContain('Verified');
    }
    await documents.getByRole('button', { name: 'Reject Father photo' }).click();
    const reject = page.getByRole('dialog');
    await reject.getByLabel('Reason').fill('The face is not clear: please send a brighter photo');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await reject.waitFor({ state: 'detached' });
    await expect
      .poll(() => documents.getByRole('listitem').filter({ hasText: 'Father photo' }).innerText())
      .toContain('Rejected');
    await toTop(documents);
    await shot(page, 'office-documents');
  }, 120_000);

  it('moves an application to Admitted, records the fee typed as the office types it and opens the receipt', async () => {
    await page.goto(`/admin/admissions/details/${anaya._id}`);
    await page.getByRole('heading', { name: 'Status' }).waitFor();
    await move(page, 'Under review');
    await verifyEveryDocument(page);
    await move(page, 'Documents verified');
    await move(page, 'Admitted');
    const section = page.getByRole('region', { name: 'Fee and payments' });
    await section.getByLabel('Amount in rupees').fill(`₹${fees.admission['K.G'].toLocaleString('en-IN')}`);
    await section.getByLabel('Paid by').selectOption('cash');
    await section.getByRole('button', { name: 'Record payment' }).click();
    const receiptLink = section.getByRole('link', { name: /^RMCP-R-/ }).first();
    const receiptNumber = (await receiptLink.innerText()).trim();
    await receiptLink.click();
    await page.waitForURL((url) => url.pathname === `/admin/receipts/${receiptNumber}`);
    const receipt = page.locator('article.receipt');
    await receipt.waitFor();
    expect(await receipt.innerText()).toContain(anaya.referenceNumber);
    await shot(page, 'office-receipt');
  }, 180_000);

  it('records a TC fee, which moves the request to Fee paid, and issues the TC', async () => {
    await page.goto('/admin/tc-requests/panel');
    await tableLoaded(page);
    await page.getByRole('row').filter({ hasText: 'Vikas Tomar' }).getByRole('link', { name: 'View' }).click();
    await page.getByRole('heading', { name: 'Status' }).waitFor();
    const section = page.getByRole('region', { name: 'Fee and payments' });
    await section.getByLabel('Amount in rupees').fill(String(fees.transferCertificate));
    await section.getByLabel('Paid by').selectOption('upi');
    await section.getByLabel('UPI transaction ID (UTR)').fill('412345678901');
    await section.getByRole('button', { name: 'Record payment' }).click();
    await section.getByRole('link', { name: /^RMCP-R-/ }).waitFor();
    const status = page.getByRole('group', { name: 'Change status' });
    await expect.poll(() => status.getByRole('button').allInnerTexts()).toEqual(['Issued', 'Rejected']);
    await move(page, 'Issued', { 'TC number': 'TC/2026/118', 'Issue date': dateInIndia() });
    await expect.poll(() => status.getByRole('button').count()).toBe(0);
  }, 120_000);

  it('sees the TC list flag an admission number asked from two mobile numbers', async () => {
    await page.goto('/admin/tc-requests/panel');
    await tableLoaded(page);
    expect(await page.getByRole('row').filter({ hasText: 'Vikas Tomar' }).innerText()).toContain('Issued');
    const flagged = page.getByRole('row').filter({ hasText: TC_NUMBER });
    await expect.poll(() => flagged.count()).toBe(2);
    for (const row of await flagged.all()) expect(await row.innerText()).toContain('Requested from different mobiles');
    expect(await page.getByRole('row').filter({ hasText: 'Vikas Tomar' }).innerText()).not.toContain(
      'Requested from different mobiles',
    );
    await shot(page, 'office-tc-list');
  });

  it('sees the WhatsApp messages to send, marks one sent, and sees the held e-mail', async () => {
    await page.goto('/admin/messages');
    await tableLoaded(page);
    const held = page.locator('tbody tr').filter({ hasText: TYPED_ADDRESS }).filter({ hasText: 'Held' });
    await expect.poll(() => held.count()).toBe(1);
    expect(await held.innerText()).toContain(`already had ${limits.publicMailsPerAddress.max} e-mails`);
    const whatsapp = page.locator('tbody tr').filter({ hasText: 'WhatsApp' }).filter({ hasText: '9988776655' });
    expect(await whatsapp.count()).toBeGreaterThan(0);
    expect(
      await whatsapp
        .first()
        .getByRole('link', { name: 'Open WhatsApp to 9988776655, opens WhatsApp' })
        .getAttribute('href'),
    ).toMatch(/^https:\/\/wa\.me\/919988776655\?text=/);
    await whatsapp.first().getByRole('button', { name: 'Mark sent: the message to 9988776655' }).click();
    await expect
      .poll(() =>
        whatsapp
          .first()
          .getByRole('button', { name: /^Mark sent/ })
          .count(),
      )
      .toBe(0);
    expect(await whatsapp.first().innerText()).toContain('Sent');
    await toTop(page.getByRole('table'));
    await shot(page, 'office-messages');
  }, 120_000);
});

describe("the clerk's notices and the principal's school profile at 1280 px", () => {
  let context: BrowserContext;
  let page: Page;
  afterAll(async () => {
    await context?.close();
  });

  it('posts a notice in English and Hindi, pinned, and sees it on its list', async () => {
    ({ context, page } = await open());
    await signInAs(page, clerk);
    await page.goto('/admin/notices');
    await page.getByRole('button', { name: 'New notice' }).click();
    const form = page.locator('form.notice-form');
    await form.getByRole('group', { name: 'In English' }).getByLabel('Title').fill('Winter vacation');
    await form
      .getByRole('group', { name: 'In English' })
      .getByLabel('Text')
      .fill('The school stays **closed** from 25 December to 1 January.\n\n- Classes resume on 2 January.');
    await form.getByLabel('शीर्षक (Title)').fill('शीतकालीन अवकाश');
    await form.getByLabel('सूचना का विवरण (Text)').fill('विद्यालय 25 दिसंबर से 1 जनवरी तक **बंद** रहेगा।');
    await form.getByLabel(/Pin at the top/).check();
    await form.getByRole('button', { name: 'Publish notice' }).click();
    const row = page.getByRole('row', { name: /Winter vacation/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('On the site');
    await shot(page, 'office-notices');
  });

  it("the principal's school profile: English and Hindi side by side", async () => {
    await context.close();
    ({ context, page } = await open());
    await signInAs(page, principal);
    await page.goto('/admin/school');
    await page.getByRole('heading', { name: 'School profile', level: 1 }).waitFor();
    expect(await page.getByLabel('School name (Hindi)').inputValue()).not.toBe('');
    expect(await page.getByLabel('CBSE affiliation number').inputValue()).toBe('');
    await shot(page, 'office-school-profile');
  });
});

describe("the principal's screens at 1280 px", () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await open());
    await signInAs(page, principal);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("reads the audit log with the clerk's day in it", async () => {
    await page.goto('/admin/audit');
    await tableLoaded(page);
    await expect.poll(() => page.getByRole('row').filter({ hasText: clerk.email }).count()).toBeGreaterThan(3);
    await shot(page, 'office-audit');
  });

  it("has a parent's data requests on an application's details", async () => {
    await page.goto(`/admin/admissions/details/${rohan._id}`);
    const requests = page.getByRole('region', { name: "Parent's data requests" });
    await requests.waitFor();
    expect(await requests.getByRole('button', { name: /Erase/ }).count()).toBeGreaterThan(0);
    await requests.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await shot(page, 'office-data-requests');
  });
});

describe("the clerk's online payments at 1280 px", () => {
  it('lists a TC fee paid online with its receipt, and one not counted because the amount was not the fee', async () => {
    // Two families pay from their status pages through the built-in test gateway; one paid ₹1 short.
    const gateway = new TestGateway(runtime.url);
    const family = new ApiClient(runtime.url);
    const families = [
      ['Neha Rawat', 'ADM-2020-0611', '9450012345', 'rawat.home@example.in', 0],
      ['Arjun Saini', 'ADM-2021-0148', '9451023456', 'saini.home@example.in', 100],
    ] as const;
    for (const [studentName, admissionNumber, contact, email, short] of families) {
      await createTcRequest({ studentName, admissionNumber, contact, email }, runtime.url);
      const order = await family.request('/v1/api/payments/order', {
        method: 'POST',
        json: { kind: 'tc-request', number: admissionNumber, contactNo: contact },
      });
      expect(order.status).toBe(201);
      const { orderId, amount } = (await order.json()) as { orderId: string; amount: number };
      await gateway.pay(orderId, { amount: amount - short });
    }
    const { context, page } = await open();
    try {
      await signInAs(page, clerk);
      await page.goto('/admin/payments');
      const rows = page.locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(2);
      expect(await rows.filter({ hasText: 'Neha Rawat' }).innerText()).toMatch(/Recorded: receipt given\. RMCP-R-/);
      expect(await rows.filter({ hasText: 'Arjun Saini' }).innerText()).toContain(
        'Not counted: amount or currency not as ordered',
      );
      await shot(page, 'office-online-payments');
    } finally {
      await context.close();
    }
  }, 120_000);
});
