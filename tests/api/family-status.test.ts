/**
 * What the status pages tell a family after sending, and what the school writes to it: the family's receipts in the status answers and as PDFs proven by the status
 * check's pair and limited with it; a document rejected with a common reason, read in Hindi on the
 * status page and in the letter; the letters on a rejected document, on admission (the fee asked
 * for) and on a rejected TC request, each linking its status page with the number filled in.
 * Every call of the status pages goes from a loopback address of its own test (their per-address limits are the
 * real ones), so no test's tries reach another's.
 */
import { request } from 'node:http';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, baseURL, staffClient, type Json } from '../support/api.ts';
import { readPdf } from '../support/pdf.ts';
import { createAdmission, createTcRequest, token, type CreatedAdmission } from '../http/admin-fixtures.ts';
import { closeDb, db } from '../http/forms-fixtures.ts';
import { fees } from '../../src/config/fees.ts';
import { site } from '../../src/config/site.ts';
import { dateInIndia } from '../../src/lib/dates.ts';
import { fill } from '../../src/lib/i18n/index.ts';
import { formatRupees } from '../../src/lib/money.ts';
import { academicSessionOn, sessionOf } from '../../src/lib/sessions.ts';
import { limits } from '../../src/config/limits.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

const WRONG_PER_ADDRESS = limits.statusWrongTriesPerAddress.max;

const MOBILE = '9988776655';
const TODAY = dateInIndia();
const SESSION = sessionOf();
const NO_APPLICATION = {
  error: 'No application matches this reference number and mobile number.',
  code: 'statusCheck.notFound.admission',
};
const NO_TC_REQUEST = {
  error: 'No TC request matches this admission number and mobile number.',
  code: 'statusCheck.notFound.tc',
};

let office: ApiClient;
let principal: ApiClient;
beforeAll(async () => {
  office = (await staffClient('office', `Meena ${token('')}`)).client;
  principal = await adminClient();
}, 300_000);
afterAll(closeDb);

/** A loopback address no other test uses (Linux routes all of 127.0.0.0/8 to the loopback interface). */
const freshAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  json: () => Json;
}

