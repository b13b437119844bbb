/**
 * On the running site: a phone's JPEG (EXIF with a GPS position and the camera's serial) and a PNG
 * with a tEXt chunk, posted straight to POST /v1/api/pictures, come back without them from
 * /v1/pictures/:id and through the Image CDN, in the format they were sent and as the browser's
 * Accept picks it.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ApiClient, adminClient } from '../support/api.ts';
import { exifTags, pngWithText } from '../support/camera-photo.ts';
import { fileOf } from './admin-fixtures.ts';

const TRACES = ['TestPhone', 'SN-4417-0093', 'Exif\0\0', 'home of the child'];
const traces = (bytes: Buffer) => TRACES.filter((word) => bytes.includes(Buffer.from(word, 'latin1')));

const phoneJpeg = () =>
  sharp({
    create: {
      width: 1200,
      height: 900,
      channels: 3,
      background: '#3a6a8a',
      noise: { type: 'gaussian', mean: 110, sigma: 25 },
    },
  })
    .jpeg({ quality: 82 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Camera' },
      IFD2: { BodySerialNumber: 'SN-4417-0093' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '26/1 55/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '81/1 11/1 500/100',
      },
    })
    .toBuffer();

async function post(admin: ApiClient, bytes: Buffer, type: string): Promise<{ id: string; src: string }> {
  const form = new FormData();
  form.append('image', fileOf(bytes, type), type === 'image/png' ? 'photo.png' : 'photo.jpg');
  const res = await admin.request('/v1/api/pictures', { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return res.json();
}

const bytesOf = async (res: Response) => {
  expect(res.status, res.url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};

describe('a picture posted straight to the API', () => {
  it('a phone JPEG comes back without EXIF, GPS or serial, from its address and through the Image CDN', async () => {
    const admin = await adminClient();
    const phone = await phoneJpeg();
    expect(exifTags(phone)).toContain(0x8825);
    const picture = await post(admin, phone, 'image/jpeg');
    const visitor = new ApiClient();
    const stored = await bytesOf(await visitor.request(picture.src));
    expect(traces(stored)).toEqual([]);
    expect(exifTags(stored)).toEqual([]);
    const cdn = `/.netlify/images?url=${encodeURIComponent(picture.src)}&w=800`;
    for (const [accept, format] of [
      ['image/jpeg', 'jpeg'],
      ['image/webp,image/*', 'webp'],
    ] as const) {
      const copy = await bytesOf(await visitor.request(cdn, { headers: { accept } }));
      const meta = await sharp(copy).metadata();
      expect(meta.format, accept).toBe(format);
      expect(meta.width).toBe(800);
      expect(meta.exif, accept).toBeUndefined();
      expect(traces(copy), accept).toEqual([]);
    }
  });

  it('a PNG comes back without its tEXt chunk, from its address and through the Image CDN', async () => {
    const admin = await adminClient();
    const png = await pngWithText('#8a6a3a');
    expect(traces(png)).toEqual(['TestPhone', 'home of the child']);
    const picture = await post(admin, png, 'image/png');
    const visitor = new ApiClient();
    const stored = await bytesOf(await visitor.request(picture.src));
    expect(traces(stored)).toEqual([]);
    expect((await sharp(stored).metadata()).comments).toBeUndefined();
    const copy = await bytesOf(
      await visitor.request(`/.netlify/images?url=${encodeURIComponent(picture.src)}&w=300&fm=png`),
    );
    expect(await sharp(copy).metadata()).toMatchObject({ format: 'png', width: 300 });
    expect((await sharp(copy).metadata()).comments).toBeUndefined();
    expect(traces(copy)).toEqual([]);
  });
});
