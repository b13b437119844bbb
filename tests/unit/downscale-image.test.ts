/** The photo shrinker's decisions: which photos are redrawn, at what edge and quality, and which goes; and an image's size by its bytes. */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  fitWithin,
  needsRedraw,
  pickEncoding,
  smallerOf,
  type DownscaleOptions,
} from '../../src/lib/downscale-image.ts';
import { isTooSmall, photoSize } from '../../src/lib/forms/image-size.ts';
import {
  DOCUMENT_PHOTO,
  ONE_REQUEST_FILE_BYTES as MAX_PHOTO_BYTES,
  isPhotoDocument,
} from '../../src/lib/forms/files.ts';

const KB = 1024;
const MB = 1024 * KB;

/**
 * An encoder whose output grows with the area and the quality, as a JPEG's does; it records every
 * call. `bytesPerPixel` is what the photo costs at quality 1 (noisier photos cost more).
 */
function fakeEncoder(bytesPerPixel: number, aspect = 3 / 4) {
  const calls: { edge: number; quality: number }[] = [];
  const encode = async (edge: number, quality: number) => {
    calls.push({ edge, quality });
    return { size: Math.round(edge * edge * aspect * bytesPerPixel * quality), edge, quality };
  };
  return { calls, encode };
}

describe('which photos are redrawn', () => {
  const photo = (bytes: number, width: number, height: number) => needsRedraw({ bytes, width, height }, DOCUMENT_PHOTO);

  it('a document photo over 2 MB or over 2000 px on either edge; not one within both', () => {
    expect(photo(MAX_PHOTO_BYTES + 1, 1200, 900)).toBe(true);
    expect(photo(500 * KB, 2001, 1500)).toBe(true);
    expect(photo(500 * KB, 1500, 2001)).toBe(true);
    expect(photo(MAX_PHOTO_BYTES, 2000, 1500)).toBe(false);
    expect(photo(300 * KB, 1600, 1200)).toBe(false);
  });

  it('with fitEdge off (the gallery), only by its size', () => {
    const gallery: DownscaleOptions = {
      ...DOCUMENT_PHOTO,
      maxEdge: 2560,
      maxBytes: 3.5 * MB,
      budgetBytes: 3.5 * MB,
      fitEdge: false,
    };
    expect(needsRedraw({ bytes: 3 * MB, width: 6000, height: 4000 }, gallery)).toBe(false);
    expect(needsRedraw({ bytes: 3.6 * MB, width: 1200, height: 900 }, gallery)).toBe(true);
  });

  it('JPEG and PNG documents by type or name; not a PDF', () => {
    expect(isPhotoDocument({ name: 'IMG_2041.JPG', type: 'image/jpeg' })).toBe(true);
    expect(isPhotoDocument({ name: 'scan', type: 'image/png' })).toBe(true);
    expect(isPhotoDocument({ name: 'aadhaar.jpeg', type: '' })).toBe(true);
    expect(isPhotoDocument({ name: 'card.png', type: 'application/octet-stream' })).toBe(true);
    expect(isPhotoDocument({ name: 'marksheet.pdf', type: 'application/pdf' })).toBe(false);
    expect(isPhotoDocument({ name: 'notes.txt', type: '' })).toBe(false);
  });
});

