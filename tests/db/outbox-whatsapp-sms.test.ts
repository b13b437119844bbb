/**
 * Messages that reach families by themselves (issue 28), end to end: the API in this process on a
 * database of its own, sending through local servers that speak WhatsApp Cloud API's messages
 * endpoint and MSG91's Flow API as documented (tests/support/whatsapp-cloud.ts, msg91.ts), which
 * also post the providers' webhooks signed as they sign them.
 *
 * Each event queues its registered template with its link in the family's language and sends it;
 * a provider error is tried again later; a WhatsApp message that cannot be delivered goes as SMS;
 * delivery webhooks move the state (never back); a tampered signature is 400 and stores nothing;
 * STOP opts a number out (its next message is not sent: opted out) and START back in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ApiClient } from '../support/api.ts';
import { startOfficeSite, type OfficeSite } from '../support/in-process-site.ts';
import { WhatsAppCloudServer } from '../support/whatsapp-cloud.ts';
import { Msg91Server } from '../support/msg91.ts';
import { site as school } from '../../src/config/site.ts';
import { fees } from '../../src/config/fees.ts';
import { formatRupees } from '../../src/lib/money.ts';
import { dateInIndia } from '../../src/lib/dates.ts';
import { MOBILE_TEMPLATES, WHATSAPP_API_VERSION } from '../../src/config/mobile-templates.ts';
import { createAdmission, createEnquiry, createTcRequest, expectJsonError } from '../http/admin-fixtures.ts';
import sendVacancy from '../../netlify/functions/messages-send.mts';

const WA = {
  token: 'EAAtest-token',
  phoneNumberId: '106540352242922',
  appSecret: 'app-secret-of-the-test',
  version: WHATSAPP_API_VERSION,
};
const whatsapp = new WhatsAppCloudServer({ ...WA, approved: Object.values(MOBILE_TEMPLATES).map((t) => t.whatsapp) });
/** MSG91's template ids of each template and language, as the school would set them. */
const SMS_IDS = Object.fromEntries(
  Object.keys(MOBILE_TEMPLATES).flatMap((t) =>
    ['en', 'hi'].map((l) => [`${t}.${l}`, `65a1${Buffer.from(`${t}.${l}`).toString('hex').slice(0, 20)}`]),
  ),
);
const msg91 = new Msg91Server({ authKey: 'msg91-auth-key', templates: Object.values(SMS_IDS) });
const REPORT_TOKEN = 'report-token-of-ours';

let runtime: OfficeSite;
let db: pg.Pool;
let office: ApiClient;

beforeAll(async () => {
  const [waUrl, smsUrl] = await Promise.all([whatsapp.start(), msg91.start()]);
  runtime = await startOfficeSite(
    {
      WHATSAPP_ACCESS_TOKEN: WA.token,
      WHATSAPP_PHONE_NUMBER_ID: WA.phoneNumberId,
      WHATSAPP_APP_SECRET: WA.appSecret,
      WHATSAPP_VERIFY_TOKEN: 'verify-token-of-ours',
      WHATSAPP_API_URL: waUrl,
      MSG91_AUTH_KEY: 'msg91-auth-key',
      MSG91_API_URL: smsUrl,
      MSG91_SENDER_ID: 'RMCPSC',
      MSG91_TEMPLATE_IDS: JSON.stringify(SMS_IDS),
      MSG91_WEBHOOK_TOKEN: REPORT_TOKEN,
    },
    'Messages Clerk',
  );
  ({ db, office } = runtime);
}, 180_000);

afterAll(async () => {
  await runtime?.stop();
  await Promise.all([whatsapp.stop(), msg91.stop()]);
});

interface Row {
  id: string;
  channel: string;
  recipient: string;
  template: string;
  mobile_template: string | null;
  params: string[] | null;
  language: string;
  body: string;
  state: string;
  attempts: number;
  provider_id: string | null;
  last_error: string | null;
  held_reason: string | null;
  delivered_at: Date | null;
  read_at: Date | null;
}

const messagesOf = async (recordId: string) =>
  (await db.query<Row>(`SELECT * FROM messages WHERE record_id = $1 ORDER BY created_at, id`, [recordId])).rows;
