/**
 * The outbox of messages to parents. A message is written in the same transaction (or statement)
 * as the change that causes it, so a submission or status move is never stored without its message
 * nor a message without its change. An e-mail goes to the record's address where it has one; the
 * mobile number gets the same news as a registered WhatsApp or SMS template when a provider is
 * configured (the channel policy: src/server/family-mobile.ts), and otherwise, when there is no
 * address, a WhatsApp message that waits for the office to send it by hand. The sender
 * (src/server/mailer.ts) delivers them. A record's news minutes apart is one letter: a new message
 * merges into the record's message to the same place that is still unsent and less than
 * COALESCE_MINUTES old (mergeIntoPending). Merging, not holding every letter back ten minutes, so the
 * first news (a receipt, a decision) still goes at once; what waits anyway (the office's WhatsApp
 * letters, an e-mail while the mail server is down) gathers the news that follows.
 */
import type { Queryable } from '../../server/db.ts';
import { fill, isLanguage, type Language } from '../../lib/i18n/index.ts';
import type { Letter, LetterEvent } from './letters.ts';
import { limits } from '../../config/limits.ts';
import { isKindName, kindOf, type KindName } from '../kinds.ts';
import { SERVER_KINDS } from '../kinds.server.ts';
import { envNumber } from '../../server/env.ts';
import {
  OPTED_OUT_REASON,
  mobileConfigured,
  optOutUrl,
  templateParams,
  templateText,
  tenDigits,
  whatsappConfigured,
} from '../../server/family-mobile.ts';
// Letters name the school as its profile has it: reading it (cached) keeps the profile in use current.
import { schoolProfile } from '../../server/school-profile.ts';

type Channel = 'email' | 'whatsapp' | 'sms';
/** The kinds of record whose parents get messages: every kind in the list. */
type MessageEntity = KindName;

/** A message about to be queued: where it goes and what it says. */
interface OutgoingMessage extends Letter {
  channel: Channel;
  recipient: string;
  /** Caused by a public submission, to a typed address or number: counted by the daily caps (publicMailsPerAddress, publicTextsPerMobile). */
  capped?: boolean;
  /** A WhatsApp or SMS message's template variables (src/config/mobile-templates.ts), the opt-out link last. */
  params?: string[];
}

/**
 * The daily caps on messages caused by public submissions: e-mails per address
 * (publicMailsPerAddress, RATE_LIMIT_PUBLIC_MAIL for tests) and WhatsApp or SMS messages per mobile
 * number (publicTextsPerMobile, RATE_LIMIT_PUBLIC_MOBILE): the figure, its window, and the reason a
 * held message shows on the messages screen, in English and then Hindi (one line each).
 */
function publicCap(channel: Channel) {
  const email = channel === 'email';
  const { seconds, max: figure } = email ? limits.publicMailsPerAddress : limits.publicTextsPerMobile;
  const max = envNumber(email ? 'RATE_LIMIT_PUBLIC_MAIL' : 'RATE_LIMIT_PUBLIC_MOBILE', figure);
  const values = {
    max: String(max),
    hours: String(seconds / 3600),
    mails: max === 1 ? 'e-mail' : 'e-mails',
    texts: max === 1 ? 'message' : 'messages',
  };
  const code = email ? 'outbox.held.email' : 'outbox.held.mobile';
  return { max, seconds, reason: `${fill('en', code, values)}\n${fill('hi', code, values)}` };
}

/** The ten digits a stored number ends with, in SQL: how the cap knows '98765 43210' and '+919876543210' as one mobile. */
const lastTen = (sql: string) => `right(regexp_replace(${sql}, '[^0-9]', '', 'g'), 10)`;

/**
 * The state and held reason (SQL expressions) of a message to queue, with their parameters from
 * `first`. A WhatsApp or SMS message to a number whose family said STOP is opted out. A public
 * submission's message (`capped`) is held once its address or number had the cap's number of them
 * within the window: e-mails counted by address, WhatsApp and SMS together by the number's ten
 * digits, one per record (a WhatsApp message sent again as SMS is the same news). Two submissions
 * at the same instant may both pass: the cap is a guard against a flood, not an exact count.
 */
