import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ApiClient } from '../support/api.ts';
import { FORM_TEXTS } from '../../src/lib/forms/texts.ts';
import { ENQUIRY_CASES, fieldError, validEnquiry } from '../unit/forms-cases.ts';
import { closeDb, count } from '../http/forms-fixtures.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

const post = (json: unknown) => new ApiClient().request('/v1/api/enquiry', { method: 'POST', json });
afterAll(closeDb);

describe('POST /v1/api/enquiry: the same table as the schema unit test', () => {
  it.each(ENQUIRY_CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    // Other test files store enquiries at the same time: each case is found by its own submission key.
    const submissionKey = randomUUID();
    const res = await post(Array.isArray(c.input) ? c.input : { ...c.input, submissionKey });
    const body = await res.json();
    if (!c.error) {
      expect(res.status).toBe(201);
      expect(body.message).toBe(FORM_TEXTS.enquirySuccess);
      expect(body.enquiry._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.enquiry.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      const { consent, ...typed } = validEnquiry();
      for (const [k, v] of Object.entries(typed))
        expect(body.enquiry[k]).toBe((c.input[k] as string | undefined)?.trim() ?? v);
      expect(consent).toBe('true');
      expect(body.enquiry.consent).toMatchObject({
        language: 'en',
        noticeVersion: expect.stringMatching(/^[0-9a-f]{12}$/),
      });
      expect(body.enquiry).not.toHaveProperty('favouriteColour');
      expect(await count('enquiries', 'submission_key = $1', [submissionKey])).toBe(1);
      return;
    }
    expect(res.status).toBe(400);
    expect(body.error).toBe(c.error);
    for (const f of c.fields ?? []) expect(body.fields).toHaveProperty(f, fieldError(c, f));
    expect(await count('enquiries', 'submission_key = $1', [submissionKey])).toBe(0);
  });
});

describe('POST /v1/api/enquiry: refusals', () => {
  it('bad JSON -> 400, not an object -> 400, over 32 KB -> 413', async () => {
    const client = new ApiClient();
    const bad = await client.request('/v1/api/enquiry', {
      method: 'POST',
      body: '{"studentName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Invalid JSON body', code: 'request.invalidJson' });
    const list = await post([validEnquiry()]);
    expect(list.status).toBe(400);
    const big = await post({ ...validEnquiry(), padding: 'x'.repeat(33 * 1024) });
    expect(big.status).toBe(413);
  });

  it('the honeypot filled -> 400 and nothing stored', async () => {
    const submissionKey = randomUUID();
    const res = await post({ ...validEnquiry(), website: 'http://spam.example', submissionKey });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: FORM_TEXTS.honeypot, code: 'form.honeypot' });
    expect(await count('enquiries', 'submission_key = $1', [submissionKey])).toBe(0);
  });

  it('the same submission key twice (a lost answer, sent again) stores one enquiry', async () => {
    const submissionKey = randomUUID();
    // A name holds no digits: the key's hex digits become letters.
    const name = `Idem ${submissionKey.slice(0, 8).replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;
    const first = await post({ ...validEnquiry(), studentName: name, submissionKey });
    const again = await post({ ...validEnquiry(), studentName: name, submissionKey });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect((await again.json()).enquiry._id).toBe((await first.json()).enquiry._id);
    expect(await count('enquiries', 'student_name = $1', [name])).toBe(1);
  });

  it('a wrong method -> 405 with Allow; listing needs a session', async () => {
    const put = await new ApiClient().request('/v1/api/enquiry', { method: 'PUT', json: validEnquiry() });
    expect([404, 405]).toContain(put.status);
    const list = await new ApiClient().request('/v1/api/enquiry');
    expect(list.status).toBe(401);
  });
});
