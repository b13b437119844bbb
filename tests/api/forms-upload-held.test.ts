/**
 * POST /v1/api/uploads/held: after a reload the form asks which of its staged uploads the server
 * still holds, and sends the others again from the copy kept on the phone. An id is held while it
 * is staged, unclaimed and at least 2 hours from the 24-hour cleanup; the answer names only ids the
 * caller sent (nothing personal); bad bodies are 400 JSON; the check is limited per address like
 * uploads (60 an hour; the file's site raises only the uploads' own limit, as the shared runtime does).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { requestFrom, type Json } from '../support/api.ts';
import { limits } from '../../src/config/limits.ts';
import { FILE, validAdmission } from '../unit/forms-cases.ts';
import { PDF, PNG, closeDb, db, stage, unique } from '../http/forms-fixtures.ts';
import { site } from '../support/site.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

afterAll(closeDb);

const base = () => site('baseURL');
/** A loopback address of this file's own (127.0.79.1, ...), so its limit counts only this file's calls. */
let lastAddress = 0;
const freshAddress = () => `127.0.79.${++lastAddress}`;

async function held(
  ids: unknown,
  from = freshAddress(),
): Promise<{ status: number; json: Json; headers: Record<string, unknown> }> {
  const res = await requestFrom(base(), from, 'POST', '/v1/api/uploads/held', ids === undefined ? {} : { ids });
  return { status: res.status, json: JSON.parse(res.body), headers: res.headers };
}

describe('POST /v1/api/uploads/held', () => {
  it('names the staged uploads still held, in the order asked, and nothing else', async () => {
    const a = await stage(unique(PNG), 'a.png');
    const b = await stage(unique(PDF), 'b.pdf');
    const unknown = randomUUID();
    const answer = await held([b, unknown, 'not-an-id', a.toUpperCase()]);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ held: [b, a.toUpperCase()] });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('does not hold an upload an application claimed, nor one within 2 hours of the cleanup', async () => {
    const input = validAdmission('pre-primary');
    for (const [k, v] of Object.entries(input)) if (v === FILE) input[k] = await stage(unique(PDF), `${k}.pdf`);
    const form = new FormData();
    for (const [k, v] of Object.entries(input)) form.append(k, v);
    const claimed = input.studentPhoto!;
    expect((await held([claimed])).json).toEqual({ held: [claimed] });
    const res = await fetch(new URL('/v1/api/admission', base()), { method: 'POST', body: form });
    expect(res.status).toBe(201);
    expect((await held([claimed])).json).toEqual({ held: [] });

    const ageing = await stage(unique(PNG), 'ageing.png');
    await db().query(`UPDATE uploads SET created_at = now() - interval '21 hours 50 minutes' WHERE id = $1`, [ageing]);
    expect((await held([ageing])).json).toEqual({ held: [ageing] });
    await db().query(`UPDATE uploads SET created_at = now() - interval '22 hours 10 minutes' WHERE id = $1`, [ageing]);
    expect((await held([ageing])).json).toEqual({ held: [] });
  });

  it('refuses a body that is not 1 to 20 ids with 400 JSON, and other methods with 405', async () => {
    for (const ids of [undefined, [], 'x', [1], Array.from({ length: 21 }, () => randomUUID())]) {
      const answer = await held(ids);
      expect(answer.status, JSON.stringify(ids)).toBe(400);
      expect(answer.json).toEqual({
        error: 'Expected { "ids": [...] } with 1 to 20 upload ids',
        code: 'request.uploadIds',
        fields: { ids: expect.any(String) },
        codes: { ids: 'request.uploadIds' },
      });
    }
    const get = await fetch(new URL('/v1/api/uploads/held', base()));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('is limited to its checks an hour from one address', async () => {
    const max = limits.uploadChecksPerAddress.max;
    const from = freshAddress();
    const id = randomUUID();
    const statuses: number[] = [];
    for (let i = 0; i < max + 1; i += 6) {
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(6, max + 1 - i) }, () => held([id], from).then((a) => a.status)),
        )),
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(max);
    const refused = await held([id], from);
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('request.tooManyRequests');
    // Another address is not affected.
    expect((await held([id])).status).toBe(200);
  }, 120_000);
});
