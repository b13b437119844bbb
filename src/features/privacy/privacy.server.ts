/**
 * A parent's requests, carried out by the principal from a record's details screen, and the
 * erasure the retention job shares:
 *
 * GET  /v1/api/{admission|enquiry|tc-request}/{id}/export.zip   everything held about the child:
 *      record.json (the record as its details screen reads it: history, payments, document
 *      checklist; and the messages to the parent) and documents/ (each document's file). Audited.
 * POST .../{id}/erase { confirm }      erases now (confirm: the reference number, or the id of a
 *      record without one); 400 for a wrong confirm, 409 for an admitted application or one erased already.
 * PATCH .../{id}/fields { field, value }   corrects one personal field by the form's own rules;
 *      the audit entry keeps the old value (an Aadhaar number's masked).
 * POST /v1/api/admission/{id}/consent-withdrawn { note }   an admitted pupil's parent withdrew
 *      consent: noted on the record and audited (anything else is erased instead).
 */
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import type { AdminContext } from '../../server/auth.ts';
import { recordAudit, type RETENTION_ACTOR } from '../../server/audit.ts';
import { sealAadhaar, maskAadhaar } from '../../server/aadhaar.ts';
import { deleteBlobs, documents } from '../../server/blobs.ts';
import { deleteReleased, readFile } from '../../server/files.ts';
import type { StaffFileType } from '../../lib/staff-files.ts';
import { isUuid, query, transaction, type Queryable } from '../../server/db.ts';
import { badRequest, conflict, notFound } from '../../server/errors.ts';
import { json, readJson } from '../../server/http.ts';
import { bodyText } from '../workflow-moves.server.ts';
import { toIso, dateInIndia } from '../../lib/dates.ts';
import { aadhaarDigits } from '../../lib/forms/verhoeff.ts';
import { checkOneField } from '../../lib/forms/validate.ts';
import { phoneDigits } from '../../lib/forms/phone.ts';
import { kindOf } from '../kinds.ts';
import { SERVER_KINDS } from '../kinds.server.ts';
import { PRIVACY_TEXTS, personalColumns, personalFields, type PrivacyEntity } from './privacy.ts';

type Loader = (id: string) => Promise<unknown>;

const NOTE_MAX = 1000;
const VALUE_MAX = 1000;

type Actor = Pick<AdminContext, 'admin' | 'ip'> | typeof RETENTION_ACTOR;

/**
 * Erases one record's personal data inside `tx`: its personal columns become NULL, its documents'
 * rows go (the blob keys are answered, to delete once the transaction has committed), its
 * messages go, its history notes and payments' references and reasons are blanked (payments
 * themselves stay for the accounts), and the erasure is audited with `why`, never a name.
 * An admitted application is refused (409); undefined when there is no such record.
 */
export async function eraseRecord(
  tx: Queryable,
  entity: PrivacyEntity,
  id: string,
  actor: Actor,
  why: string,
): Promise<Erased | undefined> {
  const { table, privacy } = kindOf(entity);
  const row = (
    await tx.query<{ status: string; erased_at: unknown }>(
      `SELECT status, erased_at FROM ${table} WHERE id = $1 FOR UPDATE`,
      [id],
    )
  ).rows[0];
  if (!row) return undefined;
  if (row.erased_at) throw conflict(PRIVACY_TEXTS.erased).withCode('erased');
  if (privacy.neverErased?.includes(row.status)) throw conflict(PRIVACY_TEXTS.admitted).withCode('admitted-kept');
  const cleared = personalColumns(entity).map((c) => `${c} = NULL`);
  await tx.query(`UPDATE ${table} SET ${cleared.join(', ')}, erased_at = now(), updated_at = now() WHERE id = $1`, [
    id,
  ]);
  const keys = (await SERVER_KINDS[entity].erase?.(tx, id)) ?? [];
  const files = (await SERVER_KINDS[entity].releaseFiles?.(tx, id)) ?? [];
  await tx.query(`UPDATE status_history SET note = '' WHERE entity = $1 AND record_id = $2 AND note <> ''`, [
    entity,
    id,
  ]);
  await tx.query(`DELETE FROM messages WHERE entity = $1 AND record_id = $2`, [entity, id]);
  await tx.query(`UPDATE payments SET reference = '', reason = '' WHERE entity = $1 AND record_id = $2`, [entity, id]);
  await recordAudit(actor, { action: 'erase', entity, entityId: id, detail: why }, tx);
  return { documents: keys, files };
}

/** What an erasure let go of: the documents' blob keys and the staff files' ids, deleted once it has committed (deleteErased). */
export interface Erased {
  documents: string[];
  files: string[];
}

export async function deleteErased(erased: Erased, what: string): Promise<void> {
  await deleteBlobs('documents', erased.documents, what);
  await deleteReleased(erased.files);
}

