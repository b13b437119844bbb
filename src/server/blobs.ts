/**
 * Netlify Blobs stores. `documents` holds applicants' files (staged uploads and admission
 * documents): private, served only through the admin endpoint. `gallery` holds published images;
 * `files` the staff's files (src/server/files.ts), public or not by their record; `pictures` the
 * school's pictures for its pages (src/features/pictures/), public.
 */
import { getStore, type Store } from '@netlify/blobs';

/** `test-gateway`: the built-in test payment gateway's own orders and payments (local runtime only), kept out of the product's tables. */
export type StoreName = 'documents' | 'gallery' | 'files' | 'test-gateway' | 'pictures';

export function store(name: StoreName): Store {
  return getStore({ name, consistency: 'strong' });
}

export const documents = () => store('documents');
export const galleryImages = () => store('gallery');

/**
 * The bytes as the ArrayBuffer a store's `set` takes. A file read from a request is usually a Buffer
 * that owns its whole ArrayBuffer: that is handed over as it is, where a copy would leave one more
 * file-sized piece of garbage per upload (several per second while a parent's 13 documents go up).
 */
export function blobBody(bytes: Uint8Array): ArrayBuffer {
  const whole =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return whole
    ? (bytes.buffer as ArrayBuffer)
    : (bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
}

/**
 * Deletes blobs after the change that orphaned them committed, retrying each once. A key that still
 * fails is logged, not thrown: the record is already gone, and the cleanup sweeps what is left of
 * the documents store.
 */
export async function deleteBlobs(name: StoreName, keys: readonly string[], what: string): Promise<void> {
  if (!keys.length) return;
  const target = store(name);
  const failed: string[] = [];
  await Promise.all(
    keys.map(async (key) => {
      try {
        await target.delete(key);
      } catch {
        try {
          await target.delete(key);
        } catch (error) {
          failed.push(key);
          console.error(`[${what}] could not delete blob ${key}`, error);
        }
      }
    }),
  );
  if (failed.length) console.error(`[${what}] ${failed.length} blob(s) left behind: ${failed.join(', ')}`);
}
