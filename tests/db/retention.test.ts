/**
 * Retention by the hourly cleanup, with its clock set (the job of `npm run cleanup -- --now`): the test's own
 * records are decided at a moment long past (their history moved back to it), and the cleanup runs
 * as if a given number of days had passed since, on a database and blob store of this file's own.
 * Day 179 keeps a decided application, day
 * 181 erases it; an enquiry goes after 2 years unchanged, a decided TC request after 3; an
 * admitted pupil's application stays. Old audit entries go; younger ones stay.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { staffClient, type ApiClient } from '../support/api.ts';
import { useInProcessSite } from '../support/in-process-site.ts';
import {
  auditOf,
  blobsWithContent,
  createAdmission,
  createEnquiry,
  createTcRequest,
  type CreatedAdmission,
} from '../http/admin-fixtures.ts';
import { db } from '../http/forms-fixtures.ts';
import { privacy } from '../../src/config/privacy.ts';

useInProcessSite();

/** The moment the test's records were decided. */
const DECIDED = Date.parse('2020-01-01T00:00:00Z');
const DAY = 24 * 3600 * 1000;
const dayAfter = (days: number) => new Date(DECIDED + days * DAY).toISOString();

/**
 * The hourly job's own code at that clock, in this process (the site's database and blobs);
 * `npm run cleanup` itself, the script around it, is run in cleanup.test.ts.
 */
async function cleanupAt(now?: string): Promise<string> {
  const { cleanup, describeCleanup } = await import('../../src/features/housekeeping/cleanup.server.ts');
  return describeCleanup(await cleanup(undefined, now ? new Date(now) : new Date()), 24);
}

let principal: ApiClient;
const patch = (path: string, json: unknown) => principal.request(path, { method: 'PATCH', json });

async function moveAdmission(id: string, ...statuses: string[]): Promise<void> {
  for (const status of statuses) {
    if (status === 'documents-verified') {
      const record = await (await principal.request(`/v1/api/admission/${id}`)).json();
      for (const field of Object.keys(record.documents))
        expect((await patch(`/v1/api/admission/${id}/documents/${field}`, { state: 'verified' })).status).toBe(200);
    }
    const res = await patch(`/v1/api/admission/${id}`, { status });
    if (res.status !== 200) throw new Error(`${status}: ${res.status} ${await res.text()}`);
  }
}

/** Moves the record's whole past back to DECIDED. */
async function backdate(table: string, entity: string, id: string): Promise<void> {
  const at = new Date(DECIDED).toISOString();
  await db().query(`UPDATE status_history SET at = $3 WHERE entity = $1 AND record_id = $2`, [entity, id, at]);
  await db().query(
    `UPDATE ${table} SET created_at = $2, updated_at = $2, status_changed_at = CASE WHEN status_changed_at IS NULL THEN NULL ELSE $2::timestamptz END WHERE id = $1`,
    [id, at],
  );
}

const erased = async (table: string, id: string) =>
  (await db().query(`SELECT erased_at FROM ${table} WHERE id = $1`, [id])).rows[0].erased_at !== null;

