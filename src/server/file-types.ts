/**
 * A file's type is read from its bytes (magic numbers), never from its name or the client's
 * Content-Type. Each caller names the types it accepts: documents take PDF, JPEG and PNG; the
 * gallery takes images only, never SVG or HTML (scriptable, the old site's stored-XSS hole).
 */
import { fileTypeFromBuffer } from 'file-type';

export interface DetectedType<T extends string> {
  mime: T;
  ext: string;
}

/** No image or document of an accepted type is this short, whatever its first bytes say. */
const MIN_BYTES = 12;

/** The type of `bytes` when it is one of `allowed`, else undefined. */
export async function detectType<const T extends string>(
  bytes: Uint8Array,
  allowed: readonly T[],
): Promise<DetectedType<T> | undefined> {
  if (bytes.byteLength < MIN_BYTES) return undefined;
  const found = await fileTypeFromBuffer(bytes);
  if (!found || !(allowed as readonly string[]).includes(found.mime)) return undefined;
  return { mime: found.mime as T, ext: found.ext };
}
