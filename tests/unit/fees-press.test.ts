/**
 * Fees and press without a database: the migration seeds exactly the fees of src/config/fees.ts
 * (run on an in-process PGlite with the project's own runner), the fee schema (whole rupees, every
 * class once, nothing negative), and the public pages' renderers (escaped words, each in its own
 * language, pictures with their size, no script).
 */
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SQLExecutor } from '@netlify/dev';
import { migrate } from '../../scripts/migrate.ts';
import { fees } from '../../src/config/fees.ts';
import { ALL_CLASSES } from '../../src/lib/classes.ts';
import { FEE_TEXTS, validateFees } from '../../src/features/fees/fees.ts';
import { feePage } from '../../src/features/fees/fee-page.server.ts';
import { coveragePage, magazinePage } from '../../src/features/press/press-pages.server.ts';
import { validateArticle } from '../../src/features/press/press.ts';
import type { MagazineIssue, PressArticle } from '../../src/features/press/press.ts';

const ROOT = resolve(import.meta.dirname, '../..');
let db: PGlite;

function executor(pglite: PGlite): SQLExecutor {
  const over = (q: Pick<PGlite, 'exec' | 'query'>) => ({
    exec: (sql: string) => q.exec(sql),
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await q.query<T>(sql, params)).rows }),
  });
  return { ...over(pglite), transaction: (fn) => pglite.transaction((tx) => fn(over(tx))) } as SQLExecutor;
}

