/**
 * Admissions morning (`npm run bench -- morning`): the forms open and 300 families send the senior
 * form (13 documents: 11 phone photos and 2 scanned PDFs sent in pieces), 40 families at a time, each
 * from an address of its own and over a slow connection of its own (the runtime's limits as
 * deployed, nothing raised). Some connections drop mid-upload: a photo is sent again whole, a PDF
 * asks which pieces the server holds and sends the rest; some answers are lost after the server
 * stored the upload (the form sends it again; the first copy is left staged), and some answers to
 * the application itself (the form sends it again with the same submission key).
 *
 * Then the cleanup runs (`npm run cleanup -- --older-than-hours 0`, the hourly job with no grace
 * period) and the database and the blob store are checked: every acknowledged application stored
 * once, with a distinct reference number and each of its 13 documents (bytes as sent); no staged
 * upload, piece or blob left that no application holds. Prints p50/p95 per step and the runtime's
 * peak memory. A rehearsal, not a test: the figures are this machine's, the checks are printed
 * and fail the bench.
 *
 * BENCH_MORNING_FAMILIES (default 300) and BENCH_MORNING_AT_ONCE (default 40) scale it.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join, relative, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import sharp from 'sharp';
import { BANDS_DEF, bandFiles } from '../src/features/admission/admission.ts';
import { PIECE_BYTES } from '../src/lib/forms/files.ts';
import { SUBMISSION_KEY_FIELD } from '../src/lib/forms/honeypot.ts';
import { withDefaultUser } from '../src/server/db.ts';
import { aadhaar, validAdmission } from '../tests/unit/forms-cases.ts';
import { startTestRuntime } from '../tests/support/runtime.ts';
import { mb, peakRss } from './runtime-process.ts';

const FAMILIES = Number(process.env.BENCH_MORNING_FAMILIES ?? 300);
const AT_ONCE = Number(process.env.BENCH_MORNING_AT_ONCE ?? 40);
/** Upload speeds of the families' connections, bytes a second: 2G-like, congested 3G, small-town 4G. */
const SPEEDS = [25_000, 50_000, 100_000, 200_000];
/** One upload in this many drops halfway; one in LOST_EVERY has its answer lost after the server stored it. */
const DROP_EVERY = 9;
const LOST_EVERY = 23;
/** One family in this many loses the answer to its application and sends it again. */
const RESEND_EVERY = 15;
const CHUNK = 8 * 1024;
const ADMIN = { email: 'morning@school.test', password: 'the forms open at nine' };

class Dropped extends Error {}

interface Answer {
  status: number;
  body: string;
}

/** What a family's connection does to one request: drop it after `dropAt` bytes, or lose its answer. */
type Fault = { dropAt: number } | { loseAnswer: true } | undefined;

/**
 * One request from `from` at `speed` bytes a second (the body written in paced chunks, as a slow
 * link lets it out), with the connection's `fault`: a drop mid-body or a lost answer rejects with Dropped.
 */
