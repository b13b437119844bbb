/**
 * Messages to parents, end to end: the API in this process (tests/support/in-process-site.ts), on a
 * database of this file's own, sends through a real SMTP server also running here (smtp-server), whose mails are read back (mailparser). An enquiry's e-mail is queued
 * with it and delivered (English, and Hindi for a form filled in Hindi); a status change sends
 * another; with the mail server down the e-mail stays queued with its attempt counted and the next
 * one later, and a later run delivers it; without SMTP_URL (outbox-unsent.test.ts) e-mails stay
 * queued and nothing fails; an application queues a WhatsApp message the office marks sent by hand;
 * GET /v1/api/messages lists them for staff only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { ParsedMail } from 'mailparser';
import { ApiClient, adminClient } from '../support/api.ts';
import { runCleanup } from '../support/cleanup.ts';
import { startOfficeSite, type OfficeSite } from '../support/in-process-site.ts';
import { TestMailServer, addressOf } from '../support/smtp.ts';
import { site } from '../../src/config/site.ts';
import {
  createAdmission,
  createEnquiry,
  createTcRequest,
  enquiryBody,
  expectJsonError,
  tcBody,
} from '../http/admin-fixtures.ts';

// ---- an SMTP server in this process ------------------------------------------------

const mailServer = new TestMailServer();
const received = mailServer.received;

/** The mail to `to` whose text contains `text`, once it arrives. */
async function mailTo(to: string, text: string): Promise<ParsedMail> {
  await expect
    .poll(() => received.some((m) => m.text?.includes(text) && addressOf(m) === to), { timeout: 20_000 })
    .toBe(true);
  return received.find((m) => m.text?.includes(text) && addressOf(m) === to)!;
}

// ---- the site with SMTP_URL -------------------------------------------------------

let runtime: OfficeSite;
let db: pg.Pool;
let office: ApiClient;

beforeAll(async () => {
  const smtpUrl = await mailServer.start();
  runtime = await startOfficeSite(
    {
      SMTP_URL: smtpUrl,
      MAIL_FROM: '"RMCP Office" <office@school.test>',
    },
    'Messages Clerk',
  );
  ({ db, office } = runtime);
}, 180_000);

afterAll(async () => {
  await runtime?.stop();
  await mailServer.stop();
});

interface Row {
  id: string;
  entity: string;
  channel: string;
  recipient: string;
  template: string;
  language: string;
  subject: string;
  body: string;
  state: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  sent_at: Date | null;
}

const messagesOf = async (pool: pg.Pool, recordId: string) =>
  (await pool.query<Row>(`SELECT * FROM messages WHERE record_id = $1 ORDER BY created_at, id`, [recordId])).rows;