function call(from: string, method: string, path: string, json?: unknown): Promise<Answer> {
  const body = json === undefined ? '' : JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: new URL(baseURL()).port,
        localAddress: from,
        agent: false,
        method,
        path,
        headers:
          json === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: bytes,
            json: () => JSON.parse(bytes.toString('utf8')),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const admissionStatus = (from: string, body: Record<string, string>) =>
  call(from, 'POST', '/v1/api/admission/status', body);
const tcStatus = (from: string, body: Record<string, string>) => call(from, 'POST', '/v1/api/tc-request/status', body);
const admissionReceipt = (from: string, q: Record<string, string>) =>
  call(from, 'GET', `/v1/api/admission/receipt?${new URLSearchParams(q)}`);
const tcReceipt = (from: string, q: Record<string, string>) =>
  call(from, 'GET', `/v1/api/tc-request/receipt?${new URLSearchParams(q)}`);

async function ok(client: ApiClient, path: string, init: Parameters<ApiClient['request']>[1] = {}): Promise<Json> {
  const res = await client.request(path, init);
  if (res.status >= 300) throw new Error(`${init?.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}
const pay = async (entity: string, id: string, amount: number, mode = 'cash', reference = '') =>
  (
    await ok(office, `/v1/api/${entity}/${id}/payments`, {
      method: 'POST',
      json: { amount, mode, reference, paidOn: TODAY },
    })
  ).payment as Json;
const move = (id: string, status: string) =>
  ok(office, `/v1/api/admission/${id}`, { method: 'PATCH', json: { status } });
const judge = (id: string, field: string, json: Record<string, unknown>) =>
  office.request(`/v1/api/admission/${id}/documents/${field}`, { method: 'PATCH', json });

interface MessageRow {
  template: string;
  channel: string;
  recipient: string;
  language: string;
  subject: string;
  body: string;
}
const messagesOf = async (recordId: string) =>
  (
    await db().query<MessageRow>(
      `SELECT template, channel, recipient, language, subject, body FROM messages WHERE record_id = $1 ORDER BY created_at, id`,
      [recordId],
    )
  ).rows;

/** A PDF's text with its lines joined, as a reader would search it. */
const pdfText = async (bytes: Buffer) => (await readPdf(bytes)).text.replace(/\s+/g, ' ');

describe("the family's receipts", () => {
  let admission: CreatedAdmission;
  let first: Json;
  let second: Json;
  let reversal: Json;
  const pair = () => ({ referenceNumber: admission.referenceNumber, contactNo: MOBILE });

  beforeAll(async () => {
    admission = await createAdmission({
      fatherFirstName: 'Harish',
      fatherMiddleName: 'Lal',
      fatherLastName: 'Chandra',
    });
    first = await pay('admission', admission._id, 1000);
    second = await pay('admission', admission._id, 2000, 'upi', '433012345678');
    reversal = (
      await ok(principal, `/v1/api/admission/${admission._id}/payments/${first._id}/reverse`, {
        method: 'POST',
        json: { reason: 'Counted twice' },
      })
    ).payment;
  }, 120_000);

  it('the status answer lists every receipt, payments and the reversal, as the office issued them', async () => {
    const answer = await admissionStatus(freshAddress(), pair());
    expect(answer.status).toBe(200);
    expect(answer.json().receipts).toEqual([
      { number: first.receiptNumber, amount: 1000, paidOn: TODAY },
      { number: second.receiptNumber, amount: 2000, paidOn: TODAY },
      { number: reversal.receiptNumber, amount: -1000, paidOn: TODAY },
    ]);
    // What is left: the fee less the standing payment, not asked for before admission.
    expect(answer.json()).toMatchObject({
      feeDue: { amount: fees.admission['K.G'] - 2000, currency: 'INR' },
      feeState: 'later',
    });
  });

  it('each is a one-page A5 PDF, proven by the pair: the number, the amount, the parent, the session, in English and in Hindi', async () => {
    const from = freshAddress();
    const res = await admissionReceipt(from, { ...pair(), number: second.receiptNumber });
    expect(res.status, res.body.toString()).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${second.receiptNumber}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.length).toBeLessThan(100 * 1024);
    console.log(`receipt PDF (English): ${res.body.length} bytes`);
    const pdf = await readPdf(res.body);
    expect(pdf.pages).toBe(1);
    const { first: name, middle, last } = admission.names;
    const text = pdf.text.replace(/\s+/g, ' ');
    for (const expected of [
      site.contact.name,
      'Fee receipt',
      second.receiptNumber,
      formatRupees(200000),
      'Two Thousand Rupees Only',
      'Harish Lal Chandra',
      `${name} ${middle} ${last}`,
      SESSION,
      'K.G',
      admission.referenceNumber,
      'Admission fee',
      'UPI',
      '433012345678',
    ]) {
      expect(text).toContain(expected);
    }
    // A5, as the office prints it.
    expect(pdf.size).toEqual([420, 595]);

    const hindi = await admissionReceipt(from, { ...pair(), number: second.receiptNumber, lang: 'hi' });
    expect(hindi.status).toBe(200);
    const hindiText = await pdfText(hindi.body);
    // Words whose glyphs come in their written order (a vowel sign shaped before its consonant reads back moved).
    for (const expected of [
      'शुल्क रसीद',
      'रसीद संख्या',
      'Harish Lal Chandra',
      'सत्र',
      SESSION,
      second.receiptNumber,
      formatRupees(200000),
      'रुपये मात्र',
      'प्रवेश शुल्क',
    ]) {
      expect(hindiText).toContain(expected);
    }

    // The reversal is a refund receipt of its own, naming the receipt it reverses and why.
    const refund = await admissionReceipt(from, { ...pair(), number: reversal.receiptNumber });
    expect(refund.status).toBe(200);
    const refundText = await pdfText(refund.body);
    for (const expected of [
      'Refund receipt',
      'Amount refunded',
      formatRupees(100000),
      `Reverses receipt ${first.receiptNumber}. Reason: Counted twice`,
    ])
      expect(refundText).toContain(expected);
  });

  it("answers one 404 to a wrong pair, an unknown receipt and another record's receipt alike; 400 to a malformed number", async () => {
    // Records of this test's own, so the per-number limit (5 an hour) counts only these tries.
    const mine = await createAdmission();
    const receipt = await pay('admission', mine._id, 500);
    const other = await createAdmission();
    const others = await pay('admission', other._id, 500);
    const pair = { referenceNumber: mine.referenceNumber, contactNo: MOBILE };
    const from = freshAddress();
    const answers = [
      await admissionReceipt(from, { ...pair, contactNo: '9000000001', number: receipt.receiptNumber }),
      await admissionReceipt(from, { ...pair, number: 'RMCP-R-2000-999999' }),
      await admissionReceipt(from, { ...pair, number: others.receiptNumber }),
      await admissionReceipt(from, {
        referenceNumber: 'RMCP-2026-987654',
        contactNo: MOBILE,
        number: receipt.receiptNumber,
      }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.json()).toEqual(NO_APPLICATION);
      expect(answer.body.equals(answers[0]!.body)).toBe(true);
    }
    // The TC route does not hand out an application's receipt either.
    const tc = await tcReceipt(from, {
      admissionNumber: mine.referenceNumber,
      contactNo: MOBILE,
      number: receipt.receiptNumber,
    });
    expect(tc.status).toBe(404);
    expect(tc.json()).toEqual(NO_TC_REQUEST);
    // The right pair still has its receipt.
    expect((await admissionReceipt(from, { ...pair, number: receipt.receiptNumber })).status).toBe(200);

    const malformed = await admissionReceipt(from, { ...pair, number: 'R-1', lang: 'hi' });
    expect(malformed.status).toBe(400);
    expect(malformed.json()).toMatchObject({
      fields: { number: fill('hi', 'statusCheck.error.receipt') },
      codes: { number: 'statusCheck.error.receipt' },
    });
  }, 60_000);

  it(`shares the status check's limits: ${WRONG_PER_ADDRESS} wrong tries an hour from one address, status checks and receipts together`, async () => {
    const from = freshAddress();
    const mine = await createAdmission();
    const receipt = await pay('admission', mine._id, 500);
    const pair = { referenceNumber: mine.referenceNumber, contactNo: MOBILE };
    // Right tries first: they do not use up the wrong ones.
    const answers: number[] = [];
    answers.push((await admissionStatus(from, pair)).status);
    answers.push((await admissionReceipt(from, { ...pair, number: receipt.receiptNumber })).status);
    // Other reference numbers each time, so only the address's limit can refuse.
    for (let i = 0; i < WRONG_PER_ADDRESS; i++)
      answers.push(
        (
          await admissionReceipt(from, {
            referenceNumber: `RMCP-2026-${900500 + randomInt(99_000)}`,
            contactNo: MOBILE,
            number: receipt.receiptNumber,
          })
        ).status,
      );
    expect(answers).toEqual([200, 200, ...Array(WRONG_PER_ADDRESS).fill(404)]);
    const refused = await admissionReceipt(from, { ...pair, number: receipt.receiptNumber });
    expect(refused.status).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'request.tooManyRequests' });
    expect((await admissionStatus(from, pair)).status).toBe(429);
    expect(
      (await tcReceipt(from, { admissionNumber: 'ADM-1', contactNo: MOBILE, number: receipt.receiptNumber })).status,
    ).toBe(429);
    // Another address is not limited by this one.
    expect((await admissionReceipt(freshAddress(), { ...pair, number: receipt.receiptNumber })).status).toBe(200);
  }, 60_000);

  it("a TC request's receipts: in its status answer and as PDFs by the admission number and mobile number", async () => {
    const admissionNumber = `ADM-${token('')}`.toUpperCase();
    const tc = await createTcRequest({
      admissionNumber,
      contact: '9123456780',
      parentName: 'Kamla Devi',
      studentName: 'Neha Singh',
    });
    const from = freshAddress();
    const before = (await tcStatus(from, { admissionNumber, contactNo: '9123456780' })).json();
    expect(before).toMatchObject({
      feeState: 'due',
      feeText: `${formatRupees(fees.transferCertificate * 100)} due: TC fee. You can pay it online here, or at the school office.`,
      receipts: [],
    });
    const payment = await pay('tc-request', tc._id, fees.transferCertificate);
    const after = (await tcStatus(from, { admissionNumber, contactNo: '9123456780', language: 'hi' })).json();
    expect(after).toMatchObject({
      status: 'fee-paid',
      feeDue: null,
      feeState: 'paid',
      feeText: 'कुछ बाकी नहीं: टी.सी. शुल्क जमा हो चुका है।',
      receipts: [{ number: payment.receiptNumber, amount: fees.transferCertificate, paidOn: TODAY }],
    });
    const pdf = await tcReceipt(from, {
      admissionNumber: admissionNumber.toLowerCase(),
      contactNo: '+91 91234 56780',
      number: payment.receiptNumber,
    });
    expect(pdf.status, pdf.body.toString()).toBe(200);
    const text = await pdfText(pdf.body);
    for (const expected of [
      payment.receiptNumber,
      formatRupees(fees.transferCertificate * 100),
      'Kamla Devi',
      'Neha Singh',
      admissionNumber,
      academicSessionOn(TODAY),
      'Transfer certificate fee',
    ]) {
      expect(text).toContain(expected);
    }
    const wrong = await tcReceipt(from, { admissionNumber, contactNo: '9123456781', number: payment.receiptNumber });
    expect(wrong.status).toBe(404);
    expect(wrong.json()).toEqual(NO_TC_REQUEST);
  }, 60_000);
});

