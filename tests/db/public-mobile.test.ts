/**
 * The school's WhatsApp and SMS are nobody's megaphone (the outside review's reproduction): 25
 * enquiries from one address naming someone else's mobile number sent that number 25 WhatsApp
 * templates within seconds. Now the number gets 3 in a day from the public forms; the rest stay in
 * the outbox, held with their reason in English and Hindi, on the office's list; the office's own
 * message to the number still goes. WhatsApp and SMS count together, across the forms. The API runs in this process on a database of this file's own, sending through
 * local servers that speak WhatsApp Cloud API and MSG91 (tests/support/whatsapp-cloud.ts, msg91.ts),
 * with the cap and the enquiries' address limit at their real figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ApiClient, type Json } from '../support/api.ts';
import { startOfficeSite, type OfficeSite } from '../support/in-process-site.ts';
import { WhatsAppCloudServer } from '../support/whatsapp-cloud.ts';
import { Msg91Server } from '../support/msg91.ts';
import { limits } from '../../src/config/limits.ts';
import { MOBILE_TEMPLATES, WHATSAPP_API_VERSION } from '../../src/config/mobile-templates.ts';
import { createAdmission, createEnquiry, createTcRequest } from '../http/admin-fixtures.ts';
import sendVacancy from '../../netlify/functions/messages-send.mts';

const WA = {
  token: 'EAAtest-token',
  phoneNumberId: '106540352242922',
  appSecret: 'app-secret-of-the-test',
  version: WHATSAPP_API_VERSION,
};
const SMS_IDS = Object.fromEntries(
  Object.keys(MOBILE_TEMPLATES).flatMap((t) =>
    ['en', 'hi'].map((l) => [`${t}.${l}`, `65a1${Buffer.from(`${t}.${l}`).toString('hex').slice(0, 20)}`]),
  ),
);
const SMS = {
  MSG91_AUTH_KEY: 'msg91-auth-key',
  MSG91_SENDER_ID: 'RMCPSC',
  MSG91_TEMPLATE_IDS: JSON.stringify(SMS_IDS),
};
/** The cap and the enquiries' own limit per address at their real figures (an empty setting is the default). */
const REAL = { RATE_LIMIT_PUBLIC_MOBILE: '', RATE_LIMIT_ENQUIRY: '' };

const ENGLISH =
  'Not sent: this mobile number already had 3 WhatsApp or SMS messages in the last 24 hours because of forms sent from the website.';
const HINDI =
  'नहीं भेजा गया: वेबसाइट के फ़ॉर्म भरे जाने से इस मोबाइल नंबर पर पिछले 24 घंटों में पहले ही 3 WhatsApp या SMS संदेश जा चुके हैं।';

let mobiles = 0;
const freshMobile = () => `97${String(Date.now() % 1e7).padStart(7, '0')}${mobiles++ % 10}`;
const runSender = async () => expect((await sendVacancy()).status).toBe(204);

interface Row {
  record_id: string;
  channel: string;
  template: string;
  state: string;
  held_reason: string | null;
  provider_id: string | null;
}

const whatsapp = new WhatsAppCloudServer({ ...WA, approved: Object.values(MOBILE_TEMPLATES).map((t) => t.whatsapp) });
const msg91 = new Msg91Server({ authKey: SMS.MSG91_AUTH_KEY, templates: Object.values(SMS_IDS) });
let site: OfficeSite;
let db: pg.Pool;
let office: ApiClient;

beforeAll(async () => {
  const [waUrl, smsUrl] = await Promise.all([whatsapp.start(), msg91.start()]);
  site = await startOfficeSite(
    {
      ...REAL,
      WHATSAPP_ACCESS_TOKEN: WA.token,
      WHATSAPP_PHONE_NUMBER_ID: WA.phoneNumberId,
      WHATSAPP_APP_SECRET: WA.appSecret,
      WHATSAPP_API_URL: waUrl,
      ...SMS,
      MSG91_API_URL: smsUrl,
    },
    'Texts Clerk',
  );
  ({ db, office } = site);
}, 180_000);

afterAll(async () => {
  await site?.stop();
  await Promise.all([whatsapp.stop(), msg91.stop()]);
});

const sentTo = (mobile: string) => whatsapp.sent.filter((s) => s.to === `91${mobile}`);
const smsTo = (mobile: string) => msg91.sent.filter((s) => s.mobiles === `91${mobile}`);
const enquire = (mobile: string) => createEnquiry({ fatherMobile: mobile, email: '' }, site.url);
const readTexts = async (mobile: string) =>
  (
    await db.query<Row>(
      `SELECT record_id, channel, template, state, held_reason, provider_id FROM messages WHERE channel <> 'email' AND right(recipient, 10) = $1 ORDER BY created_at, id`,
      [mobile],
    )
  ).rows;
/** The number's WhatsApp and SMS messages, oldest first, once none is waiting to be sent. */
async function textsTo(mobile: string): Promise<Row[]> {
  await expect
    .poll(async () => (await readTexts(mobile)).filter((m) => m.state === 'queued').length, { timeout: 20_000 })
    .toBe(0);
  return readTexts(mobile);
}
const statesOf = (rows: Row[]) => rows.map((m) => `${m.channel} ${m.state}`);

