/**
 * Public forms under load, against the local runtime:
 *  - enquiry POSTs per second with p50/p99 latency (autocannon, 10 s): a figure, not a target (a
 *    school's busiest morning is hundreds of families in hours, not hundreds a second);
 *  - the runtime's peak RSS growth while one admission with 13 documents of 2 MB goes through
 *    the way the form sends it (13 uploads, then the admission with their ids).
 * The runtime's pid comes from BENCH_RUNTIME_PID (bench/run.ts), else from the port's listener.
 */
import autocannon from 'autocannon';
import { mb, peakRss, runtimePid } from './runtime-process.ts';
import { ADMISSION_FILE_FIELDS } from '../src/features/admission/admission.ts';
import { verhoeffCheckDigit } from '../src/lib/forms/verhoeff.ts';
import { birthDateFor } from '../tests/unit/forms-cases.ts';

const ENQUIRY = {
  admissionClass: 'K.G',
  studentName: 'Bench Student',
  fatherName: 'Bench Father',
  motherName: 'Bench Mother',
  gender: 'Female',
  dateOfBirth: '2020-01-01',
  fatherMobile: '9876543210',
  email: 'bench@example.com',
  category: 'GENERAL',
  lastSchoolAttended: 'None',
  fatherOccupation: 'Teacher',
  motherOccupation: 'Teacher',
  address: 'Bench Road',
  referredBy: 'Bench',
  consent: true,
};

/**
 * A PNG's signature, its header chunk saying 1200 x 1600 pixels (a phone photo's size: the server
 * reads the size from it) and the start of its image data chunk, which runs to the end of the file.
 */
function pngHead(size: number): Buffer {
  const header = Buffer.alloc(8 + 13 + 4 + 8);
  header.writeUInt32BE(13, 0);
  header.write('IHDR', 4, 'ascii');
  header.writeUInt32BE(1200, 8);
  header.writeUInt32BE(1600, 12);
  header[16] = 8; // bit depth
  header[17] = 2; // RGB
  header.writeUInt32BE(size - 8 - header.length - 4, 25);
  header.write('IDAT', 29, 'ascii');
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), header]);
}

/** A JPEG's start, JFIF segment and frame header (SOF0) saying 1200 x 1600 pixels. */
const JPEG_HEAD = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    1600 >> 8,
    1600 & 0xff,
    1200 >> 8,
    1200 & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
  ]),
]);

/** A 2 MB document of the given kind (a header the server accepts, photos of a phone's size; distinct padding). */
function document(i: number, size: number): { data: Uint8Array<ArrayBuffer>; name: string } {
  const heads = [
    [pngHead(size), 'png'],
    [JPEG_HEAD, 'jpg'],
    [Buffer.from('%PDF-1.4\n'), 'pdf'],
  ] as const;
  const [head, ext] = heads[i % 3]!;
  const data = new Uint8Array(size);
  data.set(head);
  for (let j = head.length; j < data.length; j++) data[j] = (j * 13 + i) & 0xff;
  return { data, name: `doc-${i}.${ext}` };
}

/** The load of every throughput figure here. Slow answers are measured, not counted as errors. */
const LOAD = { connections: 10, duration: 10, timeout: 30 } as const;

interface LoadRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/**
 * The request under LOAD (autocannon), after a warm-up of as many at once as the load, three times:
 * the first calls build the function and start its instances.
 */
async function underLoad(request: LoadRequest): Promise<autocannon.Result> {
  for (let round = 0; round < 3; round++) {
    await Promise.all(
      Array.from({ length: LOAD.connections }, () => fetch(request.url, request).then((r) => r.arrayBuffer())),
    );
  }
  return autocannon({ ...request, ...LOAD });
}

/**
 * What the local runtime itself can serve on this machine under the same load as the enquiry bench:
 * a static file (the emulator's request chain alone) and a function call that does no database work
 * (GET /v1/api/auth without a cookie: 401). The enquiry figure cannot exceed the second one.
 */
