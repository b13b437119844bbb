import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';

import { BANDS, type Band } from '../../src/lib/classes.ts';
import { BANDS_DEF, bandFiles, type FileField } from '../../src/features/admission/admission.ts';
import { FORM_TEXTS } from '../../src/lib/forms/texts.ts';
import { adminClient } from '../support/api.ts';
import { FILE, admissionCases, fieldError, validAdmission } from '../unit/forms-cases.ts';
import {
  HTML,
  JPEG,
  PDF,
  PNG,
  closeDb,
  count,
  db,
  padded,
  sha256,
  stage,
  storedCopies,
  unique,
} from '../http/forms-fixtures.ts';
import { site } from '../support/site.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

afterAll(closeDb);
const MB2 = 2 * 1024 * 1024;
/** Other test files store admissions at the same time: a refusal is checked by its own submission key. */
const storedWithKey = (key: string) => count('admissions', 'submission_key = $1', [key]);

function form(input: Record<string, unknown>, files: Record<string, { data: Buffer; name: string }> = {}): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(input)) body.append(k, String(v));
  for (const [k, f] of Object.entries(files)) body.append(k, new Blob([new Uint8Array(f.data)]), f.name);
  return body;
}
const post = (body: FormData) => fetch(new URL('/v1/api/admission', site('baseURL')), { method: 'POST', body });

/** A document for each field, in turns PNG, JPEG and PDF, each with its own bytes. */
function documentFor(field: string, i: number, size = 0): { data: Buffer; name: string } {
  const kinds = [
    [PNG, 'png'],
    [JPEG, 'jpg'],
    [PDF, 'pdf'],
  ] as const;
  const [head, ext] = kinds[i % 3]!;
  return {
    data: size ? padded(head, size, i) : Buffer.concat([head, Buffer.from(`\n%${field}`)]),
    name: `${field}.${ext}`,
  };
}

async function stagedAdmission(band: Band, patch: Record<string, string> = {}) {
  const input: Record<string, string> = { ...validAdmission(band), ...patch };
  const docs: Partial<Record<FileField, { data: Buffer; name: string }>> = {};
  let i = 0;
  for (const [field, value] of Object.entries(input)) {
    if (value !== FILE) continue;
    const doc = documentFor(field, i++);
    docs[field as FileField] = doc;
    input[field] = await stage(doc.data, doc.name);
  }
  return { input, docs };
}

for (const band of BANDS) {
  describe(`POST /v1/api/admission (${band}): the same table as the schema unit test`, () => {
    it.each(
      admissionCases(band)
        .filter((c) => c.error)
        .map((c) => [c.name, c] as const),
    )('%s', async (_, c) => {
      // Refused before any upload is looked up: a fresh unknown id stands for each document.
      const input = Object.fromEntries(Object.entries(c.input).map(([k, v]) => [k, v === FILE ? randomUUID() : v]));
      const submissionKey = randomUUID();
      const res = await post(form({ ...input, submissionKey }));
      const body = await res.json();
      // Multipart carries text only: a "wrong type" case becomes text and must pass the type check.
      if (c.error === FORM_TEXTS.wrongType) {
        expect(res.status).toBe(400);
        expect(body.error).toBe(FORM_TEXTS.uploadMissing);
        return;
      }
      expect(res.status).toBe(400);
      expect(body.error).toBe(c.error);
      for (const f of c.fields ?? []) expect(body.fields).toHaveProperty(f, fieldError(c, f));
      expect(await storedWithKey(submissionKey)).toBe(0);
    });
  });
}

