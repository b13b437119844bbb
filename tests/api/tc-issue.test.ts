/**
 * The TC drawn from the register (POST /v1/api/tc-request/{id}/issue, GET .../certificate): the
 * number from the school's TC series, the pupil marked as left, verifiable at once; the PDF read
 * back with poppler's pdftotext carries every line of CBSE's Annexure 1 format, label and value; a
 * second TC for the same pupil is a duplicate with a number of its own; only the principal issues,
 * only once the fee is paid or waived, and bad input stores nothing. Also the details' match with
 * the register (a name or date of birth that differ, no such pupil).
 */
import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, baseURL, requestFrom, staffClient, type Json } from '../support/api.ts';
import { createTcRequest, expectJsonError } from '../http/admin-fixtures.ts';
import { closeDb, count, db } from '../http/forms-fixtures.ts';
import { fees } from '../../src/config/fees.ts';
import { addDays, dateInIndia } from '../../src/lib/dates.ts';
import { ISSUE_TEXTS } from '../../src/features/tc-request/issue.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

const run = promisify(execFile);
const TODAY = dateInIndia();
const LEAVING = addDays(TODAY, 10);

let office: ApiClient;
let principal: ApiClient;
let dir: string;
let school: Json;
beforeAll(async () => {
  office = (await staffClient('office')).client;
  principal = await adminClient();
  dir = await mkdtemp(join(tmpdir(), 'tc-issue-'));
  // The school's numbers, printed under its name and address.
  const profile = (await (await principal.request('/v1/api/school')).json()) as Json;
  const saved = await principal.request('/v1/api/school', {
    method: 'PUT',
    json: { ...profile, affiliationNumber: '2131234', schoolCode: '71234' },
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  school = (await (await principal.request('/v1/api/school')).json()) as Json;
  // The school continues its paper register's TC numbering.
  const series = await principal.request('/v1/api/register/series', {
    method: 'PUT',
    json: { tc: { prefix: 'TC/', nextNumber: 501, width: 4 } },
  });
  expect(series.status, await series.clone().text()).toBe(200);
}, 300_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await closeDb();
});

async function pdftotext(bytes: Buffer, name: string): Promise<string> {
  const file = join(dir, `${name}.pdf`);
  await writeFile(file, bytes);
  return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout.replace(/\s+/g, ' ').trim();
}

async function ok(client: ApiClient, method: 'POST' | 'PATCH' | 'PUT', path: string, json: unknown): Promise<Json> {
  const res = await client.request(path, { method, json });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A pupil the office adds to the register by hand. */
async function pupil(patch: Record<string, string> = {}): Promise<Json> {
  return ok(office, 'POST', '/v1/api/register', {
    admissionNumber: `A/${randomInt(1e8)}`,
    firstName: 'Priya',
    lastName: 'Verma',
    fatherName: 'Mahesh Verma',
    motherName: 'Sunita Verma',
    dateOfBirth: '2013-08-15',
    gender: 'Female',
    category: 'OBC',
    address: '12 Civil Lines, Meerut',
    admittedOn: '2019-04-02',
    classOnAdmission: '1',
    class: '7',
    section: 'B',
    ...patch,
  });
}

/** A request for the pupil's admission number, its fee paid at the desk (it moves to Fee paid by itself). */
async function paidRequest(admissionNumber: string, patch: Record<string, string> = {}): Promise<Json> {
  const request = await createTcRequest({
    studentName: 'Priya Verma',
    admissionNumber,
    dateOfBirth: '2013-08-15',
    studentClass: '7',
    leavingDate: LEAVING,
    reason: 'Family moving to Lucknow',
    ...patch,
  });
  await ok(office, 'POST', `/v1/api/tc-request/${request._id}/payments`, {
    amount: fees.transferCertificate,
    mode: 'cash',
    reference: '',
    paidOn: TODAY,
  });
  return request;
}

const ISSUE = {
  nationality: 'Indian',
  lastExamination: 'School annual examination 2025-26',
  examinationResult: 'Passed',
  failed: 'No',
  subjects: ['English', 'Hindi', 'Mathematics', 'Science', 'Social Science', 'Sanskrit'],
  qualifiedForPromotion: 'Yes',
  promotedTo: '8',
  duesPaidUpTo: '2026-03',
  feeConcession: 'None',
  workingDays: 220,
  daysPresent: 204,
  nccScoutGuide: 'Girl Guide, Rajya Puraskar',
  gamesActivities: 'Kho-kho (district level), debate',
  conduct: 'Very good',
  reasonForLeaving: 'Family moving to Lucknow',
  remarks: 'None',
  leavingDate: LEAVING,
  checkedBy: 'R. K. Sharma, Office Superintendent',
};

const issue = (client: ApiClient, id: string, body: unknown = ISSUE) =>
  client.request(`/v1/api/tc-request/${id}/issue`, { method: 'POST', json: body });

async function certificate(id: string): Promise<Buffer> {
  const res = await office.request(`/v1/api/tc-request/${id}/certificate`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return Buffer.from(await res.arrayBuffer());
}

const verify = async (tcNumber: string, issuedOn: string) => {
  const res = await requestFrom(baseURL(), `127.0.92.${randomInt(1, 250)}`, 'POST', '/v1/api/tc-verification', {
    tcNumber,
    issuedOn,
  });
  return { status: res.status, json: JSON.parse(res.body) as Json };
};

describe('issuing a TC from the register', () => {
  let first: { request: Json; pupil: Json; answer: Json };

  beforeAll(async () => {
    const p = await pupil();
    const request = await paidRequest(p.admissionNumber);
    const res = await issue(principal, request._id);
    expect(res.status, await res.clone().text()).toBe(200);
    first = { request, pupil: p, answer: await res.json() };
  }, 120_000);

  it('numbers it from the TC series, issues the request today and marks the pupil left', async () => {
    expect(first.answer).toMatchObject({ tcNumber: 'TC/0501', tcIssueDate: TODAY, duplicate: false });
    const details = (await (await office.request(`/v1/api/tc-request/${first.request._id}`)).json()) as Json;
    expect(details).toMatchObject({ status: 'issued', tcNumber: 'TC/0501', tcIssueDate: TODAY });
    expect(details.drawnTc).toMatchObject({ tcNumber: 'TC/0501', duplicate: false, pupilName: 'Priya Verma' });
    const registered = (await (await office.request(`/v1/api/register/${first.pupil._id}`)).json()) as Json;
    expect(registered).toMatchObject({ status: 'left', leftOn: LEAVING, leavingReason: 'Family moving to Lucknow' });
    const series = (await (await office.request('/v1/api/register/series')).json()) as Json;
    expect(series.tc.nextNumber).toBe(502);
    const audit = await db().query(`SELECT action, detail FROM audit_log WHERE entity_id = $1 ORDER BY id`, [
      first.request._id,
    ]);
    expect(audit.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['status', 'certificate']));
  });

  it('is verifiable at once, without a scan, and its link serves the drawn TC', async () => {
    const found = await verify('tc/0501', TODAY);
    expect(found.status).toBe(200);
    expect(found.json).toMatchObject({
      studentName: 'Priya Verma',
      tcNumber: 'TC/0501',
      issuedOn: TODAY,
      signed: false,
    });
    const scan = await new ApiClient().request(found.json.scanUrl);
    expect(scan.status).toBe(200);
    expect(scan.headers.get('content-type')).toBe('application/pdf');
    expect(await pdftotext(Buffer.from(await scan.arrayBuffer()), 'verified')).toContain('TC No. TC/0501');
  });

  it('prints every line of the Annexure 1 format, label and value', async () => {
    const bytes = await certificate(first.request._id);
    // One A4 page, for one signature and one seal.
    await writeFile(join(dir, 'pages.pdf'), bytes);
    const info = (await run('pdfinfo', [join(dir, 'pages.pdf')])).stdout;
    expect(info).toMatch(/Pages:\s+1\n/);
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    const text = await pdftotext(bytes, 'tc');
    const expected: [string, string][] = [
      ['', String(school.name.en ?? school.name)],
      ['', 'Affiliated to the Central Board of Secondary Education'],
      ['Affiliation No.', '2131234'],
      ['School Code', '71234'],
      ['', 'TRANSFER CERTIFICATE'],
      ['TC No.', 'TC/0501'],
      ['Admission No.', first.pupil.admissionNumber],
      ['Name of pupil', 'Priya Verma'],
      ["Mother's name", 'Sunita Verma'],
      ["Father's / Guardian's name", 'Mahesh Verma'],
      ['Nationality', 'Indian'],
      ['Whether the candidate belongs to Schedule Caste or Schedule Tribe or OBC', 'OBC'],
      ['Date of first admission in the school with class', '02/04/2019, Class 1'],
      [
        'Date of birth according to the admission register (in figures and words)',
        '15/08/2013 (Fifteenth August Two Thousand Thirteen)',
      ],
      ['Class in which the pupil last studied (in figures and words)', '7 (Seven)'],
      ['School / Board annual examination last taken with result', 'School annual examination 2025-26: Passed'],
      ['Whether failed, if so once / twice in the same class', 'No'],
      ['Subjects studied', '1. English 2. Hindi 3. Mathematics 4. Science 5. Social Science 6. Sanskrit'],
      [
        'Whether qualified for promotion to the higher class, if so to which class (in figures and words)',
        'Yes, to Class 8 (Eight)',
      ],
      ['Month up to which the pupil has paid school dues', 'March 2026'],
      ['Any fee concession availed of; if so, the nature of such concession', 'None'],
      ['Total number of working days', '220'],
      ['Total number of working days the pupil was present', '204'],
      ['Whether NCC Cadet / Boy Scout / Girl Guide (details may be given)', 'Girl Guide, Rajya Puraskar'],
      [
        'Games played or extra-curricular activities in which the pupil usually took part',
        'Kho-kho (district level), debate',
      ],
      ['General conduct', 'Very good'],
      ['Date of application for the certificate', dmy(dateInIndia(new Date(first.request.createdAt)))],
      ['Date of issue of the certificate', dmy(TODAY)],
      ['Reason for leaving the school', 'Family moving to Lucknow'],
      ['Date of leaving the school', dmy(LEAVING)],
      ['Any other remarks', 'None'],
      ['', 'Signature of Class Teacher'],
      ['Checked by', 'R. K. Sharma, Office Superintendent'],
      ['', 'Signature of Principal with seal'],
    ];
    for (const [label, value] of expected) {
      if (label) expect(text, label).toContain(label);
      expect(text, `${label}: ${value}`).toContain(value);
    }
    expect(text).not.toContain('DUPLICATE');
  });

  it('a second TC for the same pupil is a duplicate: marked, with a number of its own', async () => {
    const again = await paidRequest(first.pupil.admissionNumber, { reason: 'The TC was lost' });
    const res = await issue(principal, again._id, { ...ISSUE, reasonForLeaving: 'Family moving to Lucknow' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ tcNumber: 'TC/0502', duplicate: true });
    const text = await pdftotext(await certificate(again._id), 'duplicate');
    expect(text).toContain('DUPLICATE (issued in place of TC No. TC/0501)');
    expect(text).toContain('TC No. TC/0502');
    expect(await count('tc_requests', 'id = $1 AND tc_duplicate', [again._id])).toBe(1);
  });

  it('a signed scan, once attached, replaces the drawn TC', async () => {
    const upload = new FormData();
    upload.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%signed scan\n'))]), 'signed.pdf');
    const staged = await office.request('/v1/api/files', { method: 'POST', body: upload });
    expect(staged.status).toBe(201);
    const { uploadId } = (await staged.json()) as Json;
    await ok(office, 'POST', `/v1/api/tc-request/${first.request._id}/certificate`, { uploadId });
    const res = await office.request(`/v1/api/tc-request/${first.request._id}/certificate`);
    expect((await res.text()).startsWith('%PDF-1.4\n%signed scan')).toBe(true);
  });
});

describe('who may issue, when, and with what', () => {
  it('office staff may not: 403, nothing stored', async () => {
    const p = await pupil();
    const request = await paidRequest(p.admissionNumber);
    await expectJsonError(await issue(office, request._id), 403);
    expect(await count('tc_requests', "id = $1 AND status = 'fee-paid' AND tc_fields IS NULL", [request._id])).toBe(1);
    expect(await count('pupils', "id = $1 AND status = 'studying'", [p._id])).toBe(1);
  });

  it('not paid: 409, and no number is taken', async () => {
    const p = await pupil();
    const request = await createTcRequest({ admissionNumber: p.admissionNumber });
    const before = ((await (await office.request('/v1/api/register/series')).json()) as Json).tc.nextNumber;
    await expectJsonError(await issue(principal, request._id), 409, ISSUE_TEXTS.feeFirst);
    const after = ((await (await office.request('/v1/api/register/series')).json()) as Json).tc.nextNumber;
    expect(after).toBe(before);
    expect(await count('pupils', "id = $1 AND status = 'studying'", [p._id])).toBe(1);
  });

  it('no pupil with the admission number: 409', async () => {
    const request = await paidRequest(`NONE-${randomInt(1e8)}`);
    await expectJsonError(await issue(principal, request._id), 409, ISSUE_TEXTS.noPupil);
    const details = (await (await office.request(`/v1/api/tc-request/${request._id}`)).json()) as Json;
    expect(details.registerMatch).toEqual({ pupil: null, nameDiffers: false, dateOfBirthDiffers: false });
  });

  it('bad input: 400 naming each field, nothing stored', async () => {
    const p = await pupil();
    const request = await paidRequest(p.admissionNumber);
    const before = ((await (await office.request('/v1/api/register/series')).json()) as Json).tc.nextNumber;
    const bad = await expectJsonError(
      await issue(principal, request._id, {
        ...ISSUE,
        conduct: '',
        failed: 'Thrice',
        subjects: [],
        duesPaidUpTo: 'March',
        workingDays: 200,
        daysPresent: 250,
        promotedTo: '13',
        leavingDate: '2026-02-30',
        remarks: 'x'.repeat(500),
      }),
      400,
    );
    expect(Object.keys(bad.fields).sort()).toEqual(
      ['conduct', 'daysPresent', 'duesPaidUpTo', 'failed', 'leavingDate', 'promotedTo', 'remarks', 'subjects'].sort(),
    );
    await expectJsonError(await issue(principal, request._id, 'not an object'), 400);
    expect(await count('tc_requests', "id = $1 AND status = 'fee-paid' AND tc_fields IS NULL", [request._id])).toBe(1);
    expect(await count('pupils', "id = $1 AND status = 'studying'", [p._id])).toBe(1);
    const after = ((await (await office.request('/v1/api/register/series')).json()) as Json).tc.nextNumber;
    expect(after).toBe(before);
  });

  it('unknown request 404; an issued one cannot be issued again (409)', async () => {
    await expectJsonError(await issue(principal, crypto.randomUUID()), 404);
    const p = await pupil();
    const request = await paidRequest(p.admissionNumber);
    expect((await issue(principal, request._id)).status).toBe(200);
    await expectJsonError(await issue(principal, request._id), 409, ISSUE_TEXTS.notReady);
  });
});

describe("the request beside the register's pupil", () => {
  it('warns when the name or the date of birth differ; case, spaces and dots do not count', async () => {
    const p = await pupil({ firstName: 'Priya', middleName: 'K.', lastName: 'Verma' });
    const same = await createTcRequest({
      admissionNumber: p.admissionNumber,
      studentName: 'priya  k verma',
      dateOfBirth: '2013-08-15',
    });
    const details = (await (await office.request(`/v1/api/tc-request/${same._id}`)).json()) as Json;
    expect(details.registerMatch).toMatchObject({ nameDiffers: false, dateOfBirthDiffers: false });
    expect(details.registerMatch.pupil).toMatchObject({ _id: p._id, admissionNumber: p.admissionNumber });
    const other = await createTcRequest({
      admissionNumber: p.admissionNumber.toLowerCase(),
      studentName: 'Riya Verma',
      dateOfBirth: '2013-08-16',
    });
    const differs = (await (await office.request(`/v1/api/tc-request/${other._id}`)).json()) as Json;
    expect(differs.registerMatch).toMatchObject({ nameDiffers: true, dateOfBirthDiffers: true });
  });
});

/** DD/MM/YYYY, as the TC writes dates. */
function dmy(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}
