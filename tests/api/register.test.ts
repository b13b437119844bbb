/**
 * The register over the API: a pupil added by hand and refused bad input (nothing stored), the list
 * and its filters, PATCH audited with before and after (the admission number the principal's,
 * Aadhaar sealed when typed anew, leaving with its date and reason), the number series' roles and
 * checks, promotion with its exceptions in one step, and the class list PDF read back with poppler.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, staffClient } from '../support/api.ts';
import { aadhaar, auditOf, expectJsonError, token } from '../http/admin-fixtures.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

let principal: ApiClient;
let office: ApiClient;

beforeAll(async () => {
  principal = await adminClient();
  office = (await staffClient('office')).client;
});

const add = (client: ApiClient, json: Record<string, unknown>) =>
  client.request('/v1/api/register', { method: 'POST', json });
const patch = (client: ApiClient, id: string, json: Record<string, unknown>) =>
  client.request(`/v1/api/register/${id}`, { method: 'PATCH', json });

async function pupil(overrides: Record<string, unknown> = {}) {
  const res = await add(office, {
    firstName: `Aarav ${token()}`,
    fatherName: 'Suresh Kumar',
    class: '5',
    ...overrides,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

async function count(search: string): Promise<number> {
  return (await (await office.request(`/v1/api/register?search=${encodeURIComponent(search)}`)).json()).totalPupils;
}

describe('the register', () => {
  it('adds a pupil by hand and refuses bad input with the fields named, storing nothing', async () => {
    const word = token();
    const p = await pupil({
      firstName: `Riya ${word}`,
      dateOfBirth: '2016-04-02',
      section: 'b',
      mobile: '98765 43210',
    });
    expect(p).toMatchObject({
      class: '5',
      classOnAdmission: '5',
      section: 'B',
      status: 'studying',
      mobile: '9876543210',
    });
    expect(p.admissionNumber).toMatch(/\S/);
    for (const [body, field] of [
      [{ fatherName: 'X', class: '5' }, 'firstName'],
      [{ firstName: 'Ram', class: '13' }, 'class'],
      [{ firstName: 'Ram2', class: '5' }, 'firstName'],
      [{ firstName: 'Ram', class: '5', dateOfBirth: '2016-02-30' }, 'dateOfBirth'],
      [{ firstName: 'Ram', class: '5', aadhaar: '123412341234' }, 'aadhaar'],
      [{ firstName: 'Ram', class: '5', session: '2026-28' }, 'session'],
      [{ firstName: 'Ram', class: '5', mobile: '12' }, 'mobile'],
    ] as const) {
      const bad = await expectJsonError(await add(office, { ...body, fatherName: word }), 400);
      expect(Object.keys(bad.fields), JSON.stringify(body)).toContain(field);
    }
    const taken = await expectJsonError(
      await add(office, { firstName: 'Ram', class: '5', admissionNumber: p.admissionNumber.toLowerCase() }),
      409,
    );
    expect(Object.keys(taken.fields)).toEqual(['admissionNumber']);
    expect(await count(word)).toBe(1);
    await expectJsonError(await new ApiClient().request('/v1/api/register'), 401);
    await expectJsonError(await office.request(`/v1/api/register/${crypto.randomUUID()}`), 404);
  });

  it('lists by name, admission number, class, section and status', async () => {
    const word = token();
    const a = await pupil({ firstName: `Kabir ${word}`, class: '7', section: 'A' });
    await pupil({ firstName: `Meera ${word}`, class: '7', section: 'B' });
    const list = async (q: string) =>
      (await (await office.request(`/v1/api/register?${q}`)).json()).data.map((p: { _id: string }) => p._id);
    expect(await list(`search=${word}`)).toHaveLength(2);
    expect(await list(`search=${word}&section=a`)).toEqual([a._id]);
    expect(await list(`search=${encodeURIComponent(a.admissionNumber)}`)).toContain(a._id);
    expect(await list(`search=${word}&status=left`)).toEqual([]);
    const page = await (await office.request(`/v1/api/register?search=${word}&class=7&limit=1`)).json();
    expect(page).toMatchObject({ totalPupils: 2, currentPage: 1, totalPages: 2 });
  });

  it('edits a pupil, audited with before and after; the number is the principal’s; Aadhaar is sealed when typed anew', async () => {
    const p = await pupil();
    const number = aadhaar();
    const edited = await patch(office, p._id, { nameHi: 'आरव', section: 'c', aadhaar: number });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const after = await edited.json();
    expect(after).toMatchObject({ nameHi: 'आरव', section: 'C', aadhaar: `XXXX XXXX ${number.slice(-4)}` });
    // The masked value sent back keeps the number.
    expect((await (await patch(office, p._id, { aadhaar: after.aadhaar, motherName: 'Sunita' })).json()).aadhaar).toBe(
      after.aadhaar,
    );
    // Newest first: the last update entry is the first edit's.
    const entry = (await auditOf(principal, 'register', p._id)).filter((e) => e.action === 'update').at(-1)!;
    const detail = JSON.parse(entry.detail);
    expect(detail.before).toMatchObject({ nameHi: '', section: '', aadhaar: '' });
    expect(detail.after).toMatchObject({ nameHi: 'आरव', section: 'C' });
    // The office reads the same history on the pupil's answer (without the addresses of the log).
    const changes = (await (await office.request(`/v1/api/register/${p._id}`)).json()).changes;
    expect(changes.map((c: { _id: string }) => c._id)).toContain(entry._id);
    expect(changes.every((c: { ip: unknown }) => c.ip === null)).toBe(true);

    const office403 = await expectJsonError(await patch(office, p._id, { admissionNumber: `X-${token()}` }), 403);
    expect(office403.code).toBe('principal-only');
    const other = await pupil();
    await expectJsonError(await patch(principal, p._id, { admissionNumber: other.admissionNumber }), 409);
    const renumbered = `OLD/${Date.now() % 100000}`;
    expect(
      (await (await patch(principal, p._id, { admissionNumber: renumbered.toLowerCase() })).json()).admissionNumber,
    ).toBe(renumbered);
    // Bad input changes nothing.
    await expectJsonError(await patch(office, p._id, { firstName: '', section: 'D' }), 400);
    expect((await (await office.request(`/v1/api/register/${p._id}`)).json()).section).toBe('C');
  });

  it('records a leaving only with its date and reason; only the principal puts a pupil back', async () => {
    const p = await pupil();
    const bad = await expectJsonError(await patch(office, p._id, { status: 'left' }), 400);
    expect(Object.keys(bad.fields).sort()).toEqual(['leavingReason', 'leftOn']);
    const left = await patch(office, p._id, {
      status: 'left',
      leftOn: '2026-03-31',
      leavingReason: 'Family moved to Agra',
    });
    expect(await left.json()).toMatchObject({
      status: 'left',
      leftOn: '2026-03-31',
      leavingReason: 'Family moved to Agra',
    });
    expect((await expectJsonError(await patch(office, p._id, { status: 'studying' }), 403)).code).toBe(
      'principal-only',
    );
    expect(await (await patch(principal, p._id, { status: 'studying' })).json()).toMatchObject({
      status: 'studying',
      leftOn: null,
    });
  });

  it('keeps the series the principal’s and refuses bad values, storing nothing', async () => {
    const before = await (await office.request('/v1/api/register/series')).json();
    expect(
      (
        await expectJsonError(
          await office.request('/v1/api/register/series', { method: 'PUT', json: { tc: { nextNumber: 9 } } }),
          403,
        )
      ).code,
    ).toBe('principal-only');
    for (const json of [
      {},
      { admission: { nextNumber: 0 } },
      { admission: { width: 9 } },
      { tc: { prefix: 'A<' } },
      { admission: 'x' },
    ])
      await expectJsonError(await principal.request('/v1/api/register/series', { method: 'PUT', json }), 400);
    expect(await (await office.request('/v1/api/register/series')).json()).toEqual(before);
    const set = await principal.request('/v1/api/register/series', {
      method: 'PUT',
      json: { tc: { prefix: 'tc/', nextNumber: 77, width: 3 } },
    });
    expect((await set.json()).tc).toEqual({ prefix: 'TC/', nextNumber: 77, width: 3 });
  });

  it('promotes a class in one step, with those who stay and those who leave', async () => {
    const word = token();
    const [a, b, c, d] = await Promise.all(
      ['Aditi', 'Bhavya', 'Chirag', 'Dev'].map((n) => pupil({ firstName: `${n} ${word}`, class: '9', section: 'Z' })),
    );
    const other = await pupil({ firstName: `Esha ${word}`, class: '9', section: 'Y' });
    const body = {
      fromClass: '9',
      fromSection: 'Z',
      toClass: '10',
      session: '2027-28',
      except: [
        { id: b._id, action: 'stay' },
        { id: c._id, action: 'leave', leftOn: '2026-03-31', reason: 'TC taken' },
      ],
    };
    // Refused whole: an exception of another class, a leaving without its reason.
    await expectJsonError(
      await office.request('/v1/api/register/promote', {
        method: 'POST',
        json: { ...body, except: [{ id: other._id, action: 'stay' }] },
      }),
      400,
    );
    await expectJsonError(
      await office.request('/v1/api/register/promote', {
        method: 'POST',
        json: { ...body, except: [{ id: c._id, action: 'leave', leftOn: '2026-03-31' }] },
      }),
      400,
    );
    expect((await (await office.request(`/v1/api/register/${a._id}`)).json()).class).toBe('9');
    const done = await office.request('/v1/api/register/promote', { method: 'POST', json: body });
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await done.json()).toEqual({ promoted: 2, stayed: 1, left: 1 });
    const now = async (id: string) => (await office.request(`/v1/api/register/${id}`)).json();
    expect(await now(a._id)).toMatchObject({ class: '10', section: 'Z', session: '2027-28', status: 'studying' });
    expect(await now(d._id)).toMatchObject({ class: '10', session: '2027-28' });
    expect(await now(b._id)).toMatchObject({ class: '9', session: '2027-28', status: 'studying' });
    expect(await now(c._id)).toMatchObject({
      class: '9',
      status: 'left',
      leftOn: '2026-03-31',
      leavingReason: 'TC taken',
    });
    expect(await now(other._id)).toMatchObject({ class: '9', section: 'Y' });
    // No pupil studying in the class and section: nothing to promote.
    await expectJsonError(
      await office.request('/v1/api/register/promote', {
        method: 'POST',
        json: { ...body, fromSection: 'X', except: [] },
      }),
      409,
    );
  });

  it('prints a class list: roll numbers by name, the Hindi name where typed, headings in the language asked', async () => {
    const run = promisify(execFile);
    const section = `Q${Date.now() % 1000}`;
    const zara = await pupil({
      firstName: 'Zara',
      lastName: 'Khan',
      class: '3',
      section,
      fatherName: 'Imran Khan',
      dateOfBirth: '2018-07-09',
    });
    await patch(office, zara._id, { nameHi: 'ज़ारा ख़ान' });
    const anya = await pupil({ firstName: 'Anya', lastName: 'Singh', class: '3', section, fatherName: 'Vikram Singh' });
    const dir = await mkdtemp(join(tmpdir(), 'class-list-'));
    try {
      const text = async (lang: string) => {
        const res = await office.request(`/v1/api/register/class-list?class=3&section=${section}&lang=${lang}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/pdf');
        const file = join(dir, `${lang}.pdf`);
        await writeFile(file, Buffer.from(await res.arrayBuffer()));
        return (await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'])).stdout;
      };
      const en = await text('en');
      expect(en).toContain('Class list');
      expect(en).toMatch(/1\s+\S+\s+Anya Singh\s+Anya Singh\s+Vikram Singh/);
      expect(en).toContain(anya.admissionNumber);
      expect(en).toMatch(/2\s+\S+\s+Zara Khan/);
      expect(en).toContain('09/07/2018');
      const hi = await text('hi');
      expect(hi).toContain('कक्षा सूची');
      expect(hi).toContain('पिता का नाम');
      expect(hi).toContain('ज़ारा');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    await expectJsonError(await office.request('/v1/api/register/class-list?class=13'), 400);
    await expectJsonError(await office.request('/v1/api/register/class-list?class=3&lang=fr'), 400);
  });
});
