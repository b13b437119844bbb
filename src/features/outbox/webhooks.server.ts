/**
 * The providers' webhooks for messages to families (netlify/functions/whatsapp.mts, sms.mts).
 *
 *   GET  /v1/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…
 *        Meta's verification handshake: the challenge back (text) when the token is
 *        WHATSAPP_VERIFY_TOKEN, else 403; 400 for a request that is not a handshake.
 *   POST /v1/api/whatsapp/webhook   Meta's notifications, X-Hub-Signature-256 checked against the
 *        raw body (400 and nothing stored when it does not match). `statuses` move a message on
 *        (sent → delivered → read; failed, which sends it again as SMS when configured); `messages`
 *        saying STOP (or START) opt the number out (or back in). 200 {"received": true}, also for a
 *        message id we do not know (ignored).
 *   POST /v1/api/sms/report?token=…  MSG91's delivery reports (webhook version 2: a form field `data`
 *        holding `[{ requestId, report: […] }]`, or that JSON as the body; version 3: one report as JSON),
 *        which carry no signature: the token (MSG91_WEBHOOK_TOKEN) in the URL set in MSG91's panel
 *        is compared in constant time (400 and nothing stored when it does not match).
 *
 * A state only moves forward: a late "sent" after "read" changes nothing, and "failed" after
 * "delivered" (a second device) neither.
 *
 * Signed (or token-proven) is not in range: every value read from a notification is checked first
 * (the schemas below), and one out of range (a time outside 2000-2100, an id that is not text) is
 * a 400 naming it, with nothing of the body stored.
 */
import { query } from '../../server/db.ts';
import { badRequest, forbidden } from '../../server/errors.ts';
import { boundedText as bounded, issueFields, outOfRange, providerInput } from '../../server/provider-input.ts';
import { z } from '../../lib/zod.ts';
import { isCalendarDate } from '../../lib/dates.ts';
import { json, readLimited } from '../../server/http.ts';
import { WEBHOOK_BODY_BYTES } from '../body-limits.ts';
import { isMetaSignature } from '../../server/whatsapp.ts';
import { sameSecret } from '../../server/signatures.ts';
import { fallBackToSms } from '../../server/mailer.ts';
import { tenDigits } from '../../server/family-mobile.ts';

export const WEBHOOK_ERRORS = {
  signature: 'The signature does not match this body.',
  token: 'The report token does not match.',
  body: 'The body is not a notification this endpoint knows.',
  verify: 'The verify token does not match.',
  range: 'The notification carries a value out of range: nothing of it was recorded.',
} as const;

// ---- what a notification may carry -------------------------------------------------------------

/** The times a report may carry: 2000 to 2100. Outside it a time is no real report's (and past year 275760 no date at all). */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);
const TIME_WORDS = 'Expected a time between the years 2000 and 2100.';
const inRange = (ms: number) => ms >= EARLIEST && ms < LATEST;

/** Meta's timestamp: Unix seconds as digits (or a number), read as milliseconds. */
const metaTime = z
  .pipe(
    z.union([z.string().check(z.regex(/^\d{1,12}$/)), z.int()], { error: TIME_WORDS }),
    z.transform((seconds: string | number) => Number(seconds) * 1000),
  )
  .check(z.refine(inRange, { error: TIME_WORDS }));

/** The `value` of Meta's `messages` change: the fields read of its statuses and messages. */
const metaValue = z.object({
  statuses: z.optional(
    z.array(
      z.object({
        id: bounded(256),
        status: bounded(40),
        timestamp: z.optional(metaTime),
        errors: z.optional(
          z.array(
            z.object({
              code: z.optional(z.union([z.int(), bounded(40)])),
              title: z.optional(z.string()),
              message: z.optional(z.string()),
            }),
          ),
        ),
      }),
    ),
  ),
  messages: z.optional(
    z.array(
      z.object({
        from: z.optional(bounded(40)),
        timestamp: z.optional(metaTime),
        type: z.optional(bounded(40)),
        text: z.optional(z.object({ body: z.optional(z.string()) })),
        button: z.optional(z.object({ text: z.optional(z.string()), payload: z.optional(z.string()) })),
      }),
    ),
  ),
});
type MetaValue = z.output<typeof metaValue>;

