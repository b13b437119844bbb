/**
 * Fixtures for the admin HTTP tests: records made through the public POST endpoints (as parents
 * make them), small real image and PDF files, and a look into the runtime's local blob store.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect } from 'vitest';
import { site } from '../support/site.ts';
import { ApiClient, type Json } from '../support/api.ts';
import { verhoeffCheckDigit } from '../../src/lib/forms/verhoeff.ts';
import { FILE, birthDateFor, validAdmission } from '../unit/forms-cases.ts';
import type { Band } from '../../src/lib/classes.ts';
import { JPEG } from './forms-fixtures.ts';
import { pngChunk } from '../support/camera-photo.ts';
import { dateInIndia } from '../../src/lib/dates.ts';

/** A word no other test uses: names built from it are found only by their own test. */
export function token(prefix = 'Zq'): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let out = prefix;
  for (let i = 0; i < 8; i++) out += letters[randomInt(letters.length)];
  return out;
}

export function aadhaar(): string {
  const body = `${randomInt(2, 10)}${String(randomInt(0, 1e10)).padStart(10, '0')}`;
  return body + verhoeffCheckDigit(body);
}

export function enquiryBody(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    admissionClass: '5',
    studentName: `Ram ${token()}`,
    fatherName: 'Shyam Lal',
    motherName: 'Sita Devi',
    gender: 'Male',
    dateOfBirth: '2016-04-12',
    fatherMobile: '9876543210',
    email: 'parent@example.com',
    category: 'GENERAL',
    lastSchoolAttended: 'Village Primary School',
    fatherOccupation: 'Agriculture',
    motherOccupation: 'Housewife',
    address: 'Ward 4\nNear the temple\nBarabanki',
    referredBy: 'A neighbour',
    consent: 'true',
    ...overrides,
  };
}

/** A signed-out client of the test runtime, or of another runtime at `base`. */
const publicClient = (base?: string) => new ApiClient(base);

