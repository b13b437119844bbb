/** The rules for admission documents, shared by the island and the server. */
import { MSG } from './messages.ts';

export const MAX_FILE_BYTES = 2 * 1024 * 1024;
export const ALLOWED_MIME = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type AllowedMime = (typeof ALLOWED_MIME)[number];
export const ALLOWED_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;
/** The file input's accept attribute. */
export const FILE_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export const isAllowedMime = (mime: string | undefined): mime is AllowedMime =>
  !!mime && (ALLOWED_MIME as readonly string[]).includes(mime);

/**
 * The browser's first check of a chosen file, before uploading it: size, then name or type.
 * The server decides the real type from the file's bytes.
 */
export function checkChosenFile(file: { name: string; size: number; type: string }): string | undefined {
  if (file.size > MAX_FILE_BYTES) return MSG.fileTooLarge;
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const byName = (ALLOWED_EXTENSIONS as readonly string[]).includes(ext);
  if (!byName && !isAllowedMime(file.type)) return MSG.fileType;
  return undefined;
}

/** A file name safe to store and show: no path, no control characters, at most 120 characters. */
export function safeFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').trim().slice(-120);
  return clean || 'document';
}
