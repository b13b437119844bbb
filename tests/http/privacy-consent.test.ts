/**
 * The parent's consent on every public form (refused without it, nothing stored; kept as notice
 * version, time and language), the ABC ID's REFUSED and NOGEN answers, and a school that makes
 * Aadhaar voluntary (a second runtime whose copy of src/config/privacy.ts says so).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiClient, adminClient, baseURL } from '../support/api.ts';
import { startTestRuntime, RAISED_LIMITS, type TestRuntime } from '../support/runtime.ts';
import { MSG } from '../../src/lib/forms/texts.ts';
import { validEnquiry, validTc, validAdmission, FILE } from '../unit/forms-cases.ts';
import { ISO_RE, blobsWithContent, fileOf, pdf, png, token } from './admin-fixtures.ts';
import { closeDb, count } from './forms-fixtures.ts';
import type { Band } from '../../src/lib/classes.ts';

afterAll(closeDb);

const post = (path: string, init: { json?: unknown; body?: FormData }, base?: string) =>
  new ApiClient(base).request(path, { method: 'POST', ...init });

/** The notice version /privacy prints: what every consent must name. */
async function noticeVersion(): Promise<string> {
  const html = await (await fetch(`${baseURL()}/privacy/`)).text();
  return /data-notice-version[^>]*>([0-9a-f]{12})</.exec(html)![1]!;
}

/** An admission as multipart with its documents in the request; `leave` drops fields. */
function admissionForm(
  band: Band,
  patch: Record<string, string> = {},
  leave: string[] = [],
): { form: FormData; documents: Buffer[]; name: string } {
  const name = `Consent${token('')}`;
  const input: Record<string, string> = { ...validAdmission(band), studentFirstName: name, ...patch };
  const form = new FormData();
  const documents: Buffer[] = [];
  for (const [k, v] of Object.entries(input)) {
    if (leave.includes(k)) continue;
    if (v !== FILE) form.append(k, v);
    else {
      const bytes = k.endsWith('Photo')
        ? png(200, 200 + documents.length)
        : Buffer.concat([pdf(), Buffer.from(`%${token()}\n`)]);
      documents.push(bytes);
      form.append(
        k,
        fileOf(bytes, k.endsWith('Photo') ? 'image/png' : 'application/pdf'),
        k.endsWith('Photo') ? `${k}.png` : `${k}.pdf`,
      );
    }
  }
  return { form, documents, name };
}

describe('consent: refused without it, nothing stored', () => {
  it.each([undefined, false, 'false', 'on'])(
    'enquiry and TC request with consent %s: 400 with the consent message',
    async (consent) => {
      const studentName = `No consent ${token()}`;
      const enquiry = await post('/v1/api/enquiry', { json: { ...validEnquiry(), studentName, consent } });
      expect(enquiry.status).toBe(400);
      expect(await enquiry.json()).toMatchObject({ error: MSG.consent, fields: { consent: MSG.consent } });
      const tc = await post('/v1/api/tc-request', { json: { ...validTc(), studentName, consent } });
      expect(tc.status).toBe(400);
      expect((await tc.json()).error).toBe(MSG.consent);
      expect(await count('enquiries', 'student_name = $1', [studentName])).toBe(0);
      expect(await count('tc_requests', 'student_name = $1', [studentName])).toBe(0);
    },
  );

  it('admission (multipart, documents in the request) without consent=true: 400, no row, no document kept', async () => {
    const { form, documents, name } = admissionForm('primary', {}, ['consent']);
    const res = await post('/v1/api/admission', { body: form });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(MSG.consent);
    expect(await count('admissions', 'student_first_name = $1', [name])).toBe(0);
    for (const bytes of documents) expect(await blobsWithContent(bytes)).toBe(0);
  });
});

describe('consent: kept with the record, shown to the office', () => {
  it('enquiry (JSON true) keeps the notice version, the time and the language', async () => {
    const version = await noticeVersion();
    const before = Date.now();
    const res = await post('/v1/api/enquiry', { json: { ...validEnquiry(), consent: true, language: 'hi' } });
    expect(res.status).toBe(201);
    const { enquiry } = await res.json();
    expect(enquiry.consent).toEqual({ noticeVersion: version, at: expect.stringMatching(ISO_RE), language: 'hi' });
    expect(Date.parse(enquiry.consent.at)).toBeGreaterThanOrEqual(before - 1000);
    const admin = await adminClient();
    const details = await (await admin.request(`/v1/api/enquiry/${enquiry._id}`)).json();
    expect(details.consent).toEqual(enquiry.consent);
  });

  it('TC request (JSON true) and admission (multipart consent=true) keep theirs too', async () => {
    const version = await noticeVersion();
    const tc = await post('/v1/api/tc-request', { json: { ...validTc(), consent: true } });
    expect(tc.status).toBe(201);
    expect((await tc.json()).consent).toMatchObject({ noticeVersion: version, language: 'en' });
    const { form } = admissionForm('senior');
    const res = await post('/v1/api/admission', { body: form });
    expect(res.status).toBe(201);
    const { admission } = await res.json();
    const admin = await adminClient();
    const details = await (await admin.request(`/v1/api/admission/${admission._id}`)).json();
    expect(details.consent).toMatchObject({
      noticeVersion: version,
      language: 'en',
      at: expect.stringMatching(ISO_RE),
    });
  });
});