/** The record's WhatsApp and SMS messages (a TC request's form also gives an e-mail address: its e-mails stay queued here, no SMTP_URL). */
const textsOf = async (recordId: string) => (await messagesOf(recordId)).filter((m) => m.channel !== 'email');
/** The record's messages on `channel`, once `count` of them are no longer queued. */
async function settled(recordId: string, count: number, channel = 'whatsapp'): Promise<Row[]> {
  await expect
    .poll(
      async () => (await messagesOf(recordId)).filter((m) => m.channel === channel && m.state !== 'queued').length,
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return (await messagesOf(recordId)).filter((m) => m.channel === channel);
}
const sentTo = (mobile: string) => whatsapp.sent.filter((s) => s.to === `91${mobile}`);
/** Runs the five-minute job as Netlify runs it. */
const runSender = async () => expect((await sendVacancy()).status).toBe(204);
let mobiles = 0;
const freshMobile = () => `98${String(Date.now() % 1e7).padStart(7, '0')}${mobiles++ % 10}`;

const move = async (id: string, status: string, extra: Record<string, unknown> = {}, kind = 'admission') => {
  const res = await office.request(`/v1/api/${kind}/${id}`, { method: 'PATCH', json: { status, ...extra } });
  expect(res.status, await res.clone().text()).toBe(200);
};
const judge = (id: string, field: string, json: Record<string, unknown>) =>
  office.request(`/v1/api/admission/${id}/documents/${field}`, { method: 'PATCH', json });
const pay = async (kind: string, id: string, amount: number) => {
  const res = await office.request(`/v1/api/${kind}/${id}/payments`, {
    method: 'POST',
    json: { amount, mode: 'cash', reference: '', paidOn: dateInIndia() },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).payment as { receiptNumber: string };
};

describe('each event, as the school’s registered template, in the family’s language, with its link', () => {
  it('an application in Hindi: received, each status, the fee due when admitted; a rejected document with the reason', async () => {
    const mobile = freshMobile();
    const admission = await createAdmission({ language: 'hi', contactNo: mobile }, runtime.url);
    const link = `${school.url}/hi/admissions/status?ref=${encodeURIComponent(admission.referenceNumber)}`;
    const [row] = await settled(admission._id, 1);
    expect(row).toMatchObject({
      channel: 'whatsapp',
      recipient: mobile,
      template: 'admission.submitted',
      mobile_template: 'received',
      language: 'hi',
      state: 'sent',
      attempts: 1,
    });
    expect(row!.provider_id).toMatch(/^wamid\./);
    const [first] = sentTo(mobile);
    expect(first).toMatchObject({ name: 'school_received', language: 'hi', id: row!.provider_id });
    expect(first!.params).toHaveLength(3);
    expect(first!.params[0]).toContain(admission.referenceNumber);
    expect(first!.params[1]).toBe(link);
    expect(first!.params[2]).toMatch(new RegExp(`^${school.url}/hi/opt-out\\?n=${mobile}&t=[\\w-]{22}$`));
    // What the office sees is what the family read: the template's words filled in.
    expect(row!.body).toContain('की प्राप्ति हो गई है');
    expect(row!.body).toContain(link);
    expect(row!.body).toContain('STOP');
    // Nothing typed on the form (the child's name) goes to a number someone typed.
    expect(JSON.stringify(first)).not.toContain(admission.names.first);

    await move(admission._id, 'under-review');
    const fields = Object.keys(admission.files);
    const refused = await judge(admission._id, fields[0]!, { state: 'rejected', reasonCode: 'blurred' });
    expect(refused.status, await refused.clone().text()).toBe(200);
    for (const field of fields) expect((await judge(admission._id, field, { state: 'verified' })).status).toBe(200);
    await move(admission._id, 'documents-verified');
    await move(admission._id, 'admitted');
    const rows = await settled(admission._id, 5);
    expect(rows.map((r) => [r.template, r.mobile_template, r.state])).toEqual([
      ['admission.submitted', 'received', 'sent'],
      ['admission.status', 'status', 'sent'],
      ['admission.document', 'document', 'sent'],
      ['admission.status', 'status', 'sent'],
      ['admission.status', 'fee-due', 'sent'],
    ]);
    const templates = sentTo(mobile);
    expect(templates.map((t) => t.name)).toEqual([
      'school_received',
      'school_status',
      'school_document',
      'school_status',
      'school_fee_due',
    ]);
    const document = templates[2]!;
    expect(document.params[2]).toContain('धुँधली');
    expect(document.params[3]).toBe(link);
    const feeDue = templates[4]!;
    expect(feeDue.params).toEqual([
      expect.stringContaining(admission.referenceNumber),
      'प्रवेश स्वीकृत',
      formatRupees(fees.admission['K.G'] * 100),
      link,
      expect.stringContaining('/hi/opt-out?'),
    ]);
    expect(rows[4]!.body).toContain('ऑनलाइन');
  }, 60_000);

  it('a TC request in English: received with its fee due and the pay link; the desk payment with its receipt; the TC ready', async () => {
    const mobile = freshMobile();
    const tc = await createTcRequest({ contact: mobile }, runtime.url);
    const link = `${school.url}/admissions/tc-request/status`;
    const [received] = await settled(tc._id, 1);
    expect(received).toMatchObject({
      template: 'tc-request.submitted',
      mobile_template: 'fee-due',
      language: 'en',
      state: 'sent',
    });
    expect(sentTo(mobile)[0]).toMatchObject({ name: 'school_fee_due', language: 'en' });
    expect(sentTo(mobile)[0]!.params.slice(0, 4)).toEqual([
      'transfer certificate (TC) request',
      'received',
      formatRupees(fees.transferCertificate * 100),
      link,
    ]);
    // The link never carries the admission number: it was typed on the form.
    expect(received!.body).not.toContain(tc.admissionNumber);

    const payment = await pay('tc-request', tc._id, fees.transferCertificate);
    await move(tc._id, 'issued', { tcNumber: 'TC/2026/0042', tcIssueDate: dateInIndia() }, 'tc-request');
    const rows = await settled(tc._id, 3);
    // The payment's message says what the move to "fee paid" would have, and more: it replaces it.
    expect(rows.map((r) => [r.template, r.mobile_template])).toEqual([
      ['tc-request.submitted', 'fee-due'],
      ['tc-request.payment', 'payment'],
      ['tc-request.status', 'tc-ready'],
    ]);
    const [, paid, ready] = sentTo(mobile);
    expect(paid).toMatchObject({
      name: 'school_payment',
      params: [
        formatRupees(fees.transferCertificate * 100),
        payment.receiptNumber,
        link,
        expect.stringContaining('/opt-out?'),
      ],
    });
    expect(ready).toMatchObject({ name: 'school_tc_ready', params: [link, expect.stringContaining('/opt-out?')] });
  }, 60_000);

  it('an enquiry that gave an e-mail address gets the e-mail and the WhatsApp message both', async () => {
    const mobile = freshMobile();
    const enquiry = await createEnquiry(
      { email: `parent.${Date.now()}@example.in`, fatherMobile: mobile },
      runtime.url,
    );
    await settled(enquiry._id, 1);
    const rows = await messagesOf(enquiry._id);
    expect(rows.map((r) => [r.channel, r.template]).sort()).toEqual([
      ['email', 'enquiry.submitted'],
      ['whatsapp', 'enquiry.submitted'],
    ]);
    expect(sentTo(mobile)[0]).toMatchObject({
      name: 'school_received',
      params: [expect.stringContaining('enquiry about admission to'), `${school.url}/`, expect.any(String)],
    });
  });
});

describe('retries, the fall back to SMS, and delivery webhooks', () => {
  it('a provider error is tried again on the retry schedule; the next run sends it', async () => {
    whatsapp.failNext = 1;
    const mobile = freshMobile();
    const tc = await createTcRequest({ contact: mobile }, runtime.url);
    await expect.poll(async () => (await textsOf(tc._id))[0]?.last_error ?? null, { timeout: 20_000 }).not.toBeNull();
    let [row] = await textsOf(tc._id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, provider_id: null });
    expect(row!.last_error).toMatch(/WhatsApp 500: Something went wrong \(code 131000\)/);
    await runSender();
    // Not due yet: about five minutes away.
    expect((await textsOf(tc._id))[0]).toMatchObject({ state: 'queued', attempts: 1 });
    await db.query(`UPDATE messages SET next_attempt_at = now() - interval '1 second' WHERE id = $1`, [row!.id]);
    await runSender();
    [row] = await textsOf(tc._id);
    expect(row).toMatchObject({ state: 'sent', attempts: 2, last_error: null });
    expect(sentTo(mobile)).toHaveLength(1);
  }, 30_000);

  it('delivered then read move the state (a late "sent" does not move it back); a number not on WhatsApp fails and goes as SMS, whose report moves it', async () => {
    const mobile = freshMobile();
    const tc = await createTcRequest({ contact: mobile, language: 'hi' }, runtime.url);
    let [row] = await settled(tc._id, 1);
    const id = row!.provider_id!;
    for (const status of ['delivered', 'read', 'sent'] as const)
      expect((await whatsapp.post(runtime.url, whatsapp.statusBody(id, `91${mobile}`, status))).status).toBe(200);
    [row] = await textsOf(tc._id);
    expect(row).toMatchObject({ state: 'read' });
    expect(row!.delivered_at).toBeInstanceOf(Date);
    expect(row!.read_at).toBeInstanceOf(Date);
    // A failure after it was read (another device) changes nothing either.
    await whatsapp.post(runtime.url, whatsapp.statusBody(id, `91${mobile}`, 'failed'));
    expect((await textsOf(tc._id)).map((r) => [r.channel, r.state])).toEqual([['whatsapp', 'read']]);

    // A message id the school never sent: 200, ignored.
    const unknown = await whatsapp.post(runtime.url, whatsapp.statusBody('wamid.not-ours', `91${mobile}`, 'delivered'));
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ received: true });

    // The next message cannot be delivered (not a WhatsApp number): it goes again as SMS, the same words.
    await move(tc._id, 'rejected', { reason: 'The admission number is not on our register.' }, 'tc-request');
    const [, rejected] = await settled(tc._id, 2);
    await whatsapp.post(runtime.url, whatsapp.statusBody(rejected!.provider_id!, `91${mobile}`, 'failed'));
    let rows = await textsOf(tc._id);
    expect(rows.map((r) => [r.channel, r.state])).toEqual([
      ['whatsapp', 'read'],
      ['whatsapp', 'failed'],
      ['sms', 'queued'],
    ]);
    expect(rows[1]!.last_error).toBe('WhatsApp: Message undeliverable (code 131026)');
    expect(rows[2]).toMatchObject({
      template: 'tc-request.status',
      mobile_template: 'status',
      language: 'hi',
      body: rows[1]!.body,
      params: rows[1]!.params,
    });
    await runSender();
    rows = await textsOf(tc._id);
    expect(rows[2]).toMatchObject({ channel: 'sms', state: 'sent' });
    const sms = msg91.sent.find((s) => s.mobiles === `91${mobile}`)!;
    expect(sms).toMatchObject({
      templateId: SMS_IDS['status.hi'],
      sender: 'RMCPSC',
      requestId: rows[2]!.provider_id,
      vars: rows[1]!.params,
    });
    expect(sms.vars[1]).toBe('स्वीकार नहीं हुआ');

    // MSG91's report: a wrong token is 400 and stores nothing; ours moves it to delivered.
    const reportUrl = `${runtime.url}/v1/api/sms/report?token=${REPORT_TOKEN}`;
    await expectJsonError(
      await msg91.report(`${runtime.url}/v1/api/sms/report?token=guess`, sms.requestId, sms.mobiles, '1'),
      400,
    );
    expect((await textsOf(tc._id))[2]).toMatchObject({ state: 'sent', delivered_at: null });
    expect((await msg91.report(reportUrl, sms.requestId, sms.mobiles, '1')).status).toBe(200);
    expect((await textsOf(tc._id))[2]).toMatchObject({ state: 'delivered' });
  }, 60_000);

  it('a tampered signature (or none, or another secret’s) is 400 and moves nothing', async () => {
    const mobile = freshMobile();
    const tc = await createTcRequest({ contact: mobile }, runtime.url);
    const [row] = await settled(tc._id, 1);
    const body = whatsapp.statusBody(row!.provider_id!, `91${mobile}`, 'read');
    const tampered = body.replace('"read"', '"delivered"');
    for (const res of [
      await whatsapp.post(runtime.url, tampered, whatsapp.signature(body)),
      await whatsapp.post(runtime.url, body, whatsapp.signature(body, 'another-secret')),
      await whatsapp.post(runtime.url, body, ''),
      await whatsapp.post(runtime.url, whatsapp.replyBody(`91${mobile}`, 'STOP'), 'sha256=00'),
    ]) {
      const error = await expectJsonError(res, 400);
      expect(error.code).toBe('signature');
    }
    expect((await textsOf(tc._id))[0]).toMatchObject({ state: 'sent', delivered_at: null, read_at: null });
    expect((await db.query(`SELECT 1 FROM message_opt_outs WHERE mobile = $1`, [mobile])).rows).toEqual([]);
  });

  it('Meta’s verification handshake answers the challenge only for our verify token', async () => {
    const hub = (token: string) =>
      `${runtime.url}/v1/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`;
    const ok = await fetch(hub('verify-token-of-ours'));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    await expectJsonError(await fetch(hub('guess')), 403);
  });
});

