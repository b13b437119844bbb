/**
 * The sender of the outbox's e-mails (src/server/outbox.ts), through the SMTP server of `SMTP_URL`
 * (e.g. smtp://user:pass@host:587; smtps:// for TLS from the start). Without it nothing is sent and
 * nothing fails: the e-mails stay queued until it is set.
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
import { schoolProfile } from '../features/school/profile.server.ts';
import type { SchoolProfile } from '../features/school/profile.ts';
import { query } from './db.ts';
import type { RouteContext } from './http.ts';
import type { KindName } from '../features/kinds.ts';

export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MINUTES = 5;
const LONGEST_RETRY_MINUTES = 6 * 60;
/** How long a taken e-mail is left to its sender before another may try it. */
const LEASE_MINUTES = 10;
const BATCH = 10;
const MINUTE = 60_000;

/** Minutes until the next try of an e-mail that has failed `attempts` times: 5, 10, 20, ... at most 360. */
export const retryMinutes = (attempts: number) => Math.min(FIRST_RETRY_MINUTES * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MINUTES);

let current: { url: string; transporter: Transporter } | undefined;

/** The SMTP transport of SMTP_URL, or undefined without one. */
function transport(): Transporter | undefined {
  const url = process.env.SMTP_URL?.trim();
  if (!url) return undefined;
  if (current?.url !== url) {
    current?.transporter.close();
    // Short timeouts: a mail server that does not answer must not hold a function for minutes.
    current = { url, transporter: nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }) };
  }
  return current.transporter;
}

/** The sender's address: MAIL_FROM, else the school's own (the default until it sets one), under its name as its profile has it. */
function sender(school: SchoolProfile): string {
  return process.env.MAIL_FROM?.trim() || `"${school.name.en.replaceAll('"', '')}" <${school.email || site.contact.email}>`;
}

export interface Delivery {
  sent: number;
  /** Failed this time and to be tried again. */
  retrying: number;
  /** Failed for the last time. */
  failed: number;
}

interface Taken {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  language: string;
  attempts: number;
}

/** Only the due e-mails of one record (after the request that queued them). */
export interface Only {
  entity: KindName;
  recordId: string;
}

/** Takes up to `limit` due e-mails: their attempt counted, their next one a lease away. */
async function take(now: Date, limit: number, only?: Only): Promise<Taken[]> {
  const params: unknown[] = [now, new Date(now.getTime() + LEASE_MINUTES * MINUTE), limit];
  let mine = '';
  if (only) {
    params.push(only.entity, only.recordId);
    mine = 'AND entity = $4 AND record_id = $5';
  }
  return query<Taken>(
    `UPDATE messages SET attempts = attempts + 1, next_attempt_at = $2, updated_at = now()
      WHERE id IN (
        SELECT id FROM messages
         WHERE state = 'queued' AND channel = 'email' AND next_attempt_at <= $1 ${mine}
         ORDER BY next_attempt_at LIMIT $3
         FOR UPDATE SKIP LOCKED)
      RETURNING id, recipient, subject, body, language, attempts`,
    params,
  );
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/** Sends the e-mails due at `now` (a batch at a time, up to `max`); nothing without SMTP_URL. */
export async function deliverDue(now = new Date(), { only, max = BATCH }: { only?: Only; max?: number } = {}): Promise<Delivery> {
  const result: Delivery = { sent: 0, retrying: 0, failed: 0 };
  const mailer = transport();
  if (!mailer) return result;
  const from = sender(await schoolProfile());
  let left = max;
  while (left > 0) {
    const batch = await take(now, Math.min(BATCH, left), only);
    left -= batch.length;
    for (const mail of batch) {
      try {
        await mailer.sendMail({
          from,
          to: mail.recipient,
          subject: mail.subject,
          text: mail.body,
          headers: { 'Content-Language': mail.language },
        });
        await query(`UPDATE messages SET state = 'sent', sent_at = now(), last_error = NULL, updated_at = now() WHERE id = $1`, [mail.id]);
        result.sent++;
      } catch (error) {
        const last = mail.attempts >= MAX_ATTEMPTS;
        await query(`UPDATE messages SET state = $2, last_error = $3, next_attempt_at = $4, updated_at = now() WHERE id = $1`, [
          mail.id,
          last ? 'failed' : 'queued',
          errorText(error),
          new Date(now.getTime() + retryMinutes(mail.attempts) * MINUTE),
        ]);
        if (last) result.failed++;
        else result.retrying++;
      }
    }
    if (batch.length < BATCH) break;
  }
  return result;
}

export const describeDelivery = (d: Delivery) =>
  `Sent ${d.sent} e-mail(s); ${d.retrying} to be tried again, ${d.failed} failed for good.`;

/** The longest a request waits for its e-mails where the platform cannot finish them after answering. */
const INLINE_WAIT_MS = 3000;

/**
 * Sends the e-mails just queued for a record without making the parent (or the office) wait: on
 * Netlify the work goes on after the answer is sent (`context.waitUntil`); elsewhere the request
 * waits at most a few seconds. A failure only leaves the e-mail queued for the next run.
 */
export async function sendSoon(ctx: Pick<RouteContext, 'netlify'>, only: Only): Promise<void> {
  if (!process.env.SMTP_URL?.trim()) return;
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