describe('ABC (APAAR) ID: REFUSED or NOGEN spares the ABC card', () => {
  it.each(['REFUSED', 'NOGEN'])('%s: stored as the ID, no ABC card asked for', async (answer) => {
    const { form, name } = admissionForm('middle', { abcId: answer.toLowerCase() }, ['abcCard']);
    const res = await post('/v1/api/admission', { body: form });
    expect(res.status).toBe(201);
    const { admission } = await res.json();
    const details = await (await (await adminClient()).request(`/v1/api/admission/${admission._id}`)).json();
    expect(details).toMatchObject({ studentFirstName: name, abcId: answer, abcCard: null });
  });

  it('a typed ID without the card is refused as before', async () => {
    const { form } = admissionForm('middle', {}, ['abcCard']);
    const res = await post('/v1/api/admission', { body: form });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(MSG.abcCard);
  });
});

describe('Aadhaar as the school sets it', () => {
  it('required (the default): an application or TC request without the number is refused', async () => {
    const { form } = admissionForm('primary', {}, ['studentAadharNo']);
    const res = await post('/v1/api/admission', { body: form });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(MSG.required);
    const { form: noCards } = admissionForm('primary', {}, [
      'studentAadharFile',
      'fatherAadharFile',
      'motherAadharFile',
    ]);
    expect((await (await post('/v1/api/admission', { body: noCards })).json()).error).toBe(MSG.aadharFiles);
    const tc = await post('/v1/api/tc-request', { json: { ...validTc(), aadharUid: '' } });
    expect((await tc.json()).error).toBe(MSG.required);
  });

  describe('voluntary (aadhaarRequired: false)', () => {
    let runtime: TestRuntime;
    beforeAll(async () => {
      runtime = await startTestRuntime(
        { ADMIN_EMAIL: 'voluntary@school.test', ADMIN_PASSWORD: 'correct horse battery staple', ...RAISED_LIMITS },
        {
          prepare: async (root) => {
            const file = join(root, 'src/config/privacy.ts');
            const text = await readFile(file, 'utf8');
            const changed = text.replace('aadhaarRequired: true', 'aadhaarRequired: false');
            if (changed === text) throw new Error('src/config/privacy.ts no longer says aadhaarRequired: true');
            await writeFile(file, changed);
          },
        },
      );
    }, 120_000);
    afterAll(() => runtime?.stop());

    it('an application without the Aadhaar number and cards is stored, with no Aadhaar at all', async () => {
      const { form, name } = admissionForm('primary', {}, [
        'studentAadharNo',
        'studentAadharFile',
        'fatherAadharFile',
        'motherAadharFile',
      ]);
      const res = await post('/v1/api/admission', { body: form }, runtime.url);
      expect(res.status, await res.clone().text()).toBe(201);
      const { admission } = await res.json();
      const admin = new ApiClient(runtime.url);
      await admin.login('voluntary@school.test', 'correct horse battery staple');
      const details = await (await admin.request(`/v1/api/admission/${admission._id}`)).json();
      expect(details).toMatchObject({
        studentFirstName: name,
        studentAadharNo: '',
        studentAadharFile: null,
        fatherAadharFile: null,
      });
    });

    it('a TC request without the number is stored; a wrong number is still refused', async () => {
      const res = await post('/v1/api/tc-request', { json: { ...validTc(), aadharUid: '' } }, runtime.url);
      expect(res.status).toBe(201);
      expect((await res.json()).aadharUid).toBe('');
      const wrong = await post(
        '/v1/api/tc-request',
        { json: { ...validTc(), aadharUid: '123412341234' } },
        runtime.url,
      );
      expect(wrong.status).toBe(400);
      expect((await wrong.json()).error).toBe(MSG.aadhaar);
    });
  });
});
