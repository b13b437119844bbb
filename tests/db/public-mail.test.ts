/**
 * The school's mail is nobody's megaphone. The API in this process, on a database of this file's
 * own (tests/support/in-process-site.ts), sends through a real SMTP server in
 * this process (smtp-server; mails read back with mailparser), with the daily cap on mail caused by
 * the public forms at its real figure. A name holding a payment link with someone else's address
 * stores nothing and mails nothing; an address that is no ordinary mailbox (an IP literal, a quoted
 * local part) is refused; the letters carry nothing typed on the form (a marker typed into every
 * free-text field is in no mail or WhatsApp text); the 4th e-mail caused by public forms to one
 * address within a day stays in the outbox, held with its reason, while the office's own letters
 * still go.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ApiClient, type Json } from '../support/api.ts';
import { runCleanup } from '../support/cleanup.ts';
import { startOfficeSite, type OfficeSite } from '../support/in-process-site.ts';
import { TestMailServer, addressOf } from '../support/smtp.ts';
import { limits } from '../../src/config/limits.ts';
import { FORM_TEXTS } from '../../src/lib/forms/texts.ts';
import { createAdmission, createEnquiry, createTcRequest, enquiryBody, tcBody, token } from '../http/admin-fixtures.ts';

const mailServer = new TestMailServer();
const received = mailServer.received;
let runtime: OfficeSite;
let db: pg.Pool;
let office: ApiClient;
let smtpUrl = '';

beforeAll(async () => {
  smtpUrl = await mailServer.start();
  // The forms' own limits raised, the mail cap left at its figure (an empty setting is the default).
  runtime = await startOfficeSite({ RATE_LIMIT_PUBLIC_MAIL: '', SMTP_URL: smtpUrl }, 'Mail Clerk');
  ({ db, office } = runtime);
}, 180_000);

afterAll(async () => {
  await runtime?.stop();
  await mailServer.stop();
});

const mailsTo = (to: string) => received.filter((m) => addressOf(m)?.toLowerCase() === to.toLowerCase());
const post = (path: string, json: unknown) => new ApiClient(runtime.url).request(path, { method: 'POST', json });
const messagesTo = async (to: string) =>
  (
    await db.query(
      `SELECT template, state, held_reason, subject, body FROM messages WHERE lower(recipient) = lower($1) ORDER BY created_at, id`,
      [to],
    )
  ).rows;

describe('a stranger using the forms to mail someone', () => {
  it("an enquiry with a payment link for a name and the victim's address stores nothing and mails nothing", async () => {
    const victim = `victim.${Date.now()}@example.in`;
    const names: [string, string][] = [
      ['studentName', 'Your fee is due, pay at https://pay.example/x'],
      ['fatherName', 'Pay 4999 now'],
      ['motherName', 'refund@pay.example'],
    ];
    for (const [field, name] of names) {
      const res = await post('/v1/api/enquiry', enquiryBody({ email: victim, [field]: name }));
      expect(res.status).toBe(400);
      expect((await res.json()).codes).toHaveProperty(field);
    }
    const tc = await post('/v1/api/tc-request', tcBody({ email: victim, parentName: 'Visit www.pay.example' }));
    expect(await tc.json()).toMatchObject({ code: 'form.nameLink', error: FORM_TEXTS.nameLink });
    expect((await db.query(`SELECT count(*)::int AS n FROM enquiries WHERE email = $1`, [victim])).rows[0].n).toBe(0);
    expect((await db.query(`SELECT count(*)::int AS n FROM tc_requests WHERE email = $1`, [victim])).rows[0].n).toBe(0);
    expect(await messagesTo(victim)).toEqual([]);
    expect(mailsTo(victim)).toEqual([]);
  });

  it('addresses that are no ordinary mailbox are refused on both forms, nothing stored or queued', async () => {
    const before = (await db.query(`SELECT count(*)::int AS n FROM messages`)).rows[0].n;
    for (const email of ['a@[127.0.0.1]', '"a b"@example.in', 'office@localhost', `x@${'127.0.0.1'}`]) {
      for (const [path, body] of [
        ['/v1/api/enquiry', enquiryBody({ email })],
        ['/v1/api/tc-request', tcBody({ email })],
      ] as const) {
        const res = await post(path, body);
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ codes: { email: 'form.email' }, fields: { email: FORM_TEXTS.email } });
      }
    }
    expect((await db.query(`SELECT count(*)::int AS n FROM messages`)).rows[0].n).toBe(before);
  });
});

describe('what the letters carry', () => {
  it('no text typed on the form reaches an e-mail or a WhatsApp text, at submission or at a status move', async () => {
    const marker = token('Xq');
    const to = `marker.${Date.now()}@example.in`;
    const enquiry = await createEnquiry(
      {
        email: to,
        studentName: `${marker} Kumar`,
        fatherName: `${marker} Lal`,
        motherName: `${marker} Devi`,
        address: `${marker} Nagar`,
        lastSchoolAttended: `${marker} School`,
        referredBy: marker,
      },
      runtime.url,
    );
    const tcTo = `tc.${to}`;
    await createTcRequest(
      {
        email: tcTo,
        studentName: `${marker} Singh`,
        parentName: `${marker} Pal`,
        reason: `${marker} moving`,
        admissionNumber: `${marker.toUpperCase()}-7`,
      },
      runtime.url,
    );
    const admission = await createAdmission(
      { studentFirstName: marker, fatherFirstName: marker, motherFirstName: marker, address: `${marker} Gali` },
      runtime.url,
    );
    expect(
      (
        await office.request(`/v1/api/enquiry/${enquiry._id}`, {
          method: 'PATCH',
          json: { status: 'contacted', note: 'Called' },
        })
      ).status,
    ).toBe(200);

    await expect.poll(() => [mailsTo(to).length, mailsTo(tcTo).length], { timeout: 20_000 }).toEqual([2, 1]);
    for (const mail of [...mailsTo(to), ...mailsTo(tcTo)]) {
      for (const part of [mail.subject, mail.text, mail.html || ''])
        expect(String(part).toLowerCase()).not.toContain(marker.toLowerCase());
    }
    expect(mailsTo(to)[0]!.text).toContain('Thank you for your enquiry about admission to Class 5.');
    const whatsapp = (await db.query(`SELECT subject, body FROM messages WHERE record_id = $1`, [admission._id])).rows;
    expect(whatsapp).toHaveLength(1);
    expect(whatsapp[0].body).toContain(admission.referenceNumber);
    expect(`${whatsapp[0].subject} ${whatsapp[0].body}`.toLowerCase()).not.toContain(marker.toLowerCase());
  });
});

describe('the daily cap on mail caused by the public forms', () => {
  it("an address gets 3; the next stay held with their reason; the office's own letters still go", async () => {
    const to = `cap.${Date.now()}@example.in`;
    const enquiries: Json[] = [];
    for (let i = 0; i < 3; i++) enquiries.push(await createEnquiry({ email: to }, runtime.url));
    await expect.poll(() => mailsTo(to).length, { timeout: 20_000 }).toBe(3);
    // The same address in capitals, and by the other form: still the same mailbox.
    const fourth = await createEnquiry({ email: to.toUpperCase() }, runtime.url);
    const fifth = await createTcRequest({ email: to }, runtime.url);
    const held = (await messagesTo(to)).filter((m) => m.state === 'held');
    expect(held.map((m) => m.template)).toEqual(['enquiry.submitted', 'tc-request.submitted']);
    for (const m of held) {
      // In English, then in Hindi on its own line, as the messages screen shows it.
      const [english, hindi] = m.held_reason.split('\n');
      expect(english).toMatch(/already had 3 e-mails in the last 24 hours because of forms sent from the website/);
      expect(hindi).toMatch(/^नहीं भेजा गया: .* पिछले 24 घंटों में पहले ही 3 ई-मेल जा चुके हैं।/);
    }

    // A run of the sender leaves them: nothing more reaches the address.
    expect(
      await runCleanup({ root: runtime.root, databaseUrl: runtime.databaseUrl, env: { SMTP_URL: smtpUrl } }),
    ).toContain('Sent 0 e-mail(s)');
    expect(mailsTo(to)).toHaveLength(3);

    // The office sees why on the messages screen's list.
    const list = await (await office.request(`/v1/api/messages?state=held&recordId=${fourth._id}`)).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      state: 'held',
      to: to.toUpperCase(),
      template: 'enquiry.submitted',
      nextAttemptAt: null,
    });
    expect(list.data[0].heldReason).toMatch(/^Not sent: /);
    expect(
      (await office.request(`/v1/api/messages?state=held&recordId=${fifth._id}`).then((r) => r.json())).data,
    ).toHaveLength(1);

    // The office's status move writes to the same address: not capped.
    expect(
      (await office.request(`/v1/api/enquiry/${enquiries[0]!._id}`, { method: 'PATCH', json: { status: 'contacted' } }))
        .status,
    ).toBe(200);
    await expect.poll(() => mailsTo(to).length, { timeout: 20_000 }).toBe(4);
    expect(mailsTo(to)[3]!.subject).toMatch(/^Admission enquiry for Class 5: /);
    expect(limits.publicMailsPerAddress).toEqual({ max: 3, seconds: 24 * 3600 });
  }, 90_000);
});
