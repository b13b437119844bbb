/**
 * Camera metadata taken out of a picture's bytes before it is stored, without decoding or
 * re-encoding it (the pixels stay exactly as sent): a phone's EXIF carries the GPS position where
 * the photo was taken (a child's home) and the camera's serial number. The admin screens redraw
 * photos in the browser, so this matters for files posted to the API directly.
 *
 * Kept: what decoding and showing the picture needs, and its ICC colour profile. Dropped:
 * - JPEG: APP1 (EXIF, XMP), APP13 (IPTC), comments, every other application segment but JFIF
 *   (without its thumbnail), the ICC profile and Adobe's colour transform, and whatever follows
 *   the image's end (a phone's second image, with EXIF of its own, is appended there);
 * - PNG: every ancillary chunk but those that change how it is drawn (tEXt, iTXt, zTXt, eXIf,
 *   tIME, C2PA's caBX among those dropped), and whatever follows IEND;
 * - WebP: the EXIF and XMP chunks (their flags cleared), unknown chunks, bytes past the RIFF.
 *
 * A JPEG or PNG whose EXIF says it is turned or mirrored (orientation 2-8) is refused rather than
 * stored: browsers turn it by that EXIF, which goes with the rest, so it would show sideways.
 * Turning it here would mean decoding and re-encoding it; the admin page sends it upright.
 */

export type StripResult = { bytes: Buffer; problem?: undefined } | { problem: 'turned' | 'unreadable' };

/** JPEG application segments kept, by the name at the start of their data. */
const JPEG_KEPT_APPS: Record<number, string> = { 0xe0: 'JFIF\0', 0xe2: 'ICC_PROFILE\0', 0xee: 'Adobe' };
/** PNG ancillary chunks that change how the picture is drawn (colour, transparency, animation). */
const PNG_KEPT = new Set([
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'bKGD',
  'pHYs',
  'cICP',
  'mDCV',
  'mDCv',
  'cLLI',
  'cLLi',
  'acTL',
  'fcTL',
  'fdAT',
]);
/** WebP chunks that make up the picture. */
const WEBP_KEPT = new Set(['VP8X', 'VP8 ', 'VP8L', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
/** VP8X's flags for an EXIF and an XMP chunk. */
const WEBP_EXIF_FLAG = 0x08;
const WEBP_XMP_FLAG = 0x04;

class Unreadable extends Error {}

const startsWith = (bytes: Buffer, at: number, text: string) => bytes.toString('latin1', at, at + text.length) === text;

/**
 * The orientation tag (0x0112) of the first directory of an EXIF block (a TIFF header and its
 * directories), or undefined when it has none or cannot be read.
 */
export function exifOrientation(tiff: Buffer): number | undefined {
  if (tiff.length < 8) return undefined;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return undefined;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return undefined;
  const dir = u32(4);
  if (dir + 2 > tiff.length) return undefined;
  const entries = u16(dir);
  for (let i = 0; i < entries; i++) {
    const entry = dir + 2 + i * 12;
    if (entry + 12 > tiff.length) return undefined;
    // A SHORT, one of it, held in the entry itself.
    if (u16(entry) === 0x0112) return u16(entry + 2) === 3 ? u16(entry + 8) : undefined;
  }
  return undefined;
}

const isTurned = (tiff: Buffer) => {
  const orientation = exifOrientation(tiff);
  return orientation !== undefined && orientation >= 2 && orientation <= 8;
};

/** The entropy-coded data after a start of scan runs to the next marker: an 0xFF not followed by 0x00 (a stuffed byte), a restart marker or another 0xFF (a fill byte). */
function scanEnd(bytes: Buffer, from: number): number {
  for (let at = from; at < bytes.length - 1; at++) {
    if (bytes[at] !== 0xff) continue;
    const next = bytes[at + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) continue;
    return at;
  }
  return bytes.length;
}

function stripJpeg(bytes: Buffer): Buffer | 'turned' {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Unreadable();
  const parts: Buffer[] = [bytes.subarray(0, 2)];
  let changed = false;
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) throw new Unreadable();
    while (bytes[at + 1] === 0xff) at++;
    if (at + 1 >= bytes.length) throw new Unreadable();
    const marker = bytes[at + 1]!;
    if (marker === 0xd9) {
      parts.push(bytes.subarray(at, at + 2));
      changed ||= at + 2 < bytes.length;
      break;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) throw new Unreadable();
    const length = bytes.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) throw new Unreadable();
    const segment = bytes.subarray(at, end);
    const data = at + 4;
    if (marker === 0xe1 && startsWith(bytes, data, 'Exif\0\0') && isTurned(bytes.subarray(data + 6, end)))
      return 'turned';
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const keptApp = isApp && JPEG_KEPT_APPS[marker] !== undefined && startsWith(bytes, data, JPEG_KEPT_APPS[marker]!);
    if (marker === 0xe0 && keptApp && length > 16) {
      // JFIF with a thumbnail: the header alone, thumbnail size 0 x 0.
      const header = Buffer.from(bytes.subarray(at, at + 18));
      header.writeUInt16BE(16, 2);
      header[16] = 0;
      header[17] = 0;
      parts.push(header);
      changed = true;
    } else if (isApp ? keptApp : marker !== 0xfe) parts.push(segment);
    else changed = true;
    at = end;
    if (marker === 0xda) {
      const next = scanEnd(bytes, at);
      parts.push(bytes.subarray(at, next));
      at = next;
    }
  }
  return changed ? Buffer.concat(parts) : bytes;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function stripPng(bytes: Buffer): Buffer | 'turned' {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Unreadable();
  const parts: Buffer[] = [bytes.subarray(0, 8)];
  let changed = false;
  let at = 8;
  while (at < bytes.length) {
    if (at + 12 > bytes.length) throw new Unreadable();
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > bytes.length) throw new Unreadable();
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (type === 'eXIf' && isTurned(bytes.subarray(at + 8, at + 8 + length))) return 'turned';
    // A chunk whose name starts with a capital is critical (IHDR, PLTE, IDAT, IEND): always kept.
    const critical = type.charCodeAt(0) >= 0x41 && type.charCodeAt(0) <= 0x5a;
    if (critical || PNG_KEPT.has(type)) parts.push(bytes.subarray(at, end));
    else changed = true;
    at = end;
    if (type === 'IEND') {
      changed ||= at < bytes.length;
      break;
    }
  }
  return changed ? Buffer.concat(parts) : bytes;
}

