/**
 * Every refusal of the public form APIs carries `code` beside its English `error` (and `codes`
 * beside `fields`), so a Hindi page shows its own words: enquiry, admission, uploads, TC request,
 * the status checks and the acknowledgment. The codes are the text tables' codes.
 */
import { afterAll, describe, expect, it } from 'vitest';

import { FORM_TEXTS, REQUEST_TEXTS } from '../../src/lib/forms/texts.ts';
import { HI } from '../../src/lib/i18n/hi.ts';
import { fill, type TextCode } from '../../src/lib/i18n/index.ts';
import { ApiClient } from '../support/api.ts';
import { HTML, closeDb, count, fileForm, upload } from '../http/forms-fixtures.ts';
import { validEnquiry, validTc } from '../unit/forms-cases.ts';
import { site } from '../support/site.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

afterAll(closeDb);
const base = () => site('baseURL');

async function refusal(res: Response, status: number) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as {
    error: string;
    code: string;
    fields?: Record<string, string>;
    codes?: Record<string, string>;
  };
  // The code is a text table's, and the English error is that code's English text (its examples filled in).
  expect(fill('en', body.code as TextCode), body.code).toBe(body.error);
  expect(HI[body.code as TextCode]).toBeTruthy();
  if (body.fields) {
    expect(Object.keys(body.codes ?? {}).sort()).toEqual(Object.keys(body.fields).sort());
    for (const [field, code] of Object.entries(body.codes!))
      expect(fill('en', code as TextCode)).toBe(body.fields[field]);
  }
  return body;
}

const postJson = (path: string, json: unknown) => new ApiClient().request(path, { method: 'POST', json });

describe('enquiry refusals carry codes', () => {
  it('a failed check: the first rule’s code, and each field’s', async () => {
    const body = await refusal(
      await postJson('/v1/api/enquiry', { ...validEnquiry(), fatherMobile: '12345', language: 'hi' }),
      400,
    );
    expect(body).toMatchObject({
      error: FORM_TEXTS.fatherMobile,
      code: 'form.fatherMobile',
      codes: { fatherMobile: 'form.fatherMobile' },
    });
    const empty = await refusal(await postJson('/v1/api/enquiry', {}), 400);
    expect(empty.code).toBe('form.required');
    expect(empty.codes?.studentName).toBe('form.required');
  });

  it('a wrong type, the honeypot, bad JSON, another content type, another method, an unknown path', async () => {
    expect((await refusal(await postJson('/v1/api/enquiry', { ...validEnquiry(), studentName: 5 }), 400)).code).toBe(
      'form.wrongType',
    );
    expect((await refusal(await postJson('/v1/api/enquiry', { ...validEnquiry(), website: 'spam' }), 400)).code).toBe(
      'form.honeypot',
    );
    const client = new ApiClient();
    const json = { 'content-type': 'application/json' };
    expect(
      (await refusal(await client.request('/v1/api/enquiry', { method: 'POST', body: '{"a":', headers: json }), 400))
        .code,
    ).toBe('request.invalidJson');
    expect(
      (await refusal(await client.request('/v1/api/enquiry', { method: 'POST', body: '[1]', headers: json }), 400))
        .code,
    ).toBe('request.jsonObject');
    expect((await refusal(await client.request('/v1/api/enquiry', { method: 'POST', body: 'a=1' }), 415)).code).toBe(
      'request.jsonType',
    );
    expect(
      (
        await refusal(
          await client.request('/v1/api/enquiry', {
            method: 'POST',
            body: '{"studentName":"a\\u0000"}',
            headers: json,
          }),
          400,
        )
      ).code,
    ).toBe('request.invalidCharacters');
    expect((await refusal(await client.request('/v1/api/enquiry', { method: 'PUT' }), 405)).code).toBe(
      'request.methodNotAllowed',
    );
    expect((await refusal(await client.request('/v1/api/no-such-form'), 404)).code).toBe('request.notFound');
    const big = await client.request('/v1/api/enquiry', {
      method: 'POST',
      json: { ...validEnquiry(), padding: 'x'.repeat(33 * 1024) },
    });
    expect((await refusal(big, 413)).code).toBe('request.bodyTooLarge');
  });
});