describe('the edge and quality of a document photo', () => {
  it('the options: 2000 px, a 600 KB budget, qualities from 0.85 down to 0.65, under the 2 MB limit', () => {
    expect(DOCUMENT_PHOTO).toMatchObject({
      maxEdge: 2000,
      budgetBytes: 600 * KB,
      maxBytes: MAX_PHOTO_BYTES,
      fitEdge: true,
    });
    expect(DOCUMENT_PHOTO.qualities[0]).toBe(0.85);
    expect(DOCUMENT_PHOTO.qualities.at(-1)).toBe(0.65);
    expect([...DOCUMENT_PHOTO.qualities].sort().reverse()).toEqual(DOCUMENT_PHOTO.qualities);
  });

  it('a photo under the budget at the first quality is encoded once, at 2000 px', async () => {
    const { calls, encode } = fakeEncoder(0.2);
    const chosen = await pickEncoding(4000, DOCUMENT_PHOTO, encode);
    expect(calls).toEqual([{ edge: 2000, quality: 0.85 }]);
    expect(chosen.size).toBeLessThanOrEqual(600 * KB);
  });

  it('the quality steps down only as far as needed to meet the budget', async () => {
    // 2000 x 1500 at 0.25 bytes a pixel and quality 1: 750 KB; 0.8 gives 586 KB.
    const { calls, encode } = fakeEncoder(0.25);
    const chosen = await pickEncoding(4000, DOCUMENT_PHOTO, encode);
    expect(calls.map((c) => c.quality)).toEqual([0.85, 0.8]);
    expect(chosen).toMatchObject({ edge: 2000, quality: 0.8 });
  });

  it('never below the legibility floor: a detailed photo stays over the budget at 0.65 when it is within 2 MB', async () => {
    const { calls, encode } = fakeEncoder(0.8);
    const chosen = await pickEncoding(4000, DOCUMENT_PHOTO, encode);
    expect(calls.map((c) => c.quality)).toEqual([0.85, 0.8, 0.75, 0.7, 0.65]);
    expect(chosen).toMatchObject({ edge: 2000, quality: 0.65 });
    expect(chosen.size).toBeGreaterThan(600 * KB);
    expect(chosen.size).toBeLessThanOrEqual(MAX_PHOTO_BYTES);
  });

  it('over 2 MB even at the floor: the edge shrinks, never the quality below 0.65', async () => {
    const { calls, encode } = fakeEncoder(1.4);
    const chosen = await pickEncoding(4000, DOCUMENT_PHOTO, encode);
    expect(Math.min(...calls.map((c) => c.quality))).toBe(0.65);
    expect(chosen.edge).toBe(1500);
    expect(chosen.size).toBeLessThanOrEqual(MAX_PHOTO_BYTES);
  });

  it('a smaller photo keeps its own edge (no upscaling)', async () => {
    const { calls, encode } = fakeEncoder(0.3);
    await pickEncoding(1800, DOCUMENT_PHOTO, encode);
    expect(calls[0]!.edge).toBe(1800);
  });

  it('gives up on a photo that cannot be made small enough', async () => {
    const { encode } = fakeEncoder(1e6);
    await expect(pickEncoding(4000, DOCUMENT_PHOTO, encode)).rejects.toThrow('could not be made small enough');
  });

  it('fitWithin keeps portrait photos portrait at 2000 px', () => {
    expect(fitWithin(3000, 4000, 2000)).toEqual({ width: 1500, height: 2000 });
    expect(fitWithin(4000, 3000, 2000)).toEqual({ width: 2000, height: 1500 });
  });
});

describe('a photo is never sent bigger than chosen', () => {
  it('the smaller of the photo chosen and its redrawn copy goes, unless the one chosen is over the hard limit', () => {
    expect(smallerOf(60 * KB, 18 * KB, DOCUMENT_PHOTO)).toBe('redrawn');
    expect(smallerOf(4 * KB, 1000 * KB, DOCUMENT_PHOTO)).toBe('chosen');
    expect(smallerOf(500 * KB, 500 * KB, DOCUMENT_PHOTO)).toBe('chosen');
    // Over 2 MB the photo chosen cannot go, however large its copy.
    expect(smallerOf(MAX_PHOTO_BYTES + 1, MAX_PHOTO_BYTES, DOCUMENT_PHOTO)).toBe('redrawn');
    expect(smallerOf(MAX_PHOTO_BYTES, MAX_PHOTO_BYTES + 5, DOCUMENT_PHOTO)).toBe('chosen');
  });
});

describe('the size of an image, read from its bytes', () => {
  it('a JPEG and a PNG by their headers, whatever they are called; nothing for a PDF or a broken header', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 150, height: 900, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    expect(photoSize(png)).toEqual({ width: 8, height: 8 });
    expect(photoSize(jpeg)).toEqual({ width: 150, height: 900 });
    expect(photoSize(Buffer.from('%PDF-1.4\n%%EOF\n'))).toBeUndefined();
    expect(photoSize(jpeg.subarray(0, 20))).toBeUndefined();
  });

  it('is too small under 200 px on its shorter side', () => {
    expect(isTooSmall({ width: 8, height: 8 })).toBe(true);
    expect(isTooSmall({ width: 150, height: 900 })).toBe(true);
    expect(isTooSmall({ width: 900, height: 199 })).toBe(true);
    expect(isTooSmall({ width: 200, height: 200 })).toBe(false);
    expect(isTooSmall({ width: 4000, height: 3000 })).toBe(false);
  });
});
