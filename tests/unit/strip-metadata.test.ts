/**
 * The picture store's metadata stripper (src/features/pictures/strip-metadata.ts) on files made by
 * sharp (libvips) with a phone's metadata: EXIF with a GPS position and a camera serial, XMP,
 * IPTC, comments, text chunks, an ICC profile, a second image after the end. What comes out has
 * the same pixels, the ICC profile and nothing else; a turned photo is refused; a damaged file is
 * unreadable; a clean file comes back as the same buffer.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { exifOrientation, stripMetadata } from '../../src/features/pictures/strip-metadata.ts';
import { exifTags, jpegMarkers, pngChunk } from '../support/camera-photo.ts';

const PHONE_EXIF = {
  IFD0: { Make: 'TestPhone', Model: 'Camera', Software: 'Camera 1.0' },
  IFD2: { BodySerialNumber: 'SN-4417-0093' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '26/1 55/1 1234/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '81/1 11/1 500/100',
  },
};
const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="26,55.2N"/></rdf:RDF></x:xmpmeta>';

/** A small photo-like picture: a gradient with noise, so the encoders have real work. */
const scene = () =>
  sharp({
    create: {
      width: 320,
      height: 240,
      channels: 3,
      background: '#4a7a3c',
      noise: { type: 'gaussian', mean: 120, sigma: 30 },
    },
  });

const pixels = async (bytes: Buffer) => await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
const ok = (bytes: Buffer, mime: string) => {
  const result = stripMetadata(bytes, mime);
  if (result.problem) throw new Error(`refused: ${result.problem}`);
  return result.bytes;
};
/** No trace of the phone's words anywhere in the bytes. */
const traces = (bytes: Buffer) =>
  ['TestPhone', 'SN-4417-0093', 'GPSLatitude', 'Exif\0\0', 'Photoshop 3.0', 'a school comment', 'Author'].filter(
    (word) => bytes.includes(Buffer.from(word, 'latin1')),
  );

function jpegSegment(marker: number, data: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}
/** `segments` put in after the first segment following SOI (sharp's JFIF or EXIF). */
function withSegments(jpeg: Buffer, ...segments: Buffer[]): Buffer {
  const afterFirst = 4 + jpeg.readUInt16BE(4);
  return Buffer.concat([jpeg.subarray(0, afterFirst), ...segments, jpeg.subarray(afterFirst)]);
}

/** `chunks` put in right after IHDR. */
const withChunks = (png: Buffer, ...chunks: Buffer[]) =>
  Buffer.concat([png.subarray(0, 33), ...chunks, png.subarray(33)]);
const pngChunks = (png: Buffer) => {
  const types: string[] = [];
  for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) types.push(png.toString('latin1', at + 4, at + 8));
  return types;
};
const webpChunks = (webp: Buffer) => {
  const types: string[] = [];
  for (let at = 12; at < webp.length;) {
    const size = webp.readUInt32LE(at + 4);
    types.push(webp.toString('latin1', at, at + 4));
    at += 8 + size + (size & 1);
  }
  return types;
};

/** A TIFF header with one directory holding an orientation. */
function tiffWithOrientation(orientation: number, little = true): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  const u16 = (v: number, at: number) => (little ? tiff.writeUInt16LE(v, at) : tiff.writeUInt16BE(v, at));
  const u32 = (v: number, at: number) => (little ? tiff.writeUInt32LE(v, at) : tiff.writeUInt32BE(v, at));
  tiff.write(little ? 'II' : 'MM', 0, 'latin1');
  u16(42, 2);
  u32(8, 4);
  u16(1, 8);
  u16(0x0112, 10);
  u16(3, 12);
  u32(1, 14);
  u16(orientation, 18);
  return tiff;
}

