/**
 * The sender of the outbox's messages (src/features/outbox/outbox.server.ts): e-mails through the SMTP server of
 * `SMTP_URL` (e.g. smtp://user:pass@host:587; smtps:// for TLS from the start), WhatsApp through
 * Meta's Cloud API (src/server/whatsapp.ts) and SMS through MSG91 (src/server/sms.ts), each only
 * when configured. Without it a channel's messages stay queued and nothing fails (WhatsApp: the
 * office sends them by hand).
 *
 * A WhatsApp or SMS message to a number that opted out is not sent ('opted-out'). A WhatsApp
 * message that fails for good (the provider says so, or its last attempt) is queued again as SMS
 * when SMS is configured, as is one whose delivery webhook says failed.
 *
 * `deliverDue` takes a small batch of due e-mails in one statement (FOR UPDATE SKIP LOCKED, so two
 * senders never take the same one), counts the attempt and pushes each one's next attempt out by a
 * lease before sending, so no transaction is held open while a mail server answers, and one that
 * dies mid-send leaves its e-mails to be tried again once the lease is over. A failure is retried
 * after 5 minutes, then 10, 20, ... (at most 6 hours apart); after 8 attempts the e-mail is failed.
 *
 * It runs every five minutes (netlify/functions/messages-send.mts), in `npm run cleanup`, and right
 * after the request that queued an e-mail (`sendSoon`).
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { site } from '../config/site.ts';
import { schoolProfile } from './school-profile.ts';
import type { SchoolProfile } from '../lib/school-profile.ts';
import { query } from './db.ts';
import type { RouteContext } from './http.ts';
import type { Entity } from '../lib/record.ts';
import { MOBILE_TEMPLATES, type MobileTemplate } from '../config/mobile-templates.ts';
import type { Language } from '../lib/i18n/index.ts';
import { OPTED_OUT_REASON, international, smsConfigured, tenDigits, whatsappConfigured } from './family-mobile.ts';
import { SendError, sendWhatsApp } from './whatsapp.ts';
import { msg91TemplateId, sendSms } from './sms.ts';

export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MINUTES = 5;
const LONGEST_RETRY_MINUTES = 6 * 60;
/** How long a taken e-mail is left to its sender before another may try it. */
const LEASE_MINUTES = 10;
const BATCH = 10;
const MINUTE = 60_000;

/** Minutes until the next try of an e-mail that has failed `attempts` times: 5, 10, 20, ... at most 360. */
export const retryMinutes = (attempts: number) =>
  Math.min(FIRST_RETRY_MINUTES * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MINUTES);

let current: { url: string; transporter: Transporter } | undefined;

