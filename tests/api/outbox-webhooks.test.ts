/**
 * With the shared runtime's settings (webhook secrets set, no sending keys: useApiSite): the
 * family's opt-out link (a page in its language, one button; the choice stored and undone; a link
 * that is not the school's refused with nothing stored), the office's list of opt-outs, and the
 * providers' webhooks refusing what is not signed with our secrets, and what is signed but out of
 * range (a time outside 2000-2100, an id that is not text: 400, nothing stored). Sending through the providers
 * is tested on a site of its own (tests/db/outbox-whatsapp-sms.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ApiClient, staffClient } from '../support/api.ts';
import { site } from '../support/site.ts';
import { WEBHOOK_SECRETS } from '../support/global-setup.ts';
import { freshMobile, optOutLink } from '../support/opt-out.ts';
import { WhatsAppCloudServer } from '../support/whatsapp-cloud.ts';
import { Msg91Server } from '../support/msg91.ts';
import { withDefaultUser } from '../../src/server/db.ts';
import { expectJsonError } from '../http/admin-fixtures.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

let db: pg.Pool;
let office: ApiClient;

beforeAll(async () => {
  db = new pg.Pool({ connectionString: withDefaultUser(site('databaseURL')), max: 1 });
  office = (await staffClient('office', 'Opt-out Clerk')).client;
});
afterAll(async () => {
  await db?.end();
});

/** The page's form, as the browser sends it; its answer is not followed. */
const post = (fields: Record<string, string>) =>
  fetch(new URL('/v1/api/opt-out', site('baseURL')), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
/** Where the form's 303 sends the browser, fetched. */
const follow = async (res: Response) => {
  expect(res.status).toBe(303);
  return fetch(new URL(res.headers.get('location')!, site('baseURL')));
};
const stored = async (mobile: string) =>
  (await db.query(`SELECT opted_out, source FROM message_opt_outs WHERE mobile = $1`, [mobile])).rows;

describe('the opt-out link', () => {
  it('opens a page in Hindi with one button; the button stops the messages, the next one starts them again', async () => {
    const mobile = freshMobile();
    const url = await optOutLink(mobile, 'hi');
    expect(url.pathname).toBe('/hi/opt-out');
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain(
      `क्या ${mobile.slice(-4)} पर समाप्त होने वाले मोबाइल नंबर पर विद्यालय के WhatsApp और SMS संदेश बंद कर दिए जाएँ?`,
    );
    expect(html).toContain('संदेश बंद करें');
    // The words show only the last four digits (the form's hidden fields and the language switch, the same page in English, carry the link's own).
    const [, switchTo] = /<a class="language-switch" href="([^"]*)"/.exec(html)!;
    expect(switchTo!.replaceAll('&amp;', '&')).toBe(`/opt-out/${url.search}`);
    expect(html.replace(/<input type="hidden"[^>]*>/g, '').replace(switchTo!, '')).not.toContain(mobile.slice(0, 6));
    // Opening the link (a preview, a scanner) stores nothing.
    expect(await stored(mobile)).toEqual([]);

    const t = url.searchParams.get('t')!;
    const stop = await post({ n: mobile, t, lang: 'hi', action: 'stop' });
    expect(stop.headers.get('location')).toBe(`/hi/opt-out?n=${mobile}&t=${t}&done=stop`);
    const stopped = await (await follow(stop)).text();
    expect(stopped).toContain('संदेश बंद कर दिए गए हैं');
    expect(stopped).toContain('संदेश फिर से चालू करें');
    expect(await stored(mobile)).toEqual([{ opted_out: true, source: 'link' }]);
    // The link opened again later shows that the messages are stopped, with the button to start them.
    expect(await (await fetch(url)).text()).toContain('संदेश फिर से चालू करें');
    const list = await (await office.request('/v1/api/opt-outs')).json();
    expect(list.data).toContainEqual({ mobile, optedOut: true, source: 'link', changedAt: expect.any(String) });
    // No sending keys on this runtime: the office sends WhatsApp by hand, as before.
    expect(list.senders).toEqual({ whatsapp: false, sms: false });

    const start = await post({ n: mobile, t, lang: 'hi', action: 'start' });
    expect(await (await follow(start)).text()).toContain('संदेश फिर से चालू कर दिए गए हैं');
    expect(await stored(mobile)).toEqual([{ opted_out: false, source: 'link' }]);
  });

  it('a link that is not the school’s (another number, a guessed token) is refused with a page, and stores nothing', async () => {
    const mobile = freshMobile();
    const url = await optOutLink(mobile, 'en');
    const other = freshMobile();
    const forged = new URL(url);
    forged.searchParams.set('n', other);
    const page = await fetch(forged);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('This link is not valid.');
    for (const fields of [
      { n: other, t: url.searchParams.get('t')!, action: 'stop' },
      { n: mobile, t: 'A'.repeat(22), action: 'stop' },
      { n: mobile, t: url.searchParams.get('t')!, action: 'delete' },
      { n: mobile, action: 'stop' },
    ]) {
      await expectJsonError(await post(fields as Record<string, string>), 400);
    }
    expect(await stored(mobile)).toEqual([]);
    expect(await stored(other)).toEqual([]);
  });

  it('the list of opt-outs is the office’s: 401 signed out', async () => {
    await expectJsonError(await new ApiClient().request('/v1/api/opt-outs'), 401);
  });
});