describe('what the family is told about the fee', () => {
  it('an admitted application is asked for the admission fee, class and session named; then told it is paid, and never asked again', async () => {
    const admission = await createAdmission();
    const from = freshAddress();
    const pair = { referenceNumber: admission.referenceNumber, contactNo: MOBILE };
    const purpose = `admission fee, K.G, session ${SESSION}`;
    expect((await admissionStatus(from, pair)).json()).toMatchObject({
      feeState: 'later',
      nextStep: fill('en', 'statusCheck.next.admission.received'),
    });

    await move(admission._id, 'under-review');
    for (const field of Object.keys(admission.files))
      expect((await judge(admission._id, field, { state: 'verified' })).status).toBe(200);
    await move(admission._id, 'documents-verified');
    await move(admission._id, 'admitted');
    const due = (await admissionStatus(from, pair)).json();
    expect(due).toMatchObject({
      status: 'admitted',
      feeState: 'due',
      feeText: `${formatRupees(fees.admission['K.G'] * 100)} due: ${purpose}. You can pay it online here, or at the school office.`,
      nextStep: fill('en', 'statusCheck.next.admission.admitted.online'),
    });
    // The letter of the decision asks for the fee, names class and session, and links the status page.
    const letters = await messagesOf(admission._id);
    const admitted = letters.filter((m) => m.template === 'admission.status').at(-1)!;
    expect(admitted.body).toContain('is now: admitted');
    expect(admitted.body).toContain(
      `Please pay the admission fee for K.G, session ${SESSION}, at the school office: ${formatRupees(fees.admission['K.G'] * 100)} due.`,
    );
    expect(admitted.body).toContain(`${site.url}/admissions/status?ref=${admission.referenceNumber}`);
    // Letters of moves before the decision ask for nothing.
    for (const letter of letters.filter((m) => m !== admitted)) expect(letter.body).not.toContain('Please pay');

    await pay('admission', admission._id, fees.admission['K.G']);
    const paid = (await admissionStatus(from, pair)).json();
    expect(paid).toMatchObject({
      feeDue: null,
      feeState: 'paid',
      feeText: `Nothing due: the ${purpose} is paid.`,
      nextStep: fill('en', 'statusCheck.next.admission.admitted.nothingDue'),
    });
    expect(`${paid.feeText} ${paid.nextStep}`).not.toMatch(/pay /i);
  }, 120_000);

  it('a waived TC fee is not said to be received', async () => {
    const admissionNumber = `ADM-${token('')}`.toUpperCase();
    const tc = await createTcRequest({ admissionNumber, contact: '9123456782' });
    await ok(principal, `/v1/api/tc-request/${tc._id}/waive`, { method: 'POST', json: { note: 'Staff ward' } });
    const answer = (await tcStatus(freshAddress(), { admissionNumber, contactNo: '9123456782' })).json();
    expect(answer).toMatchObject({
      status: 'fee-paid',
      feeState: 'waived',
      feeText: 'Nothing due: the TC fee is waived.',
      nextStep: fill('en', 'statusCheck.next.tc-request.fee-waived'),
    });
  }, 60_000);
});

