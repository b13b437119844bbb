/**
 * Statuses with history, through the API: a refused move's 409 (naming the allowed ones) that
 * changes nothing, an allowed one's history and audit entries, the 400s and 404s; what a move needs
 * (documents verified, a note to reopen, a follow-up date); and the status filter of the lists.
 * Which moves each workflow allows, for whom, pair by pair, is tests/unit/workflows.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminClient, staffClient, type ApiClient } from '../support/api.ts';
import { auditOf, createAdmission, createEnquiry, expectJsonError, randomUuid, token } from '../http/admin-fixtures.ts';
import { ADMISSION_WORKFLOW } from '../../src/features/admission/workflow.ts';
import { ENQUIRY_WORKFLOW } from '../../src/features/enquiry/workflow.ts';
import type { Workflow } from '../../src/lib/workflow.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

let office: ApiClient;
let principal: ApiClient;

beforeAll(async () => {
  office = (await staffClient('office')).client;
  principal = (await staffClient('principal')).client;
});

const patch = (client: ApiClient, path: string, json: unknown) => client.request(path, { method: 'PATCH', json });

/** The shortest way from the workflow's start to `target`, through the moves anyone may make. */
function pathTo<S extends string>(wf: Workflow<S>, target: S): S[] {
  const queue: S[][] = [[wf.initial]];
  for (let i = 0; i < queue.length; i++) {
    const path = queue[i]!;
    const last = path.at(-1)!;
    if (last === target) return path.slice(1);
    for (const next of wf.moves[last]) if (!path.includes(next)) queue.push([...path, next]);
  }
  throw new Error(`${target} cannot be reached`);
}

async function verifyAllDocuments(client: ApiClient, id: string): Promise<void> {
  const record = await (await client.request(`/v1/api/admission/${id}`)).json();
  for (const field of Object.keys(record.documents)) {
    const res = await patch(client, `/v1/api/admission/${id}/documents/${field}`, { state: 'verified' });
    expect(res.status).toBe(200);
  }
}

/** A new admission moved along to `status`. */
async function admissionAt(status: string): Promise<string> {
  const { _id } = await createAdmission();
  for (const step of pathTo(ADMISSION_WORKFLOW, status as never)) {
    if (step === 'documents-verified') await verifyAllDocuments(office, _id);
    const res = await patch(office, `/v1/api/admission/${_id}`, { status: step });
    if (res.status !== 200) throw new Error(`moving to ${step}: ${res.status} ${await res.text()}`);
  }
  return _id;
}

async function enquiryAt(status: string): Promise<string> {
  const { _id } = await createEnquiry();
  for (const step of pathTo(ENQUIRY_WORKFLOW, status as never)) {
    const res = await patch(office, `/v1/api/enquiry/${_id}`, { status: step });
    if (res.status !== 200) throw new Error(`moving to ${step}: ${res.status} ${await res.text()}`);
  }
  return _id;
}

interface Case {
  name: string;
  resource: string;
  wf: Workflow;
  at: (status: string) => Promise<string>;
  /** A status to try a refused move from (one with moves both allowed and refused). */
  refusedFrom: string;
  /** Moves made through the API: the first one of a record, and one into a final status after several. */
  moves: [string, string][];
}

const CASES: Case[] = [
  {
    name: 'admission',
    resource: 'admission',
    wf: ADMISSION_WORKFLOW as Workflow,
    at: admissionAt,
    refusedFrom: 'under-review',
    moves: [
      ['received', 'under-review'],
      ['documents-verified', 'admitted'],
    ],
  },
  {
    name: 'enquiry',
    resource: 'enquiry',
    wf: ENQUIRY_WORKFLOW as Workflow,
    at: enquiryAt,
    refusedFrom: 'contacted',
    moves: [
      ['new', 'contacted'],
      ['visited', 'applied'],
    ],
  },
];

