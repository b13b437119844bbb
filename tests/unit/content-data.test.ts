/** Content data that Node can load without Astro: navigation tree, PDFs, the sample press articles and magazine issues. */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { navigation, adminNavigation, allNavHrefs, findNav, footerLinks } from '../../src/features/site/navigation.ts';
import { makePdf, checkPdf } from '../../src/lib/tiny-pdf.ts';
import { imageSize } from 'image-size';
import samples from '../../starting-content/press/press.json' with { type: 'json' };
import { magazinePage } from '../../src/features/press/press-pages.server.ts';
import { validateArticle, validateIssue } from '../../src/features/press/press.ts';

const ROOT = resolve(import.meta.dirname, '../..');

describe('navigation tree', () => {
  it('has every group and link', () => {
    expect(navigation.map((n) => n.label)).toEqual([
      'Home',
      'Academy',
      'Academics',
      'Infrastructure',
      'Admissions',
      'Press',
      'Vacancies',
      'Gallery',
    ]);
    const hrefs = allNavHrefs();
    for (const path of [
      '/',
      '/academy/about',
      '/academy/mission',
      '/academy/founder-message',
      '/academy/chairperson-message',
      '/academy/principal-message',
      '/academy/accreditation',
      '/academics/methodology/primary',
      '/academics/methodology/middle',
      '/academics/methodology/senior',
      '/academics/holistic-development',
      '/academics/technology',
      '/academics/guidance-counseling',
      '/infrastructure/auditorium',
      '/infrastructure/sports',
      '/infrastructure/facilities/transportation',
      '/infrastructure/facilities/health',
      '/infrastructure/facilities/security',
      '/infrastructure/learning-centre',
      '/infrastructure/overview',
      '/infrastructure/library',
      '/admissions/apply/primary',
      '/admissions/apply/middle',
      '/admissions/apply/senior',
      '/admissions/tc-request',
      '/press/coverage',
      '/press/magazine',
      '/vacancies',
      '/gallery',
      '/academy',
      '/academics',
      '/academics/methodology',
      '/infrastructure',
      '/infrastructure/facilities',
      '/admissions',
      '/admissions/apply',
      '/press',
      '/academy/mandatory-disclosure',
    ])
      expect(hrefs, path).toContain(path);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    expect(findNav('/academics/methodology')?.children?.map((c) => c.href)).toEqual([
      '/academics/methodology/primary',
      '/academics/methodology/middle',
      '/academics/methodology/senior',
    ]);
    expect(findNav('/infrastructure/facilities')?.children).toHaveLength(3);
  });
  it("leads every page's footer to the notices first, in both languages", () => {
    expect(footerLinks[0]).toMatchObject({ href: '/notices', label: 'Notices', hi: { label: 'सूचनाएँ एवं परिपत्र' } });
  });
  it('has the admin menu links', () => {
    expect(adminNavigation.map((n) => n.href)).toEqual([
      '/admin/vacancies/panel',
      '/admin/tc-requests/panel',
      '/admin/gallery/panel',
      '/admin/admissions/panel',
      '/admin/enquiry/panel',
    ]);
  });
});

describe('PDF writer and checker', () => {
  it('writes a PDF the checker accepts, and the checker rejects a broken one', () => {
    const pdf = makePdf('Test (1)', [
      { heading: 'Hello', lines: ['A line with (parens) and a backslash \\', 'x'.repeat(200)] },
      { lines: ['Page two'] },
    ]);
    expect(checkPdf(pdf)).toEqual({ ok: true, pages: 2 });
    const broken = Buffer.from(pdf).toString('latin1').replace('2 0 obj', '2 0 oops');
    expect(checkPdf(Buffer.from(broken, 'latin1')).ok).toBe(false);
    expect(checkPdf(Buffer.from('hello')).ok).toBe(false);
  });
  it('every sample magazine issue is a valid, small PDF', async () => {
    expect(samples.issues).toHaveLength(6);
    for (const issue of samples.issues) {
      const bytes = await readFile(join(ROOT, 'starting-content/press', issue.pdf));
      expect(checkPdf(bytes), issue.key).toMatchObject({ ok: true });
      expect(bytes.length).toBeLessThan(20_000);
    }
  });
});

describe('the sample press articles and magazine issues (starting-content/press/press.json)', () => {
  it('pass the rules an entry the office saves passes, with unique keys and covers of the size they say', async () => {
    const entries = [...samples.articles, ...samples.issues];
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
    for (const a of samples.articles) expect(validateArticle(a, false), a.key).toMatchObject({ ok: true });
    for (const m of samples.issues) expect(validateIssue(m, false), m.key).toMatchObject({ ok: true });
    for (const e of entries) {
      const { width, height } = imageSize(
        new Uint8Array(await readFile(join(ROOT, 'starting-content/press', e.cover.file))),
      );
      expect({ width, height }, e.key).toEqual({ width: e.cover.width, height: e.cover.height });
    }
  });
});

describe('e-magazine empty state', () => {
  it('the magazine page renders "No Magazines Available" for an empty collection (its issues are in the database: src/features/press/)', () => {
    expect(magazinePage('en', []).body.value).toContain('<p class="empty-state">No Magazines Available</p>');
  });
});