describe('a rejected document, its reason and the letter asking for it again', () => {
  it('stores the common reason chosen, with the office words; the family reads it in Hindi on the status page and in the letter', async () => {
    const admission = await createAdmission({ language: 'hi' });
    const refused = await judge(admission._id, 'studentBirthCertificate', { state: 'rejected', reasonCode: 'torn' });
    expect(refused.status).toBe(400);
    expect(Object.keys((await refused.json()).fields)).toEqual(['reasonCode']);
    expect((await judge(admission._id, 'studentBirthCertificate', { state: 'rejected' })).status).toBe(400);

    const res = await judge(admission._id, 'studentBirthCertificate', {
      state: 'rejected',
      reasonCode: 'blurred',
      reason: 'Bottom half missing',
    });
    expect(res.status).toBe(200);
    expect((await res.json()).documents.studentBirthCertificate).toMatchObject({
      state: 'rejected',
      reasonCode: 'blurred',
      reason: 'Bottom half missing',
    });
    expect((await judge(admission._id, 'abcCard', { state: 'rejected', reasonCode: 'expired' })).status).toBe(200);
    const stored = await db().query(
      `SELECT field, reason_code, state_reason FROM uploads WHERE admission_id = $1 AND state = 'rejected' ORDER BY field`,
      [admission._id],
    );
    expect(stored.rows).toEqual([
      { field: 'abcCard', reason_code: 'expired', state_reason: '' },
      { field: 'studentBirthCertificate', reason_code: 'blurred', state_reason: 'Bottom half missing' },
    ]);

    const pair = { referenceNumber: admission.referenceNumber, contactNo: MOBILE };
    const hindi = (await admissionStatus(freshAddress(), { ...pair, language: 'hi' })).json();
    expect(hindi.missing).toEqual([
      {
        field: 'studentBirthCertificate',
        label: 'जन्म प्रमाण पत्र',
        reason: `${fill('hi', 'document.reason.blurred')} विद्यालय कार्यालय की टिप्पणी: Bottom half missing`,
      },
      { field: 'abcCard', label: 'ABC कार्ड', reason: fill('hi', 'document.reason.expired') },
    ]);
    const english = (await admissionStatus(freshAddress(), pair)).json();
    expect(english.missing[1].reason).toBe('The document has expired. Please send one that is still valid.');

    // The rejected documents, minutes apart, go in one letter with the application's receipt (the
    // WhatsApp message still unsent), in the form's language: what, why, and the Hindi status page.
    const letters = (await messagesOf(admission._id)).filter((m) => m.template === 'admission.document');
    expect(letters).toHaveLength(1);
    const [letter] = letters;
    expect(letter).toMatchObject({
      channel: 'whatsapp',
      recipient: MOBILE,
      language: 'hi',
      subject: `आवेदन ${admission.referenceNumber}: कृपया ABC कार्ड दोबारा भेजें`,
    });
    expect(letter!.body).toContain('आपका भेजा हुआ दस्तावेज़ “जन्म प्रमाण पत्र” विद्यालय कार्यालय में स्वीकार नहीं हो सका');
    expect(letter!.body).toContain(`कारण: ${fill('hi', 'document.reason.blurred')}`);
    expect(letter!.body).toContain(`${site.url}/hi/admissions/status?ref=${admission.referenceNumber}`);
    expect(letter!.body).toContain(fill('hi', 'document.reason.expired'));
    // The messages screen names the new letter.
    const listed = await ok(office, `/v1/api/messages?recordId=${admission._id}`);
    expect(listed.data.map((m: Record<string, string>) => m.template)).toContain('admission.document');

    // Verified later: the reason goes with the rejection.
    const verified = await (await judge(admission._id, 'abcCard', { state: 'verified' })).json();
    expect(verified.documents.abcCard).toMatchObject({ state: 'verified', reason: '', reasonCode: null });
  }, 60_000);

  it("a rejected TC request's e-mail gives the office's reason and links the TC status page", async () => {
    const admissionNumber = `ADM-${token('')}`.toUpperCase();
    const tc = await createTcRequest({ admissionNumber, email: `kamla.${Date.now()}@example.in` });
    await ok(office, `/v1/api/tc-request/${tc._id}`, {
      method: 'PATCH',
      json: { status: 'rejected', reason: 'The admission number is of another school' },
    });
    const letter = (await messagesOf(tc._id)).find((m) => m.template === 'tc-request.status')!;
    expect(letter.channel).toBe('email');
    expect(letter.body).toContain('is now: not accepted');
    expect(letter.body).toContain('Office’s note: “The admission number is of another school”');
    // Its status page without the admission number: the letter carries nothing typed on the form.
    expect(letter.body).toContain(`${site.url}/admissions/tc-request/status\n`);
    expect(letter.body).not.toContain(admissionNumber);
    // The status page says why too.
    const answer = (
      await tcStatus(freshAddress(), { admissionNumber, contactNo: '9123456780', language: 'hi' })
    ).json();
    expect(answer).toMatchObject({
      status: 'rejected',
      feeState: 'none',
      nextStep: fill('hi', 'statusCheck.next.tc-request.rejected.reason', {
        reason: 'The admission number is of another school',
      }),
    });
  }, 60_000);
});
