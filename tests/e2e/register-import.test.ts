/**
 * Chromium at 1280 px, as the school office brings its paper register in (/admin/register#import):
 * a 200-row workbook with three bad rows (no name, a date that is no date, an admission number
 * twice) previews with the three named; the clerk fixes the date in place, skips the other two,
 * checks again, imports the 198 and sees them in the list (the toast's count, four pages of 50 in
 * this run's section).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage } from '../support/browser.ts';
import { signInAs } from '../support/admin-screens.ts';
import { staffClient, type Staff } from '../support/api.ts';

const tag = Math.random().toString(36).slice(2, 6).toUpperCase();
/** This run's own section and admission numbers, so other files' pupils never mix in. */
const letters = tag.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!);
const SECTION = `I${letters}`;
const number = (i: number) => `IMP${tag}/${i + 1}`;
const name = (i: number) => `${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`;

let browser: Browser;
let office: Staff;
let context: BrowserContext;
let page: Page;

async function workbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Register');
  sheet.addRow(['Adm No', 'Name', 'Father', 'DOB', 'Date of Admission', 'Class', 'Section']);
  for (let i = 0; i < 200; i++)
    sheet.addRow([
      i === 150 ? number(149) : number(i),
      i === 20 ? '' : `Pupil ${name(i)} Verma`,
      `Father ${name(i)} Verma`,
      i === 80 ? '31/02/2016' : `0${1 + (i % 9)}/0${1 + (i % 9)}/2016`,
      new Date(Date.UTC(2022, 3, 1)),
      ['V', 'Class 6', 'UKG', '7'][i % 4],
      SECTION,
    ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

beforeAll(async () => {
  [browser, office] = await Promise.all([launchBrowser(), staffClient('office')]);
  ({ context, page } = await newPage(browser, DESKTOP));
  await signInAs(page, office);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('the office imports its paper register', () => {
  it('previews three bad rows, takes one fix and two skips, and imports 198 pupils into the list', async () => {
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
    expect(await page.getByRole('button', { name: 'Import 197 pupils' }).isDisabled()).toBe(true);

    // The date fixed in place, the other two skipped by keyboard.
    const date = page.getByLabel('Correct Date of birth of row 82');
    await date.fill('28/02/2016');
    for (const row of [22, 152]) {
      const skip = page.getByLabel(`Skip row ${row}`);
      await skip.focus();
      await page.keyboard.press('Space');
      expect(await skip.isChecked()).toBe(true);
    }
    await page.getByRole('button', { name: 'Check again' }).click();
    await page.getByText('200 rows read: 198 ready to import.').waitFor();
    const confirm = page.getByRole('button', { name: 'Import 198 pupils' });
    expect(await confirm.isEnabled()).toBe(true);
    await confirm.click();
    // The count, and the next number the principal may set (the numbers run to 200).
    await page
      .locator('.Toastify')
      .getByText('198 pupils imported. The principal may now set the next admission number to 201.')
      .waitFor();

    // Back in the list: this run's section holds the 198, 50 a page.
    await page.getByRole('table', { name: 'Pupils of the register' }).waitFor();
    await page.getByRole('searchbox', { name: 'Section' }).fill(SECTION);
    await page.getByRole('searchbox', { name: 'Section' }).press('Enter');
    await page.getByText('Page 1 of 4').waitFor();
    const numbers = await office.client.request(`/v1/api/register?section=${SECTION}&limit=100&page=2`);
    expect(((await numbers.json()) as { totalPupils: number }).totalPupils).toBe(198);
  }, 180_000);
});