describe('JPEG', () => {
  it('drops EXIF (GPS, serial), XMP, IPTC, comments, a JFIF thumbnail and a second image after the end; keeps the ICC profile and every pixel', async () => {
    const base = await scene().jpeg({ quality: 85 }).withExif(PHONE_EXIF).withXmp(XMP).withIccProfile('p3').toBuffer();
    const iptc = jpegSegment(
      0xed,
      Buffer.from('Photoshop 3.0\0' + '8BIM\x04\x04\0\0\0\0\0\x10\x1c\x02\x50\0\x06Author', 'latin1'),
    );
    const comment = jpegSegment(0xfe, Buffer.from('a school comment', 'latin1'));
    // A JFIF header with a 2 x 1 thumbnail of its own.
    const jfif = jpegSegment(
      0xe0,
      Buffer.concat([Buffer.from('JFIF\0\x01\x02\0\0\x01\0\x01\x02\x01', 'latin1'), Buffer.alloc(6, 0x7f)]),
    );
    const second = await scene().jpeg().withExif(PHONE_EXIF).toBuffer();
    const phone = Buffer.concat([withSegments(base, jfif, iptc, comment), second]);
    const before = await sharp(phone).metadata();
    expect(before).toMatchObject({ hasProfile: true });
    expect(before.exif && before.xmp && before.iptc).toBeTruthy();
    expect(exifTags(phone)).toContain(0x8825);
    expect(traces(phone).length).toBeGreaterThan(4);

    const clean = ok(phone, 'image/jpeg');
    expect(traces(clean)).toEqual([]);
    expect(exifTags(clean)).toEqual([]);
    const after = await sharp(clean).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.comments).toBeUndefined();
    expect(after.hasProfile).toBe(true);
    expect(after.icc!.equals(before.icc!)).toBe(true);
    expect(jpegMarkers(clean).filter((m) => m >= 0xe0)).toEqual([0xe0, 0xe2]);
    // The JFIF header is kept, its thumbnail not.
    expect(clean.readUInt16BE(4)).toBe(16);
    expect([clean[18], clean[19]]).toEqual([0, 0]);
    expect(clean.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect(clean.length).toBeLessThan(base.length);
    expect((await pixels(clean)).data.equals((await pixels(base)).data)).toBe(true);
  });

  it('walks a progressive JPEG scan by scan: a comment between two scans is found and dropped', async () => {
    const base = await scene().jpeg({ quality: 80, progressive: true }).withExif(PHONE_EXIF).toBuffer();
    // A comment after the first scan: found by walking the entropy-coded data, not just the header.
    const firstScan = base.indexOf(Buffer.from([0xff, 0xda]));
    const secondMarker = (() => {
      for (let at = firstScan + 2 + base.readUInt16BE(firstScan + 2); at < base.length - 1; at++) {
        if (base[at] === 0xff && base[at + 1] !== 0 && !(base[at + 1]! >= 0xd0 && base[at + 1]! <= 0xd7)) return at;
      }
      throw new Error('one scan only');
    })();
    const phone = Buffer.concat([
      base.subarray(0, secondMarker),
      jpegSegment(0xfe, Buffer.from('a school comment', 'latin1')),
      base.subarray(secondMarker),
    ]);
    const clean = ok(phone, 'image/jpeg');
    expect(traces(clean)).toEqual([]);
    expect(clean.equals(ok(base, 'image/jpeg'))).toBe(true);
    expect((await pixels(clean)).data.equals((await pixels(base)).data)).toBe(true);
  });

  it('refuses a photo whose EXIF turns or mirrors it, in either byte order; orientation 1 is kept upright, its EXIF dropped', async () => {
    for (const orientation of [2, 3, 5, 6, 8]) {
      const turned = await scene().jpeg().withExif(PHONE_EXIF).withMetadata({ orientation }).toBuffer();
      expect(stripMetadata(turned, 'image/jpeg'), `orientation ${orientation}`).toEqual({ problem: 'turned' });
    }
    const upright = await scene().jpeg().withExif(PHONE_EXIF).withMetadata({ orientation: 1 }).toBuffer();
    const clean = ok(upright, 'image/jpeg');
    expect(exifTags(clean)).toEqual([]);
    expect((await sharp(clean).metadata()).orientation).toBeUndefined();
    expect(exifOrientation(tiffWithOrientation(6, false))).toBe(6);
    expect(exifOrientation(tiffWithOrientation(6, true))).toBe(6);
    expect(exifOrientation(Buffer.from('not a tiff'))).toBeUndefined();
  });

  it('a clean JPEG comes back as the same buffer; a damaged one is unreadable', async () => {
    const clean = await scene().jpeg().toBuffer();
    expect(ok(clean, 'image/jpeg')).toBe(clean);
    const cut = clean.subarray(0, 30);
    expect(stripMetadata(cut, 'image/jpeg')).toEqual({ problem: 'unreadable' });
    const badLength = Buffer.from(clean);
    badLength.writeUInt16BE(0xfff0, 4);
    expect(stripMetadata(badLength, 'image/jpeg')).toEqual({ problem: 'unreadable' });
    expect(stripMetadata(Buffer.concat([clean.subarray(0, 2), Buffer.from('junk')]), 'image/jpeg')).toEqual({
      problem: 'unreadable',
    });
  });
});

