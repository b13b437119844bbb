/**
 * GET /v1/api/admission/acknowledgment: the PDF a parent keeps, proven by the reference number and
 * the form's mobile number. Read back as a reader would (text, link, the QR code decoded). Each test
 * calls from a loopback address of its own, so the status check's per-address limits, which the
 * acknowledgment shares (tested last), count only its own calls.
 */
import { request } from 'node:http';
import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { site } from '../../src/config/site.ts';
import { fileLabel } from '../../src/features/admission/admission.ts';
import { HI_FORMS } from '../../src/lib/i18n/hi.ts';
import { PRIMARY_FILES, aadhaar, createAdmission, type CreatedAdmission } from '../http/admin-fixtures.ts';
import { baseURL, requestFrom } from '../support/api.ts';
import { readPdf } from '../support/pdf.ts';
import { limits } from '../../src/config/limits.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

const PATH = '/v1/api/admission/acknowledgment';
const MOBILE = '9988776655';
const WRONG_PER_ADDRESS = limits.statusWrongTriesPerAddress.max;

/**
 * Hindi text as compared with what pdf.js reads back from the PDF: it reads a shaped word's glyphs
 * in the order they are drawn, so the vowel sign ि comes before its consonant and a reph (र्) after
 * its syllable. Both sides without those two, and the viramas, compare equal.
 */
const asRead = (text: string) => text.replace(/\s+/g, ' ').replace(/र्/g, '').replace(/[ि्]/g, '');
const NO_MATCH = { error: 'No application matches this reference number and mobile number.', code: 'ack.notFound' };

/** A loopback address no other test uses (Linux routes all of 127.0.0.0/8 to the loopback interface). */
const freshAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GET `path` of the test runtime from the loopback address `from`. */
function getFrom(from: string, path: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: new URL(baseURL()).port, localAddress: from, agent: false, method, path },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const query = (referenceNumber: string, contactNo: string, lang?: string) =>
  `${PATH}?${new URLSearchParams({ referenceNumber, contactNo, ...(lang ? { lang } : {}) })}`;

let admission: CreatedAdmission;
let aadhaarNo: string;
beforeAll(async () => {
  aadhaarNo = aadhaar();
  admission = await createAdmission({ studentAadharNo: aadhaarNo });
});