/** The SMTP transport of SMTP_URL, or undefined without one. */
function transport(): Transporter | undefined {
  const url = process.env.SMTP_URL?.trim();
  if (!url) return undefined;
  if (current?.url !== url) {
    current?.transporter.close();
    // Short timeouts: a mail server that does not answer must not hold a function for minutes.
    current = {
      url,
      transporter: nodemailer.createTransport({
        url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    };
  }
  return current.transporter;
}

/**
 * The sender's address: MAIL_FROM, else the school's own under its name as its profile has it, else
 * (no e-mail set yet) a no-reply address at the site's own domain.
 */
function sender(school: SchoolProfile): string {
  const address = school.email || `no-reply@${new URL(site.url).hostname.replace(/^www\./, '')}`;
  return process.env.MAIL_FROM?.trim() || `"${school.name.en.replaceAll('"', '')}" <${address}>`;
}

export interface Delivery {
  /** E-mails sent. */
  sent: number;
  /** WhatsApp and SMS messages sent. */
  texts: number;
  /** Failed this time and to be tried again. */
  retrying: number;
  /** Failed for the last time. */
  failed: number;
}

interface Taken {
  id: string;
  channel: 'email' | 'whatsapp' | 'sms';
  recipient: string;
  mobile_template: MobileTemplate | null;
  params: string[] | null;
  subject: string;
  body: string;
  language: string;
  attempts: number;
}

/** Only the due e-mails of one record (after the request that queued them). */
export interface Only {
  entity: Entity;
  recordId: string;
}

/** The channels with a configured sender; a WhatsApp or SMS message is sent only as a template. */
function channels(): string[] {
  return [
    ...(transport() ? ['email'] : []),
    ...(whatsappConfigured() ? ['whatsapp'] : []),
    ...(smsConfigured() ? ['sms'] : []),
  ];
}

/** Takes up to `limit` due messages of `open` channels: their attempt counted, their next one a lease away. */
async function take(now: Date, limit: number, open: string[], only?: Only): Promise<Taken[]> {
  const params: unknown[] = [now, new Date(now.getTime() + LEASE_MINUTES * MINUTE), limit, open];
  let mine = '';
  if (only) {
    params.push(only.entity, only.recordId);
    mine = 'AND entity = $5 AND record_id = $6';
  }
  return query<Taken>(
    `UPDATE messages SET attempts = attempts + 1, next_attempt_at = $2, updated_at = now()
      WHERE id IN (
        SELECT id FROM messages
         WHERE state = 'queued' AND channel = ANY($4::text[]) AND (channel = 'email' OR mobile_template IS NOT NULL)
           AND next_attempt_at <= $1 ${mine}
         ORDER BY next_attempt_at LIMIT $3
         FOR UPDATE SKIP LOCKED)
      RETURNING id, channel, recipient, mobile_template, params, subject, body, language, attempts`,
    params,
  );
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Sends one WhatsApp or SMS message as its registered template; answers the provider's id, or
 * undefined when the number opted out (the message is then marked so).
 */
async function sendText(message: Taken): Promise<string | undefined> {
  const ten = tenDigits(message.recipient);
  if (!ten) throw new SendError(`${message.recipient} is not an Indian mobile number`, true);
  const out = await query<{ opted_out: boolean }>(`SELECT opted_out FROM message_opt_outs WHERE mobile = $1`, [ten]);
  if (out[0]?.opted_out) {
    await query(`UPDATE messages SET state = 'opted-out', held_reason = $2, updated_at = now() WHERE id = $1`, [
      message.id,
      OPTED_OUT_REASON,
    ]);
    return undefined;
  }
  const template = message.mobile_template!;
  const language = message.language as Language;
  const params = message.params ?? [];
  return message.channel === 'whatsapp'
    ? sendWhatsApp(international(ten), MOBILE_TEMPLATES[template].whatsapp, language, params)
    : sendSms(international(ten), msg91TemplateId(template, language), params);
}

/** A WhatsApp message that failed for good goes again as SMS, when SMS is configured: a new message, the same words. */
export async function fallBackToSms(id: string): Promise<void> {
  if (!smsConfigured()) return;
  await query(
    `INSERT INTO messages (entity, record_id, channel, recipient, template, language, subject, body, mobile_template, params)
     SELECT entity, record_id, 'sms', recipient, template, language, subject, body, mobile_template, params FROM messages
      WHERE id = $1 AND channel = 'whatsapp' AND mobile_template IS NOT NULL`,
    [id],
  );
}

/** Sends the messages due at `now` (a batch at a time, up to `max`) on the configured channels. */
export async function deliverDue(
  now = new Date(),
  { only, max = BATCH }: { only?: Only; max?: number } = {},
): Promise<Delivery> {
  const result: Delivery = { sent: 0, texts: 0, retrying: 0, failed: 0 };
  const open = channels();
  if (!open.length) return result;
  const mailer = transport();
  const from = mailer ? sender(await schoolProfile()) : '';
  let left = max;
  while (left > 0) {
    const batch = await take(now, Math.min(BATCH, left), open, only);
    left -= batch.length;
    for (const message of batch) {
      try {
        let providerId: string | undefined;
        if (message.channel === 'email') {
          await mailer!.sendMail({
            from,
            to: message.recipient,
            subject: message.subject,
            text: message.body,
            headers: { 'Content-Language': message.language },
          });
        } else {
          providerId = await sendText(message);
          if (!providerId) continue;
        }
        await query(
          `UPDATE messages SET state = 'sent', sent_at = now(), last_error = NULL, provider_id = $2, updated_at = now() WHERE id = $1`,
          [message.id, providerId ?? null],
        );
        if (message.channel === 'email') result.sent++;
        else result.texts++;
      } catch (error) {
        const last = message.attempts >= MAX_ATTEMPTS || (error instanceof SendError && error.permanent);
        await query(
          `UPDATE messages SET state = $2, last_error = $3, next_attempt_at = $4, updated_at = now() WHERE id = $1`,
          [
            message.id,
            last ? 'failed' : 'queued',
            errorText(error),
            new Date(now.getTime() + retryMinutes(message.attempts) * MINUTE),
          ],
        );
        if (last && message.channel === 'whatsapp') await fallBackToSms(message.id);
        if (last) result.failed++;
        else result.retrying++;
      }
    }
    if (batch.length < BATCH) break;
  }
  return result;
}

export const describeDelivery = (d: Delivery) =>
  `Sent ${d.sent} e-mail(s)${d.texts ? ` and ${d.texts} WhatsApp/SMS message(s)` : ''}; ${d.retrying} to be tried again, ${d.failed} failed for good.`;

/** Whether any channel sends by itself. */
export const anySender = () => channels().length > 0;

/** The longest a request waits for its e-mails where the platform cannot finish them after answering. */
const INLINE_WAIT_MS = 3000;

/**
 * Sends the messages just queued for a record without making the parent (or the office) wait: on
 * Netlify the work goes on after the answer is sent (`context.waitUntil`); elsewhere the request
 * waits at most a few seconds. A failure only leaves the e-mail queued for the next run.
 */
export async function sendSoon(ctx: Pick<RouteContext, 'netlify'>, only: Only): Promise<void> {
  if (!anySender()) return;
  const work = deliverDue(new Date(), { only }).then(
    () => undefined,
    (error: unknown) => console.error('[messages] sending failed:', error),
  );
  const waitUntil = ctx.netlify?.waitUntil;
  if (typeof waitUntil === 'function') {
    waitUntil.call(ctx.netlify, work);
    return;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work, new Promise((done) => (timer = setTimeout(done, INLINE_WAIT_MS)))]);
  clearTimeout(timer);
}