describe('e-mails through SMTP_URL', () => {
  it('queues an enquiry’s e-mail with it and delivers it: to the parent, naming the class and not the child (typed on the form)', async () => {
    const to = `asha.${Date.now()}@example.in`;
    const enquiry = await createEnquiry({ email: to, studentName: 'Asha Verma', admissionClass: '5' }, runtime.url);
    expect(enquiry.language).toBe('en');
    const mail = await mailTo(to, 'Class 5');
    expect(mail.subject).toBe('Admission enquiry for Class 5 received');
    expect(mail.text).toContain('Thank you for your enquiry about admission to Class 5.');
    expect(mail.text).not.toContain('Asha');
    expect(mail.text).toContain(site.contact.name);
    expect(mail.from?.value[0]?.address).toBe('office@school.test');

    const [row] = await messagesOf(db, enquiry._id);
    expect(row).toMatchObject({
      entity: 'enquiry',
      channel: 'email',
      recipient: to,
      template: 'enquiry.submitted',
      language: 'en',
      state: 'sent',
      attempts: 1,
      last_error: null,
    });
    expect(row!.sent_at).toBeInstanceOf(Date);
  });

  it('writes in Hindi to a parent who filled the form in Hindi', async () => {
    const to = `ravi.${Date.now()}@example.in`;
    const enquiry = await createEnquiry(
      { email: to, studentName: 'Ravi Kumar', admissionClass: '3', language: 'hi' },
      runtime.url,
    );
    expect(enquiry.language).toBe('hi');
    const mail = await mailTo(to, 'कक्षा III');
    expect(mail.subject).toBe('कक्षा III में प्रवेश हेतु आपकी पूछताछ प्राप्त हुई');
    expect(mail.text).toContain('कक्षा III में प्रवेश के बारे में पूछताछ के लिए धन्यवाद।');
    expect(mail.text).toContain(site.contact.hindiName);
    expect((await messagesOf(db, enquiry._id))[0]).toMatchObject({ language: 'hi', state: 'sent' });
  });

  it('sends another e-mail when the office moves the status, in the record’s language', async () => {
    const to = `meena.${Date.now()}@example.in`;
    const enquiry = await createEnquiry({ email: to, studentName: 'Meena Devi', language: 'hi' }, runtime.url);
    await mailTo(to, 'पूछताछ के लिए धन्यवाद');
    const moved = await office.request(`/v1/api/enquiry/${enquiry._id}`, {
      method: 'PATCH',
      json: { status: 'contacted', note: 'Called the mother' },
    });
    expect(moved.status).toBe(200);
    const mail = await mailTo(to, 'कार्यवाही जारी है');
    expect(mail.subject).toMatch(/में प्रवेश हेतु पूछताछ: कार्यवाही जारी है$/);
    expect(mail.text).not.toContain('Meena');
    // The office's note is the office's: it is not written to the parent.
    expect(mail.text).not.toContain('Called the mother');
    // The mail server has the mail a moment before the sender marks its row sent.
    await expect
      .poll(async () => (await messagesOf(db, enquiry._id)).map((r) => [r.template, r.state]))
      .toEqual([
        ['enquiry.submitted', 'sent'],
        ['enquiry.status', 'sent'],
      ]);
  });

  it('a refused submission queues nothing', async () => {
    const before = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages`)).rows[0]!.n;
    const res = await new ApiClient(runtime.url).request('/v1/api/enquiry', {
      method: 'POST',
      json: enquiryBody({ language: 'fr' }),
    });
    const body = await expectJsonError(res, 400);
    expect(body.fields).toHaveProperty('language');
    const tc = await new ApiClient(runtime.url).request('/v1/api/tc-request', {
      method: 'POST',
      json: tcBody({ language: 'english' }),
    });
    expect((await expectJsonError(tc, 400)).fields).toHaveProperty('language');
    expect((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages`)).rows[0]!.n).toBe(before);
  });

  it('with the mail server down: stays queued, the attempt counted and the next one later; a later run delivers it', async () => {
    await mailServer.stop();
    const to = `neha.${Date.now()}@example.in`;
    const started = Date.now();
    const tc = await createTcRequest({ email: to, studentName: 'Neha Singh' }, runtime.url);
    // The parent's answer did not wait for the mail server.
    expect(Date.now() - started).toBeLessThan(10_000);
    // Its attempt is counted as it is taken, and its error written once the connection is refused.
    await expect.poll(async () => (await messagesOf(db, tc._id))[0]?.last_error ?? null).not.toBeNull();
    let [row] = await messagesOf(db, tc._id);
    expect(row).toMatchObject({
      channel: 'email',
      template: 'tc-request.submitted',
      state: 'queued',
      attempts: 1,
      sent_at: null,
    });
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);
    // About five minutes from now.
    const wait = row!.next_attempt_at.getTime() - Date.now();
    expect(wait).toBeGreaterThan(3 * 60_000);
    expect(wait).toBeLessThan(6 * 60_000);

    const smtpUrl = await mailServer.start();
    // Not due yet: the run leaves it.
    expect(
      await runCleanup({ root: runtime.root, databaseUrl: runtime.databaseUrl, env: { SMTP_URL: smtpUrl } }),
    ).toContain('Sent 0 e-mail(s)');
    expect((await messagesOf(db, tc._id))[0]).toMatchObject({ state: 'queued', attempts: 1 });

    // Its time has come.
    await db.query(`UPDATE messages SET next_attempt_at = now() - interval '1 second' WHERE id = $1`, [row!.id]);
    expect(
      await runCleanup({ root: runtime.root, databaseUrl: runtime.databaseUrl, env: { SMTP_URL: smtpUrl } }),
    ).toMatch(/Sent [1-9]\d* e-mail\(s\)/);
    const mail = await mailTo(to, 'transfer certificate (TC)');
    expect(mail.subject).toBe('Transfer certificate request received');
    [row] = await messagesOf(db, tc._id);
    expect(row).toMatchObject({ state: 'sent', attempts: 2, last_error: null });
  });
});

