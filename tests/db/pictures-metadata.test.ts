/**
 * No camera metadata is kept, whatever sends the photo: a JPEG of a phone's (EXIF with the GPS
 * position and the camera's serial, XMP) and a PNG with text chunks posted straight to
 * POST /v1/api/pictures or to the gallery are stored and served without it, with their pixels as
 * sent and the ICC profile; the row counts the bytes kept; a JPEG that its EXIF turns is refused
 * with nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import sharp from 'sharp';
import { ApiClient } from '../support/api.ts';
import { startOfficeSite, type OfficeSite } from '../support/in-process-site.ts';
import { exifTags, pngWithText } from '../support/camera-photo.ts';
import { blobsWithContent, expectJsonError, fileOf } from '../http/admin-fixtures.ts';
import { PICTURE_TEXTS } from '../../src/features/pictures/picture.ts';
import { GALLERY_TEXTS } from '../../src/features/gallery/gallery.ts';

let site: OfficeSite;
let db: pg.Pool;
let office: ApiClient;

beforeAll(async () => {
  site = await startOfficeSite({}, 'Metadata Clerk');
  ({ db, office } = site);
}, 180_000);

afterAll(async () => {
  await site?.stop();
});

const GPS_EXIF = {
  IFD0: { Make: 'TestPhone', Model: 'Camera' },
  IFD2: { BodySerialNumber: 'SN-4417-0093' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '26/1 55/1 1234/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '81/1 11/1 500/100',
  },
};
const TRACES = ['TestPhone', 'SN-4417-0093', 'Exif\0\0', 'GPSLatitude', 'home of the child'];
const traces = (bytes: Buffer) => TRACES.filter((word) => bytes.includes(Buffer.from(word, 'latin1')));

/** A 1600 x 1200 phone photo, under the 2560 px the site keeps, as a phone writes it: EXIF with GPS, XMP, an ICC profile. */
const phoneJpeg = (seed: string, orientation?: number) => {
  const photo = sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: seed,
      noise: { type: 'gaussian', mean: 110, sigma: 25 },
    },
  })
    .jpeg({ quality: 82 })
    .withExif(GPS_EXIF)
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="26,55.2N"/></rdf:RDF></x:xmpmeta>',
    )
    .withIccProfile('p3');
  return (orientation ? photo.withMetadata({ orientation }) : photo).toBuffer();
};

const form = (bytes: Buffer, type: string, fields: Record<string, string> = {}) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  data.append('image', fileOf(bytes, type), type === 'image/png' ? 'photo.png' : 'photo.jpg');
  return data;
};
const visitor = () => new ApiClient(site.url);
const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
const stored = async () => Number((await db.query(`SELECT count(*) AS n FROM pictures`)).rows[0].n);

describe('POST /v1/api/pictures', () => {
  it('stores a phone JPEG without EXIF, GPS, serial or XMP, the ICC profile and the pixels kept; the row counts the bytes kept', async () => {
    const phone = await phoneJpeg('#5a7d9a');
    expect(exifTags(phone)).toContain(0x8825);
    expect(traces(phone)).toEqual(expect.arrayContaining(['TestPhone', 'SN-4417-0093', 'Exif\0\0']));

    const res = await office.request('/v1/api/pictures', { method: 'POST', body: form(phone, 'image/jpeg') });
    expect(res.status).toBe(201);
    const picture = await res.json();
    expect(picture).toMatchObject({ width: 1600, height: 1200, sample: false });

    const served = await visitor().request(picture.src);
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(traces(bytes)).toEqual([]);
    expect(exifTags(bytes)).toEqual([]);
    const meta = await sharp(bytes).metadata();
    expect([meta.exif, meta.xmp, meta.iptc]).toEqual([undefined, undefined, undefined]);
    expect(meta.hasProfile).toBe(true);
    expect((await pixels(bytes)).equals(await pixels(phone))).toBe(true);

    // The phone's file is nowhere in the store; the row and the audit count what is kept.
    expect(await blobsWithContent(phone)).toBe(0);
    expect(await blobsWithContent(bytes)).toBe(1);
    const row = (await db.query(`SELECT bytes FROM pictures WHERE id = $1`, [picture.id])).rows[0];
    expect(Number(row.bytes)).toBe(bytes.byteLength);
    expect(bytes.byteLength).toBeLessThan(phone.byteLength);
  });

  it('stores a PNG without its tEXt chunk, every pixel kept', async () => {
    const png = await pngWithText('#7a9a5a');
    expect(traces(png)).toEqual(['TestPhone', 'home of the child']);
    const res = await office.request('/v1/api/pictures', { method: 'POST', body: form(png, 'image/png') });
    expect(res.status).toBe(201);
    const picture = await res.json();
    const bytes = Buffer.from(await (await visitor().request(picture.src)).arrayBuffer());
    expect(traces(bytes)).toEqual([]);
    expect((await sharp(bytes).metadata()).comments).toBeUndefined();
    expect((await pixels(bytes)).equals(await pixels(png))).toBe(true);
    expect(await blobsWithContent(png)).toBe(0);
  });

  it('refuses a JPEG its EXIF turns on its side (it would show sideways without it): 422, nothing stored', async () => {
    const before = await stored();
    const turned = await phoneJpeg('#9a5a7d', 6);
    const refused = await expectJsonError(
      await office.request('/v1/api/pictures', { method: 'POST', body: form(turned, 'image/jpeg') }),
      422,
      PICTURE_TEXTS.turned,
    );
    expect(refused.fields).toEqual({ image: PICTURE_TEXTS.turned });
    expect(await stored()).toBe(before);
    expect(await blobsWithContent(turned)).toBe(0);
  });
});

describe('the gallery', () => {
  it('stores a phone JPEG and a PNG with text without their metadata, and refuses a turned JPEG with nothing stored', async () => {
    for (const [bytes, type] of [
      [await phoneJpeg('#3d6b4f'), 'image/jpeg'],
      [await pngWithText('#6b3d4f'), 'image/png'],
    ] as const) {
      const res = await office.request('/v1/api/gallery', {
        method: 'POST',
        body: form(bytes, type, { title: 'Sports day', description: 'Races' }),
      });
      expect(res.status, type).toBe(201);
      const item = await res.json();
      const served = Buffer.from(await (await visitor().request(`/v1${item.image}`)).arrayBuffer());
      expect(traces(served), type).toEqual([]);
      expect((await pixels(served)).equals(await pixels(bytes))).toBe(true);
      expect(await blobsWithContent(bytes)).toBe(0);
    }
    const items = Number((await db.query(`SELECT count(*) AS n FROM gallery_items`)).rows[0].n);
    const turned = await phoneJpeg('#4f3d6b', 8);
    await expectJsonError(
      await office.request('/v1/api/gallery', {
        method: 'POST',
        body: form(turned, 'image/jpeg', { title: 'Turned', description: 'Races' }),
      }),
      422,
      GALLERY_TEXTS.imageTurned,
    );
    expect(Number((await db.query(`SELECT count(*) AS n FROM gallery_items`)).rows[0].n)).toBe(items);
    expect(await blobsWithContent(turned)).toBe(0);
  });
});
