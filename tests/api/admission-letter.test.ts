/**
 * The admission letter: GET /v1/api/admission/letter, an admitted family's A4 PDF, proven and
 * limited like the acknowledgment, read back with poppler's pdftotext in English and in Hindi; and
 * its settings per session (GET/PUT /v1/api/admission/letter-settings: staff read, the principal
 * sets, audited before and after). Each test calls the letter from a loopback address of its own,
 * so the status check's per-address limits, which the letter shares, count only its own calls.
 */
import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, baseURL, staffClient, type Json } from '../support/api.ts';
import { auditOf, createAdmission, token, type CreatedAdmission } from '../http/admin-fixtures.ts';
import { closeDb, db } from '../http/forms-fixtures.ts';
import { fees } from '../../src/config/fees.ts';
import { site } from '../../src/config/site.ts';
import { limits } from '../../src/config/limits.ts';
import { dateInIndia } from '../../src/lib/dates.ts';
import { fill } from '../../src/lib/i18n/index.ts';
import { formatRupees } from '../../src/lib/money.ts';
import { sessionOf } from '../../src/lib/sessions.ts';
import { DEFAULT_ORIGINALS } from '../../src/features/admission/letter.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

const run = promisify(execFile);
const PATH = '/v1/api/admission/letter';
const SETTINGS = '/v1/api/admission/letter-settings';
const MOBILE = '9988776655';
const SESSION = sessionOf();
const WRONG_PER_ADDRESS = limits.statusWrongTriesPerAddress.max;
const NO_MATCH = { error: 'No application matches this reference number and mobile number.', code: 'ack.notFound' };
const PAID_RUPEES = 2000;

/** A loopback address no other test uses (Linux routes all of 127.0.0.0/8 to the loopback interface). */
const freshAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GET `path` of the test site from the loopback address `from`. */
function getFrom(from: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: new URL(baseURL()).port, localAddress: from, agent: false, method: 'GET', path },
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

const letterQuery = (referenceNumber: string, contactNo: string, lang?: string) =>
  `${PATH}?${new URLSearchParams({ referenceNumber, contactNo, ...(lang ? { lang } : {}) })}`;

let office: ApiClient;
let principal: ApiClient;
let admitted: CreatedAdmission;
let admissionNumber: string;
let dir: string;