describe.each(CASES)('$name workflow', ({ resource, wf, at, refusedFrom, moves }) => {
  it('starts every record at its first status, with its creation as the first history entry', async () => {
    const id = await at(wf.initial);
    const record = await (await office.request(`/v1/api/${resource}/${id}`)).json();
    expect(record.status).toBe(wf.initial);
    expect(record.statusChangedAt).toBeNull();
    expect(record.history).toEqual([{ status: wf.initial, note: '', by: 'Online form', at: record.createdAt }]);
  });

  it.each([[refusedFrom]])(
    'from %s: refuses every move the table does not allow (409 naming the allowed ones), changing nothing',
    async (from) => {
      const id = await at(from);
      const before = await (await office.request(`/v1/api/${resource}/${id}`)).json();
      const allowed = wf.moves[from]!;
      for (const to of wf.statuses.filter((s) => !allowed.includes(s))) {
        const res = await patch(office, `/v1/api/${resource}/${id}`, { status: to, note: 'should not be kept' });
        if (wf.principalMoves?.[from]?.includes(to)) {
          // A principal's move tried by the office: 403, not a 409.
          expect((await expectJsonError(res, 403)).code).toBe('principal-only');
          continue;
        }
        const body = await expectJsonError(res, 409);
        expect(body.error).toContain(`is ${wf.labels[from]} and cannot move to ${wf.labels[to]}`);
        for (const next of allowed) expect(body.error).toContain(wf.labels[next]);
        if (!allowed.length) expect(body.error).toContain('cannot move any further');
      }
      const after = await (await office.request(`/v1/api/${resource}/${id}`)).json();
      expect(after).toEqual(before);
    },
  );

  it.each(moves)('office moves %s -> %s, written to the history and the audit log', async (from, to) => {
    const id = await at(from);
    if (to === 'documents-verified') await verifyAllDocuments(office, id);
    const note = `note ${token()}`;
    const res = await patch(office, `/v1/api/${resource}/${id}`, { status: to, note });
    expect(res.status).toBe(200);
    const record = await res.json();
    expect(record.status).toBe(to);
    const last = record.history.at(-1);
    expect(last).toMatchObject({ status: to, note, by: expect.stringMatching(/^Test office/) });
    expect(record.statusChangedAt).toBe(last.at);
    expect(record.history.map((h: { status: string }) => h.status)).toEqual([
      wf.initial,
      ...pathTo(wf, from as never),
      to,
    ]);
    const audit = await auditOf(principal, resource, id);
    expect(audit[0]).toMatchObject({ action: 'status', detail: `${from} -> ${to}: ${note}` });
  });

  it('answers 400 for an unknown status or a note that is too long, 404 for an unknown record', async () => {
    const id = await at(wf.initial);
    expect(
      (await expectJsonError(await patch(office, `/v1/api/${resource}/${id}`, { status: 'lost' }), 400)).fields.status,
    ).toBeDefined();
    expect(
      (await expectJsonError(await patch(office, `/v1/api/${resource}/${id}`, { status: 12 }), 400)).fields.status,
    ).toBeDefined();
    const long = await patch(office, `/v1/api/${resource}/${id}`, {
      status: wf.moves[wf.initial]![0],
      note: 'x'.repeat(1001),
    });
    expect((await expectJsonError(long, 400)).fields.note).toBeDefined();
    await expectJsonError(
      await patch(office, `/v1/api/${resource}/${randomUuid()}`, { status: wf.moves[wf.initial]![0] }),
      404,
    );
    await expectJsonError(await patch(office, `/v1/api/${resource}/nope`, { status: wf.moves[wf.initial]![0] }), 404);
    const record = await (await office.request(`/v1/api/${resource}/${id}`)).json();
    expect(record.history).toHaveLength(1);
  });

  it("filters its list by status and shows each row's status", async () => {
    const moved = await at(wf.moves[wf.initial]![0]!);
    const admin = await adminClient();
    const status = wf.moves[wf.initial]![0]!;
    const res = await admin.request(`/v1/api/${resource}?status=${status}&limit=100`);
    expect(res.status).toBe(200);
    const body = await res.json();
    const rows: { _id: string; status: string }[] = Array.isArray(body) ? body : body.data;
    expect(rows.map((r) => r._id)).toContain(moved);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set([status]));
  });
});