/** MSG91's report time: "YYYY-MM-DD HH:MM:SS" in India's time, read as milliseconds. */
const msg91Time = z
  .pipe(
    z
      .string({ error: TIME_WORDS })
      .check(z.regex(/^\d{4}-\d{2}-\d{2}[ T]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?$/, { error: TIME_WORDS })),
    z.transform((date: string) =>
      isCalendarDate(date.slice(0, 10)) ? Date.parse(`${date.replace(' ', 'T')}+05:30`) : NaN,
    ),
  )
  .check(z.refine(inRange, { error: TIME_WORDS }));

const msg91Delivery = {
  status: z.nullish(z.union([z.int(), bounded(10)])),
  desc: z.nullish(bounded(500)),
  date: z.nullish(msg91Time),
};
/** MSG91's reports: a list of requests (version 2, each listing its reports) or one report (version 3). */
const msg91Reports = z.array(
  z.object({
    ...msg91Delivery,
    requestId: z.nullish(bounded(100)),
    report: z.nullish(z.array(z.object(msg91Delivery))),
  }),
);

// ---- a message's state -------------------------------------------------------------------------

type Delivered = 'sent' | 'delivered' | 'read' | 'failed';
/** How far a state is along; failed counts as delivered's rank, so it never follows delivered or read. */
const RANK = `CASE %s WHEN 'queued' THEN 0 WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'failed' THEN 2 WHEN 'read' THEN 3 ELSE 9 END`;

/** Moves the message the provider knows as `providerId` to `state`, when that is forward; answers its id when moved. */
async function moveMessage(
  channel: 'whatsapp' | 'sms',
  providerId: string,
  state: Delivered,
  at: Date,
  error?: string,
): Promise<string | undefined> {
  const rows = await query<{ id: string }>(
    `UPDATE messages SET state = $3::text,
        delivered_at = CASE WHEN $3::text IN ('delivered', 'read') THEN coalesce(delivered_at, $4::timestamptz) ELSE delivered_at END,
        read_at = CASE WHEN $3::text = 'read' THEN $4::timestamptz ELSE read_at END,
        last_error = CASE WHEN $3::text = 'failed' THEN $5::text ELSE last_error END,
        updated_at = now()
      WHERE channel = $1 AND provider_id = $2 AND ${RANK.replace('%s', 'state')} < ${RANK.replace('%s', '$3::text')}
      RETURNING id`,
    [channel, providerId, state, at, error ?? null],
  );
  return rows[0]?.id;
}

// ---- opting out --------------------------------------------------------------------------------

export type OptOutSource = 'whatsapp' | 'sms' | 'link';

/** Records the family's choice for `mobile` as of `at`; an older word than the one stored changes nothing. */
export async function setOptOut(
  mobile: string,
  optedOut: boolean,
  source: OptOutSource,
  at = new Date(),
): Promise<void> {
  await query(
    `INSERT INTO message_opt_outs (mobile, opted_out, source, changed_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (mobile) DO UPDATE SET opted_out = EXCLUDED.opted_out, source = EXCLUDED.source, changed_at = EXCLUDED.changed_at
      WHERE message_opt_outs.changed_at <= EXCLUDED.changed_at`,
    [mobile, optedOut, source, at],
  );
}

/** What a family's reply asks: STOP (or its Hindi) opts out, START opts back in; anything else nothing. */
export function keyword(text: string): boolean | undefined {
  const word = text
    .trim()
    .toUpperCase()
    .replace(/[.!।]+$/, '');
  if (['STOP', 'UNSUBSCRIBE', 'STOP ALL', 'बंद', 'बंद करें'].includes(word)) return true;
  if (['START', 'SUBSCRIBE', 'शुरू', 'चालू'].includes(word)) return false;
  return undefined;
}

// ---- WhatsApp ----------------------------------------------------------------------------------

