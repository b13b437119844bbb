/**
 * The documents a parent chose on a form, kept on the phone with the form's draft (IndexedDB, through
 * idb-keyval): what is sent (the smaller copy of a photo), with the staged upload's id once it is
 * uploaded. After a reload, a lost connection or a closed tab each document comes back: its upload
 * is reused while the server still holds it (POST /v1/api/uploads/held), otherwise it is sent
 * again from this copy. Kept under the draft's name, so a form's English and Hindi pages share them;
 * removed after success, by "Clear this form", and when a form is opened a week later (a shared
 * phone or a cyber café's computer should not keep a family's Aadhaar cards for long). Storage may
 * be refused or full (private mode, a phone with little space): every call then quietly does
 * nothing, and the form works without it.
 */
import { createStore, del, delMany, entries, keys, set, update, type UseStore } from 'idb-keyval';
import { apiJson, answerOf } from '../../lib/api-client.ts';
import type { Uploaded } from './upload.ts';

export interface KeptDocument {
  name: string;
  type: string;
  bytes: ArrayBuffer;
  /** The size of the photo chosen, when what is kept (and sent) is its smaller copy. */
  original?: number;
  /** A photo sent as chosen, because a redrawn copy would not have been smaller. */
  asIs?: boolean;
  /** The staged upload, once made. */
  upload?: Uploaded;
  /** When it was chosen (ms since the epoch). */
  savedAt: number;
}

/** A document kept longer than this is dropped instead of restored. */
const KEPT_DAYS = 7;

type Key = [draft: string, field: string];

let store: UseStore | null | undefined;
function documents(): UseStore | null {
  if (store === undefined) {
    try {
      store = typeof indexedDB === 'undefined' ? null : createStore('form-documents', 'documents');
    } catch {
      store = null;
    }
  }
  return store;
}

/** `job` on the store; `fallback` when there is none or it fails (refused, full, private mode). */
async function quietly<T>(job: (s: UseStore) => Promise<T>, fallback: T): Promise<T> {
  const s = documents();
  if (!s) return fallback;
  try {
    return await job(s);
  } catch (error) {
    console.warn('documents are not kept on this phone:', error);
    return fallback;
  }
}

export const keepDocument = (draft: string, field: string, doc: Omit<KeptDocument, 'savedAt'>) =>
  quietly(
    (s) => set([draft, field] satisfies Key, { ...doc, savedAt: Date.now() } satisfies KeptDocument, s),
    undefined,
  );

/** Notes the staged upload of the document kept for `field` (if it is still the same file). */
export const noteUpload = (draft: string, field: string, bytes: number, upload: Uploaded) =>
  quietly(
    (s) =>
      update<KeptDocument | undefined>(
        [draft, field] satisfies Key,
        (doc) => (doc && doc.bytes.byteLength === bytes ? { ...doc, upload } : doc),
        s,
      ),
    undefined,
  );

/** A kept document, and whether the server still holds its upload. */
export interface Restored {
  doc: KeptDocument;
  held: boolean;
}

/** The form's documents being read back: its fields, mounted together, share one read and one check. */
const restoring = new Map<string, Promise<Map<string, Restored>>>();

/** The document kept for `field` of the form `draft`, unless it is older than KEPT_DAYS (then it is removed). */
export async function restoredDocument(draft: string, field: string): Promise<Restored | undefined> {
  let all = restoring.get(draft);
  if (!all) {
    all = restoreAll(draft).finally(() => restoring.delete(draft));
    restoring.set(draft, all);
  }
  return (await all).get(field);
}

async function restoreAll(draft: string): Promise<Map<string, Restored>> {
  const kept = await quietly(async (s) => {
    const mine = (await entries<IDBValidKey, KeptDocument | undefined>(s)).filter(
      ([k, doc]) => Array.isArray(k) && k[0] === draft && doc,
    );
    const old = mine.filter(([, doc]) => !(Date.now() - doc!.savedAt <= KEPT_DAYS * 24 * 3600 * 1000));
    if (old.length)
      await delMany(
        old.map(([k]) => k),
        s,
      );
    return mine.filter((entry) => !old.includes(entry)).map(([k, doc]) => [String((k as Key)[1]), doc!] as const);
  }, []);
  const ids = kept.flatMap(([, doc]) => (doc.upload ? [doc.upload.id] : []));
  const held = ids.length ? await heldUploads(ids) : new Set<string>();
  return new Map(kept.map(([field, doc]) => [field, { doc, held: !!doc.upload && held.has(doc.upload.id) }]));
}

export const forgetDocument = (draft: string, field: string) =>
  quietly((s) => del([draft, field] satisfies Key, s), undefined);

/** Removes every document kept for the form `draft`. */
export const forgetDocuments = (draft: string) =>
  quietly(async (s) => {
    const mine = (await keys<IDBValidKey>(s)).filter((k) => Array.isArray(k) && k[0] === draft);
    if (mine.length) await delMany(mine, s);
  }, undefined);

/** Which of the staged uploads `ids` the server still holds; none when the answer cannot be had (each is then sent again). */
async function heldUploads(ids: string[]): Promise<Set<string>> {
  try {
    const { status, body } = await answerOf<{ held: string[] }>(await apiJson('/uploads/held', 'POST', { ids }));
    if (status === 200 && Array.isArray(body.held)) return new Set(body.held);
  } catch {
    // Offline: each document is sent again (and retried) from its kept copy.
  }
  return new Set();
}
