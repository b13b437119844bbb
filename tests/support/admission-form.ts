/** Filling an admission form's text as a parent would, and the office finding it once sent, for the browser tests of the forms. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { adminClient, type ApiClient } from './api.ts';
import { BANDS_DEF } from '../../src/features/admission/admission.ts';
import type { Band } from '../../src/lib/classes.ts';
import { aadhaar, birthDateFor } from '../unit/forms-cases.ts';

/** A label that starts with `text` (a required field's label goes on with its marker). */
export const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Every text field of a band's form filled in (the student first named `name`, the band's last class unless told) and the consent box ticked. */
export async function fillApplicationText(
  page: Page,
  band: Band,
  name: string,
  options: { mobile?: string; admissionClass?: string } = {},
): Promise<void> {
  const def = BANDS_DEF[band];
  await page.getByLabel(label('Student first name')).fill(name);
  await page.getByLabel(label('Student middle name')).fill('Kumar');
  await page.getByLabel(label('Student last name')).fill('Sharma');
  await page.getByLabel(label('Student Aadhaar number')).fill(aadhaar('45678901234'));
  const chosen = options.admissionClass ?? def.classOptions.at(-1)!.value;
  await page.getByLabel(label('Admission class')).selectOption(chosen);
  // A date of birth inside the class's age range: the form asks nothing more.
  await page
    .getByLabel(label('Date of birth'))
    .fill(birthDateFor(def.classOptions.find((o) => o.value === chosen)!.label));
  await page.getByLabel(label('Gender')).selectOption('Male');
  for (const who of ['Father', 'Mother']) {
    await page.getByLabel(label(`${who} first name`)).fill(`${who}first`);
    await page.getByLabel(label(`${who} middle name`)).fill(`${who}middle`);
    await page.getByLabel(label(`${who} last name`)).fill('Sharma');
  }
  await page.getByLabel(label('ABC ID')).fill('998877665544');
  await page.getByLabel(label('Home address')).fill('House 12, Station Road, Sikandrabad, Bulandshahr 203205');
  await page.getByLabel(label('Contact number')).fill(options.mobile ?? '9812345678');
  await page.getByRole('checkbox', { name: /parent or lawful guardian/ }).check();
}

/** The reference number the acknowledgment shows. */
export const shownReference = async (page: Page): Promise<string> =>
  (await page.locator('.ff-reference').textContent())!.trim();

/** The office finds a sent application by the student's first name and its reference number: its id and details, and the office's client. */
export async function officeFinds(
  name: string,
  reference: string,
): Promise<{ admin: ApiClient; id: string; detail: Record<string, unknown> }> {
  const admin = await adminClient();
  const list = await admin.request(`/v1/api/admission?searchName=${encodeURIComponent(name)}`);
  expect(list.status).toBe(200);
  const found = ((await list.json()).data as { _id: string; referenceNumber: string }[]).find(
    (a) => a.referenceNumber === reference,
  );
  expect(found).toBeTruthy();
  const detail = (await (await admin.request(`/v1/api/admission/${found!._id}`)).json()) as Record<string, unknown>;
  return { admin, id: found!._id, detail };
}