function stateOf(message: OutgoingMessage, first: number): { state: string; reason: string; values: unknown[] } {
  const email = message.channel === 'email';
  const values: unknown[] = [];
  /** A parameter for `value`, numbered in order from `first`. */
  const param = (value: unknown, type: string) => `$${first + values.push(value) - 1}::${type}`;
  // The first condition that holds gives the state and the reason.
  const rules: { when: string; state: string; reason: string }[] = [];
  if (!email) {
    // A number whose family said STOP gets nothing more: the message shows why it was not sent.
    const when = `EXISTS (SELECT 1 FROM message_opt_outs WHERE mobile = ${param(tenDigits(message.recipient) ?? '', 'text')} AND opted_out)`;
    rules.push({ when, state: 'opted-out', reason: param(OPTED_OUT_REASON, 'text') });
  }
  if (message.capped) {
    const cap = publicCap(message.channel);
    const recipient = param(message.recipient, 'text');
    const sameRecipient = email
      ? `lower(recipient) = lower(${recipient})`
      : `${lastTen('recipient')} = ${lastTen(recipient)}`;
    const when = `(SELECT count(DISTINCT record_id) FROM messages WHERE ${email ? `channel = 'email'` : `channel <> 'email'`} AND template LIKE '%.submitted'
      AND state NOT IN ('held', 'opted-out') AND ${sameRecipient} AND created_at > now() - make_interval(secs => ${param(cap.seconds, 'int')})) >= ${param(cap.max, 'int')}`;
    rules.push({ when, state: 'held', reason: param(cap.reason, 'text') });
  }
  if (!rules.length) return { state: `'queued'`, reason: 'NULL', values };
  return {
    state: `CASE ${rules.map((r) => `WHEN ${r.when} THEN '${r.state}'`).join(' ')} ELSE 'queued' END`,
    reason: `CASE ${rules.map((r) => `WHEN ${r.when} THEN ${r.reason}`).join(' ')} END`,
    values,
  };
}

type Row = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * The messages about `row` (every column of its table) for `event`, in the language its form was
 * filled in: none when the record has neither an address nor a mobile number.
 */
export function messageFor(entity: MessageEntity, event: LetterEvent, row: Row): OutgoingMessage[] {
  return addressed(entity, row, (language) => kindOf(entity).letters!.letter(event, language, row)).map((message) => ({
    ...message,
    capped: event === 'submitted',
  }));
}

/** The letter `write` makes in the record's language, to each place it goes (the channel policy above). */
function addressed(entity: MessageEntity, row: Row, write: (language: Language) => Letter): OutgoingMessage[] {
  const source = kindOf(entity).letters;
  if (!source) return [];
  const language = isLanguage(row.language) ? row.language : 'en';
  const email = source.email ? text(row[source.email]).trim() : '';
  const mobile = text(row[source.mobile]).trim();
  const letter = write(language);
  const messages: OutgoingMessage[] = [];
  if (email) messages.push({ ...letter, channel: 'email', recipient: email });
  if (mobile && mobileConfigured()) {
    // Sent by itself: the registered template, its text what the family reads, with the opt-out link.
    const number = tenDigits(mobile);
    const optOut = number ? optOutUrl(number, language) : '';
    const channel: Channel = whatsappConfigured() ? 'whatsapp' : 'sms';
    messages.push({
      ...letter,
      channel,
      recipient: mobile,
      body: templateText(language, letter.mobile, optOut),
      params: templateParams(letter.mobile, optOut),
    });
  } else if (mobile && !email) {
    // Sent by hand from the messages screen (no provider): the letter, as before.
    messages.push({ ...letter, channel: 'whatsapp', recipient: mobile });
  }
  return messages;
}

const COLUMNS = [
  'entity',
  'record_id',
  'channel',
  'recipient',
  'template',
  'language',
  'subject',
  'body',
  'mobile_template',
  'params',
];
const values = (entity: MessageEntity, m: OutgoingMessage) => [
  entity,
  m.channel,
  m.recipient,
  m.template,
  m.language,
  m.subject,
  m.body,
  m.params ? m.mobile.template : null,
  m.params ? JSON.stringify(m.params) : null,
];
/** The placeholder of each column after `record_id`, from `first` (params is JSON). */
const placeholders = (first: number) =>
  COLUMNS.slice(2).map((column, i) => `$${first + i}${column === 'params' ? '::jsonb' : ''}`);

/**
 * The INSERT of `messages` as a further part of a statement that creates their record as `created`
 * (a data-modifying WITH query): its parameters are numbered from `first`.
 */
export function messageAlongside(entity: MessageEntity, messages: OutgoingMessage[]) {
  if (!messages.length) return undefined;
  const parts = messages.map((message) => ({ message, own: values(entity, message) }));
  return {
    sql: (first: number) => {
      let n = first;
      const selects = parts.map(({ message, own }) => {
        const at = n;
        const held = stateOf(message, at + own.length);
        n += own.length + held.values.length;
        return `SELECT $${at}, created.id, ${placeholders(at + 1).join(', ')}, ${held.state}, ${held.reason} FROM created`;
      });
      return `INSERT INTO messages (${COLUMNS.join(', ')}, state, held_reason) ${selects.join(' UNION ALL ')}`;
    },
    values: parts.flatMap(({ message, own }) => [...own, ...stateOf(message, 1).values]),
  };
}

/**
 * Queues the parent's message about record `id` for `event` in `tx`, read as the transaction sees
 * it (after the change). Nothing when the record has no way to reach the parent.
 */
export async function queueMessage(
  tx: Queryable,
  entity: MessageEntity,
  event: LetterEvent,
  id: string,
): Promise<void> {
  await schoolProfile(tx);
  const row = await rowOf(tx, entity, id);
  if (row) await insert(tx, entity, id, messageFor(entity, event, row));
}