describe('admission and upload refusals carry codes', () => {
  it('a failed check of an application names the rule and each field', async () => {
    const form = new FormData();
    form.append('band', 'senior');
    form.append('language', 'hi');
    const body = await refusal(await fetch(new URL('/v1/api/admission', base()), { method: 'POST', body: form }), 400);
    expect(body).toMatchObject({ error: FORM_TEXTS.required, code: 'form.required' });
    expect(body.codes?.studentFirstName).toBe('form.required');
  });

  it('another content type, an upload without a file, a file of the wrong kind', async () => {
    const notMultipart = await fetch(new URL('/v1/api/admission', base()), {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect((await refusal(notMultipart, 415)).code).toBe('request.multipartType');
    const noFile = new FormData();
    noFile.append('note', 'no file here');
    const none = await refusal(await fetch(new URL('/v1/api/uploads', base()), { method: 'POST', body: noFile }), 400);
    expect(none).toMatchObject({
      error: REQUEST_TEXTS.chooseFile,
      code: 'request.chooseFile',
      codes: { file: 'request.chooseFile' },
    });
    const html = await refusal(await upload(HTML, 'page.pdf'), 415);
    expect(html).toMatchObject({ code: 'form.fileType', codes: { file: 'form.fileType' } });
    const big = await fetch(new URL('/v1/api/uploads', base()), {
      method: 'POST',
      body: fileForm('file', Buffer.alloc(2 * 1024 * 1024 + 10), 'big.pdf'),
    });
    expect((await refusal(big, 413)).code).toBe('request.uploadInPieces');
    const tooBig = await fetch(new URL('/v1/api/uploads/pieces', base()), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'big.pdf', size: 10 * 1024 * 1024 + 1 }),
    });
    expect((await refusal(tooBig, 413)).code).toBe('form.fileTooLarge');
  });
});

describe('TC request refusals carry codes', () => {
  it('a failed check; the third request for one admission number is no refusal (stored, marked for the office)', async () => {
    const bad = await refusal(
      await postJson('/v1/api/tc-request', { ...validTc(), contact: '98', language: 'hi' }),
      400,
    );
    expect(bad).toMatchObject({ code: 'form.tcContact', codes: { contact: 'form.tcContact' } });
    const number = `CODES/${Date.now()}`;
    for (let i = 0; i < 2; i++)
      expect(
        (await postJson('/v1/api/tc-request', { ...validTc(), admissionNumber: number, language: 'hi' })).status,
      ).toBe(201);
    expect(await count('tc_requests', "admission_number = $1 AND language = 'hi'", [number])).toBe(2);
    const third = await postJson('/v1/api/tc-request', { ...validTc(), admissionNumber: number });
    expect(third.status).toBe(201);
    expect((await third.json()).overLimit).toBe(true);
  });
});

describe('status checks and the acknowledgment carry codes', () => {
  it('a malformed lookup in Hindi: Hindi words, with their codes; an unknown pair: 404 with its code', async () => {
    const res = await postJson('/v1/api/admission/status', { referenceNumber: 'x', contactNo: '12', language: 'hi' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.codes).toEqual({
      referenceNumber: 'statusCheck.error.reference',
      contactNo: 'statusCheck.error.mobile',
    });
    expect(body.fields.contactNo).toBe(fill('hi', 'statusCheck.error.mobile'));
    expect(body.code).toBe('statusCheck.error.reference');
    const unknown = await refusal(
      await postJson('/v1/api/admission/status', { referenceNumber: 'RMCP-2026-987651', contactNo: '9000000009' }),
      404,
    );
    expect(unknown.code).toBe('statusCheck.notFound.admission');
    const tc = await refusal(
      await postJson('/v1/api/tc-request/status', { admissionNumber: 'NOPE/1', contactNo: '9000000009' }),
      404,
    );
    expect(tc.code).toBe('statusCheck.notFound.tc');
  });

  it('the acknowledgment: a missing number 400 and an unknown pair 404, with codes', async () => {
    const client = new ApiClient();
    const missing = await refusal(
      await client.request('/v1/api/admission/acknowledgment?referenceNumber=&contactNo=9000000009'),
      400,
    );
    expect(missing).toMatchObject({ code: 'ack.error.reference', codes: { referenceNumber: 'ack.error.reference' } });
    const unknown = await refusal(
      await client.request('/v1/api/admission/acknowledgment?referenceNumber=RMCP-2026-987651&contactNo=9000000009'),
      404,
    );
    expect(unknown.code).toBe('ack.notFound');
  });
});