describe('admission: what a move needs', () => {
  it('refuses Documents verified until every document present is verified, and names the open ones', async () => {
    const id = await admissionAt('under-review');
    const refused = await expectJsonError(
      await patch(office, `/v1/api/admission/${id}`, { status: 'documents-verified' }),
      409,
    );
    expect(refused.error).toMatch(/^Every document must be verified first: .*Birth certificate \(pending\)/);
    await verifyAllDocuments(office, id);
    const reject = await patch(office, `/v1/api/admission/${id}/documents/studentPhoto`, {
      state: 'rejected',
      reason: 'Photo is blurred',
    });
    expect(reject.status).toBe(200);
    const rejected = await reject.json();
    expect(rejected.documents.studentPhoto).toMatchObject({
      state: 'rejected',
      reason: 'Photo is blurred',
      checkedBy: expect.stringMatching(/^Test office/),
    });
    expect(
      (await expectJsonError(await patch(office, `/v1/api/admission/${id}`, { status: 'documents-verified' }), 409))
        .error,
    ).toContain('Student photo (rejected)');
    expect((await patch(office, `/v1/api/admission/${id}/documents/studentPhoto`, { state: 'verified' })).status).toBe(
      200,
    );
    expect((await patch(office, `/v1/api/admission/${id}`, { status: 'documents-verified' })).status).toBe(200);
  });

  it.each(['REFUSED', 'NOGEN'])(
    'never holds Documents verified back for the ABC card after the ABC ID %s (not needed)',
    async (answer) => {
      // A card chosen before the parent answered the ABC ID is still sent, and stored; the office need not judge it.
      const { _id: id } = await createAdmission({ abcId: answer.toLowerCase() });
      expect((await patch(office, `/v1/api/admission/${id}`, { status: 'under-review' })).status).toBe(200);
      const record = await (await office.request(`/v1/api/admission/${id}`)).json();
      expect(record.abcId).toBe(answer);
      expect(record.documents.abcCard).toMatchObject({ state: 'pending' });
      for (const field of Object.keys(record.documents).filter((f) => f !== 'abcCard')) {
        expect((await patch(office, `/v1/api/admission/${id}/documents/${field}`, { state: 'verified' })).status).toBe(
          200,
        );
      }
      expect((await patch(office, `/v1/api/admission/${id}`, { status: 'documents-verified' })).status).toBe(200);
      // Rejecting it later does not send the application back to review either.
      const judged = await patch(office, `/v1/api/admission/${id}/documents/abcCard`, {
        state: 'rejected',
        reason: 'Not needed',
      });
      expect(judged.status).toBe(200);
      expect((await judged.json()).status).toBe('documents-verified');
      // Any other document still does.
      const other = await patch(office, `/v1/api/admission/${id}/documents/studentPhoto`, {
        state: 'rejected',
        reason: 'Photo is blurred',
      });
      expect((await other.json()).status).toBe('under-review');
    },
  );

  it('checks document verdicts: a reason for a rejection, known states and fields only, and sends a verified application back to review when one is rejected', async () => {
    const id = await admissionAt('documents-verified');
    await expectJsonError(
      await patch(office, `/v1/api/admission/${id}/documents/studentPhoto`, { state: 'rejected' }),
      400,
    );
    await expectJsonError(
      await patch(office, `/v1/api/admission/${id}/documents/studentPhoto`, { state: 'fine' }),
      400,
    );
    await expectJsonError(await patch(office, `/v1/api/admission/${id}/documents/nope`, { state: 'verified' }), 404);
    await expectJsonError(
      await patch(office, `/v1/api/admission/${id}/documents/previousMarksheet`, { state: 'verified' }),
      404,
    );
    await expectJsonError(
      await patch(office, `/v1/api/admission/${randomUuid()}/documents/studentPhoto`, { state: 'verified' }),
      404,
    );
    const res = await patch(office, `/v1/api/admission/${id}/documents/abcCard`, {
      state: 'rejected',
      reason: 'Not readable',
    });
    const record = await res.json();
    expect(record.status).toBe('under-review');
    expect(record.history.at(-1)).toMatchObject({ status: 'under-review', note: 'ABC card is rejected again.' });
    const audit = await auditOf(principal, 'admission', id);
    expect(audit.slice(0, 2).map((e) => e.action)).toEqual(['status', 'document']);
    expect(audit[1]!.detail).toBe('abcCard: rejected (Not readable)');
  });

  it('refuses document verdicts once decided', async () => {
    const id = await admissionAt('not-admitted');
    await expectJsonError(
      await patch(office, `/v1/api/admission/${id}/documents/studentPhoto`, { state: 'verified' }),
      409,
    );
  });

  it('lets only a principal reopen a decided application, and only with a note', async () => {
    for (const from of ['admitted', 'waitlisted', 'not-admitted', 'withdrawn']) {
      const id = await admissionAt(from);
      expect(
        (
          await expectJsonError(
            await patch(office, `/v1/api/admission/${id}`, { status: 'under-review', note: 'again' }),
            403,
          )
        ).code,
      ).toBe('principal-only');
      expect(
        (await expectJsonError(await patch(principal, `/v1/api/admission/${id}`, { status: 'under-review' }), 400))
          .fields.note,
      ).toBeDefined();
      const res = await patch(principal, `/v1/api/admission/${id}`, {
        status: 'under-review',
        note: 'Parent sent the right marksheet',
      });
      expect(res.status).toBe(200);
      const record = await res.json();
      expect(record.history.at(-1)).toMatchObject({
        status: 'under-review',
        note: 'Parent sent the right marksheet',
        by: expect.stringMatching(/^Test principal/),
      });
    }
  });
});

