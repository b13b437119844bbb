/**
 * A pupil's TC requests, on the API in this process with a database of its own: a family's own
 * request is never refused because of requests a stranger made. The review's reproduction: two
 * requests for a pupil's admission number from one mobile both got 201, the family's own then got
 * 409 until the office rejected the invented ones, and the "different mobiles" flag never showed.
 * Now every request is stored (201); one that comes while two live (not rejected) requests exist is
 * marked `overLimit`, to wait for the office's check, from one mobile or several; the list marks
 * every request of an admission number with more than one live request, whatever the mobiles.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, requestFrom, type Json } from '../support/api.ts';
import { startInProcessSite, type InProcessSite } from '../support/in-process-site.ts';
import { tcBody, token } from '../http/admin-fixtures.ts';

let runtime: InProcessSite;
let office: ApiClient;
beforeAll(async () => {
  runtime = await startInProcessSite();
  office = await adminClient(runtime.url);
}, 120_000);
afterAll(async () => {
  await runtime?.stop();
});

const STRANGER = '9876501234';
const FAMILY = '9123456780';
const freshNumber = () => `ADM-${token('')}`.toUpperCase();

let lastAddress = 0;
const freshAddress = () => `127.0.66.${++lastAddress}`;

/** A request as the form sends it, from `from`: its status and the answer. */
async function request(
  admissionNumber: string,
  contact: string,
  from = freshAddress(),
  extra: Record<string, string> = {},
) {
  const res = await requestFrom(
    runtime.url,
    from,
    'POST',
    '/v1/api/tc-request',
    tcBody({ admissionNumber, contact, ...extra }),
  );
  return { status: res.status, body: JSON.parse(res.body) as Json };
}

const countOf = async (admissionNumber: string) =>
  JSON.parse(
    (
      await requestFrom(
        runtime.url,
        freshAddress(),
        'GET',
        `/v1/api/tc-request/admission-number/${encodeURIComponent(admissionNumber)}`,
      )
    ).body,
  ) as number;

/** The list's rows of an admission number, by id: what the marks are drawn from. */
async function rowsOf(
  admissionNumber: string,
): Promise<Record<string, { overLimit: boolean; liveRequests: number; differentMobiles: boolean }>> {
  const res = await office.request(`/v1/api/tc-request?admissionNumber=${encodeURIComponent(admissionNumber)}`);
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as {
    data: { _id: string; overLimit: boolean; liveRequests: number; differentMobiles: boolean }[];
  };
  return Object.fromEntries(
    data.map(({ _id, overLimit, liveRequests, differentMobiles }) => [
      _id,
      { overLimit, liveRequests, differentMobiles },
    ]),
  );
}

const details = async (id: string) => (await (await office.request(`/v1/api/tc-request/${id}`)).json()) as Json;