function send(
  port: number,
  from: string,
  method: string,
  path: string,
  body: Buffer,
  headers: Record<string, string>,
  speed: number,
  fault?: Fault,
): Promise<Answer> {
  return new Promise((ok, fail) => {
    let dropped = false;
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        agent: false,
        method,
        path,
        headers: { 'content-length': String(body.length), ...headers },
      },
      (res) => {
        if (fault && 'loseAnswer' in fault) {
          dropped = true;
          req.destroy();
          fail(new Dropped());
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => ok({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', (error) => fail(dropped ? new Dropped() : error));
    void (async () => {
      const end = fault && 'dropAt' in fault ? fault.dropAt : body.length;
      for (let at = 0; at < end; at += CHUNK) {
        const chunk = body.subarray(at, Math.min(at + CHUNK, end));
        if (!req.write(chunk)) await once(req, 'drain');
        await sleep((chunk.length / speed) * 1000);
      }
      if (fault && 'dropAt' in fault) {
        dropped = true;
        req.destroy();
        fail(new Dropped());
      } else req.end();
    })().catch(fail);
  });
}

/** A multipart body as a browser sends it, and its content type. */
async function multipart(form: FormData): Promise<{ body: Buffer; type: string }> {
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
}

/** A JPEG made unique by a comment segment after its start (the bytes a family's phone would make differ anyway). */
function uniqueJpeg(base: Buffer, tag: string): Buffer {
  const text = Buffer.from(tag);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([base.subarray(0, 2), segment, text, base.subarray(2)]);
}

/** A scanned-looking PDF of about `size` bytes (a stream of noise), unique by its tag. */
function scannedPdf(size: number, tag: string, noise: Buffer): Buffer {
  const head = Buffer.from(`%PDF-1.4\n% ${tag}\n1 0 obj << /Length ${size} >>\nstream\n`);
  return Buffer.concat([head, noise.subarray(0, size), Buffer.from('\nendstream\nendobj\n%%EOF\n')]);
}

interface Doc {
  field: string;
  name: string;
  bytes: Buffer;
  sha256: string;
}

interface Steps {
  photo: number[];
  pdf: number[];
  submit: number[];
  family: number[];
}

interface Outcome {
  reference: string;
  id: string;
  docs: Doc[];
  drops: number;
  lost: number;
  resent: boolean;
}

/** A name of letters only (forms refuse digits in names) that is the family's own: 0 -> "Baa". */
const nameOf = (i: number) => 'B' + [Math.floor(i / 26) % 26, i % 26].map((n) => String.fromCharCode(97 + n)).join('');

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

export async function benchMorning(): Promise<void> {
  console.log(
    `== Admissions morning: ${FAMILIES} families, ${AT_ONCE} at a time, 13 documents each, slow and dropping connections ==`,
  );
  const def = BANDS_DEF.senior;
  const fields = bandFiles(def);
  // Phone photos as the form sends them (redrawn to 2000 px, about 400 KB) and cyber-café scans of 1.6 MB.
  const photo = await sharp({
    create: {
      width: 1500,
      height: 2000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 55 })
    .toBuffer();
  const noise = await sharp({
    create: {
      width: 1000,
      height: 600,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .raw()
    .toBuffer();
  const pdfFields = new Set(fields.filter((f) => !f.endsWith('Photo')).slice(-2));
  const docsOf = (family: number): Doc[] =>
    fields.map((field) => {
      const tag = `family ${family} ${field}`;
      const bytes = pdfFields.has(field) ? scannedPdf(1_600_000, tag, noise) : uniqueJpeg(photo, tag);
      const name = `${field}.${pdfFields.has(field) ? 'pdf' : 'jpg'}`;
      return { field, name, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
    });

  const runtime = await startTestRuntime({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const port = Number(new URL(runtime.url).port);
  const steps: Steps = { photo: [], pdf: [], submit: [], family: [] };
  let uploadCount = 0;
  const faultFor = (size: number): Fault => {
    uploadCount++;
    if (uploadCount % DROP_EVERY === 0) return { dropAt: Math.floor(size / 2) };
    if (uploadCount % LOST_EVERY === 0) return { loseAnswer: true };
    return undefined;
  };

  /** One document, as the form sends it: whole, or in pieces with a resume after a drop. */
  async function upload(from: string, speed: number, doc: Doc, counts: { drops: number; lost: number }) {
    const started = performance.now();
    for (;;) {
      try {
        let answer: Answer;
        if (doc.bytes.length <= PIECE_BYTES) {
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array(doc.bytes)], { type: 'image/jpeg' }), doc.name);
          const { body, type } = await multipart(form);
          answer = await send(
            port,
            from,
            'POST',
            '/v1/api/uploads',
            body,
            { 'content-type': type },
            speed,
            faultFor(body.length),
          );
        } else {
          answer = await inPieces(from, speed, doc, counts);
        }
        if (answer.status !== 201) throw new Error(`upload of ${doc.field}: ${answer.status} ${answer.body}`);
        (doc.bytes.length <= PIECE_BYTES ? steps.photo : steps.pdf).push(performance.now() - started);
        return (JSON.parse(answer.body) as { id: string }).id;
      } catch (error) {
        if (!(error instanceof Dropped)) throw error;
        counts.drops++;
      }
    }
  }

  /**
   * A document in pieces: after a drop, ask which pieces are held and send the rest; when the session
   * is gone (its last piece was joined but the answer lost), start again, as the form does.
   */
  async function inPieces(from: string, speed: number, doc: Doc, counts: { drops: number; lost: number }) {
    const json = (value: unknown) => Buffer.from(JSON.stringify(value));
    for (;;) {
      const started = await send(
        port,
        from,
        'POST',
        '/v1/api/uploads/pieces',
        json({ name: doc.name, size: doc.bytes.length }),
        { 'content-type': 'application/json' },
        speed,
      );
      if (started.status !== 201) throw new Error(`pieces of ${doc.field}: ${started.status} ${started.body}`);
      const { id, pieces } = JSON.parse(started.body) as { id: string; pieces: number };
      for (;;) {
        const status = await send(port, from, 'GET', `/v1/api/uploads/pieces/${id}`, Buffer.alloc(0), {}, speed);
        if (status.status === 404) break;
        if (status.status !== 200) throw new Error(`pieces of ${doc.field}: ${status.status} ${status.body}`);
        const held = new Set((JSON.parse(status.body) as { received: number[] }).received);
        try {
          let last: Answer | undefined;
          for (let n = 0; n < pieces; n++) {
            if (held.has(n)) continue;
            const piece = doc.bytes.subarray(n * PIECE_BYTES, (n + 1) * PIECE_BYTES);
            last = await send(
              port,
              from,
              'PUT',
              `/v1/api/uploads/pieces/${id}/${n}`,
              piece,
              { 'content-type': 'application/octet-stream' },
              speed,
              faultFor(piece.length),
            );
          }
          if (last?.status === 201) return last;
          if (last) throw new Error(`pieces of ${doc.field}: ${last.status} ${last.body}`);
        } catch (error) {
          if (!(error instanceof Dropped)) throw error;
          counts.drops++;
        }
      }
    }
  }

  async function family(i: number): Promise<Outcome> {
    const from = `127.${10 + (i >> 8)}.${(i >> 4) & 15}.${(i & 15) + 1}`;
    const speed = SPEEDS[i % SPEEDS.length]!;
    const docs = docsOf(i);
    const counts = { drops: 0, lost: 0 };
    const began = performance.now();
    const fields: Record<string, string> = {
      ...validAdmission('senior'),
      studentFirstName: `Aarav ${nameOf(i)}`,
      studentAadharNo: aadhaar(String(23456789012 + i * 7919)),
      contactNo: `9${String(700000000 + i)}`,
      governmentScholarship: 'yes',
      [SUBMISSION_KEY_FIELD]: randomUUID(),
    };
    for (const doc of docs) fields[doc.field] = await upload(from, speed, doc, counts);
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const { body, type } = await multipart(form);
    const resend = i % RESEND_EVERY === RESEND_EVERY - 1;
    const submitted = performance.now();
    let answer: Answer;
    try {
      answer = await send(
        port,
        from,
        'POST',
        '/v1/api/admission',
        body,
        { 'content-type': type },
        speed,
        resend ? { loseAnswer: true } : undefined,
      );
    } catch (error) {
      if (!(error instanceof Dropped)) throw error;
      counts.lost++;
      answer = await send(port, from, 'POST', '/v1/api/admission', body, { 'content-type': type }, speed);
    }
    if (answer.status !== 201 && answer.status !== 200) throw new Error(`family ${i}: ${answer.status} ${answer.body}`);
    steps.submit.push(performance.now() - submitted);
    steps.family.push(performance.now() - began);
    const { admission } = JSON.parse(answer.body) as { admission: { _id: string; referenceNumber: string } };
    return { reference: admission.referenceNumber, id: admission._id, docs, ...counts, resent: resend };
  }

  try {
    const started = performance.now();
    const {
      result: outcomes,
      baseline,
      peak,
    } = await peakRss(runtime.pid, async () => {
      const done: Outcome[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: AT_ONCE }, async () => {
          while (next < FAMILIES) done.push(await family(next++));
        }),
      );
      return done;
    });
    const seconds = (performance.now() - started) / 1000;
    const drops = outcomes.reduce((n, o) => n + o.drops, 0);
    console.log(
      `${outcomes.length} applications in ${seconds.toFixed(0)} s; ${uploadCount} upload requests, ${drops} dropped and sent again, ` +
        `${outcomes.filter((o) => o.resent).length} applications sent twice after a lost answer`,
    );
    const row = (name: string, values: number[]) =>
      console.log(
        `  ${name.padEnd(44)} p50 ${(percentile(values, 50) / 1000).toFixed(1).padStart(6)} s   p95 ${(percentile(values, 95) / 1000).toFixed(1).padStart(6)} s   (${values.length})`,
      );
    row('a photo (about 400 KB, one request)', steps.photo);
    row('a scanned PDF (1.6 MB, 2 pieces)', steps.pdf);
    row('the application sent (documents uploaded)', steps.submit);
    row('a family: first document to reference number', steps.family);
    console.log(`  runtime memory: ${mb(baseline)} MB before, peak ${mb(peak)} MB`);

    const cleanup = spawnSync(
      process.execPath,
      [resolve(import.meta.dirname, '../scripts/cleanup.ts'), '--older-than-hours', '0'],
      {
        cwd: runtime.root,
        env: { ...process.env, DATABASE_URL: runtime.databaseUrl },
        encoding: 'utf8',
      },
    );
    if (cleanup.status !== 0) throw new Error(`cleanup failed: ${cleanup.stderr}`);
    console.log(`  cleanup: ${cleanup.stdout.trim().split('\n').join('; ')}`);
    await check(runtime.databaseUrl, runtime.root, outcomes);
  } finally {
    await runtime.stop();
  }
  console.log('');
}

/** The database and the blob store after the morning and the cleanup: what was acknowledged is kept, once, and nothing else. */
async function check(databaseUrl: string, root: string, outcomes: Outcome[]): Promise<void> {
  const db = new pg.Client({ connectionString: withDefaultUser(databaseUrl) });
  await db.connect();
  const problems: string[] = [];
  try {
    const references = new Set(outcomes.map((o) => o.reference));
    if (references.size !== outcomes.length)
      problems.push(`${outcomes.length - references.size} reference numbers repeated`);
    const { rows: admissions } = await db.query<{ id: string; reference_number: string }>(
      `SELECT id::text AS id, reference_number FROM admissions`,
    );
    if (admissions.length !== outcomes.length)
      problems.push(`${admissions.length} applications stored for ${outcomes.length} acknowledged`);
    const stored = new Map(admissions.map((a) => [a.id, a.reference_number]));
    const { rows: uploads } = await db.query<{
      admission_id: string | null;
      field: string;
      sha256: string;
      blob_key: string;
    }>(`SELECT admission_id::text AS admission_id, field, sha256, blob_key FROM uploads`);
    const byAdmission = new Map<string, Map<string, string>>();
    for (const u of uploads) {
      if (!u.admission_id) problems.push(`a staged upload left after the cleanup: ${u.blob_key}`);
      else byAdmission.set(u.admission_id, (byAdmission.get(u.admission_id) ?? new Map()).set(u.field, u.sha256));
    }
    for (const o of outcomes) {
      if (stored.get(o.id) !== o.reference) problems.push(`application ${o.reference} not stored as acknowledged`);
      const docs = byAdmission.get(o.id);
      for (const doc of o.docs)
        if (docs?.get(doc.field) !== doc.sha256)
          problems.push(`${o.reference}: ${doc.field} missing or not the bytes sent`);
      if (docs && docs.size !== o.docs.length)
        problems.push(`${o.reference}: ${docs.size} documents for ${o.docs.length}`);
    }
    const { rows: sessions } = await db.query(`SELECT id FROM upload_sessions`);
    if (sessions.length) problems.push(`${sessions.length} piece uploads left unfinished after the cleanup`);

    // The blob store on disk (entries/<site>/<store>/<key>): each document's blob once, no piece, no upload without its row.
    const entries = join(root, '.netlify', 'blobs-serve', 'entries');
    const documents = new Map<string, string>();
    const files = await readdir(entries, { recursive: true, withFileTypes: true });
    for (const file of files.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))) {
      const [, store = '', ...key] = relative(entries, file).split('/');
      if (store.replace(/^site:/, '') === 'documents') documents.set(key.join('/'), file);
    }
    const keys = [...documents.keys()];
    const pieces = keys.filter((key) => key.startsWith('pieces/'));
    const uploadBlobs = keys.filter((key) => key.startsWith('uploads/'));
    if (pieces.length) problems.push(`${pieces.length} pieces left in the blob store`);
    const rowKeys = new Set(uploads.map((u) => u.blob_key));
    const orphans = uploadBlobs.filter((key) => !rowKeys.has(key));
    if (orphans.length) problems.push(`${orphans.length} document blobs no row knows`);
    if (uploadBlobs.length !== rowKeys.size)
      problems.push(`${uploadBlobs.length} document blobs for ${rowKeys.size} rows`);
    const sample = uploads.slice(0, 50);
    for (const u of sample) {
      const file = documents.get(u.blob_key);
      const bytes = file ? await readFile(file) : undefined;
      if (!bytes || createHash('sha256').update(bytes).digest('hex') !== u.sha256)
        problems.push(`blob ${u.blob_key} does not hold the bytes its row names`);
    }
    console.log(
      `  checked: ${admissions.length} applications, ${references.size} distinct reference numbers, ${uploads.length} documents ` +
        `(${uploadBlobs.length} blobs, ${sample.length} read back), ${pieces.length} pieces and ${orphans.length} orphan blobs left`,
    );
  } finally {
    await db.end();
  }
  if (problems.length) {
    console.log(`  PROBLEMS:\n    ${problems.slice(0, 20).join('\n    ')}`);
    process.exitCode = 1;
  } else console.log('  every acknowledged application and document kept exactly once; nothing left over');
}
