/**
 * Netlify Blobs stores. `documents` holds applicants' files (staged uploads and admission
 * documents): private, served only through the admin endpoint. `gallery` holds published images.
 */
import { getStore, type Store } from '@netlify/blobs';

export type StoreName = 'documents' | 'gallery';

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
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return whole ? (bytes.buffer as ArrayBuffer) : (bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
}
