import { describe, expect, it } from 'vitest';
import { blobBody } from '../../src/server/blobs.ts';

describe('blobBody', () => {
  it('hands over a Buffer that owns its whole ArrayBuffer without copying it', () => {
    const bytes = Buffer.concat([Buffer.alloc(5000, 1), Buffer.alloc(5000, 2)]);
    expect(blobBody(bytes)).toBe(bytes.buffer);
  });

  it.each([
    ['a slice of a larger buffer', Buffer.from([9, 1, 2, 3, 9]).subarray(1, 4)],
    ['a small Buffer from the shared pool', Buffer.from([1, 2, 3])],
  ])('copies exactly the bytes of %s', (_, view) => {
    const body = blobBody(view);
    expect(body).not.toBe(view.buffer);
    expect([...new Uint8Array(body)]).toEqual([1, 2, 3]);
  });
});
