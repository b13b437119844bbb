import { describe, expect, it } from 'vitest';
import { ApiClient, adminClient } from '../support/api.ts';
import {
  HTML,
  ISO_RE,
  SVG,
  auditOf,
  blobsWithContent,
  expectJsonError,
  fileOf,
  jpeg,
  png,
  randomUuid,
} from '../http/admin-fixtures.ts';
import { GALLERY_MAX_BYTES } from '../../src/features/gallery/gallery.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

function galleryForm(fields: {
  title?: string;
  description?: string;
  image?: { bytes: Buffer; type: string; name: string };
}): FormData {
  const form = new FormData();
  if (fields.title !== undefined) form.append('title', fields.title);
  if (fields.description !== undefined) form.append('description', fields.description);
  if (fields.image) form.append('image', fileOf(fields.image.bytes, fields.image.type), fields.image.name);
  return form;
}

const pngFile = (bytes = png()) => ({ bytes, type: 'image/png', name: 'sports-day.png' });

describe('gallery API', () => {
  it('creates an item with an image, serves the image publicly with its real type and a long cache, lists it first', async () => {
    const admin = await adminClient();
    const image = pngFile();
    const res = await admin.request('/v1/api/gallery', {
      method: 'POST',
      body: galleryForm({ title: '  Sports Day  ', description: 'Races on the school ground.', image }),
    });
    expect(res.status).toBe(201);
    const item = await res.json();
    expect(Object.keys(item).sort()).toEqual(['_id', 'createdAt', 'description', 'image', 'title', 'updatedAt']);
    expect(item.title).toBe('Sports Day');
    expect(item.createdAt).toMatch(ISO_RE);
    expect(item.image).toMatch(/^\/uploads\/gallery\/[0-9a-f]{32}\.png$/);

    const visitor = new ApiClient();
    const served = await visitor.request(`/v1${item.image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(image.bytes)).toBe(true);

    const list = await (await visitor.request('/v1/api/gallery')).json();
    expect(Array.isArray(list)).toBe(true);
    expect(list[0]).toEqual(item);
    expect(await (await visitor.request(`/v1/api/gallery/${item._id}`)).json()).toEqual(item);

    // A JPEG sent as "image/png" named .png is stored and served as what its bytes are.
    const disguised = await admin.request('/v1/api/gallery', {
      method: 'POST',
      body: galleryForm({
        title: 'Annual function',
        description: 'Stage',
        image: { bytes: jpeg(), type: 'image/png', name: 'x.png' },
      }),
    });
    expect(disguised.status).toBe(201);
    const jpegItem = await disguised.json();
    expect(jpegItem.image).toMatch(/\.jpg$/);
    expect((await visitor.request(`/v1${jpegItem.image}`)).headers.get('content-type')).toBe('image/jpeg');
    const newest = await (await visitor.request('/v1/api/gallery')).json();
    expect(newest[0]._id).toBe(jpegItem._id);

    for (const it of [item, jpegItem])
      expect((await admin.request(`/v1/api/gallery/${it._id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('replacing the image stores it under a new key and deletes the old blob; editing text keeps the image', async () => {
    const admin = await adminClient();
    const oldImage = pngFile();
    const item = await (
      await admin.request('/v1/api/gallery', {
        method: 'POST',
        body: galleryForm({ title: 'Library', description: 'Reading hour', image: oldImage }),
      })
    ).json();
    expect(await blobsWithContent(oldImage.bytes)).toBe(1);

    const textOnly = await admin.request(`/v1/api/gallery/${item._id}`, {
      method: 'PUT',
      body: galleryForm({ title: 'Library week', description: 'Reading hour' }),
    });
    expect(textOnly.status).toBe(200);
    const renamed = await textOnly.json();
    expect(renamed).toMatchObject({ _id: item._id, title: 'Library week', image: item.image });

    const newImage = pngFile();
    const replaced = await admin.request(`/v1/api/gallery/${item._id}`, {
      method: 'PUT',
      body: galleryForm({ title: 'Library week', description: 'Reading hour', image: newImage }),
    });
    expect(replaced.status).toBe(200);
    const updated = await replaced.json();
    expect(updated.image).not.toBe(item.image);
    expect((await new ApiClient().request(`/v1${item.image}`)).status).toBe(404);
    expect((await new ApiClient().request(`/v1${updated.image}`)).status).toBe(200);
    expect(await blobsWithContent(oldImage.bytes)).toBe(0);
    expect(await blobsWithContent(newImage.bytes)).toBe(1);

    const del = await admin.request(`/v1/api/gallery/${item._id}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect((await new ApiClient().request(`/v1${updated.image}`)).status).toBe(404);
    expect(await blobsWithContent(newImage.bytes)).toBe(0);
    await expectJsonError(await new ApiClient().request(`/v1/api/gallery/${item._id}`), 404);

    const audit = await auditOf(admin, 'gallery', item._id);
    expect(audit.map((e) => e.action)).toEqual(['delete', 'update', 'update', 'create']);
  });

  it('refuses missing fields, a missing image, SVG, HTML and an oversized image, storing nothing', async () => {
    const admin = await adminClient();
    const before = (await (await admin.request('/v1/api/gallery')).json()).length;
    const good = pngFile();
    await expectJsonError(
      await admin.request('/v1/api/gallery', {
        method: 'POST',
        body: galleryForm({ title: 'x', description: '', image: good }),
      }),
      400,
      'Please fill in all required fields.',
    );
    const noImage = await expectJsonError(
      await admin.request('/v1/api/gallery', { method: 'POST', body: galleryForm({ title: 'x', description: 'y' }) }),
      400,
      'Please upload an image',
    );
    expect(noImage.fields).toEqual({ image: 'Please upload an image' });
    for (const [bytes, name, type] of [
      [SVG, 'a.svg', 'image/svg+xml'],
      [HTML, 'a.png', 'image/png'],
      [Buffer.from('GIF87a'), 'tiny.gif', 'image/gif'],
    ] as const) {
      const refused = await expectJsonError(
        await admin.request('/v1/api/gallery', {
          method: 'POST',
          body: galleryForm({ title: 'x', description: 'y', image: { bytes, type, name } }),
        }),
        415,
      );
      expect(refused.fields).toHaveProperty('image');
      expect(await blobsWithContent(bytes)).toBe(0);
    }
    const big = Buffer.concat([png(), Buffer.alloc(GALLERY_MAX_BYTES + 1)]);
    await expectJsonError(
      await admin.request('/v1/api/gallery', {
        method: 'POST',
        body: galleryForm({ title: 'x', description: 'y', image: { bytes: big, type: 'image/png', name: 'big.png' } }),
      }),
      413,
      'File size must be under 6MB',
    );
    await expectJsonError(
      await admin.request('/v1/api/gallery', { method: 'POST', json: { title: 'x', description: 'y' } }),
      415,
    );
    expect(await blobsWithContent(good.bytes)).toBe(0);
    expect((await (await admin.request('/v1/api/gallery')).json()).length).toBe(before);

    // An edit with a refused image changes nothing.
    const item = await (
      await admin.request('/v1/api/gallery', {
        method: 'POST',
        body: galleryForm({ title: 'Keep', description: 'Me', image: good }),
      })
    ).json();
    await expectJsonError(
      await admin.request(`/v1/api/gallery/${item._id}`, {
        method: 'PUT',
        body: galleryForm({
          title: 'Changed',
          description: 'y',
          image: { bytes: SVG, type: 'image/svg+xml', name: 'a.svg' },
        }),
      }),
      415,
    );
    expect(await (await admin.request(`/v1/api/gallery/${item._id}`)).json()).toEqual(item);
    await admin.request(`/v1/api/gallery/${item._id}`, { method: 'DELETE' });
  });

  it('answers 404 JSON for unknown and malformed ids and image keys, before storing anything', async () => {
    const admin = await adminClient();
    const image = pngFile();
    for (const id of [randomUuid(), 'nope']) {
      await expectJsonError(await new ApiClient().request(`/v1/api/gallery/${id}`), 404);
      await expectJsonError(
        await admin.request(`/v1/api/gallery/${id}`, {
          method: 'PUT',
          body: galleryForm({ title: 'a', description: 'b', image }),
        }),
        404,
      );
      await expectJsonError(await admin.request(`/v1/api/gallery/${id}`, { method: 'DELETE' }), 404);
    }
    expect(await blobsWithContent(image.bytes)).toBe(0);
    for (const key of ['0123456789abcdef0123456789abcdef.png', 'evil.svg', '..%2F..%2Fsecret']) {
      const res = await new ApiClient().request(`/v1/uploads/gallery/${key}`);
      expect(res.status).toBe(404);
    }
  });

  it('keeps writes for the admin', async () => {
    const form = () => galleryForm({ title: 'a', description: 'b', image: pngFile() });
    expect((await new ApiClient().request('/v1/api/gallery', { method: 'POST', body: form() })).status).toBe(401);
    const admin = await adminClient();
    expect((await admin.request('/v1/api/gallery', { method: 'POST', body: form(), xsrf: false })).status).toBe(403);
  });
});