async function ok(client: ApiClient, path: string, init: Parameters<ApiClient['request']>[1] = {}): Promise<Json> {
  const res = await client.request(path, init);
  if (res.status >= 300) throw new Error(`${init?.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}
const move = (id: string, status: string) =>
  ok(office, `/v1/api/admission/${id}`, { method: 'PATCH', json: { status } });

/** An application taken through the desk to Admitted (its documents verified on the way). */
async function admit(admission: CreatedAdmission): Promise<void> {
  await move(admission._id, 'under-review');
  for (const field of Object.keys(admission.files))
    await ok(office, `/v1/api/admission/${admission._id}/documents/${field}`, {
      method: 'PATCH',
      json: { state: 'verified' },
    });
  await move(admission._id, 'documents-verified');
  await move(admission._id, 'admitted');
}

/** What pdftotext reads of `bytes`, its whitespace made single spaces. */
async function pdftotext(bytes: Buffer, name: string): Promise<string> {
  const file = join(dir, `${name}.pdf`);
  await writeFile(file, bytes);
  return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout.replace(/\s+/g, ' ').trim();
}

async function letterText(lang: 'en' | 'hi', name: string): Promise<string> {
  const res = await getFrom(freshAddress(), letterQuery(admitted.referenceNumber, MOBILE, lang));
  expect(res.status, res.body.toString()).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toBe(
    `attachment; filename="admission-letter-${admitted.referenceNumber}.pdf"`,
  );
  const text = await pdftotext(res.body, name);
  const file = join(dir, `${name}.pdf`);
  const info = (await run('pdfinfo', [file])).stdout;
  // One A4 page.
  expect(info).toMatch(/^Pages:\s+1$/m);
  expect(info).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)$/m);
  return text;
}

const SETTINGS_BODY = {
  session: SESSION,
  reportingDate: `${SESSION.slice(0, 4)}-04-06`,
  reportingTime: '09:30',
  originals: [
    { en: 'Birth certificate of the child', hi: 'बच्चे का जन्म प्रमाण पत्र' },
    { en: 'Aadhaar card of the child', hi: 'बच्चे का आधार कार्ड' },
    { en: 'Six passport-size photographs', hi: 'छह पासपोर्ट आकार की फ़ोटो' },
  ],
  words: {
    en: 'Welcome to the school family. Please come with both parents on the reporting day.',
    hi: 'विद्यालय परिवार में आपका स्वागत है। उपस्थिति के दिन माता-पिता दोनों साथ आएँ।',
  },
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'admission-letter-'));
  office = (await staffClient('office', `Letter ${token('')}`)).client;
  principal = await adminClient();
  admitted = await createAdmission();
  await admit(admitted);
  await ok(office, `/v1/api/admission/${admitted._id}/payments`, {
    method: 'POST',
    json: { amount: PAID_RUPEES, mode: 'cash', reference: '', paidOn: dateInIndia() },
  });
  const pupil = (
    await db().query<{ id: string; admission_number: string }>(
      'SELECT id, admission_number FROM pupils WHERE admission_id = $1',
      [admitted._id],
    )
  ).rows[0]!;
  admissionNumber = pupil.admission_number;
}, 300_000);
afterAll(async () => {
  await closeDb();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('GET /v1/api/admission/letter', () => {
  it('before the principal sets the session: the office will tell the reporting date, the default originals, section to be told, the fee paid and due (English)', async () => {
    const text = await letterText('en', 'unset-en');
    const { first, middle, last } = admitted.names;
    const due = fees.admission['K.G'] * 100 - PAID_RUPEES * 100;
    for (const expected of [
      site.contact.name,
      'Admission letter',
      `${first} ${middle} ${last}`,
      admissionNumber,
      'K.G',
      'To be told by the school office',
      SESSION,
      admitted.referenceNumber,
      'The school office will tell you the reporting date.',
      `Fee paid ${formatRupees(PAID_RUPEES * 100)}`,
      `Fee due ${formatRupees(due)}`,
      fill('en', 'letter.words.default'),
      'Original documents to bring',
      ...DEFAULT_ORIGINALS.map((code) => fill('en', code)),
      'Principal',
      '(signature and stamp)',
    ])
      expect(text, expected).toContain(expected);
  });

  it('with the settings saved and a section given: every field in English and in Hindi', async () => {
    expect((await principal.request(SETTINGS, { method: 'PUT', json: SETTINGS_BODY })).status).toBe(200);
    const pupil = (await db().query<{ id: string }>('SELECT id FROM pupils WHERE admission_id = $1', [admitted._id]))
      .rows[0]!;
    await ok(office, `/v1/api/register/${pupil.id}`, { method: 'PATCH', json: { section: 'B' } });

    const en = await letterText('en', 'set-en');
    const day = new Date(`${SETTINGS_BODY.reportingDate}T12:00:00+05:30`);
    const enDate = new Intl.DateTimeFormat('en-IN', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    }).format(day);
    for (const expected of [
      admissionNumber,
      `Section B`,
      `${enDate}, at 9:30 am`,
      SETTINGS_BODY.words.en,
      ...SETTINGS_BODY.originals.map((o) => o.en),
    ])
      expect(en, expected).toContain(expected);
    expect(en).not.toContain('The school office will tell you the reporting date.');
    expect(en).not.toContain(fill('en', 'letter.original.marks'));

    const hi = await letterText('hi', 'set-hi');
    const hiDate = new Intl.DateTimeFormat('hi-IN', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    }).format(day);
    for (const expected of [
      site.contact.hindiName,
      'प्रवेश पत्र',
      'प्रवेश संख्या',
      admissionNumber,
      'कक्षा',
      'K.G',
      'वर्ग (सेक्शन) B',
      `सत्र ${SESSION}`,
      `${hiDate}, समय प्रातः 9:30 बजे`,
      `जमा शुल्क ${formatRupees(PAID_RUPEES * 100)}`,
      'शेष शुल्क',
      'साथ लाए जाने वाले मूल प्रमाण पत्र',
      SETTINGS_BODY.words.hi,
      ...SETTINGS_BODY.originals.map((o) => o.hi),
      'प्रधानाचार्य',
      '(हस्ताक्षर एवं मुहर)',
    ])
      expect(hi, expected).toContain(expected);
    // No English words of the letter's own in the Hindi letter.
    expect(hi).not.toContain('Admission letter');
    expect(hi).not.toContain(SETTINGS_BODY.words.en);
  });

  it('refuses an application not admitted yet: 409 letter.notAdmitted, in the language asked for', async () => {
    const waiting = await createAdmission();
    const res = await getFrom(freshAddress(), letterQuery(waiting.referenceNumber, MOBILE, 'hi'));
    expect(res.status).toBe(409);
    expect(JSON.parse(res.body.toString())).toMatchObject({
      code: 'letter.notAdmitted',
      error: fill('hi', 'letter.notAdmitted'),
    });
  });

  it("answers a wrong mobile number with the acknowledgment's own 404, byte for byte", async () => {
    const from = freshAddress();
    const letter = await getFrom(from, letterQuery(admitted.referenceNumber, '9123456780'));
    const ack = await getFrom(
      from,
      `/v1/api/admission/acknowledgment?${new URLSearchParams({ referenceNumber: admitted.referenceNumber, contactNo: '9123456780' })}`,
    );
    expect(letter.status).toBe(404);
    expect(JSON.parse(letter.body.toString())).toEqual(NO_MATCH);
    expect(letter.body.equals(ack.body)).toBe(true);
  });

  it('refuses what cannot be a reference or a mobile number: 400 naming both', async () => {
    const res = await getFrom(freshAddress(), letterQuery('12345', '99'));
    expect(res.status).toBe(400);
    expect(Object.keys(JSON.parse(res.body.toString()).fields).sort()).toEqual(['contactNo', 'referenceNumber']);
  });

  it(`shares the status check's limits: ${WRONG_PER_ADDRESS} wrong tries from one address, then 429 for the right pair, on the letter and the acknowledgment`, async () => {
    const from = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < WRONG_PER_ADDRESS; i++)
      statuses.push(
        (await getFrom(from, letterQuery(admitted.referenceNumber, `90000${String(i).padStart(5, '0')}`))).status,
      );
    expect(statuses).toEqual(Array(WRONG_PER_ADDRESS).fill(404));
    const refused = await getFrom(from, letterQuery(admitted.referenceNumber, MOBILE));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const ack = await getFrom(
      from,
      `/v1/api/admission/acknowledgment?${new URLSearchParams({ referenceNumber: admitted.referenceNumber, contactNo: MOBILE })}`,
    );
    expect(ack.status).toBe(429);
    expect((await getFrom(freshAddress(), letterQuery(admitted.referenceNumber, MOBILE))).status).toBe(200);
  });

  it("the admitted family's letter says the admission letter is on the status page, whose link carries the reference only", async () => {
    // The decision's letter, with the payment's news merged into it while both wait to be sent.
    const { rows } = await db().query<{ body: string }>(
      `SELECT body FROM messages WHERE record_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [admitted._id],
    );
    const link = `${site.url}/admissions/status?ref=${admitted.referenceNumber}`;
    expect(rows[0]?.body).toContain(fill('en', 'message.admission.letter', { link }));
    expect(rows[0]?.body).not.toContain(MOBILE);
  });
});

describe('GET and PUT /v1/api/admission/letter-settings', () => {
  const NEXT = `${Number(SESSION.slice(0, 4)) + 1}-${String((Number(SESSION.slice(0, 4)) + 2) % 100).padStart(2, '0')}`;

  it('a session not saved answers the defaults with no reporting date; signed out 401', async () => {
    expect((await new ApiClient().request(`${SETTINGS}?session=${NEXT}`)).status).toBe(401);
    const body = await ok(office, `${SETTINGS}?session=${NEXT}`);
    expect(body).toMatchObject({
      session: NEXT,
      saved: false,
      reportingDate: null,
      reportingTime: null,
      words: { en: fill('en', 'letter.words.default'), hi: fill('hi', 'letter.words.default') },
      updatedAt: null,
    });
    expect(body.originals).toHaveLength(DEFAULT_ORIGINALS.length);
    expect(body.sessions).toContain(SESSION);
  });

  it('office staff read but may not change them: 403 principal-only, nothing stored', async () => {
    const res = await office.request(SETTINGS, { method: 'PUT', json: { ...SETTINGS_BODY, session: NEXT } });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('principal-only');
    expect((await ok(office, `${SETTINGS}?session=${NEXT}`)).saved).toBe(false);
  });

  it('refuses what is wrong, naming each field, and stores nothing', async () => {
    const res = await principal.request(SETTINGS, {
      method: 'PUT',
      json: {
        session: NEXT,
        reportingDate: '2027-02-30',
        reportingTime: '25:00',
        originals: [{ en: 'Birth certificate', hi: '' }],
        words: { en: 'x'.repeat(2001), hi: 'ठीक' },
      },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(Object.keys(body.fields).sort()).toEqual(['originals', 'reportingDate', 'reportingTime', 'words']);
    const noTime = await principal.request(SETTINGS, {
      method: 'PUT',
      json: { ...SETTINGS_BODY, session: NEXT, reportingDate: null, reportingTime: '10:00' },
    });
    expect(noTime.status).toBe(400);
    expect(Object.keys((await noTime.json()).fields)).toEqual(['reportingTime']);
    expect((await ok(principal, `${SETTINGS}?session=${NEXT}`)).saved).toBe(false);
  });

  it('the principal saves them (200, audited with before and after), and changes them again', async () => {
    const first = await ok(principal, SETTINGS, { method: 'PUT', json: { ...SETTINGS_BODY, session: NEXT } });
    expect(first).toMatchObject({
      session: NEXT,
      saved: true,
      reportingDate: SETTINGS_BODY.reportingDate,
      reportingTime: '09:30',
      originals: SETTINGS_BODY.originals,
      words: SETTINGS_BODY.words,
    });
    const second = await ok(principal, SETTINGS, {
      method: 'PUT',
      json: { ...SETTINGS_BODY, session: NEXT, reportingTime: null },
    });
    expect(second.reportingTime).toBeNull();
    expect(await ok(office, `${SETTINGS}?session=${NEXT}`)).toEqual(second);

    const entries = await auditOf(principal, 'admission-letter', NEXT);
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'update']);
    const update = entries.find((e) => e.action === 'update')!;
    expect(JSON.parse(update.detail)).toEqual({ before: { reportingTime: '09:30' }, after: { reportingTime: null } });
    const create = entries.find((e) => e.action === 'create')!;
    expect(JSON.parse(create.detail).after.reportingDate).toBe(SETTINGS_BODY.reportingDate);
  });
});
