/**
 * Receipt numbers under concurrency, on a site of its own (so no other test's payments take
 * numbers in between and the year's sequence starts at 1): ten payments at once on ten records get
 * exactly the year's first ten numbers, and a refused payment in between uses none up. Runs on
 * PGlite and again on a fresh PostgreSQL database in the PostgreSQL pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api.ts';
import { RAISED_LIMITS } from '../support/runtime.ts';
import { tcBody } from '../http/admin-fixtures.ts';
import { fees } from '../../src/config/fees.ts';
import { dateInIndia, yearInIndia } from '../../src/lib/dates.ts';
import { startInProcessSite, type InProcessSite } from '../support/in-process-site.ts';

const ENGINE = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const ADMIN_EMAIL = 'receipts@school.test';
const ADMIN_PASSWORD = 'two tills at one counter';

let runtime: InProcessSite;
let principal: ApiClient;

beforeAll(async () => {
  runtime = await startInProcessSite({ ADMIN_EMAIL, ADMIN_PASSWORD, ...RAISED_LIMITS });
  principal = new ApiClient(runtime.url);
  await principal.login(ADMIN_EMAIL, ADMIN_PASSWORD);
}, 120_000);
afterAll(async () => {
  await runtime?.stop();
});

async function tcRequest(): Promise<string> {
  const res = await new ApiClient(runtime.url).request('/v1/api/tc-request', { method: 'POST', json: tcBody() });
  if (res.status !== 201) throw new Error(`TC request: ${res.status} ${await res.text()}`);
  return (await res.json())._id;
}

const number = (n: number) => `RMCP-R-${yearInIndia()}-${String(n).padStart(6, '0')}`;
const payment = (amount: number) => ({
  amount,
  mode: 'upi',
  reference: `UTR${Math.floor(Math.random() * 1e9)}`,
  paidOn: dateInIndia(),
});
const pay = (id: string, amount = fees.transferCertificate) =>
  principal.request(`/v1/api/tc-request/${id}/payments`, { method: 'POST', json: payment(amount) });

describe(`receipt numbers under concurrency (${ENGINE})`, () => {
  it('gives ten concurrent payments on ten records the ten consecutive numbers of the year, no gaps, no repeats', async () => {
    const ids = await Promise.all(Array.from({ length: 10 }, tcRequest));
    const answers = await Promise.all(ids.map((id) => pay(id)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    const numbers = (await Promise.all(answers.map((a) => a.json()))).map((b) => b.payment.receiptNumber as string);
    expect([...numbers].sort()).toEqual(Array.from({ length: 10 }, (_, i) => number(i + 1)));
    // Each record's own payment carries the number it was answered with.
    for (const [i, id] of ids.entries()) {
      const record = await (await principal.request(`/v1/api/tc-request/${id}`)).json();
      expect(record.payments.map((p: { receiptNumber: string }) => p.receiptNumber)).toEqual([numbers[i]]);
      expect(record).toMatchObject({ status: 'fee-paid', paymentStatus: 'paid' });
    }
  });

  it('uses up no number for a refused payment, also when it comes in between others', async () => {
    const [paid, open, other] = await Promise.all([tcRequest(), tcRequest(), tcRequest()]);
    // `paid` is paid in full first (number 11); then one refused (nothing due) between two accepted.
    expect((await pay(paid)).status).toBe(201);
    const answers = await Promise.all([
      pay(open, 100),
      pay(paid, 100),
      pay(other, fees.transferCertificate * 10),
      pay(other, 100),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 409, 409, 201]);
    const numbers = await Promise.all([answers[0]!.json(), answers[3]!.json()]).then((b) =>
      b.map((x) => x.payment.receiptNumber).sort(),
    );
    expect(numbers).toEqual([number(12), number(13)]);
    expect((await pay(open, 100)).status).toBe(201);
    const last = await (await principal.request(`/v1/api/tc-request/${open}`)).json();
    expect(last.payments.at(-1).receiptNumber).toBe(number(14));
  });
});