export function verifyWhatsApp(req: Request): Response {
  const url = new URL(req.url);
  const token = process.env.WHATSAPP_VERIFY_TOKEN?.trim();
  const challenge = url.searchParams.get('hub.challenge') ?? '';
  // Not a verification request at all: 400. Meta's own with another token: 403, as its guide says.
  if (url.searchParams.get('hub.mode') !== 'subscribe' || !/^[\w-]{1,200}$/.test(challenge))
    throw badRequest(WEBHOOK_ERRORS.body);
  if (!token || !sameSecret(url.searchParams.get('hub.verify_token') ?? '', token))
    throw forbidden(WEBHOOK_ERRORS.verify);
  return new Response(challenge, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** A report's time, else now. */
const when = (ms: number | null | undefined) => (ms === undefined || ms === null ? new Date() : new Date(ms));

export async function whatsappNotification(req: Request): Promise<Response> {
  const raw = Buffer.from(await readLimited(req, WEBHOOK_BODY_BYTES));
  if (!isMetaSignature(raw, req.headers.get('x-hub-signature-256')))
    throw badRequest(WEBHOOK_ERRORS.signature).withCode('signature');
  let body: { object?: unknown; entry?: { changes?: { field?: unknown; value?: unknown }[] }[] };
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest(WEBHOOK_ERRORS.body);
  }
  if (!body || typeof body !== 'object' || !Array.isArray(body.entry)) throw badRequest(WEBHOOK_ERRORS.body);
  // Every `messages` change is read before the first is stored: one value out of range stores nothing.
  const values: MetaValue[] = [];
  const wrong: Record<string, string> = {};
  body.entry.forEach((entry, e) =>
    (Array.isArray(entry?.changes) ? entry.changes : []).forEach((change, c) => {
      if (change?.field !== 'messages' || !change.value) return;
      const read = metaValue.safeParse(change.value);
      if (read.success) values.push(read.data);
      else Object.assign(wrong, issueFields(read.error, `entry.${e}.changes.${c}.value`));
    }),
  );
  if (Object.keys(wrong).length) throw outOfRange(WEBHOOK_ERRORS.range, 'out-of-range', wrong);
  for (const value of values) {
    for (const status of value.statuses ?? []) {
      const state = status.status;
      if (!['sent', 'delivered', 'read', 'failed'].includes(state)) continue;
      const error = status.errors?.[0];
      const reason = error
        ? `WhatsApp: ${String(error.title ?? error.message ?? 'failed')} (code ${String(error.code)})`
        : undefined;
      const moved = await moveMessage('whatsapp', status.id, state as Delivered, when(status.timestamp), reason);
      if (moved && state === 'failed') await fallBackToSms(moved);
    }
    for (const message of value.messages ?? []) {
      const mobile = message.from === undefined ? undefined : tenDigits(message.from);
      const text = message.type === 'button' ? (message.button?.text ?? message.button?.payload) : message.text?.body;
      const out = text === undefined ? undefined : keyword(text);
      if (mobile && out !== undefined) await setOptOut(mobile, out, 'whatsapp', when(message.timestamp));
    }
  }
  return json({ received: true });
}

// ---- MSG91 -------------------------------------------------------------------------------------

/** MSG91's report status codes: 1 delivered; 2 failed, 9 NDNC, 16/25 rejected, 17 blocked, 26 DLT refused; 8 and the rest on the way. */
function smsState(status: unknown, desc: unknown): Delivered {
  const code = String(status ?? '');
  if (code === '1' || /^delivered$/i.test(String(desc))) return 'delivered';
  if (['2', '9', '16', '17', '25', '26'].includes(code) || /fail|reject|ndnc|block/i.test(String(desc)))
    return 'failed';
  return 'sent';
}

export async function smsReport(req: Request): Promise<Response> {
  const token = process.env.MSG91_WEBHOOK_TOKEN?.trim();
  const given = new URL(req.url).searchParams.get('token') ?? '';
  if (!token || !sameSecret(given, token)) throw badRequest(WEBHOOK_ERRORS.token).withCode('signature');
  const raw = Buffer.from(await readLimited(req, WEBHOOK_BODY_BYTES)).toString('utf8');
  let reports: unknown;
  try {
    // MSG91 posts the reports as a form field `data` holding JSON; the same JSON as the body is taken too.
    const form = /^application\/x-www-form-urlencoded/i.test(req.headers.get('content-type') ?? '')
      ? new URLSearchParams(raw).get('data')
      : raw;
    reports = JSON.parse(form ?? '');
  } catch {
    throw badRequest(WEBHOOK_ERRORS.body);
  }
  // A request's reports: webhook version 2 (the panel's form post) lists them under `report`; version 3 (JSON) is one report, its fields beside `requestId`.
  const list = providerInput(
    msg91Reports,
    Array.isArray(reports) ? reports : [reports],
    WEBHOOK_ERRORS.range,
    'out-of-range',
  );
  for (const entry of list) {
    if (!entry.requestId) continue;
    for (const report of entry.report ?? [entry]) {
      const state = smsState(report.status, report.desc);
      await moveMessage(
        'sms',
        entry.requestId,
        state,
        when(report.date),
        state === 'failed' ? `SMS: ${report.desc ?? 'failed'}` : undefined,
      );
    }
  }
  return json({ received: true });
}