describe('WhatsApp messages of applications', () => {
  it('an application queues a WhatsApp message for the office; a status move minutes later joins it as one letter; the office marks it sent', async () => {
    const admission = await createAdmission({ language: 'hi' }, runtime.url);
    const [row] = await messagesOf(db, admission._id);
    expect(row).toMatchObject({
      channel: 'whatsapp',
      recipient: '9988776655',
      template: 'admission.submitted',
      language: 'hi',
      state: 'queued',
      attempts: 0,
    });
    expect(row!.body).toContain(admission.referenceNumber);
    expect(row!.body).toContain('आवेदन हमें प्राप्त हो गया है');

    expect(
      (
        await office.request(`/v1/api/admission/${admission._id}`, {
          method: 'PATCH',
          json: { status: 'under-review' },
        })
      ).status,
    ).toBe(200);
    const rows = await messagesOf(db, admission._id);
    expect(rows.map((r) => [r.id, r.template, r.state])).toEqual([[row!.id, 'admission.status', 'queued']]);
    const paragraphs = rows[0]!.body.split('\n\n');
    // One greeting, the receipt, the move, the status page once, one sign-off.
    expect(paragraphs[0]).toBe('नमस्ते,');
    expect(paragraphs.filter((p) => p.includes('आवेदन हमें प्राप्त हो गया है'))).toHaveLength(1);
    expect(paragraphs.filter((p) => p.includes('ताज़ा स्थिति: जाँच में है'))).toHaveLength(1);
    expect(paragraphs.filter((p) => p.startsWith('आवेदन की स्थिति आप कभी भी यहाँ देख सकते हैं'))).toHaveLength(1);
    expect(paragraphs.findIndex((p) => p.includes('आवेदन हमें प्राप्त'))).toBeLessThan(
      paragraphs.findIndex((p) => p.includes('जाँच में है')),
    );
    expect(paragraphs.filter((p) => p.startsWith('सादर,'))).toHaveLength(1);

    const marked = await office.request(`/v1/api/messages/${row!.id}`, { method: 'PATCH', json: { state: 'sent' } });
    expect(marked.status).toBe(200);
    expect(await marked.json()).toMatchObject({ _id: row!.id, state: 'sent', channel: 'whatsapp', to: '9988776655' });
    expect((await messagesOf(db, admission._id))[0]).toMatchObject({ state: 'sent' });
    const audit = await db.query(
      `SELECT action, entity, entity_id FROM audit_log WHERE action = 'message' AND entity_id = $1`,
      [admission._id],
    );
    expect(audit.rows).toEqual([{ action: 'message', entity: 'admission', entity_id: admission._id }]);

    // Once sent, the next move is a letter of its own.
    await verifyAll(admission);
    expect(
      (
        await office.request(`/v1/api/admission/${admission._id}`, {
          method: 'PATCH',
          json: { status: 'documents-verified' },
        })
      ).status,
    ).toBe(200);
    const after = await messagesOf(db, admission._id);
    expect(after.map((r) => [r.template, r.state])).toEqual([
      ['admission.status', 'sent'],
      ['admission.status', 'queued'],
    ]);
    expect(after[1]!.body).not.toContain('जाँच में है');

    await expectJsonError(
      await office.request(`/v1/api/messages/${row!.id}`, { method: 'PATCH', json: { state: 'queued' } }),
      400,
    );
    const email = (await db.query<{ id: string }>(`SELECT id FROM messages WHERE channel = 'email' LIMIT 1`)).rows[0]!
      .id;
    await expectJsonError(
      await office.request(`/v1/api/messages/${email}`, { method: 'PATCH', json: { state: 'sent' } }),
      409,
    );
    await expectJsonError(
      await office.request(`/v1/api/messages/6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f`, {
        method: 'PATCH',
        json: { state: 'sent' },
      }),
      404,
    );
  });
});

/** Every document of `admission` verified by the office (documents-verified asks for it); each a move of no message. */
async function verifyAll(admission: { _id: string; files: Record<string, unknown> }) {
  for (const field of Object.keys(admission.files)) {
    const res = await office.request(`/v1/api/admission/${admission._id}/documents/${field}`, {
      method: 'PATCH',
      json: { state: 'verified' },
    });
    expect(res.status).toBe(200);
  }
}