async function runtimeCeiling(baseURL: string): Promise<void> {
  for (const [label, path] of [
    ['static file (/robots.txt)', '/robots.txt'],
    ['function call, no database (GET /v1/api/auth, 401)', '/v1/api/auth'],
  ] as const) {
    const result = await underLoad({ url: new URL(path, baseURL).toString() });
    const answered = result['2xx'] + result.non2xx;
    console.log(
      `runtime ceiling, ${label}: ${(answered / result.duration).toFixed(1)} answers/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
    );
  }
}

async function enquiryThroughput(baseURL: string): Promise<void> {
  const result = await underLoad({
    url: new URL('/v1/api/enquiry', baseURL).toString(),
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ENQUIRY),
  });
  const ok = result['2xx'];
  console.log(
    `enquiry POST (autocannon, ${LOAD.connections} connections, ${LOAD.duration} s): ${(ok / LOAD.duration).toFixed(1)} created/s ` +
      `(${result.requests.average.toFixed(1)} req/s average), latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ` +
      `${ok} x 201, ${result.non2xx} other, ${result.errors} errors, ${result.timeouts} timeouts`,
  );
}

/** One admission the way the form sends it: 13 uploads, then the admission with their ids. */
async function sendAdmission(baseURL: string, size: number) {
  const started = performance.now();
  const fileFields = ADMISSION_FILE_FIELDS; // all 13: the senior form with a scholarship document
  const ids: Record<string, string> = {};
  // Like the form: each document is uploaded as soon as it is chosen, one after the other.
  for (let i = 0; i < fileFields.length; i += 1) {
    await Promise.all(
      fileFields.slice(i, i + 1).map(async (field, k) => {
        const doc = document(i + k, size);
        const body = new FormData();
        body.append('file', new Blob([doc.data]), doc.name);
        const res = await fetch(new URL('/v1/api/uploads', baseURL), { method: 'POST', body });
        if (res.status !== 201) throw new Error(`upload ${field}: ${res.status} ${await res.text()}`);
        ids[field] = ((await res.json()) as { id: string }).id;
      }),
    );
  }
  const aadhaar = '23456789012' + verhoeffCheckDigit('23456789012');
  const form = new FormData();
  const text: Record<string, string> = {
    band: 'senior',
    admissionClass: '9',
    studentFirstName: 'Bench',
    studentMiddleName: 'Kumar',
    studentLastName: 'Student',
    studentAadharNo: aadhaar,
    fatherFirstName: 'Bench',
    fatherMiddleName: 'Chand',
    fatherLastName: 'Father',
    motherFirstName: 'Bench',
    motherMiddleName: 'Devi',
    motherLastName: 'Mother',
    abcId: '123456789012',
    contactNo: '9876543210',
    governmentScholarship: 'yes',
    consent: 'true',
    ...ids,
    dateOfBirth: birthDateFor('9'),
    gender: 'Male',
    address: 'Station Road, Sikandrabad, Bulandshahr 203205',
  };
  for (const [k, v] of Object.entries(text)) form.append(k, v);
  const res = await fetch(new URL('/v1/api/admission', baseURL), { method: 'POST', body: form });
  const answer = await res.text();
  const elapsed = performance.now() - started;
  await new Promise((r) => setTimeout(r, 200));
  return [res, answer, elapsed] as const;
}

async function admissionMemory(baseURL: string, size: number): Promise<number | undefined> {
  const pid = await runtimePid(baseURL);
  if (!pid) {
    console.log('admission RSS: runtime process not found (set BENCH_RUNTIME_PID)');
    return undefined;
  }
  const {
    result: [res, answer, elapsed],
    baseline,
    peak,
  } = await peakRss(pid, () => sendAdmission(baseURL, size));
  if (res.status !== 201) throw new Error(`admission: ${res.status} ${answer}`);
  console.log(
    `admission with 13 documents of ${size >= 1024 * 1024 ? `${size / 1024 / 1024} MB` : `${size / 1024} KB`} (13 uploads + 1 submit, ${(elapsed / 1000).toFixed(1)} s): ` +
      `runtime RSS ${mb(baseline)} MB -> peak ${mb(peak)} MB, growth ${mb(peak - baseline)} MB`,
  );
  return peak - baseline;
}

export async function benchForms(baseURL: string): Promise<void> {
  console.log('== Public forms ==');
  if (!process.env.BENCH_SKIP_ENQUIRY) {
    await runtimeCeiling(baseURL);
    await enquiryThroughput(baseURL);
  }
  // The same 14 requests with 1 KB documents first: what the runtime itself costs (function
  // instances starting, their heaps), so the documents' own share can be told apart.
  // A first run warms the emulator up (its worker pool and heaps grow to a steady state).
  await admissionMemory(baseURL, 1024);
  const control = await admissionMemory(baseURL, 1024);
  const growth = await admissionMemory(baseURL, 2 * 1024 * 1024);
  if (growth !== undefined && control !== undefined) {
    console.log(
      `  -> peak RSS growth with 2 MB documents: ${mb(growth)} MB [target: < 64 MB]; of which beyond the 1 KB control: ${mb(growth - control)} MB`,
    );
  }
  console.log('');
}
