/**
 * The outbox's admin side (messages are queued by src/features/outbox/outbox.server.ts, e-mails sent by
 * src/server/mailer.ts). Office and principal alike.
 *
 * GET /v1/api/messages?state=&channel=&entity=&recordId=&page=&limit= answers, newest first,
 *   { "data": [{ "_id", "entity", "recordId", "channel", "to", "template", "language", "subject",
 *                "body", "state", "attempts", "lastError", "heldReason", "nextAttemptAt", "sentAt",
 *                "byHand", "deliveredAt", "readAt", "createdAt", "updatedAt" }],
 *     "total", "currentPage", "totalPages" }
 * 50 a page by default, `limit` at most 100. `state`, `channel` and `entity` are exact; `recordId`
 * the record's id (one that is not an id matches nothing). A `held` message is one the daily caps on
 * messages caused by the public forms kept back (e-mails per address, WhatsApp and SMS per mobile
 * number: src/features/outbox/outbox.server.ts); `heldReason` says so, in English and then Hindi on a second line.
 *
 * `state` is queued, held, sent, delivered or read (a WhatsApp or SMS message, as its provider's
 * delivery webhook said: src/features/outbox/webhooks.server.ts), failed, or opted-out (the number
 * asked for no more WhatsApp or SMS; `heldReason` says so), with `deliveredAt` and `readAt`.
 * `byHand`: a WhatsApp message written for the office to send (queued while no provider was
 * configured); the others are sent as the provider's templates.
 *
 * PATCH /v1/api/messages/{id} { "state": "sent" } marks a WhatsApp or SMS message the office sent by
 * hand (from the messages screen or the record's Contact buttons); audited. E-mails, and WhatsApp or
 * SMS messages sent as templates, are the sender's: 409. Answers the message.
 */
import type { AdminContext } from '../../server/auth.ts';
import { recordAudit } from '../../server/audit.ts';
import { isUuid, queryOne, transaction } from '../../server/db.ts';
import { badRequest, conflict, notFound } from '../../server/errors.ts';
import { json, readJson } from '../../server/http.ts';
import { equals, listAnswer, readList, type ListSpec } from '../../server/lists.ts';
import { toIso } from '../../lib/dates.ts';
import type { Message } from './messages.ts';

const orNull = (value: unknown) => (value === null || value === undefined ? null : String(value));
const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : toIso(value));

function messageJson(row: Record<string, unknown>): Message {
  return {
    _id: String(row.id),
    entity: String(row.entity),
    recordId: String(row.record_id),
    channel: String(row.channel),
    to: String(row.recipient),
    template: String(row.template),
    language: String(row.language),
    subject: String(row.subject ?? ''),
    body: String(row.body),
    state: String(row.state),
    attempts: Number(row.attempts),
    lastError: orNull(row.last_error),
    heldReason: orNull(row.held_reason),
    // Only a queued message has a next attempt.
    nextAttemptAt: row.state === 'queued' ? isoOrNull(row.next_attempt_at) : null,
    sentAt: isoOrNull(row.sent_at),
    // Written for the office to send (no provider when it was queued): the letter, not a template.
    byHand: row.channel !== 'email' && (row.mobile_template === null || row.mobile_template === undefined),
    deliveredAt: isoOrNull(row.delivered_at),
    readAt: isoOrNull(row.read_at),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** No record has this id: what a `recordId` that is not an id looks for. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

const MESSAGE_LIST: ListSpec = {
  table: 'messages',
  columns: 't.*',
  filters: {
    state: equals('state'),
    channel: equals('channel'),
    entity: equals('entity'),
    recordId: { where: (p) => `record_id = ${p}::uuid`, value: (typed) => (isUuid(typed) ? typed : NO_ID) },
  },
  counted: false,
};

export async function listMessages(req: Request): Promise<Response> {
  const list = await readList(new URL(req.url), MESSAGE_LIST);
  return listAnswer(list, {
    data: list.rows.map(messageJson),
    total: list.total,
    currentPage: list.page,
    totalPages: list.totalPages,
  });
}

const NOT_FOUND = 'Message not found';
export const MESSAGE_ERRORS = {
  state: 'Send { "state": "sent" } once the message is sent.',
  email: 'E-mails are sent by the school’s mail server, not by hand.',
  provider:
    'This message goes by WhatsApp or SMS by itself, as the school’s registered template: it is not sent by hand.',
} as const;

export async function markMessage(req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  const body = await readJson(req);
  if (body.state !== 'sent') throw badRequest(MESSAGE_ERRORS.state, { state: MESSAGE_ERRORS.state });
  await transaction(async (tx) => {
    const row = (await tx.query(`SELECT * FROM messages WHERE id = $1 FOR UPDATE`, [id])).rows[0];
    if (!row) throw notFound(NOT_FOUND);
    if (row.channel === 'email') throw conflict(MESSAGE_ERRORS.email);
    if (row.mobile_template !== null) throw conflict(MESSAGE_ERRORS.provider);
    if (row.state === 'sent') return;
    await tx.query(
      `UPDATE messages SET state = 'sent', sent_at = now(), attempts = attempts + 1, updated_at = now() WHERE id = $1`,
      [id],
    );
    await recordAudit(
      ctx,
      {
        action: 'message',
        entity: row.entity as 'enquiry',
        entityId: String(row.record_id),
        detail: `${row.channel} to ${row.recipient}: ${row.template}`,
      },
      tx,
    );
  });
  return json(messageJson((await queryOne(`SELECT * FROM messages WHERE id = $1`, [id]))!));
}
