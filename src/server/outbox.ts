/**
 * The outbox of messages to parents. A message is written in the same transaction (or statement)
 * as the change that causes it, so a submission or status move is never stored without its message
 * nor a message without its change. An e-mail goes to the record's address where it has one;
 * otherwise a WhatsApp message to its mobile number waits for the office to send it by hand. The
 * sender (src/server/mailer.ts) delivers the e-mails.
 */
import type { Queryable } from './db.ts';
import { isLanguage, type Language } from '../lib/messages/index.ts';
import { TEMPLATES, type Letter, type MessageEntity, type MessageEvent } from '../lib/messages/templates.ts';

type Channel = 'email' | 'whatsapp' | 'sms';
const MESSAGE_ENTITIES: readonly MessageEntity[] = ['enquiry', 'admission', 'tc-request'];

/** A message about to be queued: where it goes and what it says. */
interface OutgoingMessage extends Letter {
  channel: Channel;
  recipient: string;
}

type Row = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Where each record keeps what its letters name, its address and its mobile number (columns). */
const SOURCES: { [E in MessageEntity]: { table: string; email?: string; mobile: string; letter: (event: MessageEvent, language: Language, row: Row) => Letter } } = {
  enquiry: {
    table: 'enquiries',
    email: 'email',
    mobile: 'father_mobile',
    letter: (event, language, r) =>
      TEMPLATES.enquiry[event](language, { studentName: text(r.student_name), admissionClass: text(r.admission_class), status: text(r.status) }),
  },
  admission: {
    table: 'admissions',
    mobile: 'contact_no',
    letter: (event, language, r) =>
      TEMPLATES.admission[event](language, {
        referenceNumber: text(r.reference_number),
        studentFirstName: text(r.student_first_name),
        studentMiddleName: text(r.student_middle_name),
        studentLastName: text(r.student_last_name),
        admissionClass: text(r.admission_class),
        status: text(r.status),
      }),
  },
  'tc-request': {
    table: 'tc_requests',
    email: 'email',
    mobile: 'contact',
    letter: (event, language, r) =>
      TEMPLATES['tc-request'][event](language, { studentName: text(r.student_name), admissionNumber: text(r.admission_number), status: text(r.status) }),
  },
};

/**
 * The message about `row` (every column of its table) for `event`, in the language its form was
 * filled in; undefined when the record has neither an address nor a mobile number.
 */
export function messageFor(entity: MessageEntity, event: MessageEvent, row: Row): OutgoingMessage | undefined {
  const source = SOURCES[entity];
  const language = isLanguage(row.language) ? row.language : 'en';
  const email = source.email ? text(row[source.email]).trim() : '';
  const mobile = text(row[source.mobile]).trim();
  const channel: Channel | undefined = email ? 'email' : mobile ? 'whatsapp' : undefined;
  if (!channel) return undefined;
  return { ...source.letter(event, language, row), channel, recipient: email || mobile };
}

const COLUMNS = ['entity', 'record_id', 'channel', 'recipient', 'template', 'language', 'subject', 'body'];
const values = (entity: MessageEntity, m: OutgoingMessage) => [entity, m.channel, m.recipient, m.template, m.language, m.subject, m.body];

/**
 * The INSERT of `message` as a further part of a statement that creates its record as `created`
 * (a data-modifying WITH query): its parameters are numbered from `first`.
 */
export function messageAlongside(entity: MessageEntity, message: OutgoingMessage | undefined) {
  if (!message) return undefined;
  return {
    sql: (first: number) =>
      `INSERT INTO messages (${COLUMNS.join(', ')}) SELECT $${first}, created.id, ${COLUMNS.slice(2).map((_, i) => `$${first + i + 1}`).join(', ')} FROM created`,
    values: values(entity, message),
  };
}

/**
 * Queues the parent's message about record `id` for `event` in `tx`, read as the transaction sees
 * it (after the change). Nothing when the record has no way to reach the parent.
 */
export async function queueMessage(tx: Queryable, entity: MessageEntity, event: MessageEvent, id: string): Promise<void> {
  const row = (await tx.query(`SELECT * FROM ${SOURCES[entity].table} WHERE id = $1`, [id])).rows[0];
  const message = row && messageFor(entity, event, row);
  if (!message) return;
  const [first, ...rest] = values(entity, message);
  await tx.query(`INSERT INTO messages (${COLUMNS.join(', ')}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [first, id, ...rest]);
}

/** Whether an entity has messages (the kinds of record a parent fills in). */
export const isMessageEntity = (entity: string): entity is MessageEntity => (MESSAGE_ENTITIES as readonly string[]).includes(entity);