describe('enquiry: the next follow-up date', () => {
  it('is set with a move or on its own, cleared when the enquiry ends, and checked', async () => {
    const id = await enquiryAt('new');
    let res = await patch(office, `/v1/api/enquiry/${id}`, { status: 'contacted', nextFollowUp: '2030-01-15' });
    expect((await res.json()).nextFollowUp).toBe('2030-01-15');
    res = await patch(office, `/v1/api/enquiry/${id}`, { nextFollowUp: '2030-02-01' });
    const rescheduled = await res.json();
    expect(rescheduled).toMatchObject({ status: 'contacted', nextFollowUp: '2030-02-01' });
    expect(rescheduled.history).toHaveLength(2);
    await expectJsonError(await patch(office, `/v1/api/enquiry/${id}`, { nextFollowUp: '2030-02-30' }), 400);
    await expectJsonError(await patch(office, `/v1/api/enquiry/${id}`, {}), 400);
    res = await patch(office, `/v1/api/enquiry/${id}`, { status: 'closed', nextFollowUp: '2030-03-01' });
    expect((await res.json()).nextFollowUp).toBeNull();
  });

  it('lists the enquiries whose follow-up has come with ?due', async () => {
    const word = token();
    const due = await createEnquiry({ studentName: `Due ${word}` });
    const later = await createEnquiry({ studentName: `Later ${word}` });
    await patch(office, `/v1/api/enquiry/${due._id}`, { status: 'contacted', nextFollowUp: '2020-01-01' });
    await patch(office, `/v1/api/enquiry/${later._id}`, { status: 'contacted', nextFollowUp: '2099-01-01' });
    const rows = await (await office.request(`/v1/api/enquiry?search=${word}&due=1`)).json();
    expect(rows.map((r: { _id: string }) => r._id)).toEqual([due._id]);
  });
});