function stripWebp(bytes: Buffer): Buffer {
  if (bytes.length < 12 || !startsWith(bytes, 0, 'RIFF') || !startsWith(bytes, 8, 'WEBP')) throw new Unreadable();
  const riffEnd = 8 + bytes.readUInt32LE(4);
  if (riffEnd > bytes.length) throw new Unreadable();
  const kept: Buffer[] = [];
  let dropped = riffEnd !== bytes.length;
  let at = 12;
  while (at < riffEnd) {
    if (at + 8 > riffEnd) throw new Unreadable();
    const type = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    // A chunk of odd size is followed by a padding byte.
    const end = at + 8 + size + (size & 1);
    if (end > riffEnd) throw new Unreadable();
    if (type === 'VP8X' && size >= 1 && bytes[at + 8]! & (WEBP_EXIF_FLAG | WEBP_XMP_FLAG)) {
      const header = Buffer.from(bytes.subarray(at, end));
      header[8] = header[8]! & ~(WEBP_EXIF_FLAG | WEBP_XMP_FLAG);
      kept.push(header);
      dropped = true;
    } else if (WEBP_KEPT.has(type)) kept.push(bytes.subarray(at, end));
    else dropped = true;
    at = end;
  }
  if (!dropped) return bytes;
  const body = Buffer.concat(kept);
  const head = Buffer.from(bytes.subarray(0, 12));
  head.writeUInt32LE(4 + body.length, 4);
  return Buffer.concat([head, body]);
}

/**
 * `bytes` (of the type `mime`, decided from the bytes) without camera metadata; the same buffer
 * when it had none. A type this does not know (GIF, AVIF) comes back as it is.
 */
export function stripMetadata(bytes: Buffer, mime: string): StripResult {
  try {
    const stripped =
      mime === 'image/jpeg'
        ? stripJpeg(bytes)
        : mime === 'image/png'
          ? stripPng(bytes)
          : mime === 'image/webp'
            ? stripWebp(bytes)
            : bytes;
    return stripped === 'turned' ? { problem: 'turned' } : { bytes: stripped };
  } catch (error) {
    if (error instanceof Unreadable) return { problem: 'unreadable' };
    throw error;
  }
}
