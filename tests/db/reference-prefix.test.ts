/**
 * The school's own numbering: the principal sets the prefix of application and receipt numbers in
 * the profile; new numbers take it, numbers already given keep theirs and still answer, a prefix
 * that is not 2 to 6 letters is refused, and the hints name the school's numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, staffClient } from '../support/api.ts';
import { startOfficeSite, type OfficeSite } from '../support/in-process-site.ts';
import { createAdmission, createTcRequest, expectJsonError } from '../http/admin-fixtures.ts';
import { fees } from '../../src/config/fees.ts';
import { dateInIndia, yearInIndia } from '../../src/lib/dates.ts';

let site: OfficeSite;
let principal: ApiClient;

beforeAll(async () => {
  site = await startOfficeSite({}, 'Numbers Clerk');
  principal = (await staffClient('principal', 'Numbers Principal', site.url)).client;
}, 180_000);
afterAll(() => site?.stop());

const payTc = async (id: string) => {
  const res = await site.office.request(`/v1/api/tc-request/${id}/payments`, {
    method: 'POST',
    json: { amount: fees.transferCertificate, mode: 'cash', reference: '', paidOn: dateInIndia() },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).payment.receiptNumber as string;
};
const setPrefix = async (referencePrefix: string) => {
  const profile = await (await principal.request('/v1/api/school')).json();
  return principal.request('/v1/api/school', { method: 'PUT', json: { ...profile, referencePrefix } });
};

describe("the school's prefix of reference and receipt numbers", () => {
  it('starts as the starting content has it; a new prefix numbers what comes next, and what was given keeps its number and still answers', async () => {
    const year = yearInIndia();
    const before = await createAdmission({}, site.url);
    expect(before.referenceNumber).toMatch(new RegExp(`^RMCP-${year}-\\d{6}$`));
    const oldReceipt = await payTc((await createTcRequest({}, site.url))._id);
    expect(oldReceipt).toMatch(new RegExp(`^RMCP-R-${year}-\\d{6}$`));

    const saved = await setPrefix('sps');
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await saved.json()).referencePrefix).toBe('SPS');

    const after = await createAdmission({}, site.url);
    expect(after.referenceNumber).toMatch(new RegExp(`^SPS-${year}-\\d{6}$`));
    // One sequence whatever the prefix: no number is given twice.
    expect(Number(after.referenceNumber.slice(-6))).toBeGreaterThan(Number(before.referenceNumber.slice(-6)));
    const newReceipt = await payTc((await createTcRequest({}, site.url))._id);
    expect(newReceipt).toMatch(new RegExp(`^SPS-R-${year}-\\d{6}$`));

    const visitor = new ApiClient(site.url);
    for (const reference of [before.referenceNumber, after.referenceNumber]) {
      const status = await visitor.request('/v1/api/admission/status', {
        method: 'POST',
        json: { referenceNumber: reference, contactNo: '9988776655' },
      });
      expect(status.status, reference).toBe(200);
    }
    for (const number of [oldReceipt, newReceipt])
      expect((await site.office.request(`/v1/api/receipts/${number}`)).status, number).toBe(200);
  });

  it('refuses a prefix that is not 2 to 6 letters, and changes nothing', async () => {
    for (const bad of ['S', 'SPS1', 'SUNRISE', 'S-P', 'एसपी']) {
      const body = await expectJsonError(await setPrefix(bad), 400);
      expect(body.fields.referencePrefix).toBe(
        "The prefix is 2 to 6 capital letters (A to Z), e.g. the school's initials.",
      );
    }
    expect((await (await principal.request('/v1/api/school')).json()).referencePrefix).toBe('SPS');
  });

  it("names the school's own numbers in the refusals families read", async () => {
    const refused = await new ApiClient(site.url).request('/v1/api/admission/status', {
      method: 'POST',
      json: { referenceNumber: 'nonsense', contactNo: '9876543210', language: 'hi' },
    });
    const body = await refused.json();
    expect(JSON.stringify(body)).toContain('SPS-2026-000123');
    expect(JSON.stringify(body)).not.toContain('RMCP');
  });
});