describe('POST /v1/api/admission: staged uploads claimed in the same transaction', () => {
  for (const band of BANDS) {
    it(`${band}: 201 with a reference number; band, class label, pending payment; documents claimed, bytes intact`, async () => {
      const patch: Record<string, string> = BANDS_DEF[band].academic
        ? { governmentScholarship: 'yes', scholarshipDocument: FILE }
        : {};
      const { input, docs } = await stagedAdmission(band, {
        ...patch,
        admissionClass: BANDS_DEF[band].classOptions.at(-1)!.value,
        paymentStatus: 'paid',
        transactionId: 'TXN-1',
      });
      const res = await post(form(input));
      expect(res.status).toBe(201);
      const body = await res.json();
      expect(body.message).toBe(FORM_TEXTS.admissionSuccess);
      expect(Object.keys(body.admission).sort()).toEqual(['_id', 'admissionClass', 'createdAt', 'referenceNumber']);
      const year = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date());
      expect(body.admission.referenceNumber).toMatch(new RegExp(`^RMCP-${year}-\\d{6}$`));
      const id = body.admission._id as string;

      const { rows } = await db().query('SELECT * FROM admissions WHERE id = $1', [id]);
      const row = rows[0];
      const expectedClass = { 'pre-primary': 'K.G', middle: '5', senior: '12' }[band];
      // The acknowledgment's facts: the class as stored and when.
      expect(body.admission).toMatchObject({ admissionClass: expectedClass, createdAt: row.created_at.toISOString() });
      expect(row).toMatchObject({
        band,
        admission_class: expectedClass,
        payment_status: 'pending',
        transaction_id: null,
      });
      expect(row.student_aadhaar_enc).not.toContain(input.studentAadharNo);
      expect(row.student_aadhaar_last4).toBe(input.studentAadharNo!.slice(-4));
      expect(row.government_scholarship).toBe(BANDS_DEF[band].academic ? 'yes' : 'no');

      const uploads = await db().query('SELECT field, sha256, content_type FROM uploads WHERE admission_id = $1', [id]);
      expect(uploads.rows.map((u) => u.field).sort()).toEqual(Object.keys(docs).sort());
      for (const u of uploads.rows) expect(u.sha256).toBe(sha256(docs[u.field as FileField]!.data));
      expect(uploads.rows.length).toBe(bandFiles(BANDS_DEF[band]).length);

      // The office reads it back through the admin API, the only way to the documents.
      const admin = await adminClient();
      const detail = await admin.request(`/v1/api/admission/${id}`);
      expect(detail.status).toBe(200);
      const record = await detail.json();
      expect(record).toMatchObject({
        band,
        admissionClass: expectedClass,
        paymentStatus: 'pending',
        transactionId: null,
        referenceNumber: body.admission.referenceNumber,
      });
      expect(record.studentAadharNo).toBe(`XXXX XXXX ${input.studentAadharNo!.slice(-4)}`);
      for (const [field, doc] of Object.entries(docs)) {
        const file = await admin.request(`/v1/api/admission/${id}/files/${field}`);
        expect(file.status).toBe(200);
        expect(sha256(new Uint8Array(await file.arrayBuffer()))).toBe(sha256(doc.data));
      }
      // Without a session the document is not reachable.
      const anon = await fetch(new URL(`/v1/api/admission/${id}/files/studentPhoto`, site('baseURL')));
      expect(anon.status).toBe(401);
    }, 180_000);
  }

  it('2 MB documents round-trip byte for byte (SHA-256 of the stored document equals the upload)', async () => {
    const data = padded(PNG, MB2, 3);
    const id = await stage(data, 'photo.png');
    const { input } = await stagedAdmission('pre-primary');
    input.studentPhoto = id;
    const res = await post(form(input));
    expect(res.status).toBe(201);
    const admissionId = (await res.json()).admission._id;
    const { rows } = await db().query('SELECT sha256, size FROM uploads WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ sha256: sha256(data), size: MB2 });
    const file = await (await adminClient()).request(`/v1/api/admission/${admissionId}/files/studentPhoto`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(sha256(new Uint8Array(await file.arrayBuffer()))).toBe(sha256(data));
  }, 120_000);

  it('an id is claimed once: a second admission with the same ids is refused with the field, nothing stored', async () => {
    const { input } = await stagedAdmission('pre-primary');
    expect((await post(form(input))).status).toBe(201);
    const submissionKey = randomUUID();
    const again = await post(form({ ...input, studentFirstName: 'Other', submissionKey }));
    expect(again.status).toBe(400);
    const body = await again.json();
    expect(body.error).toBe(FORM_TEXTS.uploadMissing);
    expect(Object.keys(body.fields)).toHaveLength(1);
    expect(await storedWithKey(submissionKey)).toBe(0);
  }, 120_000);

  it('an unknown id or a malformed one -> 400 with the field; the other staged uploads stay unclaimed', async () => {
    const { input } = await stagedAdmission('pre-primary');
    const submissionKey = randomUUID();
    for (const bad of [randomUUID(), 'not-an-id']) {
      const res = await post(form({ ...input, motherPhoto: bad, submissionKey }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: FORM_TEXTS.uploadMissing,
        fields: { motherPhoto: FORM_TEXTS.uploadMissing },
        codes: { motherPhoto: 'form.uploadMissing' },
        code: 'form.uploadMissing',
      });
    }
    expect(await storedWithKey(submissionKey)).toBe(0);
    expect(await count('uploads', 'id = $1 AND admission_id IS NULL', [input.studentPhoto])).toBe(1);
    // ...so the parent can simply submit again after choosing that one file again.
    const motherPhoto = await stage(PNG, 'mother.png');
    expect((await post(form({ ...input, motherPhoto }))).status).toBe(201);
  }, 120_000);

  it('the same submission key sent again (a lost answer) gets the first reference number', async () => {
    const { input } = await stagedAdmission('pre-primary', { submissionKey: randomUUID() });
    const a = await post(form(input));
    const b = await post(form(input));
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await b.json()).admission.referenceNumber).toBe((await a.json()).admission.referenceNumber);
  }, 120_000);

  it('infers the band from the class when the client sends none (N.C -> primary)', async () => {
    const { input } = await stagedAdmission('pre-primary', { admissionClass: 'N.C' });
    delete input.band;
    const res = await post(form(input));
    expect(res.status).toBe(201);
    const { rows } = await db().query('SELECT band, admission_class FROM admissions WHERE id = $1', [
      (await res.json()).admission._id,
    ]);
    expect(rows[0]).toEqual({ band: 'pre-primary', admission_class: 'N.C' });
  }, 120_000);
});

