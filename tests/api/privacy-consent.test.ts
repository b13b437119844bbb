/**
 * The parent's consent on every public form (refused without it, nothing stored), the ABC ID's REFUSED and
 * NOGEN answers, and Aadhaar required by default. What is stored with a consent (the notice version the built
 * /privacy/ page prints) and a school that makes Aadhaar voluntary are tests/http/privacy-consent.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient } from '../support/api.ts';
import { useApiSite } from '../support/in-process-site.ts';
import { FORM_TEXTS } from '../../src/lib/forms/texts.ts';
import { validEnquiry, validTc } from '../unit/forms-cases.ts';
import { blobsWithContent, consentAdmissionForm as admissionForm, token } from '../http/admin-fixtures.ts';
import { closeDb, count } from '../http/forms-fixtures.ts';

useApiSite();
afterAll(closeDb);

const post = (path: string, init: { json?: unknown; body?: FormData }) =>
  new ApiClient().request(path, { method: 'POST', ...init });

describe('consent: refused without it, nothing stored', () => {
  it.each([undefined, false, 'false', 'on'])(
    'enquiry and TC request with consent %s: 400 with the consent message',
    async (consent) => {
      const studentName = `No consent ${token()}`;
      const enquiry = await post('/v1/api/enquiry', { json: { ...validEnquiry(), studentName, consent } });
      expect(enquiry.status).toBe(400);
      expect(await enquiry.json()).toMatchObject({
        error: FORM_TEXTS.consent,
        fields: { consent: FORM_TEXTS.consent },
      });
      const tc = await post('/v1/api/tc-request', { json: { ...validTc(), studentName, consent } });
      expect(tc.status).toBe(400);
      expect((await tc.json()).error).toBe(FORM_TEXTS.consent);
      expect(await count('enquiries', 'student_name = $1', [studentName])).toBe(0);
      expect(await count('tc_requests', 'student_name = $1', [studentName])).toBe(0);
    },
  );

  it('admission (multipart, documents in the request) without consent=true: 400, no row, no document kept', async () => {
    const { form, documents, name } = admissionForm('pre-primary', {}, ['consent']);
    const res = await post('/v1/api/admission', { body: form });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(FORM_TEXTS.consent);
    expect(await count('admissions', 'student_first_name = $1', [name])).toBe(0);
    for (const bytes of documents) expect(await blobsWithContent(bytes)).toBe(0);
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
    expect((await res.json()).error).toBe(FORM_TEXTS.abcCard);
  });
});

describe('Aadhaar as the school sets it', () => {
  it('required (the default): an application or TC request without the number is refused', async () => {
    const { form } = admissionForm('pre-primary', {}, ['studentAadharNo']);
    const res = await post('/v1/api/admission', { body: form });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(FORM_TEXTS.required);
    const { form: noCards } = admissionForm('pre-primary', {}, [
      'studentAadharFile',
      'fatherAadharFile',
      'motherAadharFile',
    ]);
    expect((await (await post('/v1/api/admission', { body: noCards })).json()).error).toBe(FORM_TEXTS.aadharFiles);
    const tc = await post('/v1/api/tc-request', { json: { ...validTc(), aadharUid: '' } });
    expect((await tc.json()).error).toBe(FORM_TEXTS.required);
  });
});
