/**
 * Photos like a phone camera's, for the document-photo tests and the slow-network bench: a card
 * with lines of print on a table, with sensor noise so it compresses like a real photo (4000 x 3000,
 * about 4 MB at JPEG quality 90), stored landscape with EXIF orientation 6 (the phone was held
 * upright: shown as 3000 x 4000 portrait) and a GPS position. A red square marks the stored image's
 * top-left corner, which a viewer that applies the orientation shows at the top right.
 */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

export const CAMERA = { width: 4000, height: 3000, orientation: 6, marker: 300 } as const;

/** `seed` makes each photo's print different, so no two photos are the same file. */
export async function cameraPhoto(seed = 1): Promise<Buffer> {
  const { width, height, marker } = CAMERA;
  const lines: string[] = [];
  for (let i = 0; i < 40; i++) {
    const length = 1200 + ((i * 7919 + seed * 104729) % 1200);
    lines.push(`<rect x="${700 + (i % 2) * 80}" y="${700 + i * 38}" width="${length}" height="18" fill="#222"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="table" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8a6d4b"/><stop offset="1" stop-color="#c9b79a"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#table)"/>
    <rect x="500" y="500" width="3000" height="2000" rx="60" fill="#f4f1e8"/>
    <rect x="600" y="560" width="2800" height="100" fill="#d25f2c"/>
    <rect x="2700" y="800" width="600" height="750" fill="#99aaaa"/>
    ${lines.join('')}
    <rect x="0" y="0" width="${marker}" height="${marker}" fill="#ee0000"/>
  </svg>`;
  const pixels = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 13 } },
  })
    .raw()
    .toBuffer();
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.max(0, Math.min(255, pixels[i]! + noise[i]! - 128));
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Camera' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '26/1 55/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '81/1 11/1 500/100',
      },
    })
    .withMetadata({ orientation: CAMERA.orientation })
    .toBuffer();
}

/** The tags of a JPEG's first EXIF directory (0x0112 orientation, 0x8825 the GPS directory); [] without EXIF. */
export function exifTags(jpeg: Buffer): number[] {
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    if (marker === 0xda) break; // the image data: no metadata after it
    const length = jpeg.readUInt16BE(at + 2);
    if (marker === 0xe1 && jpeg.toString('latin1', at + 4, at + 10) === 'Exif\0\0') {
      const tiff = at + 10;
      const little = jpeg.toString('latin1', tiff, tiff + 2) === 'II';
      const u16 = (p: number) => (little ? jpeg.readUInt16LE(p) : jpeg.readUInt16BE(p));
      const u32 = (p: number) => (little ? jpeg.readUInt32LE(p) : jpeg.readUInt32BE(p));
      const dir = tiff + u32(tiff + 4);
      return Array.from({ length: u16(dir) }, (_, i) => u16(dir + 2 + i * 12));
    }
    at += 2 + length;
  }
  return [];
}

/** Every marker segment before the image data (APP0 JFIF, APP1 EXIF or XMP, APP2 ICC, ...), by marker. */
export function jpegMarkers(jpeg: Buffer): number[] {
  const markers: number[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    markers.push(marker);
    if (marker === 0xda) break;
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  return markers;
}

/** A PNG chunk of `type` around `data`, with its CRC. */
export function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A 400×300 PNG with a tEXt chunk saying where it was taken, right after its header (8 bytes of signature, 25 of IHDR). */
export async function pngWithText(background: string): Promise<Buffer> {
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background } })
    .png()
    .toBuffer();
  const text = pngChunk('tEXt', Buffer.from('Comment\0taken at the home of the child, TestPhone', 'latin1'));
  return Buffer.concat([png.subarray(0, 33), text, png.subarray(33)]);
}
