/** What the admin e2e tests do on the details screens as the office does it: sign in, move a status, verify documents, count printed pages. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Staff } from './api.ts';

export async function signInAs(page: Page, staff: Pick<Staff, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('Enter your email').fill(staff.email);
  await page.getByPlaceholder('Enter your password').fill(staff.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Clicks a move of the status panel and saves its dialog, filling `fill` (label -> value) first. */
export async function moveTo(page: Page, to: string, fill: Record<string, string> = {}): Promise<void> {
  await page.getByRole('group', { name: 'Change status' }).getByRole('button', { name: to, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  for (const [label, value] of Object.entries(fill)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole('button', { name: 'Save' }).click();
}

/** Verifies every document of the checklist on an admission's details screen, one button at a time. */
export async function verifyEveryDocument(page: Page): Promise<void> {
  const documents = page.getByRole('region', { name: 'Documents' });
  const verify = documents.getByRole('button', { name: /^Verify / });
  await verify.first().waitFor();
  for (let left = await verify.count(); left > 0; left--) {
    const label = (await verify.first().getAttribute('aria-label'))!.replace(/^Verify /, '');
    // The answer first, with the page's own timeout: a route's first call under load can take longer
    // than a poll's, and a refusal then fails here with the server's words rather than a count.
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/documents/')),
      verify.first().click(),
    ]);
    expect(answer.status(), await answer.text()).toBe(200);
    await expect.poll(() => verify.count()).toBe(left - 1);
    expect(await documents.getByRole('listitem').filter({ hasText: label }).innerText()).toContain('Verified');
  }
}

/** The pages of a PDF Chromium printed: their media boxes in points (A5 is 419.5 x 595.3). */
export function pdfPages(pdf: Buffer): { width: number; height: number }[] {
  const text = pdf.toString('latin1');
  const pages = [
    ...text.matchAll(
      /\/Type\s*\/Page(?![s\w])[\s\S]*?\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g,
    ),
  ];
  return pages.map((m) => ({ width: Number(m[3]) - Number(m[1]), height: Number(m[4]) - Number(m[2]) }));
}

/** A fee recorded on an application not yet admitted asks the clerk first: the test means to record it. */
export async function confirmFeeBeforeAdmission(page: Page): Promise<void> {
  await page
    .getByRole('dialog', { name: 'Record a fee before admission?' })
    .getByRole('button', { name: 'Record payment anyway' })
    .click();
}