describe("retention periods, with the cleanup's clock set forward", () => {
  let withdrawn: CreatedAdmission;
  let notAdmitted: CreatedAdmission;
  let admitted: CreatedAdmission;
  let enquiryId: string;
  let tcId: string;

  beforeAll(async () => {
    principal = (await staffClient('principal')).client;
    withdrawn = await createAdmission();
    await moveAdmission(withdrawn._id, 'withdrawn');
    notAdmitted = await createAdmission();
    await moveAdmission(notAdmitted._id, 'under-review', 'documents-verified', 'not-admitted');
    admitted = await createAdmission();
    await moveAdmission(admitted._id, 'under-review', 'documents-verified', 'admitted');
    enquiryId = (await createEnquiry())._id;
    tcId = (await createTcRequest())._id;
    expect((await patch(`/v1/api/tc-request/${tcId}`, { status: 'rejected', reason: 'Fees outstanding' })).status).toBe(
      200,
    );
    for (const app of [withdrawn, notAdmitted, admitted]) await backdate('admissions', 'admission', app._id);
    await backdate('enquiries', 'enquiry', enquiryId);
    await backdate('tc_requests', 'tc-request', tcId);
  }, 120_000);

  it('reads its periods from the privacy settings', () => {
    expect(privacy.retention).toMatchObject({
      closedApplicationDays: 180,
      enquiryDays: 730,
      decidedTcRequestDays: 1095,
    });
  });

  it('keeps a not-admitted or withdrawn application on day 179 and erases it on day 181 (documents and blobs too), audited as retention', async () => {
    expect(await cleanupAt(dayAfter(179))).toMatch(/Erased the personal data of \d+ application/);
    expect(await erased('admissions', withdrawn._id)).toBe(false);
    expect(await erased('admissions', notAdmitted._id)).toBe(false);

    const out = await cleanupAt(dayAfter(181));
    expect(out).toMatch(/Erased the personal data of [1-9]\d* application/);
    expect(await erased('admissions', withdrawn._id)).toBe(true);
    expect(await erased('admissions', notAdmitted._id)).toBe(true);
    const row = (
      await db().query(
        `SELECT student_first_name, contact_no, student_aadhaar_enc, status, admission_class FROM admissions WHERE id = $1`,
        [notAdmitted._id],
      )
    ).rows[0];
    expect(row).toEqual({
      student_first_name: null,
      contact_no: null,
      student_aadhaar_enc: null,
      status: 'not-admitted',
      admission_class: 'K.G',
    });
    for (const { bytes } of Object.values(withdrawn.files)) expect(await blobsWithContent(bytes)).toBe(0);
    const entry = (await auditOf(principal, 'admission', withdrawn._id)).find((e) => e.action === 'erase');
    expect(entry).toMatchObject({ adminEmail: 'retention', adminId: null });
    expect(entry!.detail).toMatch(/180 days/);
    expect(entry!.detail).not.toContain(withdrawn.names.first);
  }, 120_000);

  it("erases an enquiry 2 years after its last change, a rejected TC request after 3; an admitted pupil's application is kept", async () => {
    await cleanupAt(dayAfter(729));
    expect(await erased('enquiries', enquiryId)).toBe(false);
    await cleanupAt(dayAfter(731));
    expect(await erased('enquiries', enquiryId)).toBe(true);

    await cleanupAt(dayAfter(3 * 365 - 1));
    expect(await erased('tc_requests', tcId)).toBe(false);
    await cleanupAt(dayAfter(3 * 365 + 1));
    expect(await erased('tc_requests', tcId)).toBe(true);

    await cleanupAt(dayAfter(5 * 365));
    expect(await erased('admissions', admitted._id)).toBe(false);
    expect(
      (await db().query(`SELECT student_first_name FROM admissions WHERE id = $1`, [admitted._id])).rows[0]
        .student_first_name,
    ).toBe(admitted.names.first);
  }, 180_000);

  it('deletes audit entries older than the audit period and keeps younger ones', async () => {
    const tag = `retention-test-${Date.now()}`;
    await db().query(
      `INSERT INTO audit_log (admin_email, action, entity, entity_id, detail, created_at) VALUES
         ('old@school.test', 'view', 'admission', $1, 'old', now() - interval '400 days'),
         ('recent@school.test', 'view', 'admission', $1, 'recent', now() - interval '300 days')`,
      [tag],
    );
    expect(await cleanupAt()).toMatch(/deleted [1-9]\d* audit entry/);
    expect((await db().query(`SELECT detail FROM audit_log WHERE entity_id = $1`, [tag])).rows).toEqual([
      { detail: 'recent' },
    ]);
  }, 120_000);
});
