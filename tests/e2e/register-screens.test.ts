/**
 * Chromium at 1280 px, as the school office keeps its register at /admin/register: the clerk adds a
 * pupil by hand, finds it by the search box, edits it on its own screen (the principal reads the
 * change in its history), promotes a class with one pupil staying back, opens a class list, whose
 * PDF poppler's pdftotext reads back, and records a pupil's leaving. The number series: the office
 * reads them only (and the API refuses its change), the principal changes them, a next number
 * already in the register refused at its box. The list and the pupil are also drawn at 360 px (screenshots in /tmp/shots-screens/).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, label, toast } from '../support/browser.ts';
import { site } from '../support/site.ts';
import { accessibilityFailures } from './content-browser.ts';
import { moveTo, signInAs } from '../support/admin-screens.ts';
import { staffClient, type Json, type Staff } from '../support/api.ts';
import { academicSessionOn, sessionName } from '../../src/lib/sessions.ts';
import { dateInIndia } from '../../src/lib/dates.ts';

const run = promisify(execFile);
const SHOTS = '/tmp/shots-screens';
const tag = Math.random().toString(36).slice(2, 6).toUpperCase();
/** A section of this file's own, so that other files' pupils never join its class. */
const SECTION = `Q${tag}`.replace(/[^A-Z0-9]/g, '').slice(0, 5);
const SESSION = academicSessionOn(dateInIndia());
const NEXT_SESSION = sessionName(Number(SESSION.slice(0, 4)) + 1);
/** Names of letters only (a name with digits is refused): the tag spelt in letters. */
const letters = tag.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!).toLowerCase();
const SURNAME = `Register${letters}`;

let browser: Browser;
let office: Staff;
let principal: Staff;
let context: BrowserContext;
let page: Page;
let dir = '';
/** The class this file promotes: three pupils, the second of whom stays. */
const classmates: Json[] = [];
let added: { id: string; admissionNumber: string } | undefined;

const listLoaded = (p: Page) => p.locator('table[aria-busy="false"]').waitFor();

/** A page at `viewport` that lets axe's script past the admin pages' CSP (tested on its own elsewhere). */
async function newPage(_browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: site('baseURL'), viewport, bypassCSP: true });
  context.setDefaultTimeout(60_000);
  return { context, page: await context.newPage() };
}

