/**
 * The office's home (GET /v1/api/dashboard) and the audit log (GET /v1/api/audit, the audit_log
 * triggers), on the API in this process with a database of their own, so every count starts at zero and no other test's records
 * move them: figures follow records as they come in and move through their statuses, follow-ups
 * come due and go, the month's fees subtract reversals; the audit filters, principal only; the
 * database refuses changing or deleting recent audit entries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ApiClient, adminClient, staffClient, type Json } from '../support/api.ts';
import { startInProcessSite, type InProcessSite } from '../support/in-process-site.ts';
import { ADMIN_EMAIL } from '../support/global-setup.ts';
import { withDefaultUser } from '../../src/server/db.ts';
import { addDays, dateInIndia, indiaMidnight } from '../../src/lib/dates.ts';
import { sessionOf } from '../../src/lib/sessions.ts';
import {
  createAdmission,
  createEnquiry,
  createTcRequest,
  expectJsonError,
  png,
  type CreatedAdmission,
} from '../http/admin-fixtures.ts';
import { fileForm } from '../http/forms-fixtures.ts';

let runtime: InProcessSite;
let db: pg.Pool;
let principal: ApiClient;
let office: ApiClient;
let officeEmail: string;

beforeAll(async () => {
  runtime = await startInProcessSite();
  db = new pg.Pool({ connectionString: withDefaultUser(runtime.databaseUrl), max: 2 });
  principal = await adminClient(runtime.url);
  const staff = await staffClient('office', 'Desk Clerk', runtime.url);
  office = staff.client;
  officeEmail = staff.email;
}, 180_000);
afterAll(async () => {
  await db?.end();
  await runtime?.stop();
});

interface Figures {
  today: number;
  week: number;
  total: number;
  byStatus: { status: string; label: string; count: number }[];
}

async function dashboard(client: ApiClient = office): Promise<Json> {
  const res = await client.request('/v1/api/dashboard');
  expect(res.status).toBe(200);
  return res.json();
}

/** A record's counts by status as { status: count }. */
const counts = (figures: Figures) => Object.fromEntries(figures.byStatus.map((s) => [s.status, s.count]));

