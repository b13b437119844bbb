/** What the TC request form asks besides the names and the contact since the register came (issue 39), filled as a family fills it. */
import type { Page } from 'playwright-core';
import { label } from './browser.ts';
import { dateInIndia } from '../../src/lib/dates.ts';

interface Labelled {
  label: string;
}

/** The child's date of birth, class and date of leaving (the section, optional, left empty); `texts`: the form's field texts in the page's language. */
export async function fillTcRegisterFields(
  page: Page,
  texts: { dateOfBirth: Labelled; studentClass: Labelled; leavingDate: Labelled },
  values: { dateOfBirth?: string; studentClass?: string; leavingDate?: string } = {},
): Promise<void> {
  await page.getByLabel(label(texts.dateOfBirth.label)).fill(values.dateOfBirth ?? '2012-11-03');
  await page.getByLabel(label(texts.studentClass.label)).selectOption(values.studentClass ?? '8');
  await page.getByLabel(label(texts.leavingDate.label)).fill(values.leavingDate ?? dateInIndia());
}
