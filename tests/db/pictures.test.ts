/**
 * The picture store (src/features/pictures/) and the gallery's sample photos, in process: an upload
 * is checked by its bytes (type, size, pixels), stored with its row and audit entry or not at all,
 * served publicly as immutable bytes; a phone's 4000 x 3000 camera file is refused and its copy as
 * the admin page redraws it (2560 px, no EXIF) is stored; roles and XSRF; a sample gallery photo is
 * removed or replaced by the office, and the public gallery page follows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import sharp from 'sharp';
import { ApiClient, staffClient } from '../support/api.ts';
import { startOfficeSite, type OfficeSite } from '../support/in-process-site.ts';
import { cameraPhoto, exifTags } from '../support/camera-photo.ts';
import { HTML, SVG, auditOf, blobsWithContent, expectJsonError, fileOf, jpeg, png } from '../http/admin-fixtures.ts';
import { PICTURE_MAX_BYTES, PICTURE_MAX_EDGE, PICTURE_TEXTS } from '../../src/features/pictures/picture.ts';
import { startingGallery } from '../../src/features/pictures/starting.ts';

let site: OfficeSite;
let db: pg.Pool;
let office: ApiClient;
let principal: ApiClient;

beforeAll(async () => {
  site = await startOfficeSite({}, 'Pictures Clerk');
  ({ db, office } = site);
  principal = (await staffClient('principal', 'Pictures Principal', site.url)).client;
}, 180_000);

afterAll(async () => {
  await site?.stop();
});

const form = (bytes: Buffer, type = 'image/jpeg', name = 'photo.jpg') => {
  const data = new FormData();
  data.append('image', fileOf(bytes, type), name);
  return data;
};
const upload = (client: ApiClient, bytes: Buffer, type?: string, name?: string) =>
  client.request('/v1/api/pictures', { method: 'POST', body: form(bytes, type, name) });
const stored = async () => Number((await db.query(`SELECT count(*) AS n FROM pictures`)).rows[0].n);
/** What the admin page sends for a camera photo: redrawn (orientation applied, EXIF gone) to PICTURE_MAX_EDGE, as JPEG. */
const redrawn = (photo: Buffer) =>
  sharp(photo).rotate().resize(PICTURE_MAX_EDGE, PICTURE_MAX_EDGE, { fit: 'inside' }).jpeg({ quality: 86 }).toBuffer();

