/**
 * Fees, payments and receipts of admissions and TC requests: recording (amounts stored as exact
 * paise), what is refused and that nothing is stored then, the payment status, reversals and
 * waivers (principal only), a TC request moving to Fee paid by itself, the receipt's JSON, the audit
 * entries, and that a record with payments cannot be deleted. Receipt numbering under concurrency
 * has its own runtime (payments-concurrency.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, staffClient, type Json } from '../support/api.ts';
import {
  auditOf,
  createTcRequest,
  expectJsonError,
  fileOf,
  pdf,
  png,
  randomUuid,
  token,
} from '../http/admin-fixtures.ts';
import { closeDb, db } from '../http/forms-fixtures.ts';
import { FILE, validAdmission } from '../unit/forms-cases.ts';
import { fees } from '../../src/config/fees.ts';
import { site } from '../../src/config/site.ts';
import { academicSessionOn, sessionOf } from '../../src/lib/sessions.ts';
import { dateInIndia, yearInIndia } from '../../src/lib/dates.ts';
import { HAS_PAYMENTS } from '../../src/server/record-routes.ts';
import { PAYMENT_TEXTS } from '../../src/features/payments/payments.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

let office: ApiClient;
let principal: ApiClient;
const OFFICE_NAME = `Meena ${token('')}`;
const PRINCIPAL_NAME = `Dr Verma ${token('')}`;

beforeAll(async () => {
  [office, principal] = await Promise.all([
    staffClient('office', OFFICE_NAME),
    staffClient('principal', PRINCIPAL_NAME),
  ]).then((s) => s.map((x) => x.client));
});
afterAll(closeDb);

const post = (client: ApiClient, path: string, json: unknown) => client.request(path, { method: 'POST', json });
const RECEIPT = new RegExp(`^RMCP-R-${yearInIndia()}-\\d{6}$`);
const TODAY = dateInIndia();
const TC_FEE = fees.transferCertificate;
/** Rupees as a receipt writes them: ₹12,500.00. */
const inr = (rupees: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(rupees);

/** A senior-wing application for `admissionClass` (6 to 12), made through the public form with its documents. */
async function seniorAdmission(
  admissionClass: string,
): Promise<{ _id: string; referenceNumber: string; name: string }> {
  const form = new FormData();
  const fields: Record<string, string> = {
    ...validAdmission('senior'),
    admissionClass,
    studentFirstName: `Kiran${token('')}`,
  };
  for (const [name, value] of Object.entries(fields)) {
    if (value !== FILE) form.append(name, value);
    else if (name.endsWith('Photo')) form.append(name, fileOf(png(), 'image/png'), `${name}.png`);
    else form.append(name, fileOf(pdf(), 'application/pdf'), `${name}.pdf`);
  }
  const res = await new ApiClient().request('/v1/api/admission', { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`admission: ${res.status} ${await res.text()}`);
  const { admission } = await res.json();
  return { ...admission, name: `${fields.studentFirstName} ${fields.studentMiddleName} ${fields.studentLastName}` };
}

async function paymentsStored(entity: string, id: string): Promise<Record<string, unknown>[]> {
  const { rows } = await db().query(
    `SELECT receipt_number, amount_paise::text AS paise, mode, reference, paid_on FROM payments WHERE entity = $1 AND record_id = $2 ORDER BY created_at`,
    [entity, id],
  );
  return rows;
}

async function pay(client: ApiClient, path: string, body: Record<string, unknown>): Promise<Json> {
  const res = await post(client, `${path}/payments`, body);
  if (res.status !== 201) throw new Error(`payment: ${res.status} ${await res.text()}`);
  return res.json();
}

describe('recording payments', () => {
  it('stores the amount as exact paise, gives a receipt number, and moves the status from partial to paid', async () => {
    const { _id } = await seniorAdmission('12');
    const path = `/v1/api/admission/${_id}`;
    const fee = fees.admission['12'];
    const before = await (await office.request(path)).json();
    expect(before).toMatchObject({ paymentStatus: 'pending', transactionId: null, payments: [] });
    expect(before.fee).toEqual({
      due: fee,
      paid: 0,
      balance: fee,
      duePaise: fee * 100,
      paidPaise: 0,
      balancePaise: fee * 100,
      waiverNote: null,
    });

    const first = await pay(office, path, { amount: 12500.5, mode: 'upi', reference: 'UTR 4123 9876', paidOn: TODAY });
    expect(first.payment).toMatchObject({
      amount: 12500.5,
      amountPaise: 1250050,
      mode: 'upi',
      reference: 'UTR 4123 9876',
      paidOn: TODAY,
      receivedBy: OFFICE_NAME,
      reverses: null,
      reversedBy: null,
    });
    expect(first.payment.receiptNumber).toMatch(RECEIPT);
    expect(first.record).toMatchObject({ _id, paymentStatus: 'partial', transactionId: 'UTR 4123 9876' });
    expect(first.record.fee).toMatchObject({
      paid: 12500.5,
      paidPaise: 1250050,
      balance: fee - 12500.5,
      balancePaise: fee * 100 - 1250050,
    });
    expect(await paymentsStored('admission', _id)).toEqual([
      {
        receipt_number: first.payment.receiptNumber,
        paise: '1250050',
        mode: 'upi',
        reference: 'UTR 4123 9876',
        paid_on: TODAY,
      },
    ]);

    // The rest in cash, as text: the transaction id is now the cash receipt's number.
    const rest = ((fee * 100 - 1250050) / 100).toFixed(2);
    const second = await pay(office, path, { amount: rest, mode: 'cash', reference: '', paidOn: TODAY });
    expect(second.payment.receiptNumber).toMatch(RECEIPT);
    expect(second.payment.receiptNumber > first.payment.receiptNumber).toBe(true);
    expect(second.record).toMatchObject({ paymentStatus: 'paid', transactionId: second.payment.receiptNumber });
    expect(second.record.fee).toMatchObject({ paid: fee, balance: 0, balancePaise: 0 });
    expect(second.record.payments.map((p: Json) => p.receiptNumber)).toEqual([
      first.payment.receiptNumber,
      second.payment.receiptNumber,
    ]);

    // Nothing more is due: another payment is refused, and stores nothing.
    const again = await expectJsonError(
      await post(office, `${path}/payments`, { amount: 1, mode: 'cash', paidOn: TODAY }),
      409,
    );
    expect(again.code).toBe('nothing-due');
    expect(await paymentsStored('admission', _id)).toHaveLength(2);
  });

  it('refuses bad input with 400 naming the field, and stores nothing', async () => {
    const { _id } = await createTcRequest();
    const good = { amount: 100, mode: 'cheque', reference: '004512', paidOn: TODAY };
    const tomorrow = dateInIndia(new Date(Date.now() + 86_400_000));
    // One refusal of each kind of rule; every rule case by case is tests/unit/payments-rules.test.ts.
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['amount 0', { amount: 0 }, 'amount', PAYMENT_TEXTS.positive],
      ['words after it', { amount: '100 rupees' }, 'amount', PAYMENT_TEXTS.amount],
      ['amount as a list', { amount: [100] }, 'amount', 'Invalid field type.'],
      ['UPI without reference', { mode: 'upi', reference: ' ' }, 'reference', PAYMENT_TEXTS.reference],
      ['future date', { paidOn: tomorrow }, 'paidOn', PAYMENT_TEXTS.paidOn],
      ['missing date', { paidOn: '' }, 'paidOn', PAYMENT_TEXTS.required],
    ];
    for (const [name, patch, field, message] of cases) {
      const body = await expectJsonError(
        await post(office, `/v1/api/tc-request/${_id}/payments`, { ...good, ...patch }),
        400,
      );
      expect(body, name).toMatchObject({ error: message });
      expect(Object.keys(body.fields), name).toEqual([field]);
    }
    expect(await paymentsStored('tc-request', _id)).toEqual([]);
    const record = await (await office.request(`/v1/api/tc-request/${_id}`)).json();
    expect(record).toMatchObject({ paymentStatus: 'pending', transactionId: 'NA', status: 'requested', payments: [] });
  });

  it('takes amounts as a clerk types them: "₹6,000", "6000.00", "2,999.50"', async () => {
    const { _id } = await seniorAdmission('11');
    const path = `/v1/api/admission/${_id}`;
    expect(fees.admission['11']).toBe(15000);
    let record: Json = {};
    for (const amount of ['₹6,000', '6000.00', '2,999.50', 'Rs. 0.50'])
      ({ record } = await pay(office, path, { amount, mode: 'cash', reference: '', paidOn: TODAY }));
    expect((await paymentsStored('admission', _id)).map((p) => p.paise)).toEqual(['600000', '600000', '299950', '50']);
    expect(record).toMatchObject({ paymentStatus: 'paid', fee: { paidPaise: 1500000, balancePaise: 0 } });
  });

  it('refuses an amount above what is still due with 409 naming the amount due (a slip of a zero)', async () => {
    const { _id } = await seniorAdmission('9');
    const fee = fees.admission['9'];
    await pay(office, `/v1/api/admission/${_id}`, { amount: 2500, mode: 'cash', paidOn: TODAY });
    const res = await post(office, `/v1/api/admission/${_id}/payments`, {
      amount: (fee - 2500) * 10,
      mode: 'dd',
      reference: 'DD 778812',
      paidOn: TODAY,
    });
    const body = await expectJsonError(res, 409);
    expect(body.code).toBe('over-payment');
    expect(body.error).toContain(`Only ${inr(fee - 2500)} is due`);
    expect(body.fields.amount).toBe(body.error);
    expect(await paymentsStored('admission', _id)).toHaveLength(1);
  });

  it('answers 404 for an unknown or malformed record, and 401 signed out', async () => {
    const body = { amount: 100, mode: 'cash', paidOn: TODAY };
    await expectJsonError(
      await post(office, `/v1/api/admission/${randomUuid()}/payments`, body),
      404,
      'Admission not found',
    );
    await expectJsonError(
      await post(office, `/v1/api/tc-request/${randomUuid()}/payments`, body),
      404,
      'TC request not found',
    );
    await expectJsonError(await post(office, `/v1/api/tc-request/not-an-id/payments`, body), 404);
    await expectJsonError(await post(new ApiClient(), `/v1/api/tc-request/${randomUuid()}/payments`, body), 401);
  });
});

describe('reversals and waivers', () => {
  it('lets office staff record but not reverse or waive (403 principal-only)', async () => {
    const { _id } = await createTcRequest();
    const { payment } = await pay(office, `/v1/api/tc-request/${_id}`, { amount: 200, mode: 'cash', paidOn: TODAY });
    const reverse = await expectJsonError(
      await post(office, `/v1/api/tc-request/${_id}/payments/${payment._id}/reverse`, { reason: 'Typed wrong' }),
      403,
    );
    expect(reverse.code).toBe('principal-only');
    const waive = await expectJsonError(
      await post(office, `/v1/api/tc-request/${_id}/waive`, { note: 'Poor family' }),
      403,
    );
    expect(waive.code).toBe('principal-only');
    expect(await paymentsStored('tc-request', _id)).toHaveLength(1);
  });

  it('reverses a payment once with a negative entry of its own receipt number, and recomputes the status', async () => {
    const { _id } = await seniorAdmission('10');
    const path = `/v1/api/admission/${_id}`;
    const fee = fees.admission['10'];
    const first = await pay(office, path, { amount: 2000, mode: 'cash', paidOn: TODAY });
    const second = await pay(office, path, {
      amount: fee - 2000,
      mode: 'bank-transfer',
      reference: 'NEFT-88123',
      paidOn: TODAY,
    });
    expect(second.record.paymentStatus).toBe('paid');

    await expectJsonError(
      await post(principal, `${path}/payments/${second.payment._id}/reverse`, { reason: '  ' }),
      400,
      PAYMENT_TEXTS.reason,
    );
    await expectJsonError(
      await post(principal, `${path}/payments/${randomUuid()}/reverse`, { reason: 'x' }),
      404,
      'Payment not found',
    );
    const res = await post(principal, `${path}/payments/${second.payment._id}/reverse`, { reason: 'Cheque bounced' });
    expect(res.status).toBe(201);
    const { payment, record } = await res.json();
    expect(payment).toMatchObject({
      amount: -(fee - 2000),
      amountPaise: -(fee - 2000) * 100,
      mode: 'bank-transfer',
      reverses: second.payment.receiptNumber,
      reason: 'Cheque bounced',
      receivedBy: PRINCIPAL_NAME,
      paidOn: TODAY,
    });
    expect(payment.receiptNumber).toMatch(RECEIPT);
    expect(payment.receiptNumber).not.toBe(second.payment.receiptNumber);
    expect(record).toMatchObject({ paymentStatus: 'partial', transactionId: first.payment.receiptNumber });
    expect(record.fee).toMatchObject({ paid: 2000, balance: fee - 2000 });
    expect(record.payments.map((p: Json) => [p.receiptNumber, p.amount, p.reversedBy, p.reverses])).toEqual([
      [first.payment.receiptNumber, 2000, null, null],
      [second.payment.receiptNumber, fee - 2000, payment.receiptNumber, null],
      [payment.receiptNumber, -(fee - 2000), null, second.payment.receiptNumber],
    ]);

    const twice = await expectJsonError(
      await post(principal, `${path}/payments/${second.payment._id}/reverse`, { reason: 'Again' }),
      409,
    );
    expect(twice.error).toContain(payment.receiptNumber);
    await expectJsonError(await post(principal, `${path}/payments/${payment._id}/reverse`, { reason: 'Undo' }), 409);
    // A payment of another record is not found through this one.
    const other = await seniorAdmission('10');
    await expectJsonError(
      await post(principal, `/v1/api/admission/${other._id}/payments/${first.payment._id}/reverse`, { reason: 'x' }),
      404,
    );

    // Reversing the last standing payment: nothing is paid, and the transaction id is empty again.
    const last = await (
      await post(principal, `${path}/payments/${first.payment._id}/reverse`, { reason: 'Refunded' })
    ).json();
    expect(last.record).toMatchObject({ paymentStatus: 'pending', transactionId: null });
    expect(await paymentsStored('admission', _id)).toHaveLength(4);
  });

  it('waives a fee with a note (principal), after which nothing is taken', async () => {
    const { _id } = await seniorAdmission('11');
    const path = `/v1/api/admission/${_id}`;
    await pay(office, path, { amount: 1000, mode: 'cash', paidOn: TODAY });
    await expectJsonError(await post(principal, `${path}/waive`, { note: '' }), 400, PAYMENT_TEXTS.note);
    const res = await post(principal, `${path}/waive`, { note: 'Staff ward: fee waived by the management' });
    expect(res.status).toBe(200);
    const { record } = await res.json();
    expect(record.paymentStatus).toBe('waived');
    expect(record.fee).toMatchObject({
      paid: 1000,
      balance: 0,
      waiverNote: 'Staff ward: fee waived by the management',
    });
    expect((await expectJsonError(await post(principal, `${path}/waive`, { note: 'Again' }), 409)).code).toBe('waived');
    expect(
      (await expectJsonError(await post(office, `${path}/payments`, { amount: 100, mode: 'cash', paidOn: TODAY }), 409))
        .code,
    ).toBe('nothing-due');
    // A reversal is still possible (a refund), and the fee stays waived.
    const payment = (await (await office.request(path)).json()).payments[0];
    const reversed = await (
      await post(principal, `${path}/payments/${payment._id}/reverse`, { reason: 'Refunded after the waiver' })
    ).json();
    expect(reversed.record).toMatchObject({ paymentStatus: 'waived', transactionId: null });
  });

  it('refuses a waiver of a fee paid in full, and any fee change on a closed request', async () => {
    const { _id } = await createTcRequest();
    await pay(office, `/v1/api/tc-request/${_id}`, { amount: TC_FEE, mode: 'cash', paidOn: TODAY });
    expect(
      (await expectJsonError(await post(principal, `/v1/api/tc-request/${_id}/waive`, { note: 'x' }), 409)).code,
    ).toBe('nothing-due');

    const rejected = await createTcRequest();
    const moved = await principal.request(`/v1/api/tc-request/${rejected._id}`, {
      method: 'PATCH',
      json: { status: 'rejected', reason: 'Dues pending' },
    });
    expect(moved.status).toBe(200);
    expect(
      (
        await expectJsonError(
          await post(office, `/v1/api/tc-request/${rejected._id}/payments`, { amount: 1, mode: 'cash', paidOn: TODAY }),
          409,
        )
      ).code,
    ).toBe('closed');
    expect(
      (await expectJsonError(await post(principal, `/v1/api/tc-request/${rejected._id}/waive`, { note: 'x' }), 409))
        .code,
    ).toBe('closed');
  });
});

describe('TC requests', () => {
  it('moves to Fee paid by itself once the fee is covered, with a history entry naming the receipt; back when reversed', async () => {
    const { _id } = await createTcRequest();
    const path = `/v1/api/tc-request/${_id}`;
    const part = await pay(office, path, { amount: TC_FEE - 100, mode: 'upi', reference: 'UTR55512', paidOn: TODAY });
    expect(part.record).toMatchObject({ status: 'requested', paymentStatus: 'partial' });
    const rest = await pay(office, path, { amount: 100, mode: 'cash', paidOn: TODAY });
    expect(rest.record).toMatchObject({
      status: 'fee-paid',
      paymentStatus: 'paid',
      transactionId: rest.payment.receiptNumber,
    });
    expect(rest.record.history.at(-1)).toMatchObject({
      status: 'fee-paid',
      by: OFFICE_NAME,
      note: `Fee paid: receipt ${rest.payment.receiptNumber}.`,
    });

    const reversed = await (
      await post(principal, `${path}/payments/${rest.payment._id}/reverse`, { reason: 'Counted twice' })
    ).json();
    expect(reversed.record).toMatchObject({ status: 'requested', paymentStatus: 'partial', transactionId: 'UTR55512' });
    expect(reversed.record.history.at(-1)).toMatchObject({ status: 'requested', by: PRINCIPAL_NAME });
    expect(reversed.record.history.at(-1).note).toContain(reversed.payment.receiptNumber);

    // The move itself still refuses an unpaid request.
    await expectJsonError(await office.request(path, { method: 'PATCH', json: { status: 'fee-paid' } }), 409);
  });

  it('moves to Fee paid when the principal waives the fee', async () => {
    const { _id } = await createTcRequest();
    const { record } = await (
      await post(principal, `/v1/api/tc-request/${_id}/waive`, { note: 'Orphan student' })
    ).json();
    expect(record).toMatchObject({ status: 'fee-paid', paymentStatus: 'waived', transactionId: 'NA' });
    expect(record.history.at(-1)).toMatchObject({
      status: 'fee-paid',
      by: PRINCIPAL_NAME,
      note: `Fee waived by ${PRINCIPAL_NAME}: Orphan student`,
    });
  });
});

describe('receipts', () => {
  it('answers what the printed receipt shows: school, student, figures and words', async () => {
    const admission = await seniorAdmission('12');
    const { payment } = await pay(office, `/v1/api/admission/${admission._id}`, {
      amount: 12500,
      mode: 'cheque',
      reference: '004512',
      paidOn: TODAY,
    });
    const res = await office.request(`/v1/api/receipts/${payment.receiptNumber}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      // The school's profile: never a placeholder affiliation number, phone or e-mail (null until the school sets one).
      school: {
        name: site.contact.name,
        address: site.contact.address,
        affiliationNumber: expect.not.stringMatching(/X/),
        phone: null,
        email: null,
      },
      receiptNumber: payment.receiptNumber,
      kind: 'payment',
      date: TODAY,
      recordedAt: payment.createdAt,
      entity: 'admission',
      recordId: admission._id,
      purpose: 'Admission fee',
      studentName: admission.name,
      // The father's name (the mother's when none is given), and the session applied for.
      parentName: 'Rakesh Chand Sharma',
      session: sessionOf(),
      admissionClass: '12',
      admissionNumber: null,
      applicationReference: admission.referenceNumber,
      amountPaise: 1250000,
      amount: 12500,
      amountInFigures: '₹12,500.00',
      amountInWords: 'Twelve Thousand Five Hundred Rupees Only',
      mode: 'cheque',
      // Money that moved: only the built-in test gateway's payments are marked (tests/http/payments-online.test.ts).
      test: false,
      modeLabel: 'Cheque',
      reference: '004512',
      referenceLabel: 'Cheque number',
      receivedBy: OFFICE_NAME,
      reason: '',
      reverses: null,
      reversedBy: null,
    });
  });

  it('writes paise in figures and words, and a reversal as a refund', async () => {
    const admission = await seniorAdmission('11');
    const { payment } = await pay(office, `/v1/api/admission/${admission._id}`, {
      amount: '12500.50',
      mode: 'upi',
      reference: 'UTR1',
      paidOn: TODAY,
    });
    const receipt = await (await office.request(`/v1/api/receipts/${payment.receiptNumber}`)).json();
    expect(receipt).toMatchObject({
      amountPaise: 1250050,
      amount: 12500.5,
      amountInFigures: '₹12,500.50',
      amountInWords: 'Twelve Thousand Five Hundred Rupees And Fifty Paise Only',
    });

    const reversal = await (
      await post(principal, `/v1/api/admission/${admission._id}/payments/${payment._id}/reverse`, {
        reason: 'Wrong student',
      })
    ).json();
    const refund = await (await office.request(`/v1/api/receipts/${reversal.payment.receiptNumber}`)).json();
    expect(refund).toMatchObject({
      kind: 'reversal',
      amountPaise: -1250050,
      amountInFigures: '₹12,500.50',
      amountInWords: 'Refund of Twelve Thousand Five Hundred Rupees And Fifty Paise Only',
      reverses: payment.receiptNumber,
      reason: 'Wrong student',
      receivedBy: PRINCIPAL_NAME,
    });
    expect((await (await office.request(`/v1/api/receipts/${payment.receiptNumber}`)).json()).reversedBy).toBe(
      reversal.payment.receiptNumber,
    );
  });

  it('names a TC request by its admission number', async () => {
    const tc = await createTcRequest();
    const { payment } = await pay(office, `/v1/api/tc-request/${tc._id}`, {
      amount: TC_FEE,
      mode: 'cash',
      paidOn: TODAY,
    });
    const receipt = await (await office.request(`/v1/api/receipts/${payment.receiptNumber}`)).json();
    expect(receipt).toMatchObject({
      entity: 'tc-request',
      purpose: 'Transfer certificate fee',
      studentName: tc.studentName,
      parentName: tc.parentName,
      admissionNumber: tc.admissionNumber,
      admissionClass: null,
      applicationReference: null,
      session: academicSessionOn(TODAY),
    });
  });

  it('answers 404 for an unknown or malformed number, and 401 signed out', async () => {
    await expectJsonError(await office.request('/v1/api/receipts/RMCP-R-1999-000001'), 404, 'Receipt not found');
    await expectJsonError(await office.request('/v1/api/receipts/nonsense'), 404, 'Receipt not found');
    await expectJsonError(await new ApiClient().request('/v1/api/receipts/RMCP-R-1999-000001'), 401);
  });
});

describe('audit and keeping records', () => {
  it('audits every payment, reversal and waiver with who and what', async () => {
    const { _id } = await createTcRequest();
    const { payment } = await pay(office, `/v1/api/tc-request/${_id}`, {
      amount: 150,
      mode: 'upi',
      reference: 'UTR777',
      paidOn: TODAY,
    });
    const reversal = (
      await (
        await post(principal, `/v1/api/tc-request/${_id}/payments/${payment._id}/reverse`, { reason: 'Duplicate' })
      ).json()
    ).payment;
    await post(principal, `/v1/api/tc-request/${_id}/waive`, { note: 'Hardship' });
    const entries = (await auditOf(principal, 'tc-request', _id))
      .filter((e) => ['payment', 'reverse-payment', 'waive-fee'].includes(e.action))
      .reverse();
    expect(entries.map((e) => [e.action, e.detail])).toEqual([
      ['payment', `${payment.receiptNumber}: ₹150.00 by UPI (UTR777)`],
      ['reverse-payment', `${reversal.receiptNumber} reverses ${payment.receiptNumber}: ₹150.00 (Duplicate)`],
      ['waive-fee', `${inr(TC_FEE)} waived: Hardship`],
    ]);
    expect(entries[0]!.adminEmail).toMatch(/^office\./);
    expect(entries[1]!.adminEmail).toMatch(/^principal\./);
  });

  it('refuses to delete a record with payments (409), and keeps it', async () => {
    const { _id } = await createTcRequest();
    await pay(office, `/v1/api/tc-request/${_id}`, { amount: 50, mode: 'cash', paidOn: TODAY });
    await expectJsonError(
      await principal.request(`/v1/api/tc-request/${_id}`, { method: 'DELETE' }),
      409,
      HAS_PAYMENTS,
    );
    expect((await principal.request(`/v1/api/tc-request/${_id}`)).status).toBe(200);
    const admission = await seniorAdmission('6');
    await pay(office, `/v1/api/admission/${admission._id}`, { amount: 50, mode: 'cash', paidOn: TODAY });
    await expectJsonError(
      await principal.request(`/v1/api/admission/${admission._id}`, { method: 'DELETE' }),
      409,
      HAS_PAYMENTS,
    );
    expect((await principal.request(`/v1/api/admission/${admission._id}`)).status).toBe(200);
  });

  it('has no route to edit or delete a payment', async () => {
    const { _id } = await createTcRequest();
    const { payment } = await pay(office, `/v1/api/tc-request/${_id}`, { amount: 50, mode: 'cash', paidOn: TODAY });
    for (const method of ['PATCH', 'PUT', 'DELETE']) {
      expect(
        (await principal.request(`/v1/api/tc-request/${_id}/payments/${payment._id}`, { method, json: {} })).status,
      ).toBe(404);
      expect((await principal.request(`/v1/api/tc-request/${_id}/payments`, { method, json: {} })).status).toBe(405);
    }
  });
});