describe('PNG', () => {
  it('drops tEXt, iTXt, zTXt, eXIf, tIME and unknown chunks and what follows IEND; keeps the colour chunks and every pixel', async () => {
    const base = await scene().png().withIccProfile('p3').toBuffer();
    const exif = Buffer.concat([tiffWithOrientation(1), Buffer.from('TestPhone SN-4417-0093 GPSLatitude', 'latin1')]);
    const phone = Buffer.concat([
      withChunks(
        base,
        pngChunk('tEXt', Buffer.from('Author\0a school comment', 'latin1')),
        pngChunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), deflateSync(Buffer.from('TestPhone'))])),
        pngChunk('iTXt', Buffer.from('XML:com.adobe.xmp\0\0\0\0\0' + XMP, 'utf8')),
        pngChunk('eXIf', exif),
        pngChunk('tIME', Buffer.from([0x07, 0xea, 3, 14, 9, 30, 0])),
        pngChunk('prVt', Buffer.from('SN-4417-0093', 'latin1')),
      ),
      Buffer.from('TestPhone after the end', 'latin1'),
    ]);
    expect((await sharp(phone).metadata()).comments?.length).toBeGreaterThan(0);
    expect(pngChunks(phone)).toEqual(expect.arrayContaining(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME', 'iCCP']));

    const clean = ok(phone, 'image/png');
    expect(traces(clean)).toEqual([]);
    expect(pngChunks(clean)).toEqual(pngChunks(base));
    expect(pngChunks(clean)).toContain('iCCP');
    const after = await sharp(clean).metadata();
    expect(after.comments).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.hasProfile).toBe(true);
    expect(clean.equals(base)).toBe(true);
  });

  it('refuses a PNG whose eXIf turns it; a clean PNG comes back as the same buffer; a cut chunk is unreadable', async () => {
    const base = await scene().png().toBuffer();
    expect(stripMetadata(withChunks(base, pngChunk('eXIf', tiffWithOrientation(8, false))), 'image/png')).toEqual({
      problem: 'turned',
    });
    expect(ok(base, 'image/png')).toBe(base);
    expect(stripMetadata(base.subarray(0, base.length - 20), 'image/png')).toEqual({ problem: 'unreadable' });
    expect(stripMetadata(Buffer.from('not a png at all'), 'image/png')).toEqual({ problem: 'unreadable' });
  });
});

describe('WebP', () => {
  it('drops the EXIF and XMP chunks and their flags, fixes the RIFF size, keeps the ICC profile and every pixel', async () => {
    const phone = await scene().webp({ quality: 80 }).withExif(PHONE_EXIF).withXmp(XMP).withIccProfile('p3').toBuffer();
    expect(webpChunks(phone)).toEqual(expect.arrayContaining(['VP8X', 'ICCP', 'EXIF', 'XMP ']));
    const clean = ok(phone, 'image/webp');
    expect(traces(clean)).toEqual([]);
    expect(webpChunks(clean)).toEqual(['VP8X', 'ICCP', 'VP8 ']);
    expect(clean.readUInt32LE(4)).toBe(clean.length - 8);
    expect(clean[20]! & 0x0c).toBe(0);
    expect(clean[20]! & 0x20).toBe(0x20);
    const after = await sharp(clean).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.hasProfile).toBe(true);
    expect((await pixels(clean)).data.equals((await pixels(phone)).data)).toBe(true);
  });

  it('a plain WebP comes back as the same buffer, an animated one keeps its frames; a cut one is unreadable', async () => {
    const plain = await scene().webp().toBuffer();
    expect(ok(plain, 'image/webp')).toBe(plain);
    const frame = (background: string) =>
      sharp({ create: { width: 120, height: 120, channels: 3, background } })
        .png()
        .toBuffer();
    const frames = await Promise.all(['#c33', '#3c3', '#33c'].map(frame));
    const animated = await sharp(frames, { join: { animated: true } })
      .webp({ loop: 0 })
      .withExif(PHONE_EXIF)
      .toBuffer();
    expect(webpChunks(animated)).toEqual(expect.arrayContaining(['ANIM', 'ANMF', 'EXIF']));
    const clean = ok(animated, 'image/webp');
    expect(traces(clean)).toEqual([]);
    expect(webpChunks(clean)).not.toContain('EXIF');
    expect(await sharp(clean, { animated: true }).metadata()).toMatchObject({ width: 120, pages: 3 });
    expect(stripMetadata(plain.subarray(0, 30), 'image/webp')).toEqual({ problem: 'unreadable' });
  });
});

it('a type it does not read (GIF, AVIF) comes back as it is', async () => {
  const gif = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#36c' } })
    .gif()
    .toBuffer();
  expect(ok(gif, 'image/gif')).toBe(gif);
});