describe('POST /v1/api/admission: files sent directly (API clients)', () => {
  const direct = (band: Band, override: Record<string, { data: Buffer; name: string }> = {}, key = randomUUID()) => {
    const input = validAdmission(band);
    const files: Record<string, { data: Buffer; name: string }> = {};
    let i = 0;
    for (const [k, v] of Object.entries(input))
      if (v === FILE) {
        delete input[k];
        const d = documentFor(k, i++);
        files[k] = { ...d, data: unique(d.data) };
      }
    const all = { ...files, ...override };
    return { body: form({ ...input, submissionKey: key }, all), datas: Object.values(all).map((f) => f.data) };
  };

  it('stores the files with the admission', async () => {
    const res = await post(direct('senior').body);
    expect(res.status).toBe(201);
    const id = (await res.json()).admission._id;
    expect(await count('uploads', 'admission_id = $1', [id])).toBe(12);
  }, 120_000);

  it.each([
    [
      'an HTML file named .png',
      () => ({ studentPhoto: { data: unique(HTML), name: 'photo.png' } }),
      415,
      FORM_TEXTS.fileType,
    ],
    [
      '2 MB + 1 byte',
      () => ({ abcCard: { data: unique(padded(PDF, MB2 + 1 - 16)), name: 'abc.pdf' } }),
      413,
      FORM_TEXTS.fileTooLarge,
    ],
  ])(
    'refuses %s and stores nothing: no row, no blob',
    async (_, override, status, error) => {
      const key = randomUUID();
      const { body, datas } = direct('pre-primary', override(), key);
      const res = await post(body);
      expect(res.status).toBe(status);
      expect((await res.json()).error).toBe(error);
      expect(await storedWithKey(key)).toBe(0);
      expect(await storedCopies(datas)).toBe(0);
    },
    120_000,
  );

  it('deletes the blobs it wrote when a later step refuses (a claimed id among direct files)', async () => {
    const { input } = await stagedAdmission('pre-primary');
    expect((await post(form(input))).status).toBe(201);
    // New direct files for most fields, but one field still names an id that is already claimed.
    const key = randomUUID();
    const body = form({ ...validAdmission('pre-primary'), fatherPhoto: input.fatherPhoto!, submissionKey: key }, {});
    const datas: Buffer[] = [];
    for (const field of bandFiles(BANDS_DEF['pre-primary'])) {
      if (field === 'fatherPhoto') continue;
      const data = unique(PNG);
      datas.push(data);
      body.delete(field);
      body.append(field, new Blob([new Uint8Array(data)]), `${field}.png`);
    }
    const res = await post(body);
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ fatherPhoto: FORM_TEXTS.uploadMissing });
    expect(await storedWithKey(key)).toBe(0);
    expect(await storedCopies(datas)).toBe(0);
  }, 120_000);

  it('JSON instead of multipart -> 415; honeypot -> 400 and nothing stored', async () => {
    const asJson = await fetch(new URL('/v1/api/admission', site('baseURL')), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validAdmission('pre-primary')),
    });
    expect(asJson.status).toBe(415);
    const key = randomUUID();
    const { input } = await stagedAdmission('pre-primary', { website: 'spam', submissionKey: key });
    const pot = await post(form(input));
    expect(pot.status).toBe(400);
    expect(await pot.json()).toEqual({ error: FORM_TEXTS.honeypot, code: 'form.honeypot' });
    expect(await storedWithKey(key)).toBe(0);
  }, 120_000);
});