async function shot(p: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await p.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

beforeAll(async () => {
  [browser, office, principal] = await Promise.all([launchBrowser(), staffClient('office'), staffClient('principal')]);
  dir = await mkdtemp(join(tmpdir(), 'register-screens-'));
  for (const first of ['Asha', 'Bharat', 'Chitra']) {
    const res = await office.client.request('/v1/api/register', {
      method: 'POST',
      json: {
        firstName: first,
        lastName: SURNAME,
        fatherName: `Father of ${first}`,
        dateOfBirth: '2015-06-01',
        gender: first === 'Bharat' ? 'Male' : 'Female',
        admittedOn: `${SESSION.slice(0, 4)}-04-02`,
        classOnAdmission: '7',
        class: '7',
        section: SECTION,
        session: SESSION,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    classmates.push((await res.json()) as Json);
  }
  ({ context, page } = await newPage(browser, DESKTOP));
  await signInAs(page, office);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the register at /admin/register (office, 1280 px)', () => {
  it('adds a pupil by hand and finds it by the search box', async () => {
    await page.goto('/admin/register');
    await listLoaded(page);
    expect(await page.getByRole('columnheader').allInnerTexts()).toEqual([
      'Adm. no.',
      'Name',
      'Class',
      "Father's name",
      'Date of birth',
      'Status',
      'Action',
    ]);
    await page.getByRole('button', { name: 'Add pupil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a pupil to the register' });
    await dialog.waitFor();
    await dialog.getByLabel(label('First name')).fill('Devika');
    await dialog.getByLabel(label('Last name')).fill(SURNAME);
    await dialog.getByLabel(label('Name in Hindi')).fill('देविका');
    await dialog.getByLabel(label("Father's name")).fill('Mahesh Kumar');
    await dialog.getByLabel(label('Date of birth')).fill('2016-02-29');
    await dialog.getByLabel(label('Gender')).selectOption('Female');
    await dialog.getByLabel(label('Class'), { exact: false }).last().selectOption('5');
    await dialog.getByLabel(label('Section'), { exact: false }).last().fill('b');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/v1/api/register') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Add pupil' }).click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    const pupil = (await answer.json()) as Json;
    added = { id: pupil._id, admissionNumber: pupil.admissionNumber };
    await toast(page, 'Pupil added to the register');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByLabel('Search by name or admission number').fill(added.admissionNumber);
    await page.waitForURL((url) => url.searchParams.get('search') === added!.admissionNumber);
    const row = page.getByRole('row').filter({ hasText: `Devika ${SURNAME}` });
    await row.waitFor();
    expect(await row.innerText()).toContain('5-B');
    expect(await row.innerText()).toContain('देविका');
    await page.getByLabel('Search by name or admission number').fill('Devika');
    await page.waitForURL((url) => url.searchParams.get('search') === 'Devika');
    await row.waitFor();
    await shot(page, 'register-list-1280');
  });

  it('edits the pupil in place, checked first by the same schema as the server', async () => {
    await page.goto(`/admin/register/details/${added!.id}`);
    await page.getByRole('heading', { name: `Devika ${SURNAME} (${added!.admissionNumber})` }).waitFor();
    await page.getByRole('button', { name: 'Edit Parents and contact' }).click();
    const part = page.getByRole('region', { name: 'Parents and contact' });
    await part.getByLabel(label("Mother's name")).fill('Sunita Devi');
    await part.getByLabel(label('Mobile number')).fill('12345');
    await part.getByRole('button', { name: 'Save parents and contact' }).click();
    // The schema the server uses refuses it first, at the box.
    await expect.poll(() => part.getByLabel(label('Mobile number')).getAttribute('aria-invalid')).toBe('true');
    await part.getByLabel(label('Mobile number')).fill('9876543210');
    await part.getByRole('button', { name: 'Save parents and contact' }).click();
    await toast(page, 'Parents and contact: saved');
    expect(await part.innerText()).toContain('Sunita Devi');
    await shot(page, 'register-pupil-1280');
  });

  it('promotes a class with one pupil staying in it, in one confirmed step', async () => {
    await page.goto('/admin/register#promotion');
    await page.getByLabel(label('Class to promote')).selectOption('7');
    await page.getByLabel(label('Section')).first().fill(SECTION);
    await page.getByRole('button', { name: 'Show the pupils' }).click();
    const table = page.getByRole('table');
    await table
      .getByRole('row')
      .filter({ hasText: `Chitra ${SURNAME}` })
      .waitFor();
    expect(await table.locator('tbody tr').count()).toBe(3);
    expect(await page.getByLabel(label('Class they go to')).inputValue()).toBe('8');
    expect(await page.getByLabel(label('Next session')).inputValue()).toBe(NEXT_SESSION);
    await page
      .getByRole('group', { name: `What happens to Bharat ${SURNAME}` })
      .getByLabel('Stays in class')
      .check();
    expect(await accessibilityFailures(page, 'promotion at 1280 px')).toEqual([]);
    await shot(page, 'register-promotion-1280');
    await page.getByRole('button', { name: 'Promote the class' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.innerText()).toContain('2 pupil(s) go to Class 8');
    await confirm.getByRole('button', { name: 'Promote' }).click();
    await toast(page, 'Promotion done: 2 promoted to Class 8, 1 stay in Class 7, 0 left the school.');

    const res = await office.client.request(`/v1/api/register?search=${SURNAME}&limit=50`);
    const rows = ((await res.json()) as { data: Json[] }).data;
    const classOf = (name: string) => rows.find((p) => p.firstName === name);
    expect(classOf('Asha')).toMatchObject({ class: '8', section: SECTION, session: NEXT_SESSION });
    expect(classOf('Bharat')).toMatchObject({ class: '7', section: SECTION, session: NEXT_SESSION });
    expect(classOf('Chitra')).toMatchObject({ class: '8', section: SECTION, session: NEXT_SESSION });
  });

  it('opens the class list of the new class as a PDF that names its pupils', async () => {
    await page.goto('/admin/register#class-lists');
    await page.getByLabel(label('Class')).first().selectOption('8');
    await page.getByLabel(label('Section')).fill(SECTION);
    const link = page.getByRole('link', { name: /^Open the class list of Class 8/ });
    const href = (await link.getAttribute('href'))!;
    expect(href).toContain(`section=${SECTION}`);
    const res = await page.request.get(href);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');
    const file = join(dir, 'class-list.pdf');
    await writeFile(file, await res.body());
    const text = (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout.replace(/\s+/g, ' ');
    expect(text).toContain(`Asha ${SURNAME}`);
    expect(text).toContain(`Chitra ${SURNAME}`);
    expect(text).not.toContain(`Bharat ${SURNAME}`);
    expect(text).toContain(classmates[0]!.admissionNumber);
  });

  it("records a pupil's leaving on its screen, with the date and the reason", async () => {
    const bharat = classmates[1]!;
    await page.goto(`/admin/register/details/${bharat._id}`);
    await page.getByRole('heading', { name: `Bharat ${SURNAME} (${bharat.admissionNumber})` }).waitFor();
    // Without a date and a reason the server refuses it, named in the dialog.
    await moveTo(page, 'Left');
    await page.getByRole('dialog').getByRole('alert').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await moveTo(page, 'Left', { 'Date of leaving': dateInIndia(), 'Reason for leaving': 'Family moved to Agra' });
    await toast(page, 'Status changed to Left.');
    const leaving = page.getByRole('region', { name: 'Leaving' });
    await leaving.waitFor();
    expect(await leaving.innerText()).toContain('Family moved to Agra');
    const res = await office.client.request(`/v1/api/register/${bharat._id}`);
    expect((await res.json()) as Json).toMatchObject({
      status: 'left',
      leftOn: dateInIndia(),
      leavingReason: 'Family moved to Agra',
    });
  });

  it('shows the number series to the office read-only, and the API refuses its change', async () => {
    await page.goto('/admin/register#series');
    await page.getByText('Only the principal can change the number series.').waitFor();
    expect(await page.getByRole('button', { name: 'Save the number series' }).count()).toBe(0);
    expect(await page.getByRole('textbox').count()).toBe(0);
    const res = await office.client.request('/v1/api/register/series', {
      method: 'PUT',
      json: { admission: { prefix: '', nextNumber: 1, width: 0 } },
    });
    expect(res.status).toBe(403);
  });
});

describe('the principal (1280 px)', () => {
  it("reads the office's change in the pupil's history of changes", async () => {
    const { context: own, page: p } = await newPage(browser, DESKTOP);
    try {
      await signInAs(p, principal);
      await p.goto(`/admin/register/details/${added!.id}`);
      const history = p.getByRole('region', { name: 'History of changes' });
      await history.getByRole('listitem').first().waitFor();
      const text = await history.innerText();
      expect(text).toContain("Mother's name: (none) → Sunita Devi");
      expect(text).toContain('Mobile number: (none) → 9876543210');
      expect(text).toContain(office.email);
      // The newest first; the addition last, by the office too.
      expect(await history.getByRole('listitem').last().innerText()).toContain('Added');
    } finally {
      await own.close();
    }
  });

  it('refuses a next number the register already holds at its box, and saves the series', async () => {
    const { context: own, page: p } = await newPage(browser, DESKTOP);
    try {
      await signInAs(p, principal);
      await p.goto('/admin/register#series');
      const next = p.getByLabel(label('Next number (admission numbers)'));
      await next.waitFor();
      const now = (await (await principal.client.request('/v1/api/register/series')).json()) as Json;
      const prefix: string = now.admission.prefix;
      // The pupil added by hand took a number of the series: it cannot be the next again.
      const used = Number(added!.admissionNumber.slice(prefix.length));
      expect(Number.isInteger(used)).toBe(true);
      await shot(p, 'register-series-1280');
      await next.fill(String(used));
      await p.getByRole('button', { name: 'Save the number series' }).click();
      await expect.poll(() => next.getAttribute('aria-invalid')).toBe('true');
      expect(await p.locator(`#${await next.getAttribute('id')}-error`.replace(/:/g, '\\:')).innerText()).not.toBe('');
      // The series as it stands now (another file may have taken a number meanwhile), saved by the principal.
      const fresh = (await (await principal.client.request('/v1/api/register/series')).json()) as Json;
      await next.fill(String(fresh.admission.nextNumber));
      await p.getByRole('button', { name: 'Save the number series' }).click();
      await toast(p, 'Number series saved');
    } finally {
      await own.close();
    }
  });
});

describe('at 360 px', () => {
  it('the list and the pupil fit a phone', async () => {
    const { context: own, page: p } = await newPage(browser, PHONE);
    try {
      await signInAs(p, office);
      await p.goto(`/admin/register?search=${SURNAME}`);
      await listLoaded(p);
      await p
        .getByRole('row')
        .filter({ hasText: `Devika ${SURNAME}` })
        .waitFor();
      expect(await accessibilityFailures(p, '/admin/register at 360 px')).toEqual([]);
      await shot(p, 'register-list-360');
      await p.goto(`/admin/register/details/${added!.id}`);
      await p.getByRole('region', { name: 'Parents and contact' }).waitFor();
      await p
        .getByRole('region', { name: 'Application and TC requests' })
        .getByText(/No TC request/)
        .waitFor();
      expect(await accessibilityFailures(p, 'the pupil at 360 px')).toEqual([]);
      await shot(p, 'register-pupil-360');
    } finally {
      await own.close();
    }
  });
});
