/**
 * The {{title}} request over the API, on a site of this file's own (a database and a blob folder of
 * its own): a family's request stored, the office's list, details, status move and CSV, and the
 * principal's erasure. Written by `npm run new-kind` with the kind; grow it with the kind.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, adminClient } from '../support/api.ts';
import { expectJsonError, token } from '../http/admin-fixtures.ts';
import { useApiSite } from '../support/in-process-site.ts';
import { LANGUAGES } from '../../src/lib/i18n/index.ts';
import { {{camel}}StatusChanged, {{camel}}Submitted } from '../../src/features/{{kebab}}/kind-letters.ts';

useApiSite();

const body = (overrides: Record<string, string> = {}) => ({
  studentName: `Ram ${token()}`,
  parentName: 'Shyam Lal',
  mobile: '9876543210',
  studentClass: '5',
  reason: 'The family farm lost its crop this year.',
  consent: 'true',
  ...overrides,
});

async function create(overrides: Record<string, string> = {}) {
  const client = {{creator}};
  const res = await client.request('/v1/api/{{kebab}}', { method: 'POST', json: body(overrides) });
  expect(res.status).toBe(201);
  return (await res.json()).{{camel}};
}

describe('{{title}} requests', () => {
  it.each(LANGUAGES)('writes its letters in %s: filled, naming the class and the status, nothing typed', (language) => {
    const facts = { studentClass: '5', status: 'under-review' };
    for (const letter of [{{camel}}Submitted(language, facts), {{camel}}StatusChanged(language, facts)]) {
      for (const text of [letter.subject, letter.body, ...Object.values(letter.mobile.values)])
        expect(text).not.toMatch(/[{}]/);
      expect(letter.body).toContain(language === 'hi' ? 'कक्षा V' : 'Class 5');
    }
    expect({{camel}}StatusChanged(language, facts).body).toContain(language === 'hi' ? 'विचाराधीन' : 'under review');
  });

  it('stores a request and refuses bad input with the fields named, storing nothing', async () => {
    const stored = await create();
    expect(stored).toMatchObject({ status: 'new', studentClass: '5', parentName: 'Shyam Lal' });
    const client = {{creator}};
    const bad = await expectJsonError(
      await client.request('/v1/api/{{kebab}}', { method: 'POST', json: body({ mobile: '12', studentName: '' }) }),
      400,
    );
    expect(Object.keys(bad.fields)).toEqual(expect.arrayContaining(['mobile', 'studentName']));
  });

  it("lists, shows, moves and exports them for the office, and keeps them from anyone signed out", async () => {
    const admin = await adminClient();
    const word = token();
    const a = await create({ studentName: `Aarav ${word}` });
    const b = await create({ studentName: `Vivaan ${word}` });

    const list = await admin.request(`/v1/api/{{kebab}}?search=${word}`);
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('2');
    expect((await list.json()).map((r: { _id: string }) => r._id)).toEqual([b._id, a._id]);
    await expectJsonError(await new ApiClient().request('/v1/api/{{kebab}}'), 401);

    const details = await (await admin.request(`/v1/api/{{kebab}}/${a._id}`)).json();
    expect(details).toMatchObject({ _id: a._id, studentName: `Aarav ${word}`, status: 'new' });

    const moved = await admin.request(`/v1/api/{{kebab}}/${a._id}`, {
      method: 'PATCH',
      json: { status: 'under-review' },
    });
    expect(moved.status).toBe(200);
    expect((await moved.json()).status).toBe('under-review');
    const skipped = await admin.request(`/v1/api/{{kebab}}/${b._id}`, { method: 'PATCH', json: { status: 'granted' } });
    await expectJsonError(skipped, 409);
    const granted = await admin.request(`/v1/api/{{kebab}}/${a._id}`, { method: 'PATCH', json: { status: 'granted' } });
    expect((await granted.json()).status).toBe('granted');

    const csv = await admin.request(`/v1/api/{{kebab}}/export.csv?search=${word}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await csv.text();
    expect(text).toContain(`Aarav ${word}`);
    expect(text).toContain(`Vivaan ${word}`);
  });

  it("is erased by the principal: the names and the mobile go, the class and the status stay", async () => {
    const principal = await adminClient();
    const r = await create();
    const erase = await principal.request(`/v1/api/{{kebab}}/${r._id}/erase`, {
      method: 'POST',
      json: { confirm: r._id },
    });
    expect(erase.status).toBe(200);
    const after = await (await principal.request(`/v1/api/{{kebab}}/${r._id}`)).json();
    expect(after.erasedAt).toMatch(/^\d{4}-/);
    expect(after).toMatchObject({ studentClass: '5', status: 'new' });
    expect(after.studentName ?? '').toBe('');
    expect(after.mobile ?? '').toBe('');
  });
});
