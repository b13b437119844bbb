/** The rules for admission documents, shared by the island and the server. */
import type { FormKey } from './texts.ts';
import type { DownscaleOptions } from '../downscale-image.ts';

/** The largest document: a scanned PDF from a cyber café is often 3-6 MB. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/**
 * A document larger than one piece is sent in pieces of this size (POST /v1/api/uploads/pieces),
 * each its own request: well under the 4.5 MB a Netlify function takes as a binary body, and small
 * enough that a dropped connection on slow data costs at most one piece sent again (about 20 s at
 * 400 kbit/s).
 */
export const PIECE_BYTES = 1024 * 1024;
/** The most a file sent whole in one request may have (POST /v1/api/uploads, and files sent with the application itself). */
export const ONE_REQUEST_FILE_BYTES = 2 * 1024 * 1024;

/** How many pieces a file of `size` bytes is sent in. */
export const pieceCount = (size: number) => Math.max(1, Math.ceil(size / PIECE_BYTES));
export const ALLOWED_MIME = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type AllowedMime = (typeof ALLOWED_MIME)[number];
export const ALLOWED_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;
/** The file input's accept attribute. */
export const FILE_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export const isAllowedMime = (mime: string | undefined): mime is AllowedMime =>
  !!mime && (ALLOWED_MIME as readonly string[]).includes(mime);

/** A JPEG or PNG by its type or by its name (some phones give no type, or a vague one). */
export const isPhotoDocument = (file: { name: string; type: string }): boolean =>
  file.type === 'image/jpeg' || file.type === 'image/png' || /\.(jpe?g|png)$/i.test(file.name);

/**
 * How the browser prepares a JPEG or PNG document before uploading it (a phone's photo of a card
 * is 3-6 MB and 4000 px wide). 2000 px on the long edge keeps a card that fills most of the frame
 * at 15-20 px a millimetre: its smallest print stays sharp. 13 documents of 600 KB take about 160 s
 * at 400 kbit/s, so the quality steps down from 0.85 while a photo is over 600 KB, but not below
 * 0.65: lower, the blocks and ringing of JPEG start to blur small print. A detailed photo may then
 * stay over 600 KB; it is still under 2 MB, one request's worth.
 */
export const DOCUMENT_PHOTO: DownscaleOptions = {
  maxEdge: 2000,
  // A photo over 2 MB is still made smaller: nothing is lost that a card's print needs, and a
  // family's 13 documents go up in a fraction of the time.
  maxBytes: ONE_REQUEST_FILE_BYTES,
  budgetBytes: 600 * 1024,
  qualities: [0.85, 0.8, 0.75, 0.7, 0.65],
  fitEdge: true,
};

/**
 * The browser's first check of a chosen file, before uploading it: size, then name or type.
 * The server decides the real type from the file's bytes. The answer is the message's key in FORM_TEXTS.
 */
export function checkChosenFile(file: { name: string; size: number; type: string }): FormKey | undefined {
  if (file.size > MAX_FILE_BYTES) return 'fileTooLarge';
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const byName = (ALLOWED_EXTENSIONS as readonly string[]).includes(ext);
  if (!byName && !isAllowedMime(file.type)) return 'fileType';
  return undefined;
}

/** A file name safe to store and show: no path, no control characters, at most 120 characters. */
export function safeFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex -- control characters are what this takes out
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .trim()
    .slice(-120);
  return clean || 'document';
}
