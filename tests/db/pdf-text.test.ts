/**
 * The family's PDFs (the acknowledgment and a receipt) read back as text extraction, search and
 * screen readers read them, with poppler's own tools (pdftotext, pdfinfo; Debian's poppler-utils).
 * Shaped Hindi is drawn in visual glyph order (the vowel sign ि before its consonant, a reph after
 * its syllable): every Hindi word drawn must come back whole, in its place, and no broken one. The
 * documents are tagged (a structure tree under /MarkInfo << /Marked true >>) and say their language,
 * hi-IN or en-IN, with English names in a Hindi document marked as English.
 *
 * Until the school saves its phone and e-mail, neither document prints one (the starting facts have
 * none); once saved, a landline as the office writes it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, staffClient } from '../support/api.ts';
import { startInProcessSite, type InProcessSite } from '../support/in-process-site.ts';
import { createAdmission, PRIMARY_FILES, type CreatedAdmission } from '../http/admin-fixtures.ts';
import { statusUrl } from '../../src/features/admission/acknowledgment.ts';
import { documentLabel } from '../../src/features/admission/document-texts.ts';
import pg from 'pg';
import { readProfile, remember, schoolProfile } from '../../src/server/school-profile.ts';
import { withDefaultUser } from '../../src/server/db.ts';
import {
  defaultProfile,
  officePhone,
  schoolAddress,
  schoolName,
  type SchoolProfile,
} from '../../src/lib/school-profile.ts';
import { fill, type TextCode } from '../../src/lib/i18n/index.ts';
import { dateInIndia, formatDateTime } from '../../src/lib/dates.ts';

const run = promisify(execFile);
const MOBILE = '9988776655';
const OFFICE_PHONE = '05735-222345';
const OFFICE_EMAIL = 'office@school.example';
const t = (code: TextCode, values?: Record<string, string>) => fill('hi', code, values);

let site: InProcessSite;
let admission: CreatedAdmission;
let receiptNumber: string;
let school: SchoolProfile;
let dir: string;

beforeAll(async () => {
  site = await startInProcessSite();
  dir = await mkdtemp(join(tmpdir(), 'rmcp-pdf-text-'));
  const office = (await staffClient('office', 'Text Clerk', site.url)).client;
  admission = await createAdmission({}, site.url);
  const paid = await office.request(`/v1/api/admission/${admission._id}/payments`, {
    method: 'POST',
    json: { amount: 2000, mode: 'cash', reference: '', paidOn: dateInIndia() },
  });
  expect(paid.status, await paid.clone().text()).toBe(201);
  receiptNumber = (await paid.json()).payment.receiptNumber;
}, 180_000);
afterAll(async () => {
  await site?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The PDF at `path`, saved to a file of its own for poppler's tools. */
async function download(path: string, params: Record<string, string>): Promise<{ bytes: Buffer; file: string }> {
  const res = await new ApiClient(site.url).request(`${path}?${new URLSearchParams(params)}`);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const file = join(dir, `${path.split('/').pop()}-${params.lang}.pdf`);
  await writeFile(file, bytes);
  return { bytes, file };
}
const pair = () => ({ referenceNumber: admission.referenceNumber, contactNo: MOBILE });
const acknowledgment = (lang: string) => download('/v1/api/admission/acknowledgment', { ...pair(), lang });
const receipt = (lang: string) => download('/v1/api/admission/receipt', { ...pair(), number: receiptNumber, lang });