describe('STOP and START', () => {
  it('STOP opts the number out: its next message is not sent (opted out); START opts it back in', async () => {
    const mobile = freshMobile();
    const tc = await createTcRequest({ contact: mobile }, runtime.url);
    await settled(tc._id, 1);
    expect((await whatsapp.post(runtime.url, whatsapp.replyBody(`91${mobile}`, 'stop'))).status).toBe(200);
    expect((await db.query(`SELECT opted_out, source FROM message_opt_outs WHERE mobile = $1`, [mobile])).rows).toEqual(
      [{ opted_out: true, source: 'whatsapp' }],
    );
    const before = whatsapp.requests;

    await move(tc._id, 'rejected', { reason: 'Asked again by mistake.' }, 'tc-request');
    let rows = await textsOf(tc._id);
    expect(rows[1]).toMatchObject({ channel: 'whatsapp', state: 'opted-out' });
    expect(rows[1]!.held_reason).toMatch(/asked for no WhatsApp or SMS/);
    await runSender();
    expect(whatsapp.requests).toBe(before);

    // The office sees who stopped.
    const list = await (await office.request('/v1/api/opt-outs')).json();
    expect(list.data).toContainEqual({ mobile, optedOut: true, source: 'whatsapp', changedAt: expect.any(String) });
    expect(list.senders).toEqual({ whatsapp: true, sms: true });
    const screen = await (await office.request(`/v1/api/messages?recordId=${tc._id}`)).json();
    expect(screen.data.map((m: { state: string }) => m.state)).toContain('opted-out');
    // A message sent as a template is the sender's: the office cannot mark it sent by hand.
    const template = screen.data.find((m: { channel: string; byHand: boolean }) => m.channel === 'whatsapp')!;
    expect(template.byHand).toBe(false);
    await expectJsonError(
      await office.request(`/v1/api/messages/${template._id}`, { method: 'PATCH', json: { state: 'sent' } }),
      409,
    );

    // An older STOP arriving after START changes nothing: the latest word stands.
    const later = new Date(Date.now() + 60_000);
    expect((await whatsapp.post(runtime.url, whatsapp.replyBody(`91${mobile}`, 'START', later))).status).toBe(200);
    await whatsapp.post(runtime.url, whatsapp.replyBody(`91${mobile}`, 'STOP', new Date(Date.now() + 30_000)));
    expect((await db.query(`SELECT opted_out FROM message_opt_outs WHERE mobile = $1`, [mobile])).rows).toEqual([
      { opted_out: false },
    ]);
    const again = await createTcRequest({ contact: mobile }, runtime.url);
    const [sent] = await settled(again._id, 1);
    expect(sent).toMatchObject({ state: 'sent' });
    rows = await textsOf(tc._id);
    expect(rows[1]).toMatchObject({ state: 'opted-out' });
  }, 30_000);
});