describe('GET /v1/api/admission/acknowledgment', () => {
  it('answers the English PDF: one page under 100 KB with the school, the facts, the documents, and a QR code and link to the status page', async () => {
    const res = await getFrom(freshAddress(), query(admission.referenceNumber, MOBILE));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="acknowledgment-${admission.referenceNumber}.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.body.length).toBeLessThan(100 * 1024);
    console.log(`acknowledgment PDF (English): ${res.body.length} bytes`);

    const pdf = await readPdf(res.body);
    expect(pdf.pages).toBe(1);
    const { first, middle, last } = admission.names;
    // A long value may wrap: compare with the lines joined.
    const text = pdf.text.replace(/\s+/g, ' ');
    for (const expected of [
      site.contact.name,
      site.contact.address,
      admission.referenceNumber,
      `${first} ${middle} ${last}`,
      'K.G',
      `XXXX XXXX ${aadhaarNo.slice(-4)}`,
      MOBILE,
      'Documents received',
      'What happens next',
      'www.rmcpschool.in/admissions/status',
    ]) {
      expect(text).toContain(expected);
    }
    for (const field of PRIMARY_FILES) expect(text).toContain(fileLabel(field));
    // The whole Aadhaar number is never printed.
    expect(text).not.toContain(aadhaarNo.slice(0, 8));
    const status = `${site.url}/admissions/status?ref=${admission.referenceNumber}`;
    expect(pdf.qr).toBe(status);
    expect(pdf.links).toEqual([status]);
    // Latin text only: the Devanagari font file is not embedded.
    const fonts = [
      ...new Set([...res.body.toString('latin1').matchAll(/\/BaseFont \/([A-Z]{6}\+[\w-]+)/g)].map((m) => m[1]!)),
    ];
    expect(fonts.filter((f) => f.endsWith('+NotoSansDevanagari-Regular'))).toHaveLength(1);
  });

  it('answers the Hindi PDF with the Devanagari font embedded and the same reference and QR code', async () => {
    const res = await getFrom(freshAddress(), query(admission.referenceNumber, MOBILE, 'hi'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.body.length).toBeLessThan(100 * 1024);
    console.log(`acknowledgment PDF (Hindi): ${res.body.length} bytes`);

    const pdf = await readPdf(res.body);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain(admission.referenceNumber);
    expect(pdf.text).toContain(`XXXX XXXX ${aadhaarNo.slice(-4)}`);
    // Words whose glyphs come in their written order read back as typed (a shaped vowel sign before its consonant may not).
    expect(pdf.text).toContain('प्रवेश आवेदन की पावती');
    expect(pdf.text).toContain('आवेदन क्रमांक');
    // The QR code and the link lead to the Hindi status page.
    const status = `${site.url}/hi/admissions/status?ref=${admission.referenceNumber}`;
    expect(pdf.qr).toBe(status);
    expect(pdf.links).toEqual([status]);
    // The school's Hindi name and address, the documents by their Hindi names and none by its English one.
    for (const expected of [
      site.contact.hindiName,
      site.contact.hindiAddress,
      ...PRIMARY_FILES.map((f) => HI_FORMS.admission.fields[f].label),
    ]) {
      expect(asRead(pdf.text)).toContain(asRead(expected));
    }
    expect(pdf.text).toContain('जन्म प्रमाण पत्र');
    for (const field of PRIMARY_FILES) expect(pdf.text).not.toContain(fileLabel(field));
    expect(pdf.text).not.toContain(site.contact.address);
    // Embedded subsets (6-letter tag + name), the Latin and the Devanagari files of Noto Sans Devanagari.
    const fonts = [
      ...new Set([...res.body.toString('latin1').matchAll(/\/BaseFont \/([A-Z]{6}\+[\w-]+)/g)].map((m) => m[1]!)),
    ];
    expect(fonts.filter((f) => f.endsWith('+NotoSansDevanagari-Regular')).length).toBe(2);
    expect(res.body.toString('latin1')).toContain('/FontFile2');
  });

  it('prints a name typed in Devanagari in its own font, in the English PDF too', async () => {
    const hindi = await createAdmission({
      studentFirstName: 'क्षितिज',
      studentMiddleName: 'श्री',
      studentLastName: 'शर्मा',
    });
    const res = await getFrom(freshAddress(), query(hindi.referenceNumber, MOBILE));
    expect(res.status).toBe(200);
    const fonts = [
      ...new Set([...res.body.toString('latin1').matchAll(/\/BaseFont \/([A-Z]{6}\+[\w-]+)/g)].map((m) => m[1]!)),
    ];
    expect(fonts.filter((f) => f.endsWith('+NotoSansDevanagari-Bold'))).toHaveLength(2);
    const pdf = await readPdf(res.body);
    expect(pdf.text).toContain('श्री');
    expect(pdf.text).toContain(hindi.referenceNumber);
  });

  it('takes the reference and the mobile number as people type them', async () => {
    const res = await getFrom(
      freshAddress(),
      query(` ${admission.referenceNumber.toLowerCase()} `, `+91 ${MOBILE.slice(0, 5)} ${MOBILE.slice(5)}`),
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
  });

  it('answers a wrong mobile number and an unknown reference number alike: 404 with the same body', async () => {
    const from = freshAddress();
    const wrongMobile = await getFrom(from, query(admission.referenceNumber, '9123456780'));
    const [year, sequence] = admission.referenceNumber.split('-').slice(1);
    const unknown = await getFrom(
      from,
      query(`RMCP-${year}-${String(Number(sequence) + 900000).padStart(6, '0')}`, MOBILE),
    );
    for (const res of [wrongMobile, unknown]) {
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.body.toString())).toEqual(NO_MATCH);
    }
    expect(unknown.body.equals(wrongMobile.body)).toBe(true);
    expect(unknown.headers['content-length']).toBe(wrongMobile.headers['content-length']);
  });

  it('refuses what cannot be a reference or a mobile number: 400 naming both', async () => {
    const res = await getFrom(freshAddress(), query('12345', '99'));
    expect(res.status).toBe(400);
    const body = JSON.parse(res.body.toString());
    expect(Object.keys(body.fields).sort()).toEqual(['contactNo', 'referenceNumber']);
    const missing = await getFrom(freshAddress(), PATH);
    expect(missing.status).toBe(400);
  });

  it('takes GET and HEAD only', async () => {
    const head = await getFrom(freshAddress(), query(admission.referenceNumber, MOBILE), 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const post = await getFrom(freshAddress(), query(admission.referenceNumber, MOBILE), 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it(`shares the status check's limits: ${WRONG_PER_ADDRESS} wrong tries an hour from one address, then 429 even for the right pair, there and on the status page`, async () => {
    const from = freshAddress();
    const statuses: number[] = [];
    // Right tries do not use up the wrong ones.
    for (let i = 0; i < 3; i++) statuses.push((await getFrom(from, query(admission.referenceNumber, MOBILE))).status);
    for (let i = 0; i < WRONG_PER_ADDRESS; i++)
      statuses.push(
        (await getFrom(from, query(admission.referenceNumber, `90000${String(i).padStart(5, '0')}`))).status,
      );
    expect(statuses).toEqual([200, 200, 200, ...Array(WRONG_PER_ADDRESS).fill(404)]);
    const refused = await getFrom(from, query(admission.referenceNumber, MOBILE));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Switching to the status check buys no more guesses.
    const status = await requestFrom(baseURL(), from, 'POST', '/v1/api/admission/status', {
      referenceNumber: admission.referenceNumber,
      contactNo: MOBILE,
    });
    expect(status.status).toBe(429);
    // Another address is not held back: the wrong tries against this reference number lock nobody out.
    expect((await getFrom(freshAddress(), query(admission.referenceNumber, MOBILE))).status).toBe(200);
  });

  it('never refuses the right pair for what others tried against its reference number, from any addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await getFrom(freshAddress(), query(admission.referenceNumber, `91000000${10 + i}`))).status);
    expect(statuses).toEqual(Array(8).fill(404));
    expect((await getFrom(freshAddress(), query(admission.referenceNumber, MOBILE))).status).toBe(200);
  });
});
