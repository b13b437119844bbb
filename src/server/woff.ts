/**
 * A WOFF 1.0 font as the plain TrueType/OpenType file it wraps (W3C WOFF 1.0, section 5: each table
 * zlib-compressed when that made it smaller). fontkit reads WOFF itself, but inflates its tables
 * in JavaScript on every document that uses the font: about 120 ms of each PDF. Unwrapped once per
 * instance with node's zlib, a document parses the plain file.
 */
import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_ENTRY = 16;

const padded = (n: number) => (n + 3) & ~3;

/** The sfnt inside `woff`; throws on a file that is not WOFF 1.0. */
export function sfntOf(woff: Buffer): Buffer {
  if (woff.length < HEADER || woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = HEADER + i * WOFF_ENTRY;
    const [tag, offset, compLength, origLength, checksum] = [0, 4, 8, 12, 16].map((o) => woff.readUInt32BE(at + o));
    const stored = woff.subarray(offset!, offset! + compLength!);
    const data = compLength! < origLength! ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('a WOFF table does not have its stated length');
    return { tag: tag!, checksum: checksum!, data };
  });
  const power = 2 ** Math.floor(Math.log2(count));
  const head = Buffer.alloc(12 + count * SFNT_ENTRY);
  head.writeUInt32BE(flavor, 0);
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(power * 16, 6);
  head.writeUInt16BE(Math.log2(power), 8);
  head.writeUInt16BE(count * 16 - power * 16, 10);
  let offset = head.length;
  const parts: Buffer[] = [head];
  tables.forEach((table, i) => {
    const at = 12 + i * SFNT_ENTRY;
    head.writeUInt32BE(table.tag, at);
    head.writeUInt32BE(table.checksum, at + 4);
    head.writeUInt32BE(offset, at + 8);
    head.writeUInt32BE(table.data.length, at + 12);
    parts.push(table.data, Buffer.alloc(padded(table.data.length) - table.data.length));
    offset += padded(table.data.length);
  });
  return Buffer.concat(parts);
}