describe('SMS alone (no WhatsApp configured)', () => {
  it('a mobile number gets the DLT template by SMS; MSG91’s failed report in its version-3 shape (one report as JSON) marks it failed', async () => {
    const saved = process.env.WHATSAPP_ACCESS_TOKEN;
    delete process.env.WHATSAPP_ACCESS_TOKEN;
    try {
      const mobile = freshMobile();
      const tc = await createTcRequest({ contact: mobile }, runtime.url);
      const [row] = await settled(tc._id, 1, 'sms');
      expect(row).toMatchObject({ channel: 'sms', mobile_template: 'fee-due', state: 'sent' });
      expect(msg91.sent.find((s) => s.mobiles === `91${mobile}`)).toMatchObject({
        templateId: SMS_IDS['fee-due.en'],
        requestId: row!.provider_id,
      });
      expect(sentTo(mobile)).toEqual([]);
      const reported = await msg91.report(
        `${runtime.url}/v1/api/sms/report?token=${REPORT_TOKEN}`,
        row!.provider_id!,
        `91${mobile}`,
        '2',
        'FAILED',
        'v3',
      );
      expect(reported.status).toBe(200);
      expect((await textsOf(tc._id))[0]).toMatchObject({ channel: 'sms', state: 'failed', last_error: 'SMS: FAILED' });
    } finally {
      process.env.WHATSAPP_ACCESS_TOKEN = saved;
    }
  });
});