describe('a record’s news within ten minutes is one letter', () => {
  it('merges into the unsent letter written less than ten minutes ago; an older one, another channel’s or a record’s other stays apart', async () => {
    const admission = await createAdmission({ language: 'en', contactNo: '9876012345' }, runtime.url);
    const move = async (status: string) =>
      expect(
        (await office.request(`/v1/api/admission/${admission._id}`, { method: 'PATCH', json: { status } })).status,
      ).toBe(200);
    const other = await createAdmission({ language: 'en', contactNo: '9876012345' }, runtime.url);
    await move('under-review');
    await verifyAll(admission);
    // Eleven minutes on: the pending letter is older than the window, so the next move is a letter of its own.
    await db.query(`UPDATE messages SET created_at = created_at - interval '11 minutes' WHERE record_id = $1`, [
      admission._id,
    ]);
    await move('documents-verified');
    await move('admitted');
    const rows = await messagesOf(db, admission._id);
    expect(rows.map((r) => [r.template, r.state, r.attempts])).toEqual([
      ['admission.status', 'queued', 0],
      ['admission.status', 'queued', 0],
    ]);
    expect(rows[0]!.body).toMatch(/received[\s\S]*is now: under review/);
    expect(rows[0]!.body).not.toContain('documents verified');
    expect(rows[1]!.body).toMatch(
      /is now: documents verified[\s\S]*is now: admitted[\s\S]*Please pay the admission fee/,
    );
    expect(rows[1]!.body.match(/^Namaste,/gm)).toHaveLength(1);
    // Another record of the same family keeps its own letter.
    expect((await messagesOf(db, other._id)).map((r) => r.template)).toEqual(['admission.submitted']);
  });

  it('an e-mail the sender already tried is not changed: the next news is an e-mail of its own', async () => {
    const to = `merge.${Date.now()}@example.in`;
    const enquiry = await createEnquiry({ email: to, studentName: 'Merge Later' }, runtime.url);
    await mailTo(to, 'Thank you for your enquiry');
    expect(
      (await office.request(`/v1/api/enquiry/${enquiry._id}`, { method: 'PATCH', json: { status: 'contacted' } }))
        .status,
    ).toBe(200);
    const rows = await messagesOf(db, enquiry._id);
    expect(rows.map((r) => r.template)).toEqual(['enquiry.submitted', 'enquiry.status']);
  });
});

describe('GET /v1/api/messages', () => {
  it('lists the messages newest first, paged and filtered, for office and principal; 401 signed out', async () => {
    await expectJsonError(await new ApiClient(runtime.url).request('/v1/api/messages'), 401);
    const all = await office.request('/v1/api/messages?limit=2');
    expect(all.status).toBe(200);
    const page = await all.json();
    expect(page.data).toHaveLength(2);
    expect(page.currentPage).toBe(1);
    expect(page.total).toBeGreaterThanOrEqual(6);
    expect(page.totalPages).toBe(Math.ceil(page.total / 2));
    expect(new Date(page.data[0].createdAt) >= new Date(page.data[1].createdAt)).toBe(true);
    expect(Object.keys(page.data[0]).sort()).toEqual([
      '_id',
      'attempts',
      'body',
      'byHand',
      'channel',
      'createdAt',
      'deliveredAt',
      'entity',
      'heldReason',
      'language',
      'lastError',
      'nextAttemptAt',
      'readAt',
      'recordId',
      'sentAt',
      'state',
      'subject',
      'template',
      'to',
      'updatedAt',
    ]);

    const principal = await adminClient(runtime.url);
    const whatsapp = await (await principal.request('/v1/api/messages?channel=whatsapp&entity=admission')).json();
    expect(whatsapp.data.length).toBeGreaterThanOrEqual(2);
    expect(
      whatsapp.data.every(
        (m: { channel: string; entity: string }) => m.channel === 'whatsapp' && m.entity === 'admission',
      ),
    ).toBe(true);
    const sent = await (await office.request('/v1/api/messages?state=sent&channel=email')).json();
    expect(sent.data.every((m: { state: string; sentAt: string | null }) => m.state === 'sent' && m.sentAt)).toBe(true);
    const one = sent.data[0];
    const ofRecord = await (await office.request(`/v1/api/messages?recordId=${one.recordId}`)).json();
    expect(ofRecord.data.every((m: { recordId: string }) => m.recordId === one.recordId)).toBe(true);
    expect((await (await office.request('/v1/api/messages?recordId=not-an-id')).json()).data).toEqual([]);
    expect((await (await office.request('/v1/api/messages?state=lost')).json()).total).toBe(0);
  });
});