describe("a stranger's requests for a pupil's admission number", () => {
  it("the review's case: two from one mobile, then the family's own from another gets 201, marked for the office, and every request is flagged", async () => {
    const number = freshNumber();
    const strangerAt = freshAddress();
    const invented = [await request(number, STRANGER, strangerAt), await request(number, STRANGER, strangerAt)];
    expect(invented.map((r) => r.status)).toEqual([201, 201]);
    expect(invented.map((r) => r.body.overLimit)).toEqual([false, false]);
    // Two live requests from one mobile are flagged already.
    expect(await rowsOf(number)).toEqual({
      [invented[0]!.body._id]: { overLimit: false, liveRequests: 2, differentMobiles: false },
      [invented[1]!.body._id]: { overLimit: false, liveRequests: 2, differentMobiles: false },
    });
    expect(await countOf(number)).toBe(2);

    const family = await request(number, FAMILY);
    expect(family.status).toBe(201);
    expect(family.body).toMatchObject({
      admissionNumber: number,
      contact: FAMILY,
      status: 'requested',
      overLimit: true,
    });
    expect(await countOf(number)).toBe(3);
    expect(await rowsOf(number)).toEqual({
      [invented[0]!.body._id]: { overLimit: false, liveRequests: 3, differentMobiles: true },
      [invented[1]!.body._id]: { overLimit: false, liveRequests: 3, differentMobiles: true },
      [family.body._id]: { overLimit: true, liveRequests: 3, differentMobiles: true },
    });
    const own = await details(family.body._id);
    expect(own.overLimit).toBe(true);
    expect(own.otherRequests.map((o: { _id: string; otherMobile: boolean }) => [o._id, o.otherMobile])).toEqual([
      [invented[0]!.body._id, true],
      [invented[1]!.body._id, true],
    ]);
    expect((await details(invented[0]!.body._id)).overLimit).toBe(false);

    // The office rejects the invented ones: the family's is the one live request, its mark of how it came stays.
    for (const r of invented) {
      const rejected = await office.request(`/v1/api/tc-request/${r.body._id}`, {
        method: 'PATCH',
        json: { status: 'rejected', reason: 'Not asked by the parent' },
      });
      expect(rejected.status, await rejected.text()).toBe(200);
    }
    expect(await countOf(number)).toBe(1);
    expect((await rowsOf(number))[family.body._id]).toEqual({
      overLimit: true,
      liveRequests: 1,
      differentMobiles: true,
    });
  });

  it('from one mobile only: the third waits for the office all the same, and the flag shows without "different mobiles"', async () => {
    const number = freshNumber();
    const sent = [
      await request(number, STRANGER),
      await request(number, STRANGER),
      await request(number, STRANGER),
      await request(number, STRANGER),
    ];
    expect(sent.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(sent.map((r) => r.body.overLimit)).toEqual([false, false, true, true]);
    const rows = await rowsOf(number);
    expect(Object.values(rows).map((r) => [r.liveRequests, r.differentMobiles])).toEqual(Array(4).fill([4, false]));
  });

  it('a request the office deleted or rejected frees its place: the next one is not marked', async () => {
    const number = freshNumber();
    const [a, b] = [await request(number, STRANGER), await request(number, STRANGER)];
    expect((await office.request(`/v1/api/tc-request/${a.body._id}`, { method: 'DELETE' })).status).toBe(200);
    expect(
      (
        await office.request(`/v1/api/tc-request/${b.body._id}`, {
          method: 'PATCH',
          json: { status: 'rejected', reason: 'Invented' },
        })
      ).status,
    ).toBe(200);
    const family = await request(number, FAMILY);
    expect(family.status).toBe(201);
    expect(family.body.overLimit).toBe(false);
    expect((await rowsOf(number))[family.body._id]).toEqual({
      overLimit: false,
      liveRequests: 1,
      differentMobiles: true,
    });
  });

  it('20 requests at once for one number: all stored, exactly two unmarked', async () => {
    const number = freshNumber();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => request(number, i % 2 ? STRANGER : FAMILY)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(answers.filter((a) => a.body.overLimit === false)).toHaveLength(2);
    expect(await countOf(number)).toBe(20);
    expect(Object.values(await rowsOf(number)).filter((r) => r.overLimit)).toHaveLength(18);
  }, 120_000);

  it('a request past the two sent again with its submission key gets the same answer, marked, and stores nothing more', async () => {
    const number = freshNumber();
    await request(number, STRANGER);
    await request(number, STRANGER);
    // The same form sent twice (its answer lost on the way): the same details under the same key.
    const { studentName, aadharUid } = tcBody();
    const same = { submissionKey: randomUUID(), studentName: studentName!, aadharUid: aadharUid! };
    const first = await request(number, FAMILY, freshAddress(), same);
    const again = await request(number, FAMILY, freshAddress(), same);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect(again.body.overLimit).toBe(true);
    expect(await countOf(number)).toBe(3);
  });

  it('the list answers every row with its marks, and a number requested once is not flagged', async () => {
    const number = freshNumber();
    const alone = await request(number, FAMILY);
    expect(alone.body.overLimit).toBe(false);
    expect(await rowsOf(number)).toEqual({
      [alone.body._id]: { overLimit: false, liveRequests: 1, differentMobiles: false },
    });
    expect((await new ApiClient(runtime.url).request(`/v1/api/tc-request?admissionNumber=${number}`)).status).toBe(401);
  });
});
