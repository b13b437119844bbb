/**
 * The school's profile (GET public, PUT principal) and the Mandatory Public Disclosure (GET public,
 * PUT figures and documents principal, the public page in both languages): who may change them,
 * that refused input stores nothing, that every change is audited with before and after, and that
 * the acknowledgment PDF prints the affiliation number only once the school has set one.
 *
 * The profile is the file's own (a database of its own, tests/api): its tests change only the
 * affiliation number, school code and principal, and put the profile back at the end. What the
 * pages show of a changed phone, short name or social link is tested on a runtime of its own
 * (tests/e2e/school-live.test.ts).
 */
import { request } from 'node:http';
import { randomInt } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { site } from '../../src/config/site.ts';
import { ApiClient, adminClient, baseURL, staffClient, type Json } from '../support/api.ts';
import { readPdf } from '../support/pdf.ts';
import { auditOf, createAdmission, expectJsonError, pdf, png, stagedFile } from '../http/admin-fixtures.ts';
import { dateInIndia } from '../../src/lib/dates.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

let principal: ApiClient;
let office: ApiClient;
let original: Record<string, unknown>;

const anyone = new ApiClient();
const getJson = async (path: string) => {
  const res = await anyone.request(path);
  expect(res.status).toBe(200);
  return res.json();
};
const profileBody = (profile: Record<string, unknown>) => {
  const { updatedAt: _, ...body } = profile;
  return body;
};
const putSchool = (client: ApiClient, json: unknown) => client.request('/v1/api/school', { method: 'PUT', json });
const page = async (path: string) => {
  const res = await anyone.request(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  return res.text();
};

/** All audit entries of the school profile (entity 'school' has no id), newest first. */
async function schoolAudit(): Promise<Json[]> {
  const res = await principal.request('/v1/api/audit?entity=school');
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

beforeAll(async () => {
  principal = await adminClient();
  office = (await staffClient('office')).client;
  original = profileBody(await getJson('/v1/api/school'));
});
afterAll(async () => {
  if (original) expect((await putSchool(principal, original)).status).toBe(200);
});

describe('GET /v1/api/school', () => {
  it("answers the profile by the API's names: the starting facts, with no phone, e-mail or affiliation number of their own", async () => {
    const profile = await getJson('/v1/api/school');
    expect(profile).toMatchObject({
      name: { en: site.contact.name, hi: site.contact.hindiName },
      address: { en: site.contact.address, hi: site.contact.hindiAddress },
      shortNameHi: site.contact.hindiShortName,
      phones: [],
      phonesE164: [],
      email: null,
    });
    expect(Object.keys(profile)).toEqual(
      expect.arrayContaining(['affiliationNumber', 'schoolCode', 'principalName', 'principalQualification']),
    );
    expect(JSON.stringify(profile)).not.toMatch(/21XXXXX|9876543210|info@rmcpschool/);
  });
});

describe('PUT /v1/api/school', () => {
  it('is refused to office staff (403 principal-only) and to no session (401), storing nothing', async () => {
    const body = { ...original, schoolCode: '70123' };
    expect((await expectJsonError(await putSchool(office, body), 403)).code).toBe('principal-only');
    await expectJsonError(await putSchool(anyone, body), 401);
    expect((await getJson('/v1/api/school')).schoolCode).toBe(original.schoolCode);
  });

  it.each([
    [{ affiliationNumber: '21XXXXX' }, 'affiliationNumber'],
    [{ name: { en: 'RMCP', hi: '' } }, 'name.hi'],
    [{ phones: ['12'] }, 'phones.0'],
    [{ socialLinks: [{ icon: 'facebook', url: 'javascript:alert(1)' }] }, 'socialLinks.0.url'],
    [{ map: { latitude: 200, longitude: 77, zoom: 15 } }, 'map.latitude'],
  ])('refuses %o with 400 naming %s, and stores and audits nothing', async (change, field) => {
    const before = await schoolAudit();
    const body = await expectJsonError(await putSchool(principal, { ...original, ...change }), 400);
    expect(Object.keys(body.fields)).toContain(field);
    expect(profileBody(await getJson('/v1/api/school'))).toEqual(original);
    expect((await schoolAudit()).length).toBe(before.length);
  });

  it("saves the principal's profile, audited with each changed fact before and after", async () => {
    const res = await putSchool(principal, {
      ...original,
      affiliationNumber: ' 2130123 ',
      schoolCode: '70123',
      principalName: 'Dr. Asha Verma',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      affiliationNumber: '2130123',
      schoolCode: '70123',
      principalName: 'Dr. Asha Verma',
    });
    expect(await getJson('/v1/api/school')).toMatchObject({ affiliationNumber: '2130123', schoolCode: '70123' });
    const [entry] = await schoolAudit();
    expect(entry).toMatchObject({ action: 'update', entity: 'school', entityId: null });
    expect(JSON.parse(entry!.detail)).toEqual({
      before: {
        affiliationNumber: original.affiliationNumber,
        schoolCode: original.schoolCode,
        principalName: original.principalName,
      },
      after: { affiliationNumber: '2130123', schoolCode: '70123', principalName: 'Dr. Asha Verma' },
    });
  });
});

/** GET `path` from a loopback address of its own (the acknowledgment shares the status check's per-address limits). */
function getFrom(path: string): Promise<{ status: number; body: Buffer }> {
  const from = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: new URL(baseURL()).port, localAddress: from, agent: false, path },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe("the parent's acknowledgment and receipt PDFs", () => {
  it('print no affiliation number while none is set, and the one the principal sets once set', async () => {
    const admission = await createAdmission();
    const paid = await office.request(`/v1/api/admission/${admission._id}/payments`, {
      method: 'POST',
      json: { amount: 500, mode: 'cash', reference: '', paidOn: dateInIndia() },
    });
    expect(paid.status).toBe(201);
    const { receiptNumber } = (await paid.json()).payment as { receiptNumber: string };
    const pair = { referenceNumber: admission.referenceNumber, contactNo: '9988776655' };
    const pdfText = async (path: string) => {
      const res = await getFrom(path);
      expect(res.status).toBe(200);
      return (await readPdf(res.body)).text.replace(/\s+/g, ' ');
    };
    const ack = () => pdfText(`/v1/api/admission/acknowledgment?${new URLSearchParams(pair)}`);
    const receipt = () =>
      pdfText(`/v1/api/admission/receipt?${new URLSearchParams({ ...pair, number: receiptNumber })}`);
    expect((await putSchool(principal, { ...original, affiliationNumber: '' })).status).toBe(200);
    // A function instance trusts the profile it read for a few seconds.
    await expect.poll(ack, { timeout: 20_000, interval: 500 }).not.toContain('affiliation');
    await expect.poll(receipt, { timeout: 20_000, interval: 500 }).not.toMatch(/affiliation/);
    expect(await ack()).not.toContain('21XXXXX');
    expect(await receipt()).not.toContain('21XXXXX');
    expect((await putSchool(principal, { ...original, affiliationNumber: '2130456' })).status).toBe(200);
    await expect.poll(ack, { timeout: 20_000, interval: 500 }).toContain('CBSE affiliation no. 2130456');
    await expect.poll(receipt, { timeout: 20_000, interval: 500 }).toContain('CBSE affiliation no. 2130456');
  }, 60_000);
});

describe('the Mandatory Public Disclosure', () => {
  const putDocument = (client: ApiClient, key: string, json: unknown) =>
    client.request(`/v1/api/disclosure/documents/${key}`, { method: 'PUT', json });

  it('says "not yet published" for what is not filled, in both languages, with no placeholder and no framework script', async () => {
    const en = await page('/academy/mandatory-disclosure');
    console.log(
      `disclosure page (English, nothing published): ${Buffer.byteLength(en)} bytes, ${gzipSync(en).length} gzipped`,
    );
    for (const heading of [
      'A. General information',
      'B. Documents and information',
      'C. Results and academics',
      'D. Staff (teaching)',
      'E. School infrastructure',
      'Annual report',
    ])
      expect(en).toContain(heading);
    expect(en).toContain('Not yet published');
    expect(en).not.toMatch(/Placeholder|21XXXXX/);
    // No island: the page is text (the site's own small menu script is all it runs).
    expect(en).not.toMatch(/<astro-island|react/i);
    // Canonical with the trailing slash, as every static page's, and served at that address too.
    expect(en).toContain('<link rel="canonical" href="https://www.rmcpschool.in/academy/mandatory-disclosure/"');
    expect(await page('/academy/mandatory-disclosure/')).toContain('A. General information');
    const hi = await page('/hi/academy/mandatory-disclosure');
    expect(hi).toContain('अनिवार्य सार्वजनिक प्रकटीकरण');
    expect(hi).toContain('अभी प्रकाशित नहीं');
    expect(hi).toContain(site.contact.hindiName);
  });

  it('refuses office staff every change (403), storing nothing', async () => {
    const uploadId = await stagedFile(office);
    expect(
      (await expectJsonError(await putDocument(office, 'noc', { uploadId, issuedOn: '2024-01-10' }), 403)).code,
    ).toBe('principal-only');
    expect(
      (
        await expectJsonError(
          await office.request('/v1/api/disclosure', {
            method: 'PUT',
            json: { staff: { teachers: '5' }, infrastructure: {}, results: {} },
          }),
          403,
        )
      ).code,
    ).toBe('principal-only');
    expect(
      (await expectJsonError(await office.request('/v1/api/disclosure/documents/noc', { method: 'DELETE' }), 403)).code,
    ).toBe('principal-only');
    expect(
      (await getJson('/v1/api/disclosure')).documents.find((d: { key: string }) => d.key === 'noc'),
    ).toBeUndefined();
  });

  it('refuses dates out of order, a file that is not a PDF, an unknown item and a missing file, storing nothing', async () => {
    const uploadId = await stagedFile(principal);
    const outOfOrder = await expectJsonError(
      await putDocument(principal, 'building-safety', { uploadId, issuedOn: '2025-06-01', validUntil: '2025-05-31' }),
      400,
    );
    expect(Object.keys(outOfOrder.fields)).toEqual(['validUntil']);
    const image = await stagedFile(principal, png(), 'scan.png', 'image/png');
    const wrongType = await expectJsonError(
      await putDocument(principal, 'building-safety', { uploadId: image, issuedOn: '2025-06-01' }),
      400,
    );
    expect(Object.keys(wrongType.fields)).toEqual(['uploadId']);
    await expectJsonError(await putDocument(principal, 'no-such-item', { uploadId, issuedOn: '2025-06-01' }), 404);
    const noFile = await expectJsonError(
      await putDocument(principal, 'building-safety', { issuedOn: '2025-06-01' }),
      400,
    );
    expect(Object.keys(noFile.fields)).toEqual(['uploadId']);
    expect(
      (await getJson('/v1/api/disclosure')).documents.find((d: { key: string }) => d.key === 'building-safety'),
    ).toBeUndefined();
    expect(await auditOf(principal, 'disclosure', 'building-safety')).toEqual([]);
    // The refused upload was not claimed: it can still be used.
    expect(
      (await putDocument(principal, 'building-safety', { uploadId, issuedOn: '2025-06-01', validUntil: '2026-05-31' }))
        .status,
    ).toBe(200);
    expect((await principal.request('/v1/api/disclosure/documents/building-safety', { method: 'DELETE' })).status).toBe(
      200,
    );
  });

  it('publishes a document with its dates on both pages, replaces it, and takes it off again, each step audited before and after', async () => {
    const first = await stagedFile(principal, pdf(), 'fire-noc-2025.pdf');
    const res = await putDocument(principal, 'fire-safety', {
      uploadId: first,
      issuedOn: '2025-04-01',
      validUntil: '2028-03-31',
    });
    expect(res.status).toBe(200);
    const saved = await res.json();
    expect(saved).toMatchObject({
      key: 'fire-safety',
      url: `/v1/files/${first}`,
      name: 'fire-noc-2025.pdf',
      issuedOn: '2025-04-01',
      validUntil: '2028-03-31',
    });
    const file = await anyone.request(saved.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    for (const path of ['/academy/mandatory-disclosure', '/hi/academy/mandatory-disclosure']) {
      const text = await page(path);
      const row = /<li id="doc-fire-safety">[\s\S]*?<\/li>/.exec(text)?.[0] ?? '';
      expect(row).toContain(`href="/v1/files/${first}"`);
      expect(row).toContain('01/04/2025');
      expect(row).toContain('31/03/2028');
    }
    const [created] = await auditOf(principal, 'disclosure', 'fire-safety');
    expect(created).toMatchObject({ action: 'create' });
    expect(JSON.parse(created!.detail)).toMatchObject({
      before: null,
      after: { file: 'fire-noc-2025.pdf', issuedOn: '2025-04-01', validUntil: '2028-03-31' },
    });

    // New dates only: the same file stays.
    expect(
      (await putDocument(principal, 'fire-safety', { issuedOn: '2025-04-01', validUntil: '2029-03-31' })).status,
    ).toBe(200);
    const [moved] = await auditOf(principal, 'disclosure', 'fire-safety');
    expect(JSON.parse(moved!.detail)).toEqual({
      before: { validUntil: '2028-03-31' },
      after: { validUntil: '2029-03-31' },
    });

    // A new file replaces the old one, which is no longer served.
    const second = await stagedFile(principal, pdf(), 'fire-noc-2026.pdf');
    expect(
      (
        await putDocument(principal, 'fire-safety', {
          uploadId: second,
          issuedOn: '2026-04-01',
          validUntil: '2029-03-31',
        })
      ).status,
    ).toBe(200);
    expect((await anyone.request(`/v1/files/${first}`)).status).toBe(404);
    expect(await page('/academy/mandatory-disclosure')).toContain(`/v1/files/${second}`);

    const removed = await principal.request('/v1/api/disclosure/documents/fire-safety', { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await anyone.request(`/v1/files/${second}`)).status).toBe(404);
    const row = /<li id="doc-fire-safety">[\s\S]*?<\/li>/.exec(await page('/academy/mandatory-disclosure'))?.[0];
    expect(row).toContain('Not yet published');
    const [deleted] = await auditOf(principal, 'disclosure', 'fire-safety');
    expect(deleted).toMatchObject({ action: 'delete' });
    expect(JSON.parse(deleted!.detail)).toMatchObject({ before: { file: 'fire-noc-2026.pdf' }, after: null });
  });

  it('saves the typed figures and results (refusing bad ones whole), shown escaped on the page', async () => {
    const before = await getJson('/v1/api/disclosure');
    const bad = await expectJsonError(
      await principal.request('/v1/api/disclosure', {
        method: 'PUT',
        json: {
          staff: { teachers: '52' },
          infrastructure: {},
          results: { xii: [{ year: '2025-26', registered: 10, passed: 11 }] },
        },
      }),
      400,
    );
    expect(Object.keys(bad.fields)).toEqual(['results.xii.0.passed']);
    expect(await getJson('/v1/api/disclosure')).toEqual(before);

    const figures = {
      staff: { teachers: '52', pgt: '14', counsellor: '<script>alert(1)</script> Ms. Rekha Jain' },
      infrastructure: { girlsToilets: '16', inspectionVideo: 'https://www.youtube.com/watch?v=school' },
      results: { x: [{ year: '2025-26', registered: 84, passed: 83, remarks: '' }], xii: [] },
    };
    const res = await principal.request('/v1/api/disclosure', { method: 'PUT', json: figures });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject(figures);
    const text = await page('/academy/mandatory-disclosure');
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Ms. Rekha Jain');
    expect(text).not.toContain('<script>alert(1)</script>');
    expect(text).toMatch(/<th scope="row">2025-26<\/th><td>84<\/td><td>83<\/td><td>98.8%<\/td>/);
    const [entry] = await auditOf(principal, 'disclosure', 'figures');
    expect(JSON.parse(entry!.detail).after.staff).toEqual(figures.staff);
    // Put the figures back as they were, for the other files of the run.
    expect(
      (
        await principal.request('/v1/api/disclosure', {
          method: 'PUT',
          json: { staff: before.staff, infrastructure: before.infrastructure, results: before.results },
        })
      ).status,
    ).toBe(200);
  });
});