beforeAll(async () => {
  db = new PGlite();
  await migrate(executor(db), ROOT);
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe('the seed', () => {
  it('holds the fees of src/config/fees.ts, in paise, for one session, and the TC fee', async () => {
    const { rows } = await db.query<{ session: string; admission_class: string; amount_paise: string }>(
      `SELECT session, admission_class, amount_paise::text FROM admission_fees`,
    );
    expect(new Set(rows.map((r) => r.session)).size).toBe(1);
    expect(Object.fromEntries(rows.map((r) => [r.admission_class, Number(r.amount_paise) / 100]))).toEqual(
      fees.admission,
    );
    const tc = await db.query<{ amount_paise: string }>(`SELECT amount_paise::text FROM tc_fee`);
    expect(Number(tc.rows[0]!.amount_paise) / 100).toBe(fees.transferCertificate);
  });

  it('holds no press article or magazine issue: the samples are starting content (starting-content/press/), none removed', async () => {
    expect((await db.query(`SELECT 1 FROM press_articles`)).rows).toHaveLength(0);
    expect((await db.query(`SELECT 1 FROM magazine_issues`)).rows).toHaveLength(0);
    expect((await db.query(`SELECT 1 FROM press_sample_changes`)).rows).toHaveLength(0);
  });
});

describe('validateFees', () => {
  const body = (changes: Record<string, unknown> = {}) => ({
    session: '2027-28',
    admission: ALL_CLASSES.map((c) => ({ admissionClass: c, amount: changes[c] ?? fees.admission[c] })),
    transferCertificate: changes.tc ?? 500,
  });
  it('takes whole rupees as a clerk types them and answers paise', () => {
    const r = validateFees(body({ '5': '₹8,500', tc: 'Rs. 600' }));
    expect(r.ok && r.data.admission.find((a) => a.admissionClass === '5')!.amountPaise).toBe(850000);
    expect(r.ok && r.data.transferCertificatePaise).toBe(60000);
  });
  it('marks every wrong row: negative, paise, text', () => {
    const r = validateFees(body({ '1': -5, '2': '10.50', '3': 'ten', tc: -1 }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toBe(FEE_TEXTS.negative);
    expect(r.fields).toEqual({
      'admission.1': FEE_TEXTS.negative,
      transferCertificate: FEE_TEXTS.negative,
      'admission.2': FEE_TEXTS.amount,
      'admission.3': FEE_TEXTS.amount,
    });
  });
});

describe('the public pages', () => {
  const heads = [
    { id: 'admission', kind: 'admission', period: 'once', name: { en: 'Admission fee', hi: 'प्रवेश शुल्क' } },
    { id: 'bus', kind: 'transport', period: 'month', name: { en: 'Bus <near>', hi: 'बस, 5 कि.मी. तक' } },
    { id: 'lab', kind: 'other', period: 'year', name: { en: 'Lab fee', hi: 'प्रयोगशाला शुल्क' } },
  ] as const;
  const structure = {
    heads: heads.map((h) => ({ ...h, name: { ...h.name } })),
    rows: [
      { classes: ['K.G' as const], amounts: { admission: 0, bus: 50000, lab: null } },
      {
        classes: ['1' as const, '2' as const, '3' as const, '4' as const, '5' as const],
        amounts: { admission: 800000, bus: 50000, lab: 60000 },
      },
    ],
  };
  const contact = { phones: [{ number: '05735-222345', href: 'tel:+915735222345' }], email: 'office@school.test' };
  it("the fee page shows the structure in the page's language: fees that differ by class as a table, those alike in one of their own", () => {
    const page = feePage('hi', { sessions: [{ session: '2027-28', structure }], tcPaise: 50000, contact });
    expect(page.title).toBe('शुल्क विवरण');
    const html = page.body.value;
    expect(html).toContain(
      '<th scope="row">कक्षा I–V</th><td class="fee-amount">₹8,000</td><td class="fee-amount">₹600</td>',
    );
    expect(html).toContain(
      '<th scope="row">K.G</th><td class="fee-amount">कोई शुल्क नहीं</td><td class="fee-amount"><span aria-hidden="true">—</span><span class="visually-hidden">नहीं लिया जाता</span></td>',
    );
    expect(html).toContain(
      '<th scope="row">बस, 5 कि.मी. तक <span class="fee-period">(प्रति माह)</span></th><td class="fee-amount">₹500</td>',
    );
    expect(html).toContain('₹500');
    expect(
      feePage('en', { sessions: [{ session: '2027-28', structure }], tcPaise: 50000, contact }).body.value,
    ).toContain('Bus &lt;near&gt;');
  });
  it('until a structure is published the page says so and where to ask, with no figure but the TC fee', () => {
    const html = feePage('en', { sessions: [{ session: '2027-28', structure: null }], tcPaise: 50000, contact }).body
      .value;
    expect(html).toContain(
      'The fee structure for the session 2027-28 is not yet published. For the fees, please ask the school office: <a href="tel:+915735222345">05735-222345</a>, <a href="mailto:office@school.test">office@school.test</a>.',
    );
    expect(html).not.toContain('<table');
    const bare = feePage('en', {
      sessions: [{ session: '2027-28', structure: null }],
      tcPaise: 50000,
      contact: { phones: [], email: null },
    }).body.value;
    expect(bare).toContain('not yet published. For the fees, please ask at the school office.');
  });

  const article: PressArticle = {
    _id: 'a',
    source: 'Amar <b>Ujala</b>',
    title: { en: '', hi: '<img src=x onerror=alert(1)>' },
    summary: { en: 'Summary', hi: '' },
    publishedOn: '2026-05-14',
    cover: { url: '/v1/files/x', width: 640, height: 400 },
    coverAlt: { en: 'A "clipping"', hi: '' },
    pdf: null,
    sample: false,
    createdAt: '',
    updatedAt: '',
  };
  it('escapes every word staff typed and marks a text in the other language', () => {
    const html = coveragePage('en', [article, { ...article, _id: 'b' }]).body.value;
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('<h2 lang="hi-IN">&lt;img src=x onerror=alert(1)&gt;</h2>');
    expect(html).toContain('Amar &lt;b&gt;Ujala&lt;/b&gt;');
    expect(html).toContain(
      'alt="A &quot;clipping&quot;" width="640" height="400" decoding="async" fetchpriority="high"',
    );
    expect(html.match(/loading="lazy"/g)).toHaveLength(1);
    expect(html).toContain('14 May 2026');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('sample-note');
  });
  it("marks a sample as one on its card, in the page's language, and says above the list what samples are", () => {
    const hindi = coveragePage('hi', [article, { ...article, _id: 'sample-press-1', sample: true }]).body.value;
    expect(hindi.match(/<strong>नमूना<\/strong> · /g)).toHaveLength(1);
    expect(hindi).toContain('<p class="sample-note" role="note">“नमूना” लिखी प्रविष्टियाँ');
    const english = magazinePage('en', [
      {
        _id: 'sample-x',
        title: { en: 'Spring', hi: '' },
        description: { en: '', hi: '' },
        month: '2026-04',
        cover: null,
        pdf: null,
        sample: true,
        createdAt: null,
        updatedAt: null,
      },
    ]).body.value;
    expect(english).toContain('<p class="meta"><strong>Sample</strong> · April 2026</p>');
  });
  it("the magazine page names each issue's month in the page's language, its PDF links saying they open a PDF", () => {
    const issue: MagazineIssue = {
      _id: 'm',
      title: { en: 'Spring', hi: '' },
      description: { en: '', hi: '' },
      month: '2026-04',
      cover: null,
      pdf: '/magazines/x.pdf',
      sample: false,
      createdAt: '',
      updatedAt: '',
    };
    const html = magazinePage('hi', [issue]).body.value;
    expect(html).toContain('अप्रैल 2026');
    expect(html).toContain(
      '<a class="button" href="/magazines/x.pdf" target="_blank" rel="noopener">पढ़ें<span class="visually-hidden"> — अप्रैल 2026 का अंक (PDF, नए टैब में खुलेगा)</span></a>',
    );
  });
});

describe('validateArticle', () => {
  it('needs a title in one language, a newspaper, a date not in the future, words for the picture, and a cover when new', () => {
    const r = validateArticle(
      { source: 'x', title: { hi: 'शीर्षक' }, publishedOn: '2026-01-01', coverAlt: { hi: 'कतरन' } },
      true,
    );
    expect(!r.ok && r.fields).toEqual({ coverUploadId: expect.any(String) });
    expect(
      validateArticle(
        { source: 'x', title: { hi: 'शीर्षक' }, publishedOn: '2026-01-01', coverAlt: { hi: 'कतरन' } },
        false,
      ).ok,
    ).toBe(true);
  });
});