describe('25 enquiries from one address naming one mobile number (WhatsApp configured)', () => {
  it("send the number 3; the other 22 stay held with their reason in English and Hindi, on the office's list; the office's own message still goes", async () => {
    const victim = freshMobile();
    const enquiries: Json[] = [];
    // One address, as the review sent them (the enquiries' own limit allows 60 an hour).
    for (let i = 0; i < 25; i++) enquiries.push(await enquire(victim));

    const texts = await textsTo(victim);
    expect(texts).toHaveLength(25);
    expect(texts.filter((m) => m.state === 'sent').map((m) => m.record_id)).toEqual(
      enquiries.slice(0, 3).map((e) => e._id),
    );
    const held = texts.filter((m) => m.state === 'held');
    expect(held).toHaveLength(22);
    for (const m of held) {
      expect(m).toMatchObject({ channel: 'whatsapp', template: 'enquiry.submitted' });
      const [english, hindi, ...more] = m.held_reason!.split('\n');
      expect(english).toContain(ENGLISH);
      expect(hindi).toContain(HINDI);
      expect(more).toEqual([]);
    }
    expect(sentTo(victim)).toHaveLength(3);
    // A run of the sender leaves the held ones: nothing more reaches the number.
    await runSender();
    expect(sentTo(victim)).toHaveLength(3);
    expect(smsTo(victim)).toEqual([]);

    // The office sees them, and why, on the messages screen's list.
    const list = await (await office.request(`/v1/api/messages?state=held&channel=whatsapp&limit=100`)).json();
    const listed = list.data.filter((m: { to: string }) => m.to === victim);
    expect(listed).toHaveLength(22);
    expect(listed[0]).toMatchObject({
      state: 'held',
      template: 'enquiry.submitted',
      nextAttemptAt: null,
      byHand: false,
    });
    expect(listed[0].heldReason).toBe(held[0]!.held_reason);
    const last = await (await office.request(`/v1/api/messages?recordId=${enquiries[24]!._id}`)).json();
    expect(last.data).toMatchObject([{ state: 'held', channel: 'whatsapp' }]);

    // The office's status move writes to the same number: not capped, and sent.
    const moved = await office.request(`/v1/api/enquiry/${enquiries[24]!._id}`, {
      method: 'PATCH',
      json: { status: 'contacted' },
    });
    expect(moved.status).toBe(200);
    await expect.poll(() => sentTo(victim).length, { timeout: 20_000 }).toBe(4);
    expect((await textsTo(victim)).filter((m) => m.template === 'enquiry.status').map((m) => m.state)).toEqual([
      'sent',
    ]);
    expect(limits.publicTextsPerMobile).toEqual({ max: 3, seconds: 24 * 3600 });
  }, 120_000);
});

describe('what the cap counts', () => {
  it('the forms together (an enquiry, an application, a TC request), and that number only', async () => {
    const mobile = freshMobile();
    await enquire(mobile);
    await createAdmission({ contactNo: mobile }, site.url);
    await createTcRequest({ contact: mobile, email: '' }, site.url);
    const fourth = await createAdmission({ contactNo: mobile }, site.url);
    const other = await createTcRequest({ contact: freshMobile(), email: '' }, site.url);

    const texts = await textsTo(mobile);
    expect(texts.map((m) => `${m.template} ${m.state}`)).toEqual([
      'enquiry.submitted sent',
      'admission.submitted sent',
      'tc-request.submitted sent',
      'admission.submitted held',
    ]);
    expect(texts[3]!.record_id).toBe(fourth._id);
    await expect
      .poll(async () => (await db.query(`SELECT state FROM messages WHERE record_id = $1`, [other._id])).rows, {
        timeout: 20_000,
      })
      .toEqual([{ state: 'sent' }]);
  }, 120_000);

  it('a WhatsApp message that goes again as SMS counts once; a day later the number gets them again', async () => {
    const mobile = freshMobile();
    const first = await enquire(mobile);
    const [sent] = await textsTo(mobile);
    // Not a WhatsApp number: Meta reports it failed, and it goes again as SMS.
    expect(
      (await whatsapp.post(site.url, whatsapp.statusBody(sent!.provider_id!, `91${mobile}`, 'failed'))).status,
    ).toBe(200);
    await runSender();
    expect(smsTo(mobile)).toHaveLength(1);
    for (let i = 0; i < 3; i++) await enquire(mobile);
    const texts = await textsTo(mobile);
    expect(statesOf(texts)).toEqual(['whatsapp failed', 'sms sent', 'whatsapp sent', 'whatsapp sent', 'whatsapp held']);
    expect(texts[1]!.record_id).toBe(first._id);

    // The day has passed for all of them: the next goes.
    await db.query(
      `UPDATE messages SET created_at = now() - interval '25 hours' WHERE channel <> 'email' AND right(recipient, 10) = $1`,
      [mobile],
    );
    const next = await enquire(mobile);
    await expect
      .poll(
        async () => (await db.query(`SELECT state, held_reason FROM messages WHERE record_id = $1`, [next._id])).rows,
        { timeout: 20_000 },
      )
      .toEqual([{ state: 'sent', held_reason: null }]);
  }, 120_000);

  it('SMS alone (no WhatsApp configured): the same cap', async () => {
    const saved = process.env.WHATSAPP_ACCESS_TOKEN;
    delete process.env.WHATSAPP_ACCESS_TOKEN;
    try {
      const victim = freshMobile();
      const enquiries: Json[] = [];
      for (let i = 0; i < 5; i++) enquiries.push(await enquire(victim));
      const texts = await textsTo(victim);
      expect(statesOf(texts)).toEqual(['sms sent', 'sms sent', 'sms sent', 'sms held', 'sms held']);
      expect(texts[4]!.held_reason).toContain(ENGLISH);
      expect(smsTo(victim)).toHaveLength(3);
      const list = await (await office.request(`/v1/api/messages?state=held&recordId=${enquiries[3]!._id}`)).json();
      expect(list.data).toMatchObject([{ channel: 'sms', to: victim, state: 'held' }]);
    } finally {
      process.env.WHATSAPP_ACCESS_TOKEN = saved;
    }
  }, 120_000);
});