/** What pdftotext reads, its whitespace made single spaces. */
const pdftotext = async (file: string) =>
  (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout.replace(/\s+/g, ' ').trim();

/** The Devanagari words of `text`, without the punctuation around them (danda, colon, comma, brackets). */
const hindiTexts = (text: string) =>
  text
    .split(/\s+/)
    .map((word) => word.replace(/^[^\u0900-\u0963\u0966-\u097F]+|[^\u0900-\u0963\u0966-\u097F\u200C\u200D]+$/g, ''))
    .filter((word) => /[\u0900-\u097F]/.test(word));

/** Hindi dates and times as the PDFs print them: their month names are words too. */
const MONTHS = Array.from({ length: 12 }, (_, month) => formatDateTime(new Date(Date.UTC(2026, month, 15, 6)), 'hi'));

/**
 * pdftotext's reading of `file` against the texts drawn on it: each shown text comes back as it is
 * written (every word, in order), and every Hindi word read is a word of theirs. Answers the count.
 */
async function expectHindiReadBack(file: string, shown: string[]): Promise<number> {
  const read = await pdftotext(file);
  const drawn = new Set([...shown, ...MONTHS].flatMap(hindiTexts));
  const words = hindiTexts(read);
  expect(
    words.filter((word) => !drawn.has(word)),
    read,
  ).toEqual([]);
  for (const text of shown) expect(read, text).toContain(text.replace(/\s+/g, ' '));
  return words.length;
}

/** The PDF's objects as text, its streams inflated (pdfkit deflates the pages' content). */
function objects(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  let out = raw;
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    try {
      out += inflateSync(bytes.subarray(start, raw.indexOf('endstream', start))).toString('latin1');
    } catch {
      // Not a deflated stream: its text is in `raw` already.
    }
  }
  return out;
}

/** Tagged (pdfinfo's word, from /MarkInfo << /Marked true >>), with a structure tree of `roles`, in `lang`. */
async function expectTagged(pdf: { bytes: Buffer; file: string }, lang: string, roles: string[]) {
  expect((await run('pdfinfo', [pdf.file])).stdout).toMatch(/^Tagged:\s+yes$/m);
  const tree = (await run('pdfinfo', ['-struct', pdf.file])).stdout;
  expect(tree.split('\n')[0]).toBe('Document');
  const found = new Set(tree.split('\n').map((line) => line.trim().split(/[\s:]/)[0]));
  for (const role of roles) expect(found, role).toContain(role);
  const text = objects(pdf.bytes);
  expect(text).toMatch(/\/StructTreeRoot \d+ 0 R/);
  expect(text.match(/\/Type \/Catalog\n[^]*?>>/)?.[0]).toContain(`/Lang (${lang})`);
  return text;
}

describe('before the school saves its profile', () => {
  it('neither PDF, in either language, prints a phone or an e-mail (the starting facts have none)', async () => {
    for (const lang of ['en', 'hi']) {
      for (const pdf of [await acknowledgment(lang), await receipt(lang)]) {
        const read = await pdftotext(pdf.file);
        expect(read).toContain(lang === 'hi' ? '203205' : 'Sikandrabad');
        expect(read).not.toMatch(/9876543210|9123456780|@|Phone|फ़ोन:|फ़ोन \d/);
        expect(
          read.replace(new RegExp(`${MOBILE}|${admission.referenceNumber}|${receiptNumber}`, 'g'), ''),
        ).not.toMatch(/\d{10}/);
      }
    }
  });
});

