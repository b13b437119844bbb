/**
 * What every API answer keeps to, whatever a client sends: JSON for every /v1/api path and method
 * (405 with Allow, 404, HEAD as GET without a body), a 4xx for input Postgres or the parser cannot
 * take (NUL characters, a mangled session cookie, a cut-off multipart body), file names in the
 * parent's language kept as written, and one submission key stored once under concurrency.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, adminClient, baseURL } from '../support/api.ts';
import { expectJsonError, png } from '../http/admin-fixtures.ts';
import { count } from '../http/forms-fixtures.ts';
import { validEnquiry, validTc } from '../unit/forms-cases.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

const url = (path: string) => new URL(path, baseURL());

describe('every /v1/api answer is JSON', () => {
  it.each([
    ['PATCH', '/v1/api/jobs/00000000-0000-4000-8000-000000000000', 'GET, HEAD, PUT, DELETE'],
    ['PUT', '/v1/api/enquiry', 'GET, HEAD, POST'],
    ['DELETE', '/v1/api/uploads', 'POST'],
    ['PATCH', '/v1/api/tc-request/admission-number/ADM-1', 'GET, HEAD'],
    ['OPTIONS', '/v1/api/auth/login', 'POST'],
    ['POST', '/v1/api/admission/receipt', 'GET, HEAD'],
    ['PUT', '/v1/api/tc-request/receipt', 'GET, HEAD'],
  ])('%s %s is a JSON 405 with Allow', async (method, path, allow) => {
    const res = await fetch(url(path), { method });
    await expectJsonError(res, 405, 'Method not allowed');
    expect(res.headers.get('allow')).toBe(allow);
  });

  it.each(['/v1/api/nope', '/v1/api/jobs/a/b/c', '/v1/api/', '/v1/api/admission/x/files/y/z'])(
    'an unknown API path (%s) is a JSON 404',
    async (path) => {
      for (const method of ['GET', 'POST', 'PATCH']) await expectJsonError(await fetch(url(path), { method }), 404);
    },
  );

  it('HEAD is GET without a body', async () => {
    const get = await fetch(url('/v1/api/jobs'));
    const head = await fetch(url('/v1/api/jobs'), { method: 'HEAD' });
    expect([get.status, head.status]).toEqual([200, 200]);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(await head.text()).toBe('');
    const guarded = await fetch(url('/v1/api/enquiry'), { method: 'HEAD' });
    expect(guarded.status).toBe(401);
    expect(await guarded.text()).toBe('');
  });
});

describe('input the database or the parser cannot take is a 400, never a 500', () => {
  const nul = 'Ram\u0000Lal';

  it('a NUL character in a form field, a search box or a path segment', async () => {
    const enquiry = await fetch(url('/v1/api/enquiry'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...validEnquiry(), studentName: nul }),
    });
    expect((await expectJsonError(enquiry, 400)).fields).toEqual({ studentName: expect.any(String) });
    expect(await count('enquiries', 'student_name LIKE $1', ['Ram%Lal'])).toBe(0);
    const tc = await fetch(url('/v1/api/tc-request'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...validTc(), reason: nul }),
    });
    await expectJsonError(tc, 400);
    await expectJsonError(await fetch(url('/v1/api/tc-request/admission-number/ADM%00-1')), 400);
    const login = await fetch(url('/v1/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a\u0000@b.c', password: 'x' }),
    });
    await expectJsonError(login, 400);

    const admin = await adminClient();
    for (const path of [
      '/v1/api/enquiry?search=%00',
      '/v1/api/admission?searchClass=K%00G',
      '/v1/api/tc-request?admissionNumber=A%00',
      '/v1/api/audit?entityId=%00',
    ]) {
      await expectJsonError(await admin.request(path), 400);
    }
    const form = new FormData();
    form.append('title', nul);
    form.append('description', 'y');
    form.append('image', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'a.png');
    await expectJsonError(await admin.request('/v1/api/gallery', { method: 'POST', body: form }), 400);
  });

  it('a session cookie that is not valid percent-encoding is no session: 401', async () => {
    for (const path of ['/v1/api/auth', '/v1/api/enquiry', '/v1/api/audit']) {
      await expectJsonError(await fetch(url(path), { headers: { cookie: 'session=%' } }), 401);
      await expectJsonError(await fetch(url(path), { headers: { cookie: 'session=%E0%A4; XSRF-TOKEN=%zz' } }), 401);
    }
    const logout = await fetch(url('/v1/api/auth/logout'), { method: 'POST', headers: { cookie: 'session=%' } });
    expect(logout.status).toBe(200);
  });

  it('a JSON body nested thousands of levels deep', async () => {
    const deep = `{"studentName":"Deep","x":${'['.repeat(16_000)}${']'.repeat(16_000)}}`;
    expect(deep.length).toBeLessThan(32 * 1024);
    const res = await fetch(url('/v1/api/enquiry'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: deep,
    });
    await expectJsonError(res, 400);
  });

  it('a lone surrogate, which would be stored as U+FFFD rather than as sent', async () => {
    const name = `Lone${crypto.randomUUID().slice(0, 8)}`;
    // JSON.stringify writes a lone surrogate as its \u escape, as a client's JSON may.
    const res = await fetch(url('/v1/api/enquiry'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...validEnquiry(), studentName: `${name} \ud800` }),
    });
    expect((await expectJsonError(res, 400)).fields).toEqual({ studentName: expect.any(String) });
    expect(await count('enquiries', 'student_name LIKE $1', [`${name}%`])).toBe(0);
  });

  it('a sign-in with an e-mail longer than any address is a wrong sign-in: 401', async () => {
    // Random letters, so the database cannot compress the counted key below its index's size limit.
    const email = `${Array.from({ length: 3000 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('')}@school.test`;
    const res = await fetch(url('/v1/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'a wrong password' }),
    });
    await expectJsonError(res, 401);
  });

  it('a query parameter named like a member of every object (constructor, __proto__, toString) is just a parameter', async () => {
    for (const query of ['constructor=1', '__proto__=1', 'toString=1&toString=2', 'hasOwnProperty=x&page=1']) {
      const res = await fetch(url(`/v1/api/jobs?${query}`));
      expect(res.status, query).toBe(200);
      expect(Array.isArray(await res.json())).toBe(true);
    }
  });

  it('a multipart body cut off in the middle of a file', async () => {
    const boundary = '----cut';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n0000`;
    const admin = await adminClient();
    for (const [path, client] of [
      ['/v1/api/uploads', new ApiClient()],
      ['/v1/api/admission', new ApiClient()],
      ['/v1/api/gallery', admin],
    ] as const) {
      const res = await client.request(path, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
      });
      await expectJsonError(res, 400);
    }
  });
});

describe('JSON bodies', () => {
  it('are taken only when declared as JSON: a cross-site form (text/plain) can neither sign in nor submit', async () => {
    const studentName = `Plain ${Date.now().toString(36).replace(/\d/g, '')}`;
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', '']) {
      const enquiry = await fetch(url('/v1/api/enquiry'), {
        method: 'POST',
        headers: type ? { 'content-type': type } : {},
        body: JSON.stringify({ ...validEnquiry(), studentName }),
      });
      await expectJsonError(enquiry, 415);
      const login = await fetch(url('/v1/api/auth/login'), {
        method: 'POST',
        headers: type ? { 'content-type': type } : {},
        body: JSON.stringify({ email: 'a@b.c', password: 'x' }),
      });
      await expectJsonError(login, 415);
      expect(login.headers.getSetCookie()).toEqual([]);
    }
    expect(await count('enquiries', 'student_name = $1', [studentName])).toBe(0);
    const json = await fetch(url('/v1/api/enquiry'), {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ ...validEnquiry(), studentName }),
    });
    expect(json.status).toBe(201);
  });
});

describe('file names in the parent language', () => {
  it('a Hindi file name is stored and served as written', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'पिता.png');
    const res = await fetch(url('/v1/api/uploads'), { method: 'POST', body: form });
    expect(res.status).toBe(201);
    const upload = await res.json();
    expect(upload.name).toBe('पिता.png');
    expect(await count('uploads', 'id = $1 AND name = $2', [upload.id, 'पिता.png'])).toBe(1);
  });
});

describe('one submission key, many concurrent sends', () => {
  it('TC requests sharing a key store one request: the sends of its details get its answer, the others 409', async () => {
    const key = crypto.randomUUID();
    const number = `KEY-${Date.now()}`;
    const sends = Array.from({ length: 24 }, (_, i) =>
      fetch(url('/v1/api/tc-request'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // Half send the same body; half a different admission number under the same key (a client reusing its key).
        body: JSON.stringify({ ...validTc(), admissionNumber: i % 2 ? number : `${number}-${i}`, submissionKey: key }),
      }),
    );
    const answers = await Promise.all(sends);
    const bodies = await Promise.all(answers.map((r) => r.json()));
    const created = bodies.filter((_, i) => answers[i]!.status === 201);
    expect(new Set(created.map((b) => b._id)).size).toBe(1);
    expect(await count('tc_requests', 'submission_key = $1', [key])).toBe(1);
    // Whichever details were stored first, every send of them got its answer and every other a 409.
    const stored = created[0]!.admissionNumber as string;
    answers.forEach((r, i) => {
      const same = (i % 2 ? number : `${number}-${i}`) === stored;
      expect([i, r.status]).toEqual([i, same ? 201 : 409]);
      if (!same) expect(bodies[i]).toMatchObject({ code: 'request.keyReused' });
    });
  });
});
