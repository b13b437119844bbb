/**
 * The PDFs' fonts unwrapped from WOFF (src/server/woff.ts): every table of each font comes out
 * whole, as its checksum in the font says (the `head` table's excepted: its checksum is taken
 * with one field zeroed), laid out as a TrueType file; anything but WOFF 1.0 is refused.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { sfntOf } from '../../src/server/woff.ts';

const require = createRequire(import.meta.url);
const FONTS = ['latin-400', 'latin-700', 'devanagari-400', 'devanagari-700'].map((name) =>
  require.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-${name}-normal.woff`),
);

/** The TrueType checksum of a table: the sum of its big-endian 32-bit words, the last padded with zeros. */
function checksum(data: Buffer): number {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let at = 0; at < padded.length; at += 4) sum = (sum + padded.readUInt32BE(at)) >>> 0;
  return sum;
}

describe('sfntOf', () => {
  it.each(FONTS)('unwraps %s into a TrueType file whose tables match their checksums', (file) => {
    const woff = readFileSync(file);
    const sfnt = sfntOf(woff);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    const count = sfnt.readUInt16BE(4);
    expect(count).toBe(woff.readUInt16BE(12));
    expect(sfnt.length).toBe(woff.readUInt32BE(16)); // the WOFF header's totalSfntSize
    const tags: string[] = [];
    for (let i = 0; i < count; i++) {
      const at = 12 + i * 16;
      const tag = sfnt.subarray(at, at + 4).toString('latin1');
      const offset = sfnt.readUInt32BE(at + 8);
      const length = sfnt.readUInt32BE(at + 12);
      expect(offset % 4, tag).toBe(0);
      expect(offset + length).toBeLessThanOrEqual(sfnt.length);
      if (tag !== 'head') expect(checksum(sfnt.subarray(offset, offset + length)), tag).toBe(sfnt.readUInt32BE(at + 4));
      tags.push(tag);
    }
    expect(tags).toEqual([...tags].sort());
    expect(tags).toEqual(expect.arrayContaining(['cmap', 'glyf', 'head', 'hmtx']));
  });

  it('refuses what is not WOFF 1.0', () => {
    expect(() => sfntOf(Buffer.from('wOF2 and more bytes than a header has, to be sure of it....'))).toThrow(
      /WOFF 1.0/,
    );
    expect(() => sfntOf(Buffer.alloc(10))).toThrow(/WOFF 1.0/);
  });
});