const patch = (client: ApiClient, path: string, json: unknown) => client.request(path, { method: 'PATCH', json });
async function move(path: string, json: Record<string, unknown>) {
  const res = await patch(office, path, json);
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('GET /v1/api/dashboard', () => {
  it('is for signed-in staff only', async () => {
    await expectJsonError(await new ApiClient(runtime.url).request('/v1/api/dashboard'), 401);
    await expectJsonError(await office.request('/v1/api/dashboard', { method: 'POST', json: {} }), 405);
  });

  it('names India’s today, the Monday the week started on and the month’s first day', async () => {
    const d = await dashboard();
    const today = dateInIndia();
    expect(d.today).toBe(today);
    expect(new Date(`${d.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(d.weekStart <= today && addDays(d.weekStart, 6) >= today).toBe(true);
    expect(d.monthStart).toBe(`${today.slice(0, 7)}-01`);
  });

  it('starts at zero, with every status of each workflow in order and labelled', async () => {
    const d = await dashboard();
    expect(d.records.enquiry.byStatus.map((s: { label: string }) => s.label)).toEqual([
      'New',
      'Contacted',
      'Visited',
      'Applied',
      'Closed',
    ]);
    expect(d.records.admission.byStatus.map((s: { status: string }) => s.status)).toEqual([
      'received',
      'under-review',
      'documents-verified',
      'admitted',
      'waitlisted',
      'not-admitted',
      'withdrawn',
    ]);
    expect(d.records['tc-request'].byStatus.map((s: { label: string }) => s.label)).toEqual([
      'Requested',
      'Fee paid',
      'Issued',
      'Rejected',
    ]);
    for (const kind of ['enquiry', 'admission', 'tc-request']) {
      expect(d.records[kind]).toMatchObject({ today: 0, week: 0, total: 0 });
      expect(d.records[kind].byStatus.every((s: { count: number }) => s.count === 0)).toBe(true);
    }
    expect(d.fees).toEqual({ receivedPaise: 0, payments: 0 });
    expect(d.followUps).toEqual({ due: 0, first: [] });
    expect(d.resent).toBe(0);
    expect(d.seats).toEqual({ session: sessionOf(), classes: [] });
  });

  it('counts new records today and this week, and follows them through their statuses', async () => {
    const [e1, e2, e3] = [
      await createEnquiry({}, runtime.url),
      await createEnquiry({}, runtime.url),
      await createEnquiry({}, runtime.url),
    ];
    const admission = await createAdmission({}, runtime.url);
    const tc = await createTcRequest({}, runtime.url);
    let d = await dashboard();
    expect(d.records.enquiry).toMatchObject({ today: 3, week: 3, total: 3 });
    expect(counts(d.records.enquiry)).toMatchObject({ new: 3, contacted: 0 });
    expect(d.records.admission).toMatchObject({ today: 1, week: 1, total: 1 });
    expect(counts(d.records.admission)).toMatchObject({ received: 1 });
    expect(d.records['tc-request']).toMatchObject({ today: 1, week: 1, total: 1 });

    // One enquiry came in on Monday just after midnight, another ten days ago.
    const today = dateInIndia();
    await db.query(`UPDATE enquiries SET created_at = $2 WHERE id = $1`, [
      e2!._id,
      new Date(Date.parse(indiaMidnight(d.weekStart)) + 60_000),
    ]);
    await db.query(`UPDATE enquiries SET created_at = $2 WHERE id = $1`, [e3!._id, indiaMidnight(addDays(today, -10))]);
    d = await dashboard();
    expect(d.records.enquiry).toMatchObject({ today: d.weekStart === today ? 2 : 1, week: 2, total: 3 });

    await move(`/v1/api/enquiry/${e1!._id}`, { status: 'contacted' });
    await move(`/v1/api/enquiry/${e2!._id}`, { status: 'closed', note: 'Not interested' });
    await move(`/v1/api/admission/${admission._id}`, { status: 'under-review' });
    await move(`/v1/api/tc-request/${tc._id}`, { status: 'rejected', reason: 'Dues not cleared' });
    d = await dashboard();
    expect(counts(d.records.enquiry)).toEqual({ new: 1, contacted: 1, visited: 0, applied: 0, closed: 1 });
    expect(counts(d.records.admission)).toMatchObject({ received: 0, 'under-review': 1 });
    expect(counts(d.records['tc-request'])).toEqual({ requested: 0, 'fee-paid': 0, issued: 0, rejected: 1 });
    // Moving a status changes no "new" figure.
    expect(d.records.enquiry).toMatchObject({ week: 2, total: 3 });
    // An edit that moves no status leaves the counts as they are; a deleted record leaves them.
    await move(`/v1/api/enquiry/${e3!._id}`, { nextFollowUp: addDays(today, 30) });
    expect((await principal.request(`/v1/api/enquiry/${e1!._id}`, { method: 'DELETE' })).status).toBe(200);
    d = await dashboard();
    expect(counts(d.records.enquiry)).toEqual({ new: 1, contacted: 0, visited: 0, applied: 0, closed: 1 });
    expect(d.records.enquiry).toMatchObject({ today: d.weekStart === today ? 1 : 0, week: 1, total: 2 });
  });

  it('lists open enquiries whose follow-up date has come, earliest first, and drops them once ended', async () => {
    const today = dateInIndia();
    const due = await createEnquiry(
      { studentName: 'Kavya Follow', admissionClass: '3', fatherMobile: '9811122233' },
      runtime.url,
    );
    const overdue = await createEnquiry({ studentName: 'Ishaan Overdue', admissionClass: 'K.G' }, runtime.url);
    const later = await createEnquiry({}, runtime.url);
    await move(`/v1/api/enquiry/${due._id}`, { nextFollowUp: today });
    await move(`/v1/api/enquiry/${overdue._id}`, { status: 'contacted', nextFollowUp: addDays(today, -3) });
    await move(`/v1/api/enquiry/${later._id}`, { nextFollowUp: addDays(today, 1) });
    let d = await dashboard();
    expect(d.followUps.due).toBe(2);
    expect(d.followUps.first).toEqual([
      {
        _id: overdue._id,
        studentName: 'Ishaan Overdue',
        admissionClass: 'K.G',
        fatherMobile: overdue.fatherMobile,
        nextFollowUp: addDays(today, -3),
        status: 'contacted',
      },
      {
        _id: due._id,
        studentName: 'Kavya Follow',
        admissionClass: '3',
        fatherMobile: '9811122233',
        nextFollowUp: today,
        status: 'new',
      },
    ]);
    // The list's own filter agrees.
    const listed = await office.request('/v1/api/enquiry?due=1');
    expect((await listed.json()).map((e: { _id: string }) => e._id).sort()).toEqual([due._id, overdue._id].sort());

    await move(`/v1/api/enquiry/${overdue._id}`, { status: 'applied' });
    d = await dashboard();
    expect(d.followUps.due).toBe(1);
    expect(d.followUps.first.map((f: { _id: string }) => f._id)).toEqual([due._id]);
  });

  it('sums this month’s payments, reversals subtracted, and leaves last month’s out', async () => {
    const today = dateInIndia();
    const monthStart = `${today.slice(0, 7)}-01`;
    const admission = await createAdmission({}, runtime.url);
    const insert = (receipt: string, paise: number, createdAt: string | Date) =>
      db.query(
        `INSERT INTO payments (receipt_number, entity, record_id, amount_paise, mode, reference, paid_on, received_by, created_at)
         VALUES ($1, 'admission', $2, $3, 'cash', '', $4, 'Desk Clerk', $5)`,
        [receipt, admission._id, paise, today, createdAt],
      );
    await insert('TEST-R-1', 1_250_000, new Date());
    await insert('TEST-R-2', -250_000, new Date());
    await insert('TEST-R-3', 99_900, indiaMidnight(monthStart));
    await insert('TEST-R-4', 777_700, new Date(Date.parse(indiaMidnight(monthStart)) - 1000));
    const d = await dashboard();
    expect(d.fees).toEqual({ receivedPaise: 1_250_000 - 250_000 + 99_900, payments: 3 });
  });

  it('shows the classes of this session that have a seat limit, with how many are admitted', async () => {
    const session = sessionOf();
    const put = await principal.request('/v1/api/seats', {
      method: 'PUT',
      json: {
        session,
        seats: [
          { admissionClass: '11', capacity: 30 },
          { admissionClass: 'N.C', capacity: 0 },
        ],
      },
    });
    expect(put.status).toBe(200);
    const d = await dashboard();
    expect(d.seats).toEqual({
      session,
      classes: [
        { admissionClass: 'N.C', capacity: 0, admitted: 0 },
        { admissionClass: '11', capacity: 30, admitted: 0 },
      ],
    });
  });

  it('counts the applications with a document re-sent by the parent and not yet checked: "Re-sent by parents", and lists them', async () => {
    const before = (await dashboard()).resent;
    const [first, second] = [await createAdmission({}, runtime.url), await createAdmission({}, runtime.url)];
    /** The office rejects `field`; the parent sends a new one from the status page. */
    async function resend(admission: CreatedAdmission, field: string): Promise<void> {
      await move(`/v1/api/admission/${admission._id}/documents/${field}`, { state: 'rejected', reasonCode: 'blurred' });
      const staged = await fetch(new URL('/v1/api/uploads', runtime.url), {
        method: 'POST',
        body: fileForm('file', png(), 'again.png', 'image/png'),
      });
      expect(staged.status).toBe(201);
      const { id } = (await staged.json()) as { id: string };
      const replaced = await fetch(new URL('/v1/api/admission/status/replace', runtime.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          referenceNumber: admission.referenceNumber,
          contactNo: '9988776655',
          field,
          uploadId: id,
        }),
      });
      expect(replaced.status, await replaced.clone().text()).toBe(200);
    }
    await resend(first, 'studentPhoto');
    await resend(first, 'abcCard');
    await resend(second, 'fatherPhoto');
    // One application with two re-sent documents is one in the queue.
    expect((await dashboard()).resent).toBe(before + 2);
    const listed = async () =>
      ((await (await office.request('/v1/api/admission?resent=1')).json()) as { data: { _id: string }[] }).data
        .map((a) => a._id)
        .sort();
    expect(await listed()).toEqual([first._id, second._id].sort());
    const details = (await (await office.request(`/v1/api/admission/${first._id}`)).json()) as {
      documents: Record<string, { resentAt: string | null }>;
    };
    expect(details.documents.studentPhoto!.resentAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(details.documents.fatherPhoto!.resentAt).toBeNull();

    // Checked, a re-sent document leaves the queue; its application when none is left, and the mark stays on the record.
    await move(`/v1/api/admission/${first._id}/documents/studentPhoto`, { state: 'verified' });
    expect((await dashboard()).resent).toBe(before + 2);
    await move(`/v1/api/admission/${first._id}/documents/abcCard`, { state: 'verified' });
    expect((await dashboard()).resent).toBe(before + 1);
    expect(await listed()).toEqual([second._id]);
    const after = (await (await office.request(`/v1/api/admission/${first._id}`)).json()) as {
      documents: Record<string, { resentAt: string | null; state: string }>;
    };
    expect(after.documents.studentPhoto).toMatchObject({
      state: 'verified',
      resentAt: details.documents.studentPhoto!.resentAt,
    });
    // A decided application is out of the queue.
    await move(`/v1/api/admission/${second._id}`, { status: 'withdrawn', note: 'The family moved' });
    expect((await dashboard()).resent).toBe(before);
  }, 120_000);
});

describe('status_counts', () => {
  it('agrees with counting the tables after every insert, move, edit and delete', async () => {
    const gone = await createAdmission({ admissionClass: 'N.C' }, runtime.url);
    await move(`/v1/api/admission/${gone._id}`, { status: 'under-review' });
    expect((await principal.request(`/v1/api/admission/${gone._id}`, { method: 'DELETE' })).status).toBe(200);
    const kept = await db.query(
      `SELECT entity, status, session, admission_class, n::int FROM status_counts WHERE n <> 0 ORDER BY 1, 2, 3, 4`,
    );
    const counted = await db.query(
      `SELECT * FROM (
         SELECT 'admissions' AS entity, status, session, admission_class, count(*)::int AS n FROM admissions GROUP BY 2, 3, 4
         UNION ALL SELECT 'enquiries', status, '', '', count(*)::int FROM enquiries GROUP BY 2
         UNION ALL SELECT 'tc_requests', status, '', '', count(*)::int FROM tc_requests GROUP BY 2
       ) AS t ORDER BY 1, 2, 3, 4`,
    );
    expect(kept.rows.length).toBeGreaterThan(5);
    expect(kept.rows).toEqual(counted.rows);
  });
});

describe('GET /v1/api/audit', () => {
  const audit = async (query: string) => {
    const res = await principal.request(`/v1/api/audit${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as {
      data: Json[];
      total: number;
      currentPage: number;
      totalPages: number;
    };
  };

  it('is for the principal only', async () => {
    await expectJsonError(await new ApiClient(runtime.url).request('/v1/api/audit'), 401);
    const refused = await expectJsonError(await office.request('/v1/api/audit'), 403);
    expect(refused.code).toBe('principal-only');
    // It only reads: nothing else is served.
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await principal.request('/v1/api/audit', { method, json: {} });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
    }
  });

  it('filters by person (any case), action, record and dates, newest first, with paging', async () => {
    const enquiry = await createEnquiry({}, runtime.url);
    await move(`/v1/api/enquiry/${enquiry._id}`, { status: 'contacted', note: 'Called the father' });
    await move(`/v1/api/enquiry/${enquiry._id}`, { status: 'visited' });

    const all = await audit('');
    expect(all.total).toBeGreaterThan(3);
    const times = all.data.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const byOffice = await audit(`?adminEmail=${encodeURIComponent(officeEmail.toUpperCase())}`);
    expect(byOffice.total).toBeGreaterThan(0);
    expect(byOffice.data.every((e) => e.adminEmail === officeEmail)).toBe(true);
    expect(byOffice.total).toBeLessThan(all.total);

    const moves = await audit('?action=status');
    expect(moves.data.length).toBeGreaterThan(0);
    expect(moves.data.every((e) => e.action === 'status')).toBe(true);

    const record = await audit(`?entity=enquiry&entityId=${enquiry._id}`);
    expect(record.data.map((e) => e.detail)).toEqual(['contacted -> visited', 'new -> contacted: Called the father']);
    expect(record.data.every((e) => e.adminEmail === officeEmail && e.entity === 'enquiry')).toBe(true);

    const both = await audit(
      `?entity=enquiry&entityId=${enquiry._id}&action=status&adminEmail=${encodeURIComponent(officeEmail)}`,
    );
    expect(both.total).toBe(2);
    expect(
      (await audit(`?entity=enquiry&entityId=${enquiry._id}&adminEmail=${encodeURIComponent(ADMIN_EMAIL)}`)).total,
    ).toBe(0);

    const today = dateInIndia();
    expect((await audit(`?from=${today}&to=${today}`)).total).toBe(all.total);
    expect((await audit(`?from=${today}`)).total).toBe(all.total);
    expect((await audit(`?from=${addDays(today, 1)}`)).total).toBe(0);
    expect((await audit(`?to=${addDays(today, -1)}`)).total).toBe(0);

    const page2 = await audit(`?action=status&limit=1&page=2`);
    expect(page2).toMatchObject({ currentPage: 2, totalPages: moves.total, total: moves.total });
    expect(page2.data).toHaveLength(1);
    expect(page2.data[0]!._id).toBe(moves.data[1]!._id);
  });

  it('refuses dates that are not real ones, or in the wrong order', async () => {
    for (const query of ['?from=2026-02-30', '?to=25-11-2026', '?from=yesterday', '?to=2026-13-01']) {
      const body = await expectJsonError(await principal.request(`/v1/api/audit${query}`), 400);
      expect(Object.keys(body.fields)).toEqual([query.slice(1, query.indexOf('='))]);
    }
    const body = await expectJsonError(await principal.request('/v1/api/audit?from=2026-11-25&to=2026-11-24'), 400);
    expect(body.fields).toEqual({ from: 'The start date is after the end date.' });
  });
});

describe('the audit log in the database', () => {
  const refusal = (sql: string, params: unknown[] = []) =>
    db.query(sql, params).then(
      () => 'done',
      (error: Error) => error.message,
    );

  it('refuses to change any entry, or to delete one younger than a year, or to truncate', async () => {
    const [recent] = (await db.query(`SELECT id, detail, action FROM audit_log ORDER BY id DESC LIMIT 1`)).rows;
    expect(recent).toBeTruthy();
    expect(await refusal(`UPDATE audit_log SET detail = 'rewritten' WHERE id = $1`, [recent.id])).toMatch(
      /cannot be changed/,
    );
    expect(
      await refusal(`UPDATE audit_log SET created_at = now() - interval '2 years' WHERE id = $1`, [recent.id]),
    ).toMatch(/cannot be changed/);
    expect(await refusal(`DELETE FROM audit_log WHERE id = $1`, [recent.id])).toMatch(/younger than a year/);
    expect(await refusal(`DELETE FROM audit_log`)).toMatch(/younger than a year/);
    expect(await refusal(`TRUNCATE audit_log`)).toMatch(/cannot be truncated/);
    const [after] = (await db.query(`SELECT detail, action FROM audit_log WHERE id = $1`, [recent.id])).rows;
    expect(after).toEqual({ detail: recent.detail, action: recent.action });
  });

  it('lets an entry older than a year be deleted (retention), but not changed', async () => {
    const [old] = (
      await db.query(
        `INSERT INTO audit_log (admin_email, action, entity, entity_id, detail, created_at)
         VALUES ('old@school.test', 'view', 'admission', NULL, 'retention probe', now() - interval '366 days') RETURNING id`,
      )
    ).rows;
    expect(await refusal(`UPDATE audit_log SET detail = 'x' WHERE id = $1`, [old.id])).toMatch(/cannot be changed/);
    expect(await refusal(`DELETE FROM audit_log WHERE id = $1`, [old.id])).toBe('done');
    expect((await db.query(`SELECT 1 FROM audit_log WHERE id = $1`, [old.id])).rows).toHaveLength(0);
  });
});