describe('the providers’ webhooks on the runtime', () => {
  const whatsapp = new WhatsAppCloudServer({
    token: '',
    phoneNumberId: '1',
    appSecret: WEBHOOK_SECRETS.WHATSAPP_APP_SECRET,
    version: 'v21.0',
    approved: [],
  });
  const msg91 = new Msg91Server({ authKey: '', templates: [] });

  it('Meta’s STOP signed with the app secret opts out; tampered or unsigned is 400 and stores nothing', async () => {
    const mobile = freshMobile();
    const body = whatsapp.replyBody(`91${mobile}`, 'STOP');
    await expectJsonError(
      await whatsapp.post(site('baseURL'), body, whatsapp.signature(body, 'not-the-app-secret')),
      400,
    );
    await expectJsonError(
      await whatsapp.post(site('baseURL'), body.replace('STOP', 'START'), whatsapp.signature(body)),
      400,
    );
    expect(await stored(mobile)).toEqual([]);
    const ok = await whatsapp.post(site('baseURL'), body);
    expect(ok.status).toBe(200);
    expect(await stored(mobile)).toEqual([{ opted_out: true, source: 'whatsapp' }]);
  });

  it('a status for a message id the school never sent is 200 and ignored', async () => {
    const res = await whatsapp.post(site('baseURL'), whatsapp.statusBody('wamid.unknown', '919000000000', 'delivered'));
    expect(res.status).toBe(200);
    expect(
      (await db.query(`SELECT count(*)::int AS n FROM messages WHERE provider_id = 'wamid.unknown'`)).rows[0].n,
    ).toBe(0);
  });

  it('answers a signed notification whose time is out of range 400 naming it, and stores nothing of it (the review\'s "99999999999999999" among them)', async () => {
    const mobile = freshMobile();
    // The family's STOP and a status in one notification: one value out of range stores neither.
    const notification = (status: Record<string, unknown>, message: Record<string, unknown> = {}) => {
      const body = JSON.parse(whatsapp.replyBody(`91${mobile}`, 'STOP'));
      const [delivered] = JSON.parse(whatsapp.statusBody('wamid.range', `91${mobile}`, 'delivered')).entry[0].changes[0]
        .value.statuses;
      const value = body.entry[0].changes[0].value;
      value.statuses = [{ ...delivered, ...status }];
      Object.assign(value.messages[0], message);
      return JSON.stringify(body);
    };
    const STATUS = 'entry.0.changes.0.value.statuses.0';
    for (const [body, field] of [
      ...['99999999999999999', '-5', 'abc', '1e3', '', '4102444800', '0'].map((timestamp) => [
        notification({ timestamp }),
        `${STATUS}.timestamp`,
      ]),
      ...[-1, 12.5, 1e20, 946684799].map((timestamp) => [notification({ timestamp }), `${STATUS}.timestamp`]),
      [notification({}, { timestamp: '99999999999999999' }), 'entry.0.changes.0.value.messages.0.timestamp'],
      [notification({ id: 42 }), `${STATUS}.id`],
      [notification({ status: { delivered: true } }), `${STATUS}.status`],
      [notification({}, { from: 919000000000 }), 'entry.0.changes.0.value.messages.0.from'],
    ] as const) {
      const res = await whatsapp.post(site('baseURL'), body);
      expect(res.status, body).toBe(400);
      const answer = await res.json();
      expect(answer, body).toMatchObject({ code: 'out-of-range', error: expect.any(String) });
      expect(Object.keys(answer.fields), body).toEqual([field]);
    }
    expect(await stored(mobile)).toEqual([]);
    // In range, the same notification is taken.
    const ok = await whatsapp.post(site('baseURL'), notification({}));
    expect(ok.status).toBe(200);
    expect(await stored(mobile)).toEqual([{ opted_out: true, source: 'whatsapp' }]);

    // MSG91's reports, with our token: version 2 (form field `data`) and version 3 (one report as JSON).
    const reportUrl = new URL(`/v1/api/sms/report?token=${WEBHOOK_SECRETS.MSG91_WEBHOOK_TOKEN}`, site('baseURL'));
    const v2 = (report: Record<string, unknown>, request: Record<string, unknown> = {}) =>
      fetch(reportUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          data: JSON.stringify([
            {
              senderId: 'RMCPSC',
              requestId: 'range-request',
              report: [
                { date: '2026-01-05 10:00:00', number: '919000000000', status: '1', desc: 'DELIVERED', ...report },
              ],
              ...request,
            },
          ]),
        }).toString(),
      });
    const v3 = (report: Record<string, unknown>) =>
      fetch(reportUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          requestId: 'range-request',
          date: '2026-01-05 10:00:00',
          number: '919000000000',
          status: '1',
          desc: 'DELIVERED',
          ...report,
        }),
      });
    for (const [res, field, sent] of [
      ...[
        '99999-01-01 00:00:00',
        '1999-12-31 23:59:59',
        '2100-06-01 00:00:00',
        '2026-02-30 10:00:00',
        '2026-01-05 24:00:00',
        'yesterday',
      ].map((date) => [v2({ date }), '0.report.0.date', date] as const),
      [v2({ date: 20260105 }), '0.report.0.date', 'a number'],
      [v2({}, { requestId: 42 }), '0.requestId', 'a number'],
      [v2({ desc: { text: 'DELIVERED' } }), '0.report.0.desc', 'an object'],
      [v3({ date: '99999-01-01 00:00:00' }), '0.date', 'version 3'],
      [v3({ status: 1.5 }), '0.status', 'a fraction'],
    ] as const) {
      const answer = await res;
      expect(answer.status, `${field}: ${sent}`).toBe(400);
      const body = await answer.json();
      expect(body, field).toMatchObject({ code: 'out-of-range', error: expect.any(String) });
      expect(Object.keys(body.fields), field).toEqual([field]);
    }
    expect((await v2({})).status).toBe(200);
    expect((await v3({})).status).toBe(200);
  });

  it('the verification handshake and MSG91’s report token', async () => {
    const hub = (token: string) =>
      `/v1/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=424242`;
    const ok = await new ApiClient().request(hub(WEBHOOK_SECRETS.WHATSAPP_VERIFY_TOKEN));
    expect([ok.status, await ok.text()]).toEqual([200, '424242']);
    await expectJsonError(await new ApiClient().request(hub('guess')), 403);
    const report = (token: string) =>
      msg91.report(
        new URL(`/v1/api/sms/report?token=${token}`, site('baseURL')).href,
        'no-such-request',
        '919000000000',
        '1',
      );
    expect((await expectJsonError(await report('guess'), 400)).code).toBe('signature');
    expect((await report(WEBHOOK_SECRETS.MSG91_WEBHOOK_TOKEN)).status).toBe(200);
  });
});
