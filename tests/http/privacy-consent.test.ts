/**
 * The parent's consent kept as the notice version the built /privacy/ page prints, with the time and the
 * language; and a school that makes Aadhaar voluntary (a second runtime whose copy of src/config/privacy.ts
 * says so). Refusals and the ABC ID are tests/api/privacy-consent.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiClient, adminClient, baseURL } from '../support/api.ts';
import { startTestRuntime, RAISED_LIMITS, type TestRuntime } from '../support/runtime.ts';
import { FORM_TEXTS } from '../../src/lib/forms/texts.ts';
import { validEnquiry, validTc } from '../unit/forms-cases.ts';
import { ISO_RE, consentAdmissionForm as admissionForm } from './admin-fixtures.ts';

const post = (path: string, init: { json?: unknown; body?: FormData }, base?: string) =>
  new ApiClient(base).request(path, { method: 'POST', ...init });

/** The notice version /privacy prints: what every consent must name. */
async function noticeVersion(): Promise<string> {
  const html = await (await fetch(`${baseURL()}/privacy/`)).text();
  return /data-notice-version[^>]*>([0-9a-f]{12})</.exec(html)![1]!;
}

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

describe('Aadhaar as the school sets it', () => {
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
      const { form, name } = admissionForm('pre-primary', {}, [
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
      expect((await wrong.json()).error).toBe(FORM_TEXTS.aadhaar);
    });
  });
});