describe('uploading a picture', () => {
  it('stores a photo redrawn from a 4000 x 3000 camera file at 2560 px without its GPS, serves it publicly as immutable bytes, audited', async () => {
    const camera = await cameraPhoto(37);
    expect(exifTags(camera)).toContain(0x8825);
    const before = await stored();
    // The camera's own file is refused whole: over 4 MB, and even under it its pixels are over the edge the site keeps.
    expect(camera.byteLength).toBeGreaterThan(PICTURE_MAX_BYTES);
    await expectJsonError(await upload(office, camera), 413, PICTURE_TEXTS.tooLarge);
    const smaller = await sharp(camera).keepExif().jpeg({ quality: 50 }).toBuffer();
    expect(smaller.byteLength).toBeLessThan(PICTURE_MAX_BYTES);
    const refused = await expectJsonError(await upload(office, smaller), 422, PICTURE_TEXTS.tooManyPixels);
    expect(refused.fields).toEqual({ image: PICTURE_TEXTS.tooManyPixels });
    expect(await stored()).toBe(before);
    for (const bytes of [camera, smaller]) expect(await blobsWithContent(bytes)).toBe(0);

    const copy = await redrawn(camera);
    const res = await upload(office, copy);
    expect(res.status).toBe(201);
    const picture = await res.json();
    // Held upright (EXIF orientation 6): 3000 x 4000 shown, 1920 x 2560 kept.
    expect(picture).toMatchObject({
      sample: false,
      width: 1920,
      height: 2560,
      src: `/v1/pictures/${picture.id}`,
      usedOn: [],
    });
    expect(await stored()).toBe(before + 1);

    const served = await new ApiClient(site.url).request(picture.src);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.equals(copy)).toBe(true);
    expect(exifTags(bytes)).toEqual([]);
    expect((await sharp(bytes).metadata()).width).toBe(1920);

    const [entry] = await auditOf(principal, 'picture', picture.id);
    expect(entry).toMatchObject({ action: 'create', entity: 'picture', entityId: picture.id });
    expect(JSON.parse(entry!.detail)).toEqual({
      before: null,
      after: { mime: 'image/jpeg', width: 1920, height: 2560, bytes: copy.byteLength },
    });
  });

  it('refuses by the bytes, whatever the name and type say: SVG, HTML, a PDF named .jpg; too small, unreadable, oversized, empty; nothing stored', async () => {
    const before = await stored();
    await expectJsonError(await upload(office, SVG, 'image/svg+xml', 'seal.svg'), 415, PICTURE_TEXTS.type);
    await expectJsonError(await upload(office, HTML, 'image/jpeg', 'photo.jpg'), 415, PICTURE_TEXTS.type);
    await expectJsonError(
      await upload(office, Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'image/jpeg', 'scan.jpg'),
      415,
      PICTURE_TEXTS.type,
    );
    await expectJsonError(await upload(office, png(60, 60), 'image/png', 'tiny.png'), 422, PICTURE_TEXTS.tooSmall);
    // A JPEG's start and nothing after: its size cannot be read.
    await expectJsonError(await upload(office, jpeg().subarray(0, 20)), 422);
    const big = Buffer.concat([
      await sharp({ create: { width: 400, height: 300, channels: 3, background: '#345' } })
        .jpeg()
        .toBuffer(),
      Buffer.alloc(PICTURE_MAX_BYTES),
    ]);
    await expectJsonError(await upload(office, big), 413, PICTURE_TEXTS.tooLarge);
    await expectJsonError(await office.request('/v1/api/pictures', { method: 'POST', body: new FormData() }), 400);
    await expectJsonError(await office.request('/v1/api/pictures', { method: 'POST', json: { image: 'x' } }), 415);
    expect(await stored()).toBe(before);
    for (const bytes of [SVG, HTML, big]) expect(await blobsWithContent(bytes)).toBe(0);
  });

  it('the office and the principal may; a visitor gets 401, a call without the XSRF token 403, nothing stored', async () => {
    const before = await stored();
    const visitor = new ApiClient(site.url);
    await expectJsonError(await upload(visitor, png(300, 300), 'image/png'), 401);
    await expectJsonError(await visitor.request('/v1/api/pictures'), 401);
    const noToken = png(310, 300);
    await expectJsonError(
      await office.request('/v1/api/pictures', { method: 'POST', body: form(noToken, 'image/png'), xsrf: false }),
      403,
    );
    expect(await stored()).toBe(before);
    expect(await blobsWithContent(noToken)).toBe(0);
    expect((await upload(principal, png(320, 300), 'image/png')).status).toBe(201);
  });

  it('lists the school’s pictures first, then every starting picture marked as a sample; a delete takes the row, the blob and the public bytes, audited', async () => {
    const bytes = png(330, 300);
    const picture = await (await upload(office, bytes, 'image/png')).json();
    const list = await (await office.request('/v1/api/pictures')).json();
    expect(list[0]).toMatchObject({ id: picture.id, sample: false });
    const samples = list.filter((p: { sample: boolean }) => p.sample);
    expect(samples.map((p: { id: string }) => p.id)).toContain('starting:campus-hero');
    expect(
      samples.every(
        (p: { id: string; src: string; alt: { en: string; hi: string } }) =>
          p.id.startsWith('starting:') && p.src.startsWith('/starting/pictures/') && p.alt.en && p.alt.hi,
      ),
    ).toBe(true);
    // Where each is shown: the home page's hero is the campus drawing, on the starting pages.
    expect(samples.find((p: { id: string }) => p.id === 'starting:campus-hero').usedOn).toContain('/');

    await expectJsonError(
      await new ApiClient(site.url).request(`/v1/api/pictures/${picture.id}`, { method: 'DELETE' }),
      401,
    );
    await expectJsonError(
      await office.request(`/v1/api/pictures/${picture.id}`, { method: 'DELETE', xsrf: false }),
      403,
    );
    expect((await office.request(`/v1/api/pictures/${picture.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await blobsWithContent(bytes)).toBe(0);
    expect((await new ApiClient(site.url).request(`/v1/pictures/${picture.id}`)).status).toBe(404);
    await expectJsonError(await office.request(`/v1/api/pictures/${picture.id}`, { method: 'DELETE' }), 404);
    await expectJsonError(await office.request('/v1/api/pictures/starting:campus-hero', { method: 'DELETE' }), 404);
    const [entry] = await auditOf(principal, 'picture', picture.id);
    expect(entry).toMatchObject({ action: 'delete' });
    expect(JSON.parse(entry!.detail).after).toBeNull();
  });
});

describe('loadPictures and pictureImg', () => {
  it('finds uploaded and starting pictures in one call and draws them through the Image CDN, never wider than the picture', async () => {
    const { loadPictures, pictureImg } = await import('../../src/features/pictures/pictures.server.ts');
    const picture = await (await upload(office, png(500, 400), 'image/png')).json();
    const found = await loadPictures([picture.id, 'starting:cbse', 'starting:nothing', 'not-an-id']);
    expect([...found.keys()].sort()).toEqual([picture.id, 'starting:cbse'].sort());
    const img = pictureImg(found.get(picture.id), 'Prize "day" <b>', { sizes: '100vw', widths: [360, 720] }).value;
    expect(img).toContain(
      `srcset="/.netlify/images?url=%2Fv1%2Fpictures%2F${picture.id}&amp;w=360 360w, /.netlify/images?url=%2Fv1%2Fpictures%2F${picture.id}&amp;w=500 500w"`,
    );
    expect(img).toContain('width="500" height="400"');
    expect(img).toContain('alt="Prize &quot;day&quot; &lt;b&gt;"');
    expect(img).toContain('loading="lazy"');
    expect(
      pictureImg(found.get('starting:cbse'), 'Seal', { sizes: '96px', widths: [96, 192], eager: true }).value,
    ).toContain('fetchpriority="high"');
    expect(pictureImg(undefined, 'x', { sizes: '1px' }).value).toBe('');
  });
});

describe('the gallery’s sample photos', () => {
  const samples = async () =>
    (await (await new ApiClient(site.url).request('/v1/api/gallery/samples')).json()) as {
      name: string;
      sample: boolean;
    }[];

  it('the public gallery shows all 23 samples until the office removes one; a visitor cannot, the removal is audited and shows on both languages', async () => {
    expect(startingGallery).toHaveLength(23);
    expect((await samples()).length).toBe(23);
    const [first] = startingGallery;
    await expectJsonError(
      await new ApiClient(site.url).request(`/v1/api/gallery/samples/${first!.name}`, { method: 'DELETE' }),
      401,
    );
    await expectJsonError(
      await office.request(`/v1/api/gallery/samples/${first!.name}`, { method: 'DELETE', xsrf: false }),
      403,
    );
    expect((await office.request(`/v1/api/gallery/samples/${first!.name}`, { method: 'DELETE' })).status).toBe(200);
    await expectJsonError(await office.request(`/v1/api/gallery/samples/${first!.name}`, { method: 'DELETE' }), 404);
    await expectJsonError(await office.request('/v1/api/gallery/samples/no-such-photo', { method: 'DELETE' }), 404);
    expect((await samples()).map((s) => s.name)).not.toContain(first!.name);
    const [entry] = await auditOf(principal, 'gallery', `starting:${first!.name}`);
    expect(entry).toMatchObject({ action: 'delete', entity: 'gallery' });
    expect(JSON.parse(entry!.detail)).toEqual({ before: { sample: first!.name, title: 'Academy Event' }, after: null });

    const { galleryPhotos } = await import('../../src/features/gallery/gallery-page.server.ts');
    for (const lang of ['en', 'hi'] as const) {
      const photos = await galleryPhotos(lang);
      expect(photos.filter((p) => p.picture.sample)).toHaveLength(22);
      expect(photos.some((p) => p.picture.src === first!.src)).toBe(false);
    }
  });

  it('the office replaces a sample with a photo of the school: the item and the removal together, or neither', async () => {
    const name = startingGallery[1]!.name;
    const replacing = (replaces: string, bytes: Buffer) => {
      const data = form(bytes);
      data.append('title', 'Prize day');
      data.append('description', 'Prizes for the toppers of Class X.');
      data.append('replaces', replaces);
      return office.request('/v1/api/gallery', { method: 'POST', body: data });
    };
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2a6f97' } })
      .jpeg()
      .toBuffer();
    const res = await replacing(name, photo);
    expect(res.status).toBe(201);
    const item = await res.json();
    expect(
      (await db.query(`SELECT image_width, image_height FROM gallery_items WHERE id = $1`, [item._id])).rows[0],
    ).toEqual({ image_width: 1200, image_height: 900 });
    expect((await samples()).map((s) => s.name)).not.toContain(name);
    const [entry] = await auditOf(principal, 'gallery', `starting:${name}`);
    expect(JSON.parse(entry!.detail).after).toEqual({ replacedBy: item._id });

    // The same sample again (already replaced): 404, and neither the item nor its image stays.
    const again = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c44536' } })
      .jpeg()
      .toBuffer();
    const items = Number((await db.query(`SELECT count(*) AS n FROM gallery_items`)).rows[0].n);
    await expectJsonError(await replacing(name, again), 404);
    expect(Number((await db.query(`SELECT count(*) AS n FROM gallery_items`)).rows[0].n)).toBe(items);
    expect(await blobsWithContent(again)).toBe(0);

    const { galleryPhotos } = await import('../../src/features/gallery/gallery-page.server.ts');
    const [newest] = await galleryPhotos('hi');
    expect(newest).toMatchObject({ title: 'Prize day', picture: { sample: false, width: 1200, height: 900 } });
  });

  it('the go-live checklist counts the sample photos still in the gallery and the starting pictures still on the pages', async () => {
    const { goLiveChecks } = await import('../../src/features/gallery/gallery-samples.server.ts');
    expect(await goLiveChecks()).toEqual([
      { code: 'goLive.gallery.samples', done: false, href: '/admin/gallery/panel', count: 21 },
    ]);
    const pictures = await import('../../src/features/pictures/uses.server.ts');
    const [line] = await pictures.goLiveChecks();
    expect(line).toMatchObject({ code: 'goLive.pictures.samples', done: false, href: '/admin/pages' });
    expect(line!.count).toBeGreaterThan(20);
  });
});