describe("the family's PDFs as a reader reads them", () => {
  beforeAll(async () => {
    // The school saves its office landline and e-mail.
    const db = new pg.Client({ connectionString: withDefaultUser(site.databaseUrl) });
    await db.connect();
    const d = defaultProfile();
    await db.query(
      `INSERT INTO school_profile (name_en, name_hi, address_en, address_hi, short_name, short_name_hi, phones, phones_e164, email) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        d.name.en,
        d.name.hi,
        d.address.en,
        d.address.hi,
        d.shortName,
        d.shortNameHi,
        [OFFICE_PHONE],
        ['+915735222345'],
        OFFICE_EMAIL,
      ],
    );
    await db.end();
    // The functions trust the profile they read for a few seconds: read it again now.
    school = remember(await readProfile());
    expect(officePhone(await schoolProfile())).toBe(OFFICE_PHONE);
  });
  it('the Hindi acknowledgment: every Hindi word back whole from pdftotext, tagged, in hi-IN with the English names marked en-IN', async () => {
    const pdf = await acknowledgment('hi');
    const page = new URL(statusUrl(admission.referenceNumber, 'hi'));
    const shown = [
      schoolName(school, 'hi'),
      schoolAddress(school, 'hi'),
      t('ack.pdf.phone', { phone: officePhone(school) }),
      t('ack.pdf.title'),
      t('ack.pdf.qr'),
      t('ack.reference'),
      t('ack.student'),
      t('ack.dateOfBirth'),
      t('ack.gender'),
      t('ack.gender.Female'),
      t('ack.class'),
      t('ack.submitted'),
      t('ack.aadhaar'),
      t('ack.mobile'),
      t('ack.address'),
      t('ack.documents'),
      ...PRIMARY_FILES.map((field) => documentLabel('hi', field)),
      t('ack.next'),
      t('ack.next.check'),
      t('ack.next.call', { mobile: MOBILE }),
      t('ack.next.status', { link: `${page.host}${page.pathname}` }),
      t('ack.pdf.footer'),
    ];
    const words = await expectHindiReadBack(pdf.file, shown);
    expect(words).toBeGreaterThan(120);
    console.log(`Hindi acknowledgment: ${words} Hindi words read back by pdftotext, none broken`);
    const text = await expectTagged(pdf, 'hi-IN', [
      'P',
      'H1',
      'H2',
      'Table',
      'TR',
      'TH',
      'TD',
      'L',
      'LI',
      'Lbl',
      'LBody',
      'Link',
      'Figure',
    ]);
    expect(text).toMatch(/\/Span <<[^>]*\/Lang \(en-IN\)[^>]*>> BDC/);
  });

  it('a Hindi receipt: every Hindi word back whole from pdftotext, tagged, in hi-IN', async () => {
    const pdf = await receipt('hi');
    const shown = [
      schoolName(school, 'hi'),
      schoolAddress(school, 'hi'),
      t('receipt.phone', { phone: officePhone(school) }),
      t('receipt.title'),
      t('receipt.number'),
      t('receipt.date'),
      t('receipt.student'),
      t('receipt.parent'),
      t('receipt.class'),
      t('receipt.session'),
      t('receipt.reference'),
      t('receipt.for'),
      t('receipt.purpose.admission'),
      t('receipt.paidBy'),
      t('receipt.mode.cash'),
      t('receipt.receivedBy'),
      t('receipt.amount'),
      'दो हज़ार रुपये मात्र',
      t('receipt.recorded', { time: '' }).trim(),
      t('receipt.signature'),
      t('receipt.pdf.footer'),
    ];
    const words = await expectHindiReadBack(pdf.file, shown);
    console.log(`Hindi receipt: ${words} Hindi words read back by pdftotext, none broken`);
    await expectTagged(pdf, 'hi-IN', ['P', 'H1', 'Table', 'TR', 'TH', 'TD']);
  });

  it('the English acknowledgment and receipt: tagged, in en-IN, their text as drawn', async () => {
    const ack = await acknowledgment('en');
    await expectTagged(ack, 'en-IN', ['P', 'H1', 'H2', 'Table', 'L', 'LI', 'Link', 'Figure']);
    const read = await pdftotext(ack.file);
    for (const text of [
      fill('en', 'ack.pdf.title'),
      fill('en', 'ack.next.check'),
      fill('en', 'ack.pdf.footer'),
      admission.referenceNumber,
      `Phone: ${OFFICE_PHONE}`,
    ])
      expect(read).toContain(text);
    const paid = await receipt('en');
    await expectTagged(paid, 'en-IN', ['P', 'H1', 'Table', 'TH', 'TD']);
    // The rupee sign is drawn in the Devanagari font: it reads as itself.
    const readPaid = await pdftotext(paid.file);
    expect(readPaid).toContain('₹2,000.00');
    expect(readPaid).toContain(`Phone ${OFFICE_PHONE} · ${OFFICE_EMAIL}`);
  });
});