async function created(res: Response, what: string): Promise<Json> {
  if (res.status !== 201) throw new Error(`creating ${what} failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/** An enquiry through POST /v1/api/enquiry (of the runtime at `base`, default the test runtime); answers the stored enquiry. */
export async function createEnquiry(overrides: Record<string, string> = {}, base?: string): Promise<Json> {
  const body = await created(
    await publicClient(base).request('/v1/api/enquiry', { method: 'POST', json: enquiryBody(overrides) }),
    'an enquiry',
  );
  return body.enquiry;
}

export function tcBody(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    studentName: `Mohan ${token()}`,
    admissionNumber: `ADM-${randomInt(1e8)}`,
    dateOfBirth: '2014-05-20',
    studentClass: '6',
    section: 'A',
    leavingDate: dateInIndia(),
    aadharUid: aadhaar(),
    parentName: 'Ramesh Kumar',
    reason: 'Family moved to Lucknow',
    contact: '9123456780',
    email: 'parent@example.com',
    paymentStatus: 'pending',
    transactionId: 'NA',
    consent: 'true',
    ...overrides,
  };
}

/** A TC request through POST /v1/api/tc-request; answers the stored record. */
export async function createTcRequest(overrides: Record<string, string> = {}, base?: string): Promise<Json> {
  return created(
    await publicClient(base).request('/v1/api/tc-request', { method: 'POST', json: tcBody(overrides) }),
    'a TC request',
  );
}

// ---- files ----------------------------------------------------------------

/**
 * A real, decodable PNG of `width` x `height` pixels, 200 x 200 unless told (the smallest image a
 * document or gallery photo may be): its first row random, so each call's bytes are unique, the
 * rest one colour, so it stays small.
 */
export function png(width = 200, height = 200): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc((width * 3 + 1) * height, 0x80);
  for (let y = 0; y < height; y++) raw[y * (width * 3 + 1)] = 0; // each row's filter: none
  randomBytes(width * 3).copy(raw, 1);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

/** A real 200 x 200 JPEG (forms-fixtures' JPEG) with random bytes after its end, so each call's bytes are unique. */
export function jpeg(): Buffer {
  return Buffer.concat([JPEG, randomBytes(64)]);
}

/** A small valid PDF with a random comment, so its bytes are unique. */
export function pdf(): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${randomBytes(8).toString('hex')}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
);
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

export function fileOf(bytes: Buffer, type: string): Blob {
  return new Blob([new Uint8Array(bytes)], { type });
}

// ---- admissions -------------------------------------------------------------

/** Every document of an early-years admission, each a unique file. */
export const PRIMARY_FILES = [
  'studentAadharFile',
  'studentPhoto',
  'studentBirthCertificate',
  'fatherAadharFile',
  'fatherPhoto',
  'motherAadharFile',
  'motherPhoto',
  'domicileCertificate',
  'abcCard',
] as const;

export interface CreatedAdmission {
  _id: string;
  referenceNumber: string;
  names: { first: string; middle: string; last: string };
  files: Record<string, { bytes: Buffer; type: string; name: string }>;
}

export interface AdmissionFormOptions {
  /** The runtime to stage the documents on (default the test runtime). */
  base?: string;
  /** Upload each document first (POST /v1/api/uploads, as the forms do) and send its id, not the file. */
  staged?: boolean;
}

/** The body of an early-years admission with its 9 documents (each a unique file), and what it holds. */
export async function admissionForm(
  overrides: Record<string, string> = {},
  { base, staged = false }: AdmissionFormOptions = {},
): Promise<Omit<CreatedAdmission, '_id' | 'referenceNumber'> & { form: FormData }> {
  const names = { first: `Asha${token('')}`, middle: 'Kumari', last: `Verma${token('')}` };
  const form = new FormData();
  const text: Record<string, string> = {
    band: 'pre-primary',
    admissionClass: 'K.G',
    studentFirstName: names.first,
    studentMiddleName: names.middle,
    studentLastName: names.last,
    studentAadharNo: aadhaar(),
    fatherFirstName: 'Suresh',
    fatherMiddleName: 'Prasad',
    fatherLastName: 'Verma',
    motherFirstName: 'Geeta',
    motherMiddleName: 'Rani',
    motherLastName: 'Verma',
    abcId: `ABC${randomInt(1e9)}`,
    dateOfBirth: birthDateFor('K.G'),
    gender: 'Female',
    address: 'Ward 7, Sikandrabad, Bulandshahr 203205',
    contactNo: '9988776655',
    consent: 'true',
    ...overrides,
  };
  for (const [k, v] of Object.entries(text)) form.append(k, v);
  const files: CreatedAdmission['files'] = {};
  for (const field of PRIMARY_FILES) {
    const isPhoto = field.endsWith('Photo');
    const bytes = isPhoto ? png() : pdf();
    const type = isPhoto ? 'image/png' : 'application/pdf';
    const name = isPhoto ? `${field}.png` : `${field}.pdf`;
    files[field] = { bytes, type, name };
    if (!staged) form.append(field, fileOf(bytes, type), name);
    else {
      const one = new FormData();
      one.append('file', fileOf(bytes, type), name);
      const upload = await created(
        await fetch(new URL('/v1/api/uploads', base ?? site('baseURL')), { method: 'POST', body: one }),
        `an upload of ${field}`,
      );
      form.append(field, String(upload.id));
    }
  }
  return { form, names, files };
}

/** An early-years admission with its 9 documents sent in the request itself (POST /v1/api/admission). */
export async function createAdmission(
  overrides: Record<string, string> = {},
  base?: string,
): Promise<CreatedAdmission> {
  const { form, names, files } = await admissionForm(overrides, { base });
  const res = await publicClient(base).request('/v1/api/admission', { method: 'POST', body: form });
  const body = await created(res, 'an admission');
  return { _id: body.admission._id, referenceNumber: body.admission.referenceNumber, names: { ...names }, files };
}

// ---- the local blob store ---------------------------------------------------

async function walk(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(path)));
    else out.push(path);
  }
  return out;
}

/** How many stored blobs (any store) hold exactly these bytes. Tests use unique bytes, so 0 or 1. */
export async function blobsWithContent(bytes: Buffer): Promise<number> {
  const root = join(site('runtimeRoot'), '.netlify', 'blobs-serve', 'entries');
  let count = 0;
  for (const file of await walk(root)) {
    const data = await readFile(file).catch(() => undefined);
    if (data && data.length === bytes.length && data.equals(bytes)) count++;
  }
  return count;
}

export async function expectJsonError(res: Response, status: number, error?: string): Promise<Json> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  const body = await res.json();
  expect(typeof body.error).toBe('string');
  if (error !== undefined) expect(body.error).toBe(error);
  return body;
}

/** The audit entries of one record, newest first. */
export async function auditOf(admin: ApiClient, entity: string, entityId: string): Promise<Json[]> {
  const res = await admin.request(
    `/v1/api/audit?entity=${encodeURIComponent(entity)}&entityId=${encodeURIComponent(entityId)}`,
  );
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

export const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
export const randomUuid = () => crypto.randomUUID();

// ---- staff files --------------------------------------------------------------

/** Uploads a staff file (POST /v1/api/files) as `client`: the answer's status and JSON. */
export async function uploadStaffFile(
  client: ApiClient,
  bytes: Buffer,
  name = 'file.pdf',
  type = 'application/pdf',
): Promise<{ status: number; body: Json }> {
  const form = new FormData();
  form.append('file', fileOf(bytes, type), name);
  const res = await client.request('/v1/api/files', { method: 'POST', body: form });
  return { status: res.status, body: await res.json() };
}

/** The id of a new staff file of `client`'s (a unique PDF unless given), for a record to claim. */
export async function stagedFile(
  client: ApiClient,
  bytes: Buffer = pdf(),
  name = 'file.pdf',
  type = 'application/pdf',
): Promise<string> {
  const { status, body } = await uploadStaffFile(client, bytes, name, type);
  if (status !== 201) throw new Error(`staff upload failed: ${status} ${JSON.stringify(body)}`);
  return body.uploadId as string;
}

/** An admission as multipart with its documents in the request (tests/api and tests/http/privacy-consent.test.ts); `leave` drops fields. */
export function consentAdmissionForm(
  band: Band,
  patch: Record<string, string> = {},
  leave: string[] = [],
): { form: FormData; documents: Buffer[]; name: string } {
  const name = `Consent${token('')}`;
  const input: Record<string, string> = { ...validAdmission(band), studentFirstName: name, ...patch };
  const form = new FormData();
  const documents: Buffer[] = [];
  for (const [k, v] of Object.entries(input)) {
    if (leave.includes(k)) continue;
    if (v !== FILE) form.append(k, v);
    else {
      const bytes = k.endsWith('Photo')
        ? png(200, 200 + documents.length)
        : Buffer.concat([pdf(), Buffer.from(`%${token()}\n`)]);
      documents.push(bytes);
      form.append(
        k,
        fileOf(bytes, k.endsWith('Photo') ? 'image/png' : 'application/pdf'),
        k.endsWith('Photo') ? `${k}.png` : `${k}.pdf`,
      );
    }
  }
  return { form, documents, name };
}
