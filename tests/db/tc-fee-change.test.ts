/**
 * The TC fee changed by the principal, on a site of its own (the shared runtime's other files pay
 * the TC fee): a request paid against the old fee stays paid and keeps its fee and receipt, one paid
 * in part keeps owing against the old fee, a new one owes the new fee, and the TC form's
 * GET /v1/api/fees says the new fee.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, staffClient } from '../support/api.ts';
import { startInProcessSite, type InProcessSite } from '../support/in-process-site.ts';
import { createTcRequest } from '../http/admin-fixtures.ts';
import { fees } from '../../src/config/fees.ts';
import { ALL_CLASSES } from '../../src/lib/classes.ts';
import { dateInIndia } from '../../src/lib/dates.ts';
import { sessionOf } from '../../src/lib/sessions.ts';

let site: InProcessSite;
let office: ApiClient;
let principal: ApiClient;

beforeAll(async () => {
  site = await startInProcessSite();
  [office, principal] = await Promise.all([
    staffClient('office', 'Fee Clerk', site.url),
    staffClient('principal', 'Fee Principal', site.url),
  ]).then((s) => s.map((x) => x.client));
}, 180_000);
afterAll(async () => {
  await site?.stop();
});

const pay = (id: string, amount: number) =>
  office.request(`/v1/api/tc-request/${id}/payments`, {
    method: 'POST',
    json: { amount, mode: 'cash', reference: '', paidOn: dateInIndia() },
  });
const record = async (id: string) => (await office.request(`/v1/api/tc-request/${id}`)).json();

describe('a change of the TC fee', () => {
  it('leaves what was paid and owed against the old fee as it was; a new request owes the new fee', async () => {
    const paid = await createTcRequest({}, site.url);
    const part = await createTcRequest({}, site.url);
    const full = await pay(paid._id, fees.transferCertificate);
    expect(full.status, await full.clone().text()).toBe(201);
    const { payment } = await full.json();
    expect((await pay(part._id, 200)).status).toBe(201);
    const receipt = await (await office.request(`/v1/api/receipts/${payment.receiptNumber}`)).json();

    const change = await principal.request('/v1/api/fees', {
      method: 'PUT',
      json: {
        session: sessionOf(),
        admission: ALL_CLASSES.map((c) => ({ admissionClass: c, amount: fees.admission[c] })),
        transferCertificate: 750,
      },
    });
    expect(change.status, await change.clone().text()).toBe(200);
    expect((await (await new ApiClient(site.url).request('/v1/api/fees')).json()).transferCertificate).toBe(750);

    expect(await record(paid._id)).toMatchObject({
      status: 'fee-paid',
      paymentStatus: 'paid',
      fee: { due: fees.transferCertificate, balance: 0 },
    });
    expect(await (await office.request(`/v1/api/receipts/${payment.receiptNumber}`)).json()).toEqual(receipt);
    expect((await record(part._id)).fee).toMatchObject({
      due: fees.transferCertificate,
      paid: 200,
      balance: fees.transferCertificate - 200,
    });
    const fresh = await createTcRequest({}, site.url);
    expect((await record(fresh._id)).fee).toMatchObject({ due: 750, paid: 0, balance: 750 });
  });
});
