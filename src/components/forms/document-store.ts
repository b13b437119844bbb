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
import { createStore, del, delMany, get, keys, set, update, type UseStore } from 'idb-keyval';
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
      store = typeof indexedDB === 'undefined' ? null : createStore('rmcp-forms', 'documents');
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
  quietly((s) => set([draft, field] satisfies Key, { ...doc, savedAt: Date.now() } satisfies KeptDocument, s), undefined);

/** Notes the staged upload of the document kept for `field` (if it is still the same file). */
export const noteUpload = (draft: string, field: string, bytes: number, upload: Uploaded) =>
  quietly(
    (s) => update<KeptDocument | undefined>([draft, field] satisfies Key, (doc) => (doc && doc.bytes.byteLength === bytes ? { ...doc, upload } : doc), s),
    undefined,
  );

/** The document kept for `field`, unless it is older than KEPT_DAYS (then it is removed). */
export const keptDocument = (draft: string, field: string) =>
  quietly(async (s) => {
    const doc = await get<KeptDocument>([draft, field] satisfies Key, s);
    if (!doc || Date.now() - doc.savedAt <= KEPT_DAYS * 24 * 3600 * 1000) return doc;
    await del([draft, field] satisfies Key, s);
    return undefined;
  }, undefined);

export const forgetDocument = (draft: string, field: string) => quietly((s) => del([draft, field] satisfies Key, s), undefined);

/** Removes every document kept for the form `draft`. */
export const forgetDocuments = (draft: string) =>
  quietly(async (s) => {
    const mine = (await keys<IDBValidKey>(s)).filter((k) => Array.isArray(k) && k[0] === draft);
    if (mine.length) await delMany(mine, s);
  }, undefined);

/**
 * Whether the server still holds the staged upload `id`. The fields of a form ask at once after a
 * reload; their ids go in one request. When the answer cannot be had, the document is sent again.
 */
export function stillHeld(id: string): Promise<boolean> {
  return new Promise((resolve) => {
    batch ??= { asked: new Map(), timer: setTimeout(sendBatch, 30) };
    const waiting = batch.asked.get(id) ?? [];
    waiting.push(resolve);
    batch.asked.set(id, waiting);
  });
}

let batch: { asked: Map<string, ((held: boolean) => void)[]>; timer: ReturnType<typeof setTimeout> } | undefined;

async function sendBatch() {
  const { asked } = batch!;
  batch = undefined;
  let held = new Set<string>();
  try {
    const { status, body } = await answerOf<{ held: string[] }>(await apiJson('/uploads/held', 'POST', { ids: [...asked.keys()] }));
    if (status === 200 && Array.isArray(body.held)) held = new Set(body.held);
  } catch {
    // Offline or refused: each document is sent again (and retried) from its kept copy.
  }
  for (const [id, waiting] of asked) for (const resolve of waiting) resolve(held.has(id));
}