const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };
const STAFF_EXTENSIONS: Record<StaffFileType, string> = { pdf: 'pdf', jpeg: 'jpg', png: 'png', webp: 'webp' };

/** A parent's requests about one kind's records (`load` answers a record as its details screen reads it). */
export function privacyRoutes(entity: PrivacyEntity, load: Loader) {
  const kind = kindOf(entity);
  const missing = kind.labels.notFound;

  /** The record's JSON as its details screen reads it; 404 for an unknown or malformed id. */
  async function loaded(id: string | undefined): Promise<Record<string, unknown>> {
    if (!isUuid(id)) throw notFound(missing);
    const record = (await load(id)) as Record<string, unknown> | undefined;
    if (!record) throw notFound(missing);
    return record;
  }

  /** POST .../{id}/erase { confirm }: the parent's request to erase, or their withdrawal of consent. */
  async function eraseNow(req: Request, ctx: AdminContext): Promise<Response> {
    const record = await loaded(ctx.params.id);
    const id = String(record._id);
    const body = await readJson(req);
    const confirm = bodyText(body, 'confirm', 100, 'The confirmation');
    const { confirmWith } = kind.privacy;
    if (confirm !== String(record[confirmWith] ?? '') || !confirm) {
      const message = confirmWith === 'referenceNumber' ? PRIVACY_TEXTS.confirmReference : PRIVACY_TEXTS.confirmId;
      throw badRequest(message, { confirm: message }).withCode('confirm-mismatch');
    }
    const erased = await transaction(async (tx) => eraseRecord(tx, entity, id, ctx, "on the parent's request"));
    if (!erased) throw notFound(missing);
    await deleteErased(erased, `${entity} erase`);
    return json({ message: 'Personal data erased', record: await load(id) });
  }

  /** PATCH .../{id}/fields { field, value }: one personal field corrected. */
  async function correctField(req: Request, ctx: AdminContext): Promise<Response> {
    const record = await loaded(ctx.params.id);
    const id = String(record._id);
    if (record.erasedAt) throw conflict(PRIVACY_TEXTS.erased).withCode('erased');
    const body = await readJson(req);
    const field = personalFields(entity).find((f) => f.name === body.field);
    if (!field) throw badRequest(PRIVACY_TEXTS.field, { field: PRIVACY_TEXTS.field });
    if (typeof body.value !== 'string' || body.value.length > VALUE_MAX)
      throw badRequest(PRIVACY_TEXTS.value, { value: PRIVACY_TEXTS.value });
    const { phoneMessage, required, normalise } = kind.privacy;
    const problem = checkOneField(field, body.value, { required: required(record), phone: phoneMessage });
    if (problem) throw badRequest(problem, { value: problem, [field.name]: problem });
    let value = body.value.trim();
    if (field.kind === 'aadhaar') value = aadhaarDigits(value);
    // Stored as the form stores it: '+91 98111 22233' is 9811122233.
    if (field.kind === 'phone') value = phoneDigits(value) ?? value;
    value = normalise?.[field.name]?.(value) ?? value;
    const old = String(record[field.name] ?? '');
    const shown = field.kind === 'aadhaar' ? maskAadhaar(value.slice(-4)) : value;
    if (field.kind !== 'aadhaar' && old === value) throw badRequest(PRIVACY_TEXTS.same, { value: PRIVACY_TEXTS.same });
    await transaction(async (tx) => {
      const row = (
        await tx.query<{ erased_at: unknown }>(`SELECT erased_at FROM ${kind.table} WHERE id = $1 FOR UPDATE`, [id])
      ).rows[0];
      if (!row) throw notFound(missing);
      if (row.erased_at) throw conflict(PRIVACY_TEXTS.erased).withCode('erased');
      if (field.kind === 'aadhaar') {
        const sealed = sealAadhaar(value);
        await tx.query(
          `UPDATE ${kind.table} SET ${field.column}_enc = $2, ${field.column}_hash = $3, ${field.column}_last4 = $4, updated_at = now() WHERE id = $1`,
          [id, sealed.enc, sealed.hash, sealed.last4],
        );
      } else {
        await tx.query(`UPDATE ${kind.table} SET ${field.column} = $2, updated_at = now() WHERE id = $1`, [id, value]);
      }
      await SERVER_KINDS[entity].corrected?.(tx, id, field, value, record);
      await recordAudit(
        ctx,
        {
          action: 'correct',
          entity,
          entityId: id,
          detail: `${field.name}: ${JSON.stringify(old)} -> ${JSON.stringify(shown)}`,
        },
        tx,
      );
    });
    return json(await load(id));
  }

  /**
   * GET .../{id}/export.zip: everything held about the child, in one file. It is streamed, one
   * document at a time (stored as they are: JPEG, PNG and PDF are compressed already), then
   * record.json naming the documents it holds: an application's 13 documents can pass the size a
   * function may answer in one piece, and memory stays at about one document.
   */
  async function exportZip(_req: Request, ctx: AdminContext): Promise<Response> {
    const record = await loaded(ctx.params.id);
    const id = String(record._id);
    const messages = await query<Record<string, unknown>>(
      `SELECT channel, recipient, template, language, subject, body, state, sent_at, created_at FROM messages WHERE entity = $1 AND record_id = $2 ORDER BY created_at`,
      [entity, id],
    );
    const uploads = (await SERVER_KINDS[entity].exportDocuments?.(id)) ?? [];
    const staffFiles = (await SERVER_KINDS[entity].exportFiles?.(id)) ?? [];
    // Each file to hold: a parent's document from the documents' store, or a staff file (an issued TC's scan).
    const entries = [
      ...uploads.map((u) => ({
        name: `documents/${u.field}.${EXTENSIONS[u.content_type] ?? 'bin'}`,
        read: () => documents().get(u.blob_key, { type: 'arrayBuffer' }),
      })),
      ...staffFiles.map((f) => ({
        name: `documents/${f.field}.${STAFF_EXTENSIONS[f.type]}`,
        read: async () => (await readFile(f.fileId))?.bytes ?? null,
      })),
    ];
    await recordAudit(ctx, {
      action: 'export',
      entity,
      entityId: id,
      detail: `all data held (ZIP): record, ${entries.length} document(s)`,
    });

    const held = (names: string[]) => ({
      entity,
      exportedAt: new Date().toISOString(),
      record,
      messages: messages.map((m) => ({
        channel: m.channel,
        recipient: m.recipient,
        template: m.template,
        language: m.language,
        subject: m.subject,
        body: m.body,
        state: m.state,
        sentAt: m.sent_at ? toIso(m.sent_at) : null,
        createdAt: toIso(m.created_at),
      })),
      documents: names,
    });
    const chunks: Uint8Array[] = [];
    let ended = false;
    const zip = new Zip((error, chunk, final) => {
      if (error) throw error;
      chunks.push(chunk);
      if (final) ended = true;
    });
    const names: string[] = [];
    let next = 0;
    // Adds the next entry: a document, then record.json last.
    const step = async () => {
      if (next < entries.length) {
        const { name, read } = entries[next++]!;
        const blob = await read();
        if (!blob) return;
        const file = new ZipPassThrough(name);
        zip.add(file);
        file.push(new Uint8Array(blob), true);
        names.push(name);
        return;
      }
      const json = new ZipDeflate('record.json', { level: 6 });
      zip.add(json);
      json.push(strToU8(JSON.stringify(held(names), null, 2)), true);
      zip.end();
    };
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        while (!chunks.length && !ended) await step();
        for (const chunk of chunks.splice(0)) controller.enqueue(chunk);
        if (ended) controller.close();
      },
    });
    const name = `${entity}-${String(record.referenceNumber || id)}-${dateInIndia()}.zip`;
    return new Response(body, {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`,
        'Cache-Control': 'private, no-store',
      },
    });
  }

  /** POST /v1/api/admission/{id}/consent-withdrawn { note }: a record never erased (an admitted pupil's) keeps it, noted and audited. */
  async function consentWithdrawn(req: Request, ctx: AdminContext): Promise<Response> {
    const id = ctx.params.id;
    if (!isUuid(id)) throw notFound(missing);
    const body = await readJson(req);
    const note = bodyText(body, 'note', NOTE_MAX, 'The note');
    if (!note) throw badRequest(PRIVACY_TEXTS.note, { note: PRIVACY_TEXTS.note });
    await transaction(async (tx) => {
      const row = (
        await tx.query<{ status: string; consent_withdrawn_at: unknown; erased_at: unknown }>(
          `SELECT status, consent_withdrawn_at, erased_at FROM ${kind.table} WHERE id = $1 FOR UPDATE`,
          [id],
        )
      ).rows[0];
      if (!row) throw notFound(missing);
      if (!kind.privacy.neverErased?.includes(row.status)) throw conflict(PRIVACY_TEXTS.notAdmitted);
      if (row.consent_withdrawn_at) throw conflict(PRIVACY_TEXTS.already);
      await tx.query(
        `UPDATE ${kind.table} SET consent_withdrawn_at = now(), consent_withdrawn_note = $2, updated_at = now() WHERE id = $1`,
        [id, note],
      );
      await recordAudit(ctx, { action: 'consent-withdrawn', entity, entityId: id, detail: note }, tx);
    });
    return json(await load(id));
  }

  return { eraseNow, correctField, exportZip, consentWithdrawn };
}