/**
 * Queues a letter of the kind's own about record `id` in `tx` (an application's rejected document),
 * written by `write` in the record's language from its row, as the transaction sees it.
 */
export async function queueLetter(
  tx: Queryable,
  entity: MessageEntity,
  id: string,
  write: (language: Language, row: Row) => Letter,
): Promise<void> {
  await schoolProfile(tx);
  const row = await rowOf(tx, entity, id);
  if (row)
    await insert(
      tx,
      entity,
      id,
      addressed(entity, row, (language) => write(language, row)),
    );
}

async function rowOf(tx: Queryable, entity: MessageEntity, id: string): Promise<Row | undefined> {
  const also = SERVER_KINDS[entity].messageColumns;
  return (await tx.query(`SELECT t.*${also ? `, ${also}` : ''} FROM ${kindOf(entity).table} t WHERE t.id = $1`, [id]))
    .rows[0];
}

/**
 * How long a record's unsent message takes in its record's further news (minutes). A clerk's moves
 * of one record come minutes apart (received, under review, documents verified, admitted): the
 * family gets one letter with all of them, not one a minute. Counted from the pending message's
 * creation, so a record moved all day still sends a letter at least every ten minutes.
 */
export const COALESCE_MINUTES = 10;

/**
 * The WhatsApp and SMS templates that later news of the same record supersedes (what it is and where
 * to look, said again by the later template); the others carry news of their own (a receipt, a
 * document to send again, the decision, a fee, a ready TC) and go as they are.
 */
const SUPERSEDED_TEMPLATES: readonly string[] = ['received', 'status'];

/**
 * The paragraphs of two letters as one: the greeting, the earlier news, the later news, and the
 * later letter's closing (the questions line and the sign-off); a paragraph the later one says
 * again (the status page's link) once, where the later one has it.
 */
function combinedBody(earlier: string, later: string): string {
  const before = earlier.split('\n\n');
  const after = later.split('\n\n');
  const news = after.slice(1, -2);
  return [after[0], ...before.slice(1, -2).filter((p) => !news.includes(p)), ...news, ...after.slice(-2)].join('\n\n');
}

/**
 * Merges `message` into the record's pending message to the same place when there is one: still
 * queued, never tried (attempts 0: not with the sender nor sent by hand), of the same kind (a
 * letter, or a provider's template) and language, and written less than COALESCE_MINUTES ago. A
 * letter (an e-mail, a WhatsApp message the office sends by hand) becomes the combined letter with
 * the latest subject; a provider's template is per event, so the later template takes the place of
 * a superseded one. True when merged. The row lock waits for a sender taking it at the same moment,
 * which then finds it tried (attempts 1) and the news goes as a message of its own.
 */
async function mergeIntoPending(
  tx: Queryable,
  entity: MessageEntity,
  id: string,
  message: OutgoingMessage,
): Promise<boolean> {
  const template = message.params ? message.mobile.template : null;
  const pending = (
    await tx.query<{ id: string; body: string; mobile_template: string | null }>(
      `SELECT id, body, mobile_template FROM messages
        WHERE entity = $1 AND record_id = $2 AND channel = $3 AND recipient = $4 AND language = $5
          AND state = 'queued' AND attempts = 0 AND (mobile_template IS NULL) = $6
          AND created_at > now() - make_interval(mins => $7::int)
        ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [entity, id, message.channel, message.recipient, message.language, template === null, COALESCE_MINUTES],
    )
  ).rows[0];
  if (!pending) return false;
  if (pending.mobile_template !== null && !SUPERSEDED_TEMPLATES.includes(pending.mobile_template)) return false;
  const body = template === null ? combinedBody(pending.body, message.body) : message.body;
  const { rowCount } = await tx.query(
    `UPDATE messages SET body = $2, subject = $3, template = $4, mobile_template = $5, params = $6::jsonb, updated_at = now()
      WHERE id = $1 AND state = 'queued' AND attempts = 0`,
    [
      pending.id,
      body,
      message.subject,
      message.template,
      template,
      message.params ? JSON.stringify(message.params) : null,
    ],
  );
  return (rowCount ?? 0) > 0;
}

async function insert(tx: Queryable, entity: MessageEntity, id: string, messages: OutgoingMessage[]): Promise<void> {
  for (const message of messages) {
    // A public submission's message is its record's first: the caps count it, nothing to merge into.
    if (!message.capped && (await mergeIntoPending(tx, entity, id, message))) continue;
    const [first, ...rest] = values(entity, message);
    const own = rest.length + 2;
    const { state, reason, values: held } = stateOf(message, own + 1);
    await tx.query(
      `INSERT INTO messages (${COLUMNS.join(', ')}, state, held_reason) VALUES ($1, $2, ${placeholders(3).join(', ')}, ${state}, ${reason})`,
      [first, id, ...rest, ...held],
    );
  }
}

/** Whether an entity has messages (the kinds of record a parent fills in; not the register, which has no letters). */
export const isMessageEntity = (entity: string): entity is MessageEntity =>
  isKindName(entity) && !!kindOf(entity).letters;
