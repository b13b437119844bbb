/**
 * An image too small to read from (shorter side under 200 px, e.g. an 8 x 8 px "ABC
 * card") is refused by its content, as a staged upload, as a file sent with the admission itself
 * and as a gallery photo: a 422 JSON answer in the forms' shape, and nothing stored. The size is
 * read from the bytes, whatever the name and type say.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, type ApiClient } from '../support/api.ts';
import { FORM_TEXTS } from '../../src/lib/forms/texts.ts';
import { HI } from '../../src/lib/i18n/hi.ts';
import { blobsWithContent, fileOf, token } from '../http/admin-fixtures.ts';
import { PDF, closeDb, count, stage, storedCopies, unique, upload } from '../http/forms-fixtures.ts';
import { FILE, validAdmission } from '../unit/forms-cases.ts';
import { site } from '../support/site.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

const TOO_SMALL = { error: FORM_TEXTS.imageTooSmall, code: 'form.imageTooSmall' };

/** A real image of `width` x `height` (its own bytes each call). */
async function image(format: 'png' | 'jpeg', width: number, height: number): Promise<Buffer> {
  const made = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 110, b: 150 } } });
  return unique(await (format === 'png' ? made.png() : made.jpeg()).toBuffer());
}

let tiny: { label: string; bytes: Buffer; name: string; type: string }[];
let admin: ApiClient;
beforeAll(async () => {
  admin = await adminClient();
  tiny = [
    { label: 'an 8 x 8 PNG', bytes: await image('png', 8, 8), name: 'abc-card.png', type: 'image/png' },
    { label: 'an 8 x 8 JPEG', bytes: await image('jpeg', 8, 8), name: 'abc-card.jpg', type: 'image/jpeg' },
    { label: 'a 150 x 900 JPEG', bytes: await image('jpeg', 150, 900), name: 'strip.jpg', type: 'image/jpeg' },
    {
      label: 'a 900 x 199 PNG named .pdf',
      bytes: await image('png', 900, 199),
      name: 'scan.pdf',
      type: 'application/pdf',
    },
  ];
}, 60_000);
afterAll(closeDb);

describe('an image under 200 px on its shorter side', () => {
  it('has its message in Hindi too', () => {
    expect(HI['form.imageTooSmall']).toMatch(/200 पिक्सेल/);
  });

  it('is refused as an upload (422, the form message and code, nothing stored)', async () => {
    for (const file of tiny) {
      const res = await upload(file.bytes, file.name, file.type);
      expect(res.status, file.label).toBe(422);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json(), file.label).toEqual({
        ...TOO_SMALL,
        fields: { file: FORM_TEXTS.imageTooSmall },
        codes: { file: 'form.imageTooSmall' },
      });
      expect(await storedCopies([file.bytes]), file.label).toBe(0);
    }
  });

  it('is accepted from 200 x 200 px', async () => {
    for (const format of ['png', 'jpeg'] as const) {
      const bytes = await image(format, 200, 200);
      const res = await upload(bytes, `ok.${format}`);
      expect(res.status, format).toBe(201);
    }
  });

  it('is refused when sent as a file part of the admission itself: no application, no document stored', async () => {
    const input = validAdmission('pre-primary');
    const form = new FormData();
    const name = `Tiny${Date.now().toString(36).replace(/\d/g, '')}`;
    for (const [k, v] of Object.entries({ ...input, studentFirstName: name })) {
      if (k === 'abcCard') continue;
      form.append(k, v === FILE ? await stage(unique(PDF), `${k}.pdf`) : v);
    }
    const card = tiny[0]!;
    form.append('abcCard', fileOf(card.bytes, card.type), card.name);
    const res = await fetch(new URL('/v1/api/admission', site('baseURL')), { method: 'POST', body: form });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body).toMatchObject({
      ...TOO_SMALL,
      fields: { abcCard: FORM_TEXTS.imageTooSmall },
      codes: { abcCard: 'form.imageTooSmall' },
    });
    expect(await count('admissions', 'student_first_name = $1', [name])).toBe(0);
    expect(await storedCopies([card.bytes])).toBe(0);
  });

  it('is refused as a gallery photo, on create and on edit (422, nothing stored, nothing changed)', async () => {
    // A title of this test's own: other files add and delete gallery items on the same runtime meanwhile.
    const title = `Sports day ${token('')}`;
    for (const file of tiny.slice(0, 3)) {
      const form = new FormData();
      form.append('title', title);
      form.append('description', 'Races');
      form.append('image', fileOf(file.bytes, file.type), file.name);
      const res = await admin.request('/v1/api/gallery', { method: 'POST', body: form });
      expect(res.status, file.label).toBe(422);
      expect(await res.json()).toEqual({
        ...TOO_SMALL,
        fields: { image: FORM_TEXTS.imageTooSmall },
        codes: { image: 'form.imageTooSmall' },
      });
      expect(await blobsWithContent(file.bytes), file.label).toBe(0);
    }
    expect(
      ((await (await admin.request('/v1/api/gallery')).json()) as { title: string }[]).filter(
        (item) => item.title === title,
      ),
    ).toEqual([]);

    const good = await image('jpeg', 640, 480);
    const create = new FormData();
    create.append('title', 'Keep');
    create.append('description', 'Me');
    create.append('image', fileOf(good, 'image/jpeg'), 'keep.jpg');
    const item = await (await admin.request('/v1/api/gallery', { method: 'POST', body: create })).json();
    const edit = new FormData();
    edit.append('title', 'Changed');
    edit.append('description', 'Me');
    edit.append('image', fileOf(tiny[2]!.bytes, 'image/jpeg'), 'strip.jpg');
    expect((await admin.request(`/v1/api/gallery/${item._id}`, { method: 'PUT', body: edit })).status).toBe(422);
    expect(await (await admin.request(`/v1/api/gallery/${item._id}`)).json()).toEqual(item);
    expect(await blobsWithContent(tiny[2]!.bytes)).toBe(0);
    expect((await admin.request(`/v1/api/gallery/${item._id}`, { method: 'DELETE' })).status).toBe(200);
  });
});
